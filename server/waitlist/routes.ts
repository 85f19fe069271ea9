/**
 * The patient's waitlist (contract/endpoints/waitlist.ts; service.ts). Every route needs a live
 * bearer token (401 before the body is read); another account's entry is 404.
 *
 *   GET    /waitlist                 the caller's live entries
 *   POST   /waitlist                 join
 *   DELETE /waitlist/{id}            leave
 *   POST   /waitlist/{id}/decline    give back the slot offered now
 */
import type { FastifyInstance } from 'fastify';
import { waitlistEndpoints } from '../../contract/endpoints/index.js';
import { loginRequired } from '../http/auth.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';

export async function waitlistRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const login = loginRequired(services);
  const guarded = { preHandler: login.preHandler };

  route(app, waitlistEndpoints.list, guarded, (_input, request) => services.waitlist.list(login.userOf(request)));
  route(app, waitlistEndpoints.join, guarded, ({ body }, request) => services.waitlist.join(login.userOf(request), body));
  route(app, waitlistEndpoints.leave, guarded, ({ params }, request) => services.waitlist.leave(login.userOf(request), params.id));
  route(app, waitlistEndpoints.decline, guarded, ({ params }, request) => services.waitlist.decline(login.userOf(request), params.id));
}
