/**
 * What every part of the staff service shares (services/staff.ts re-exports the public names):
 * its messages, the console's "not yet" 409, the consultation's times, who acted, and the
 * appointment a staff member may act on.
 */
import { type AppointmentRecord, emptyMedicines } from '../../../contract/appointments.js';
import type { StaffNotYetCode } from '../../../contract/staff.js';
import { staffCaller } from '../../access/caller.js';
import { assertActsOnAppointment, assertAdminRole, readsClinicalContent, worksDesk } from '../../access/rules.js';
import type { Database, Queryable } from '../../db/database.js';
import type { MailQueue } from '../../jobs/keyedMails.js';
import { findStoredAppointment, type StoredAppointment } from '../../repositories/appointmentRecords.js';
import { clinicInstant } from '../../../contract/clinicTime.js';
import type { ConsultationConfig } from '../../consultation/config.js';
import { recordAt } from '../appointments.js';
import { joinWindow } from '../consultations.js';
import { ConflictWithBodyError } from '../errors.js';
import { defineMessages, withParams } from '../messageCodes.js';
import type { Staff } from '../staff.js';

export const staffMessages = defineMessages('staff', {
  staffOnly: 'This is for clinic staff only.',
  adminOnly: 'This is for clinic admins only.',
  noDoctorRecord: 'Your account is a doctor\'s, but no doctor has its email. Ask an admin to check the doctor list.',
  noStaffEmail: 'A staff account needs an email address. Ask an admin to check the account.',
  notYours: 'This appointment is another doctor\'s.',
  notReception: 'Only the appointment\'s doctor or an admin can do this.',
  notFound: 'Appointment not found.',
  cancelled: 'This appointment was cancelled: it cannot be completed.',
  /** A consultation is completed (or its prescription written again) only with the provisional diagnosis: the guidelines' prescription names it. */
  diagnosisRequired: 'Write the provisional diagnosis to complete the consultation.',
  /** Completion before the join window opens (`time`: its clinic time, `minutes`: JOIN_OPENS_MINUTES_BEFORE). */
  completionNotOpen: withParams(
    (time: string, minutes: number) => `The consultation can be completed from ${time}, ${minutes} minutes before it starts.`,
    (time, minutes) => ({ time, minutes }),
  ),
  missedNotYet: withParams(
    (time: string) => `The patient can be marked as not attended from ${time}, when the slot ends.`,
    (time) => ({ time }),
  ),
  missedCancelled: 'This appointment was cancelled: it cannot be marked as not attended.',
  missedCompleted: 'This consultation is completed: it cannot be marked as not attended.',
  missedAlready: 'The patient is already marked as not attended.',
  missedUnpaid: 'The fee was never paid: there was no consultation to attend.',
  missedChat: 'A chat consultation lasts until you complete it: it cannot be marked as not attended.',
  missed: 'Noted: the patient did not attend.',
  notCompleted: 'Complete the consultation before creating its order.',
  hasOrder: 'This appointment already has an order.',
  completed: 'Consultation completed.',
  prescriptionUpdated: 'Prescription updated.',
  orderCreated: 'Order created.',
  noPrice: 'The total must be more than zero.',
  badOrder: 'Check the order: some of its lines, its location or its address need changing.',
  otherDoctor: 'You can see only your own appointments.',
  dateWithRange: 'Ask for one date, or for a range from one date to another, not both.',
  badRange: 'The range must end on or after its first day, and span at most 62 days.',
} as const, {
  // The console's 409s that say when an action opens carry these codes of their own (contract/staff.ts StaffNotYetCode).
  codes: { completionNotOpen: 'completionNotOpen', missedNotYet: 'didNotAttendNotYet', missedUnpaid: 'didNotAttendUnpaid', missedChat: 'didNotAttendChat' },
});

/** A 409 of the console that says what is not possible yet, with its code and when it opens (contract/staff.ts). */
export class NotYetError extends ConflictWithBodyError<{ message: string; code: StaffNotYetCode; opensAt?: string; endsAt?: string }> {}

/** When completion opens (the join window) and when the slot ends, for one stored appointment. */
export function consultationTimes(a: StoredAppointment, config: ConsultationConfig): { opensAt: Date; endsAt: Date } {
  const facts = { date: a.record.date, startTime: a.record.startTime, slotMinutes: a.slotMinutes };
  return {
    opensAt: joinWindow(facts, config).opensAt,
    endsAt: new Date(clinicInstant(facts.date, facts.startTime).getTime() + a.slotMinutes * 60_000),
  };
}

/** 403 unless the caller is an admin (every admin-only call checks it again, whatever its route did). */
export function assertAdmin(staff: Staff): void {
  assertAdminRole(staffCaller(staff), staffMessages.adminOnly);
}

/** Admins and reception (the front desk reads the doctors it books for); a doctor: 403 as for an admin screen. */
export function assertWorksDesk(staff: Staff): void {
  if (!worksDesk(staffCaller(staff))) assertAdmin(staff);
}

/** Who acted, for the audit log. */
export const auditActor = (staff: Staff) => ({ actorUserId: staff.user._id, actor: staff.user.email, actorRole: staff.role });

/** What the staff service's functions work with. */
export interface StaffContext {
  db: Database;
  now: () => Date;
  /** A completion that first shows the patient the prescription queues its mail in its own transaction (server/jobs/commitMails.ts). */
  mails: MailQueue;
  /** JOIN_OPENS_MINUTES_BEFORE: completion opens with the join window. */
  consultation: ConsultationConfig;
}

/**
 * The appointment, locked, that this staff member may act on: 404 none, 403 another doctor's, 403
 * for reception unless only `reading` it (unlocked then).
 */
export async function actionable(tx: Queryable, staff: Staff, id: string, lock = true, reading = false): Promise<StoredAppointment> {
  return assertActsOnAppointment(staffCaller(staff), await findStoredAppointment(tx, id, lock), staffMessages, reading);
}

/** The record as this staff member reads it: reception gets the empty medicines (server/access/rules.ts readsClinicalContent). */
export function asStaffReads(staff: Staff, record: AppointmentRecord, doctorId: string): AppointmentRecord {
  return readsClinicalContent(staffCaller(staff), { doctorId }) ? record : { ...record, medicines: emptyMedicines };
}

/** A change's answer: its message and the appointment as it is now. */
export async function answer({ db, now }: StaffContext, id: string, message: string): Promise<{ message: string; appointment: AppointmentRecord }> {
  return { message, appointment: recordAt((await findStoredAppointment(db, id))!, now()) };
}
