/**
 * What every part of the desk shares: its dependencies, who may use which part (the rules are
 * server/access/rules.ts), the record as the caller reads it, and the audit row.
 */
import type { AppointmentRecord } from '../../contract/appointments.js';
import { staffCaller } from '../access/caller.js';
import { worksDesk, worksQueue } from '../access/rules.js';
import type { Database, Queryable } from '../db/database.js';
import type { MailQueue } from '../jobs/keyedMails.js';
import type { StoredAppointment } from '../repositories/appointmentRecords.js';
import { insertAudit } from '../repositories/staff.js';
import { recordAt } from '../services/appointments.js';
import { NotFoundError } from '../services/errors.js';
import type { ScheduleService } from '../services/schedule.js';
import type { WaitlistQueue } from '../waitlist/slots.js';
import { auditActor, type Staff } from '../services/staff.js';
import { asStaffReads } from '../services/staff/shared.js';
import { deskMessages } from './messages.js';

export interface DeskDeps {
  db: Database;
  now: () => Date;
  /** Day plans and the booking horizon (the online booking's). */
  schedule: ScheduleService;
  /** The booking confirmation a desk booking owes its patient (when they have an email). */
  mails: MailQueue;
  /** Told of a slot a no-show frees (its fee refunded by the clinic's policy), in that transaction. */
  waitlist: WaitlistQueue;
}

/** 404 unless the caller works the desk (reception, admins): the desk is not a doctor's to probe. */
export function assertDesk(staff: Staff): void {
  if (!worksDesk(staffCaller(staff))) throw new NotFoundError(deskMessages.notFound);
}

/** 404 unless the caller works this doctor's queue: the desk, or the doctor themselves (another doctor's is as none). */
export function assertQueue(staff: Staff, doctorId: string): void {
  if (!worksQueue(staffCaller(staff), doctorId)) throw new NotFoundError(deskMessages.notFound);
}

/** The appointment as this caller reads it at `at`: reception gets the empty medicines. */
export const readable = (staff: Staff, stored: StoredAppointment, at: Date): AppointmentRecord =>
  asStaffReads(staff, recordAt(stored, at), stored.doctorId);

/** The desk's audit row, in the change's transaction. */
export async function auditDesk(
  tx: Queryable,
  staff: Staff,
  entry: { action: string; appointmentId?: string | null; subjectUserId?: string | null; details: Record<string, unknown> },
  at: Date,
): Promise<void> {
  await insertAudit(tx, { ...auditActor(staff), ...entry }, at);
}
