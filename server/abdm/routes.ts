/**
 * The patient's ABHA (contract/endpoints/abdm.ts; the rules: ./service.ts). The account's calls
 * need a live token (401 before the body is read); the desk's are behind the desk's guard (401
 * without a token, 404 for a patient's). Never cached.
 */
import type { FastifyInstance } from 'fastify';
import { abdmEndpoints as abdm } from '../../contract/endpoints/index.js';
import { deskRequired, loginRequired } from '../http/auth.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';

export async function abdmRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const login = loginRequired(services);
  const desk = deskRequired(services);
  const asPatient = { preHandler: login.preHandler };
  const atDesk = { preHandler: desk.preHandler };
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  route(app, abdm.abha, asPatient, (_input, request) => services.abha.mine(login.userOf(request)));
  route(app, abdm.putAbha, asPatient, ({ body }, request) => services.abha.putMine(login.userOf(request), body));
  route(app, abdm.removeAbha, asPatient, (_input, request) => services.abha.removeMine(login.userOf(request)));
  route(app, abdm.deskAbha, atDesk, ({ params }, request) => services.abha.ofPatient(desk.staffOf(request), params.id));
  route(app, abdm.putDeskAbha, atDesk, ({ params, body }, request) => services.abha.putForPatient(desk.staffOf(request), params.id, body));
  route(app, abdm.removeDeskAbha, atDesk, ({ params }, request) => services.abha.removeForPatient(desk.staffOf(request), params.id));
}
