/**
 * POST /api/auth/register, /login, /logout, /forgotpassword and GET /api/auth/getuser (spec §7),
 * with the fixes of design.md "Where we deliberately differ" (services/accounts.ts).
 *
 * `requireUser` is how every patient endpoint (appointments, orders, help) learns who calls:
 *
 *   app.get('/auth/getUser/:email', handle({ params: UserEmailParams, answer: AppointmentList },
 *     async ({ params }, request) => {
 *       const user = await requireUser(services, request);   // 401 unless a live bearer token
 *       if (user.email !== params.email.toLowerCase()) throw new ForbiddenError('...');
 *       ...
 *     }));
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ForgotPasswordRequest,
  LoginAnswer,
  LoginRequest,
  MessageAnswer,
  RegisterAnswer,
  RegisterRequest,
  User,
} from '../../contract/auth.js';
import { handle } from '../http/route.js';
import type { Services } from '../services/index.js';

/**
 * The user whose bearer token (`Authorization: Bearer <token>`) the request carries. Throws
 * UnauthorizedError, answered 401 `{message}` with `WWW-Authenticate: Bearer`, when the header is
 * missing or the token is unknown, expired or revoked.
 */
export async function requireUser(services: Services, request: FastifyRequest): Promise<User> {
  return (await services.sessions.authenticate(request.headers.authorization)).user;
}

export const loggedOutMessage = 'Logged out.';

export async function authRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
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

  app.post(
    '/auth/logout',
    handle({ answer: MessageAnswer }, async (_input, request) => {
      const { sessionId } = await services.sessions.authenticate(request.headers.authorization);
      await services.sessions.revoke(sessionId);
      return { message: loggedOutMessage };
    }),
  );

  app.post(
    '/auth/forgotpassword',
    handle({ body: ForgotPasswordRequest, answer: MessageAnswer }, ({ body }) => services.accounts.resetPassword(body)),
  );
}
