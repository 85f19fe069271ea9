/**
 * Staff endpoints for doctors and admins (a day's or a range's appointments, one
 * appointment's read; the admin-only ones are routes/staffAdmin.ts), each guarded by a staff role checked on the
 * server (services/staff.ts). Codecs: contract/staff.ts.
 *
 *   GET  /staff/me                              the caller's role (and doctor)
 *   GET  /staff/appointments?date=YYYY-MM-DD    a day's appointments (today, clinic time, by default);
 *                                               a doctor sees only their own
 *   GET  /staff/appointments?from=&to=&doctorId=&locationId=
 *                                               a range of at most 62 days, optionally narrowed
 *   GET  /staff/appointments/{id}               one, with its checkouts (a doctor's own only)
 *   POST /staff/appointments/{id}/complete      Medicines -> Completed with the prescription (from the join window on)
 *   POST /staff/appointments/{id}/did-not-attend { note } -> Missed (from the slot's end on)
 *   POST /staff/appointments/{id}/order/preview { lines, paymentMode, locationId, fulfilment, deliveryAddress? } -> priced, not saved
 *   POST /staff/appointments/{id}/order         the same -> its order, priced from the catalogue
 *   GET  /staff/audit?limit=&before=            the audit log, latest first (admins only)
 *   GET  /staff/doctors                         every doctor, retired ones too (admins and reception: the desk
 *                                               books for them; contract/endpoints/staffAdmin.ts declares it)
 *
 * 401 without a live token, then 403 for a patient's token: both before the body is read. A doctor
 * acting on another doctor's appointment: 403; no such appointment: 404.
 */
import type { FastifyInstance } from 'fastify';
import { staffAdminEndpoints, staffEndpoints } from '../../contract/endpoints/index.js';
import { withUnread } from './appointments.js';
import { staffRequired } from '../http/auth.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';

export async function staffRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const guard = staffRequired(services);
  const guarded = { preHandler: guard.preHandler };

  route(app, staffAdminEndpoints.doctors, guarded, (_input, request) => services.staffSchedule.list(guard.staffOf(request)));

  route(app, staffEndpoints.me, guarded, async (_input, request) => {
    const { user, role, doctorName, doctorId } = guard.staffOf(request);
    return {
      _id: user._id, email: user.email, firstName: user.firstName, lastName: user.lastName, role, doctorName,
      ...(doctorId ? { doctorId } : {}),
      ...(role === 'admin' ? { cancelFreeHours: services.appointments.cancelFreeHours } : {}),
    };
  });

  route(app, staffEndpoints.appointments, guarded, async ({ query }, request) => {
    const staff = guard.staffOf(request);
    const list = await services.staff.appointments(staff, query);
    // A doctor's list shows the unread chat messages of their patients; admins' none.
    return staff.role === 'doctor' ? withUnread(services, list, staff.user._id, 'doctor') : list;
  });

  route(app, staffEndpoints.appointment, guarded, ({ params }, request) => services.staff.appointment(guard.staffOf(request), params.id));

  route(app, staffEndpoints.complete, guarded, ({ params, body }, request) => services.staff.complete(guard.staffOf(request), params.id, body));

  route(app, staffEndpoints.didNotAttend, guarded, ({ params, body }, request) =>
    services.staff.didNotAttend(guard.staffOf(request), params.id, body.note),
  );

  route(app, staffEndpoints.pharmacies, guarded, (_, request) => services.staff.pharmacies(guard.staffOf(request)));
  route(app, staffEndpoints.orderPreview, guarded, ({ params, body }, request) =>
    services.staff.previewOrder(guard.staffOf(request), params.id, body),
  );
  route(app, staffEndpoints.order, guarded, ({ params, body }, request) => services.staff.createOrder(guard.staffOf(request), params.id, body));

  route(app, staffEndpoints.audit, guarded, async ({ query }, request) => {
    const rows = await services.staff.audit(guard.staffOf(request), query.limit ?? 100, query.before ?? null);
    return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
  });
}
