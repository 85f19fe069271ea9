/**
 * Appointments (spec §7; contract/endpoints/appointments.ts), each for a logged-in patient (services/appointments.ts):
 *
 *   POST   /appointment/add                                   book a slot
 *   GET    /auth/getUser/{email}                              the caller's own appointments, newest first
 *   PUT    /appointment/update                                move one to another slot of its doctor
 *   DELETE /appointment/delete/{userId}/{appointmentId}       cancel one (kept as Cancelled, slot freed)
 *   GET    /appointment/{id}/calendar.ics                     a booked and paid one as an iCalendar file
 *
 * 401 without a live bearer token, checked before the body is read, so an anonymous caller learns
 * nothing from validation. Somebody else's list: 403; somebody else's appointment: 404, as one that
 * does not exist (ids are not probed). 409 'This slot is already booked' when a move meets a slot
 * somebody else holds (nothing changes).
 */
import type { FastifyInstance } from 'fastify';
import type { AppointmentRecord } from '../../contract/appointments.js';
import { appointmentEndpoints } from '../../contract/endpoints/index.js';
import { hasChat } from '../access/rules.js';
import { loginRequired } from '../http/auth.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';

/** Chat appointments get their unread count for this reader. */
export async function withUnread(services: Services, list: AppointmentRecord[], userId: string, as: 'patient' | 'doctor'): Promise<AppointmentRecord[]> {
  const chats = list.filter(hasChat).map((a) => a._id);
  if (chats.length === 0) return list;
  const counts = await services.chat.unreadCounts(chats, userId, as);
  return list.map((a) => (hasChat(a) ? { ...a, unreadMessages: counts.get(a._id) ?? 0 } : a));
}

export async function appointmentRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const login = loginRequired(services);
  const guarded = { preHandler: login.preHandler };
  route(app, appointmentEndpoints.add, guarded, ({ body }, request) => services.appointments.create(login.userOf(request), body));

  route(app, appointmentEndpoints.list, guarded, async ({ params }, request) => {
    const user = login.userOf(request);
    const list = await services.appointments.list(user, params.email);
    return withUnread(services, list, user._id, 'patient');
  });

  route(app, appointmentEndpoints.update, guarded, ({ body }, request) => services.appointments.update(login.userOf(request), body));

  route(app, appointmentEndpoints.cancel, guarded, ({ params, query }, request) =>
    services.appointments.cancel(login.userOf(request), params.userId, params.appointmentId, query.refund === 'expected'),
  );

  route(app, appointmentEndpoints.calendar, guarded, async ({ params }, request, reply) => {
    const file = await services.appointments.calendar(login.userOf(request), params.id);
    reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
    return file.body;
  });
}
