/**
 * POST /api/auth/register, /login, /logout, /forgotpassword and GET /api/auth/getuser (spec §7),
 * with the fixes of design.md "Where we deliberately differ" (services/accounts.ts).
 * Who calls is learnt in http/auth.ts (requireUser, loginRequired, staffRequired), as on every route.
 */
import type { FastifyInstance } from 'fastify';
import { ReminderChannels, ReminderSettings } from '../../contract/reminders.js';
import {
  ForgotPasswordRequest,
  LanguageSetting,
  LoginAnswer,
  LoginRequest,
  MessageAnswer,
  RegisterAnswer,
  RegisterRequest,
  User,
} from '../../contract/auth.js';
import { loginRequired, requireSession, requireUser } from '../http/auth.js';
import { handle } from '../http/route.js';
import type { Services } from '../services/index.js';

export const loggedOutMessage = 'Logged out.';

export async function authRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const login = loginRequired(services);
  app.post(
    '/auth/register',
    handle({ body: RegisterRequest, answer: RegisterAnswer }, ({ body }) => services.accounts.register(body)),
  );

  app.post(
    '/auth/login',
    handle({ body: LoginRequest, answer: LoginAnswer }, async ({ body }, request) => {
      const answer = await services.accounts.login(body, request.ip);
      await services.housekeeping.maybeSweep((error) => request.log.warn({ err: error }, 'housekeeping failed'));
      return answer;
    }),
  );

  app.get('/auth/getuser', handle({ answer: User }, (_input, request) => requireUser(services, request)));

  // The account's language: the caller's own, so there is nobody else's to ask for.
  app.get(
    '/auth/language',
    { preHandler: login.preHandler },
    handle({ answer: LanguageSetting }, (_input, request) => services.accounts.language(login.userOf(request))),
  );
  app.put(
    '/auth/language',
    { preHandler: login.preHandler },
    handle({ body: LanguageSetting, answer: LanguageSetting }, ({ body }, request) =>
      services.accounts.setLanguage(login.userOf(request), body),
    ),
  );

  // Reminder channels: the caller's own, like the language.
  app.get(
    '/auth/reminders',
    { preHandler: login.preHandler },
    handle({ answer: ReminderSettings }, (_input, request) => services.accounts.reminders(login.userOf(request))),
  );
  app.put(
    '/auth/reminders',
    { preHandler: login.preHandler },
    handle({ body: ReminderChannels, answer: ReminderSettings }, ({ body }, request) =>
      services.accounts.setReminders(login.userOf(request), body),
    ),
  );

  app.post(
    '/auth/logout',
    handle({ answer: MessageAnswer }, async (_input, request) => {
      const { sessionId } = await requireSession(services, request);
      await services.sessions.revoke(sessionId);
      return { message: loggedOutMessage };
    }),
  );

  app.post(
    '/auth/forgotpassword',
    handle({ body: ForgotPasswordRequest, answer: MessageAnswer }, ({ body }) => services.accounts.resetPassword(body)),
  );
}
