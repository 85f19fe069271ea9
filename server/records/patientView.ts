/**
 * What a patient is shown of the clinic's records about them: one rule for the app's patient
 * views and the data export alike (docs/records.md, "What a patient is shown of the clinic's
 * records"), so the export never shows what the app hides.
 *
 * A patient sees what happened to their account and appointments, when, and by which kind of
 * staff member (doctor, admin, the clinic's operator). Never the clinic's own working:
 * - staff members' addresses (the app names a doctor by the doctor's name, never by a login);
 * - staff notes: a call's "no answer" note, a did-not-attend note, the reason an admin gave for a
 *   cancellation, a refund's note (the staff console shows them to the appointment's doctor and
 *   admins);
 * - a prescription the clinic has not released to them (`medicines.showMedicine` false).
 */
import { emptyMedicines, type Medicines } from '../../contract/appointments.js';

export type Reader = 'patient' | 'doctor' | 'admin';

/** Whether the clinic has released the prescription to its patient (the staff form's "show medicine"). */
export const releasedToPatient = (medicines: Pick<Medicines, 'showMedicine'> | null | undefined): boolean => medicines?.showMedicine === true;

/**
 * An appointment as its patient may receive it: a prescription the clinic has not released is
 * not in the answer at all (an empty one in its place), so no client can show it by mistake.
 */
export const withReleasedPrescription = <A extends { medicines: Medicines }>(appointment: A): A =>
  releasedToPatient(appointment.medicines) ? appointment : { ...appointment, medicines: emptyMedicines };

/** Whether `reader` sees the clinic's working: staff notes, the consultation's events. Staff only. */
export const seesClinicWorking = (reader: Reader): boolean => reader !== 'patient';

/**
 * Per audit action, the parts of its details a patient reads. Anything not named (notes, reasons
 * typed by staff, addresses, an action not listed) is the clinic's: a new audit action shows its
 * patient no details until it is added here.
 */
const patientDetails: Readonly<Record<string, readonly string[]>> = {
  'user.profile': ['before', 'after', 'changed'],
  'user.role': ['before', 'after'],
  'appointment.moved': ['before', 'after'],
  'appointment.cancelled': ['before', 'after'],
  'appointment.missed': ['before', 'after'],
  'appointment.completed': ['before', 'after'],
  'prescription.updated': ['before', 'after'],
  'prescription.amended': ['before', 'after'],
  'order.created': ['after'],
  'order.status': ['orderId', 'before', 'after'],
  'refund.resolved': ['refundId', 'purpose', 'amount', 'merchantOrderId', 'reason'],
  'refund.retried': ['refundId', 'purpose', 'amount', 'merchantOrderId'],
  'refund.completed': ['refundId', 'purpose', 'amount', 'merchantOrderId'],
  'account.deleted': ['retention'],
};

/** A before/after state as a patient reads it: without a prescription that was not released to them. */
function releasedState(state: unknown): unknown {
  if (state === null || typeof state !== 'object' || Array.isArray(state) || !('medicines' in state)) return state;
  const { medicines, ...rest } = state as { medicines: Medicines | null };
  return releasedToPatient(medicines) ? state : rest;
}

export interface AuditEntryRow {
  at: Date;
  actorUserId: string | null;
  actor: string;
  actorRole: string;
  action: string;
  appointmentId: string | null;
  details: Record<string, unknown>;
}

export interface PatientAuditEntry {
  at: Date;
  /** The account's own address when it acted itself; otherwise who by role ('doctor', 'admin', 'operator'). */
  actor: string;
  actorRole: string;
  action: string;
  appointmentId: string | null;
  details: Record<string, unknown>;
}

/** An audit entry about the account `accountId`, as its patient reads it (the data export's audit.json). */
export function auditEntryForPatient(row: AuditEntryRow, accountId: string): PatientAuditEntry {
  const keys = patientDetails[row.action] ?? [];
  const details: Record<string, unknown> = {};
  for (const key of keys) {
    if (key in row.details) details[key] = key === 'before' || key === 'after' ? releasedState(row.details[key]) : row.details[key];
  }
  return {
    at: row.at,
    actor: row.actorUserId === accountId ? row.actor : row.actorRole,
    actorRole: row.actorRole,
    action: row.action,
    appointmentId: row.appointmentId,
    details,
  };
}
