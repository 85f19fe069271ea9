/**
 * The front desk's endpoints (contract/endpoints/desk.ts, every one of them), registered from the
 * contract's table. One guard for all: 401 without a live token, then 404 for anybody who is not
 * staff (a patient's token: the desk is not theirs to probe), before the body is read; the service
 * answers 404 to staff a part is not for (a doctor at the counter, another doctor's queue).
 */
import type { FastifyInstance } from 'fastify';
import { deskEndpoints as desk } from '../../contract/endpoints/index.js';
import { deskRequired } from '../http/auth.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';
import { serveDeskQueueStream } from './queueStream.js';

export async function deskRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const guard = deskRequired(services);
  const guarded = { preHandler: guard.preHandler };
  const staffOf = guard.staffOf;

  route(app, desk.registerPatient, guarded, ({ body }, request) => services.desk.registerPatient(staffOf(request), body));
  route(app, desk.searchPatients, guarded, ({ query }, request) => services.desk.searchPatients(staffOf(request), query.q));
  route(app, desk.patient, guarded, ({ params }, request) => services.desk.patient(staffOf(request), params.id));
  route(app, desk.updatePatient, guarded, ({ params, body }, request) => services.desk.updatePatient(staffOf(request), params.id, body));
  route(app, desk.book, guarded, ({ body }, request) => services.desk.book(staffOf(request), body));
  route(app, desk.walkIn, guarded, ({ body }, request) => services.desk.walkIn(staffOf(request), body));
  route(app, desk.checkIn, guarded, ({ params }, request) => services.desk.checkIn(staffOf(request), params.id));
  route(app, desk.takePayment, guarded, ({ params, body }, request) => services.desk.takePayment(staffOf(request), params.id, body));
  route(app, desk.queue, guarded, ({ query }, request) => services.desk.queue(staffOf(request), query));
  route(app, desk.queueStream, guarded, ({ query }, request, reply) =>
    serveDeskQueueStream({ services, live: app.queue }, staffOf(request), query.doctorId, request, reply),
  );
  route(app, desk.callNext, guarded, ({ body }, request) => services.desk.callNext(staffOf(request), body));
  route(app, desk.move, guarded, ({ params }, request) => services.desk.move(staffOf(request), params.id, params.move));
  route(app, desk.dayList, guarded, ({ query }, request) => services.desk.dayList(staffOf(request), query));
  route(app, desk.waitlist, guarded, (_input, request) => services.desk.waitlist(staffOf(request)));
  route(app, desk.addToWaitlist, guarded, ({ body }, request) => services.desk.addToWaitlist(staffOf(request), body));
  route(app, desk.removeFromWaitlist, guarded, ({ params }, request) => services.desk.removeFromWaitlist(staffOf(request), params.id));
  route(app, desk.dayCsv, guarded, async ({ query }, request, reply) => {
    const file = await services.desk.dayCsv(staffOf(request), query);
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('x-content-type-options', 'nosniff');
    return file.body;
  });
}
