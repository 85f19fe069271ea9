/**
 * Staff endpoints (issue 5; the staff console, issue 6, adds its screens on top), each guarded by
 * a staff role checked on the server (services/staff.ts):
 *
 *   GET  /staff/me                              the caller's role (and doctor)
 *   GET  /staff/appointments?date=YYYY-MM-DD    a day's appointments (today, clinic time, by default);
 *                                               a doctor sees only their own
 *   POST /staff/appointments/{id}/complete      Medicines -> Completed with the prescription
 *   POST /staff/appointments/{id}/order         { totalPrice, paymentMode, pharmacyId } -> its order
 *   GET  /staff/audit?limit=&before=            the audit log, latest first (admins only)
 *
 * 401 without a live token, then 403 for a patient's token: both before the body is read. A doctor
 * acting on another doctor's appointment: 403; no such appointment: 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as t from 'io-ts';
import { AppointmentList, AppointmentRecord, Medicines } from '../../contract/appointments.js';
import { ClinicDate, Id, intBetween, Rupees } from '../../contract/primitives.js';
import { handle } from '../http/route.js';
import type { Services } from '../services/index.js';
import type { Staff } from '../services/staff.js';
import { requireUser } from './auth.js';

/* ------------------------------------------------------------------------------------------------
 * PROPOSED for contract/staff.ts (the staff console, issue 6, will import them on the client).
 * Kept here until the contract owner moves them; nothing else imports them yet.
 * --------------------------------------------------------------------------------------------- */

/** Text of at most `max` characters (may be empty). */
const textUpTo = (max: number) =>
  new t.Type<string, string, unknown>(
    `TextUpTo(${max})`,
    (u): u is string => typeof u === 'string' && u.length <= max,
    (u, c) => (typeof u === 'string' && u.length <= max ? t.success(u) : t.failure(u, c, `must be text of at most ${max} characters`)),
    (a) => a,
  );

export const StaffRole = t.keyof({ admin: null, doctor: null }, 'StaffRole');

/** GET /staff/me. */
export const StaffMe = t.type(
  {
    _id: t.string,
    email: t.string,
    firstName: t.string,
    lastName: t.string,
    role: StaffRole,
    /** The doctor whose email the account has (a doctor's own; an admin's if they are one too). */
    doctorName: t.union([t.string, t.null]),
  },
  'StaffMe',
);
export type StaffMe = t.TypeOf<typeof StaffMe>;

export const StaffAppointmentParams = t.type({ id: Id }, 'StaffAppointmentParams');

export const StaffAppointmentsQuery = t.partial({ date: ClinicDate }, 'StaffAppointmentsQuery');

/** POST /staff/appointments/{id}/complete: the prescription (the spec's `medicines`). */
export const StaffCompleteRequest = Medicines;

export const OrderPaymentMode = t.keyof({ Card: null, Cash: null }, 'OrderPaymentMode');

/** POST /staff/appointments/{id}/order. totalPrice in rupees (more than 0). */
export const StaffOrderRequest = t.type(
  { totalPrice: Rupees, paymentMode: OrderPaymentMode, pharmacyId: textUpTo(200) },
  'StaffOrderRequest',
);
export type StaffOrderRequest = t.TypeOf<typeof StaffOrderRequest>;

/** Both staff changes answer the appointment as it is now (with its order). */
export const StaffAppointmentAnswer = t.type({ message: t.string, appointment: AppointmentRecord }, 'StaffAppointmentAnswer');

/** Query strings are text: a whole number written in digits. */
const digitsBetween = (min: number, max: number) =>
  new t.Type<number, string, unknown>(
    `DigitsBetween(${min},${max})`,
    (u): u is number => intBetween(min, max).is(u),
    (u, c) => {
      const n = typeof u === 'string' && /^\d{1,9}$/.test(u) ? Number(u) : Number.NaN;
      return n >= min && n <= max ? t.success(n) : t.failure(u, c, `must be a whole number from ${min} to ${max}`);
    },
    String,
  );

/** An audit entry's id (a bigint, written in digits). */
const AuditId = new t.Type<string, string, unknown>(
  'AuditId',
  (u): u is string => typeof u === 'string' && /^\d{1,18}$/.test(u),
  (u, c) => (typeof u === 'string' && /^\d{1,18}$/.test(u) ? t.success(u) : t.failure(u, c, 'must be the id of an audit entry')),
  (a) => a,
);

export const AuditQuery = t.partial({ limit: digitsBetween(1, 500), before: AuditId }, 'AuditQuery');

export const AuditEntry = t.type(
  {
    id: t.string,
    at: t.string,
    actor: t.string,
    actorRole: t.keyof({ patient: null, admin: null, doctor: null, operator: null }),
    action: t.string,
    appointmentId: t.union([t.string, t.null]),
    subjectUserId: t.union([t.string, t.null]),
    details: t.UnknownRecord,
  },
  'AuditEntry',
);
export const AuditList = t.array(AuditEntry, 'AuditList');

/* ------------------------------------------------------------------------------------------------ */

/** A preHandler answering 401 (no live token), then 403 (not staff), before anything else. */
export function staffRequired(services: Services) {
  const staff = new WeakMap<FastifyRequest, Staff>();
  return {
    preHandler: async (request: FastifyRequest) => {
      staff.set(request, await services.staff.authorize(await requireUser(services, request)));
    },
    staffOf: (request: FastifyRequest): Staff => {
      const found = staff.get(request);
      if (!found) throw new Error('staffRequired: the preHandler did not run');
      return found;
    },
  };
}

export async function staffRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const guard = staffRequired(services);
  const preHandler = guard.preHandler;

  app.get(
    '/staff/me',
    { preHandler },
    handle({ answer: StaffMe }, async (_input, request) => {
      const { user, role, doctorName } = guard.staffOf(request);
      return { _id: user._id, email: user.email, firstName: user.firstName, lastName: user.lastName, role, doctorName };
    }),
  );

  app.get(
    '/staff/appointments',
    { preHandler },
    handle({ query: StaffAppointmentsQuery, answer: AppointmentList }, ({ query }, request) =>
      services.staff.appointments(guard.staffOf(request), query.date ?? null),
    ),
  );

  app.post(
    '/staff/appointments/:id/complete',
    { preHandler },
    handle({ params: StaffAppointmentParams, body: StaffCompleteRequest, answer: StaffAppointmentAnswer }, ({ params, body }, request) =>
      services.staff.complete(guard.staffOf(request), params.id, body),
    ),
  );

  app.post(
    '/staff/appointments/:id/order',
    { preHandler },
    handle({ params: StaffAppointmentParams, body: StaffOrderRequest, answer: StaffAppointmentAnswer }, ({ params, body }, request) =>
      services.staff.createOrder(guard.staffOf(request), params.id, body),
    ),
  );

  app.get(
    '/staff/audit',
    { preHandler },
    handle({ query: AuditQuery, answer: AuditList }, async ({ query }, request) => {
      const rows = await services.staff.audit(guard.staffOf(request), query.limit ?? 100, query.before ?? null);
      return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
    }),
  );
}
