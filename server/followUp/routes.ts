/**
 * The patient's follow-up (contract/endpoints/followUps.ts; service.ts). Every route needs a live
 * bearer token (401 before the body is read); another account's appointment is 404.
 *
 *   GET  /followup/{id}               the offer: due date, soonest slots, the series
 *   POST /followup/{id}/book          Book all
 *   POST /followup/{id}/cancel        cancel every remaining occurrence
 *   GET  /followup/{id}/calendar.ics  the booked series in one .ics
 */
import type { FastifyInstance } from 'fastify';
import { followUpEndpoints } from '../../contract/endpoints/index.js';
import { loginRequired } from '../http/auth.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';

export async function followUpRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const login = loginRequired(services);
  const guarded = { preHandler: login.preHandler };
  route(app, followUpEndpoints.offer, guarded, ({ params }, request) => services.followUps.offer(login.userOf(request), params.id));
  route(app, followUpEndpoints.book, guarded, ({ params, body }, request) => services.followUps.book(login.userOf(request), params.id, body));
  route(app, followUpEndpoints.cancelAll, guarded, ({ params }, request) => services.followUps.cancelAll(login.userOf(request), params.id));
  route(app, followUpEndpoints.calendar, guarded, async ({ params }, request, reply) => {
    const file = await services.followUps.calendar(login.userOf(request), params.id);
    reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
    return file.body;
  });
}
