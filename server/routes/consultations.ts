/**
 * The consultation itself (services/consultations.ts, contract/consultation.ts):
 *
 *   GET  /appointment/{id}/consultation            its state, join window, the person consulted; the
 *                                                  Video join link while open (patient and doctor)
 *   POST /staff/appointments/{id}/call/noanswer    { note } the doctor's call went unanswered
 *
 * 401 without a live token (before anything is read); 404 for anybody but the appointment's
 * patient, its doctor and admins; the no-answer note is staff only (403 for a patient's token).
 * Answers are never cached: a join link is a key.
 */
import type { FastifyInstance } from 'fastify';
import { consultationEndpoints } from '../../contract/endpoints/index.js';
import { loginRequired, staffRequired } from '../http/auth.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';

export async function consultationRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const login = loginRequired(services);
  const staff = staffRequired(services);
  // Every answer here is one person's consultation: private, no-store, as every login-only
  // endpoint's (http/auth.ts registerPrivateAnswers).

  route(app, consultationEndpoints.consultation, { preHandler: login.preHandler }, ({ params }, request) =>
    services.consultations.get(login.userOf(request), params.id),
  );

  route(app, consultationEndpoints.noAnswer, { preHandler: staff.preHandler }, ({ params, body }, request) =>
    services.consultations.noteNoAnswer(staff.staffOf(request), params.id, body.note),
  );
}
