/**
 * POST /api/auth/register, /login, /logout, /forgotpassword and GET /api/auth/getuser (spec §7),
 * with the fixes of design.md "Where we deliberately differ" (services/accounts.ts).
 * Who calls is learnt in http/auth.ts (requireUser, loginRequired, staffRequired), as on every route.
 */
import type { FastifyInstance } from 'fastify';
import { authEndpoints } from '../../contract/endpoints/index.js';
import { loginRequired, requireSession, requireUser } from '../http/auth.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';

export const loggedOutMessage = 'Logged out.';

export async function authRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const login = loginRequired(services);
  const guarded = { preHandler: login.preHandler };
  route(app, authEndpoints.register, {}, ({ body }) => services.accounts.register(body));

  route(app, authEndpoints.login, {}, async ({ body }, request) => {
    const answer = await services.accounts.login(body, request.ip);
    await services.housekeeping.maybeSweep((error) => request.log.warn({ err: error }, 'housekeeping failed'));
    return answer;
  });

  route(app, authEndpoints.currentUser, {}, (_input, request) => requireUser(services, request));

  // The account's language: the caller's own, so there is nobody else's to ask for.
  route(app, authEndpoints.language, guarded, (_input, request) => services.accounts.language(login.userOf(request)));
  route(app, authEndpoints.saveLanguage, guarded, ({ body }, request) => services.accounts.setLanguage(login.userOf(request), body));

  // Reminder channels: the caller's own, like the language.
  route(app, authEndpoints.reminders, guarded, (_input, request) => services.accounts.reminders(login.userOf(request)));
  route(app, authEndpoints.saveReminders, guarded, ({ body }, request) => services.accounts.setReminders(login.userOf(request), body));

  route(app, authEndpoints.logout, {}, async (_input, request) => {
    const { sessionId } = await requireSession(services, request);
    await services.sessions.revoke(sessionId);
    return { message: loggedOutMessage };
  });

  route(app, authEndpoints.forgotPassword, {}, ({ body }) => services.accounts.resetPassword(body));
}
