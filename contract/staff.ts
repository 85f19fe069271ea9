/**
 * The staff console's codecs for doctors and admins alike (the admin-only ones are
 * ./staffAdmin.ts). The endpoints, who may call them and their refusals are in
 * contract/endpoints/staff.ts.
 */
import * as t from 'io-ts';
import { AppointmentRecord, MedicinesInput } from './appointments.js';
import { ClinicDate, Id, intBetween, line, Rupees } from './primitives.js';

/** One line of text of at most `max` characters (may be empty). */
export const textUpTo = (max: number) => line(max);

export const StaffRole = t.keyof({ admin: null, doctor: null, reception: null }, 'StaffRole');

/** GET /staff/me. */
export const StaffMe = t.intersection(
  [
    t.type({
      _id: t.string,
      email: t.string,
      firstName: t.string,
      lastName: t.string,
      role: StaffRole,
      /** The doctor whose email the account has (a doctor's own; an admin's if they are one too). */
      doctorName: t.union([t.string, t.null]),
    }),
    /**
     * `doctorId`: a doctor account's own doctor (its signature: /staff/doctors/{doctorId}/signature);
     * absent for others. `cancelFreeHours`, to admins only: the cancellation policy's setting
     * (CANCEL_FREE_HOURS, read-only in the console: docs/refunds.md).
     */
    t.partial({ doctorId: t.string, cancelFreeHours: t.number }),
  ],
  'StaffMe',
);
export type StaffMe = t.TypeOf<typeof StaffMe>;

export const StaffAppointmentParams = t.type({ id: Id }, 'StaffAppointmentParams');

/** `date` (one day) or `from`/`to` (a range of at most 62 days); doctorId/locationId narrow it. */
export const StaffAppointmentsQuery = t.partial(
  { date: ClinicDate, from: ClinicDate, to: ClinicDate, doctorId: Id, locationId: Id },
  'StaffAppointmentsQuery',
);
export type StaffAppointmentsQuery = t.TypeOf<typeof StaffAppointmentsQuery>;

/** The longest range GET /staff/appointments answers, in days (both ends included). */
export const maxAppointmentRangeDays = 62;

/** One checkout started for an appointment or its order (payments table), as staff see it. */
export const StaffPayment = t.type(
  {
    merchantOrderId: t.string,
    provider: t.string,
    purpose: t.keyof({ appointment: null, order: null }),
    /** Rupees. */
    amount: Rupees,
    status: t.keyof({ pending: null, paid: null, failed: null, refund: null }),
    createdAt: t.string,
    settledAt: t.union([t.string, t.null]),
  },
  'StaffPayment',
);
export type StaffPayment = t.TypeOf<typeof StaffPayment>;

/** GET /staff/appointments/{id}: the record (patient, prescription, order, payment state) and its checkouts, oldest first. */
export const StaffAppointmentDetail = t.type(
  {
    appointment: AppointmentRecord,
    /** The doctor's slot length: the appointment ends this long after it starts. */
    slotMinutes: t.number,
    /** ISO instant from which it can be completed: the join window's opening (JOIN_OPENS_MINUTES_BEFORE before the start). */
    completionOpensAt: t.string,
    /** ISO instant the slot ends: from then on the patient can be marked as not attended. */
    slotEndsAt: t.string,
    payments: t.array(StaffPayment),
  },
  'StaffAppointmentDetail',
);
export type StaffAppointmentDetail = t.TypeOf<typeof StaffAppointmentDetail>;

/** POST /staff/appointments/{id}/complete: the prescription (the spec's `medicines`). */
export const StaffCompleteRequest = MedicinesInput;

/** POST /staff/appointments/{id}/did-not-attend: a note for the clinic's follow-up ('' for none), kept in the audit log. */
export const StaffDidNotAttendRequest = t.type({ note: textUpTo(500) }, 'StaffDidNotAttendRequest');
export type StaffDidNotAttendRequest = t.TypeOf<typeof StaffDidNotAttendRequest>;

/**
 * The codes of the staff console's 409s that say when an action opens (beside `message`): the
 * console words them, and shows when instead of offering the action.
 */
export const StaffNotYetCode = t.keyof(
  { completionNotOpen: null, didNotAttendNotYet: null, didNotAttendUnpaid: null, didNotAttendChat: null },
  'StaffNotYetCode',
);
export type StaffNotYetCode = t.TypeOf<typeof StaffNotYetCode>;

/**
 * POST /staff/appointments/{id}/order and its preview: lines of catalogue items, the location
 * that fills it, pickup or delivery (contract/pharmacyOrder.ts). Priced on the server only.
 */
export { OrderPaymentMode, OrderPreview, PharmacyList, StaffOrderRequest } from './pharmacyOrder.js';

/** The staff changes answer the appointment as it is now (with its order). */
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

export const AuditEntryFields = t.type(
  {
    id: t.string,
    at: t.string,
    /** Who acted, as recorded ('' for a former patient: see `actorFormerPatient`). */
    actor: t.string,
    actorRole: t.keyof({ patient: null, admin: null, doctor: null, reception: null, operator: null }),
    action: t.string,
    appointmentId: t.union([t.string, t.null]),
    /** The appointment's human number (SHC-26-000123), what staff read; null without one. */
    appointmentNumber: t.union([t.string, t.null]),
    subjectUserId: t.union([t.string, t.null]),
    details: t.UnknownRecord,
  },
  'AuditEntryFields',
);
/** `actorFormerPatient`: the actor's account was closed; present only then (the view says "Former patient"). */
export const AuditEntry = t.intersection([AuditEntryFields, t.partial({ actorFormerPatient: t.literal(true) })], 'AuditEntry');
export const AuditList = t.array(AuditEntry, 'AuditList');
