/**
 * Moving an appointment to another slot of its doctor. The patient's move and the admin's move
 * (staff console, services/staffSchedule.ts) are one function, `moveBooking`; the differences
 * (who may move which appointment, the unpaid-holds limit, the audit's actor, the request's field
 * names) are the `Mover`'s.
 */
import type { AppointmentRecord, AppointmentUpdateRequest } from '../../../contract/appointments.js';
import type { User } from '../../../contract/auth.js';
import { type Database, type Queryable, sqlState } from '../../db/database.js';
import { findStoredAppointment, type StoredAppointment } from '../../repositories/appointmentRecords.js';
import { lapseHolds, moveAppointment } from '../../repositories/bookings.js';
import { type AuditEntry, insertAudit, patientActor } from '../../repositories/staff.js';
import { withReleasedPrescription } from '../../records/patientView.js';
import { appointmentMessages, bookingMessages } from '../appointments.js';
import type { AppointmentServiceDeps } from './service.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { lockedDayPlan, type ScheduleService } from '../schedule.js';
import { dateNotPast } from './checks/dateNotPast.js';
import { refuseBeyondHoldsLimit } from './checks/withinHoldsLimit.js';
import { type BookingFields, checkDayPlan } from './dayPlan.js';
import { ownChangeable } from './own.js';
import { holdIsLive, isSlotViolation } from './slotIndex.js';
import { isExpected, recordAt } from './status.js';
import type { WaitlistQueue } from '../../waitlist/slots.js';

/** Who moves an appointment (the patient, or an admin in the staff console), and what that allows. */
export interface Mover {
  /**
   * The appointment, read and (in the move's transaction, `forUpdate`) locked, refused (404, 409)
   * when this mover may not move it. Before the transaction it may check less than inside it.
   */
  changeable(q: Queryable, id: string, at: Date, forUpdate: boolean): Promise<StoredAppointment>;
  /** The patient's limit of unpaid holds applies when their lapsed hold claims a new slot; an admin's move has none. */
  holdsLimit: boolean;
  /** Who the audit row names. */
  actor: Pick<AuditEntry, 'actorUserId' | 'actor' | 'actorRole'>;
  fields: BookingFields;
}

export interface MoveDeps {
  db: Database;
  schedule: ScheduleService;
  holdMinutes: number;
  /** The slot moved away from is told to the waitlist, in the move's transaction. */
  waitlist: WaitlistQueue;
}

/** Where an appointment moves to. `location` null: the doctor's online hours (Chat, Video, Call). */
type MoveTarget = { location: string | null; date: string; time: string };

/**
 * In the move's transaction: the day plan again, under the doctor row's lock (taken before the
 * appointment's: the order every slot claim takes them in); the appointment locked; the new
 * slot's stale holds lapse and the row claims the slot; audited. A paid appointment holds for
 * good; an unpaid one keeps its live hold's expiry, or (lapsed) gets a new hold.
 */
async function moveInTransaction(
  tx: Queryable,
  { holdMinutes, waitlist }: Pick<MoveDeps, 'holdMinutes' | 'waitlist'>,
  mover: Mover,
  move: { id: string; before: StoredAppointment; to: MoveTarget },
  at: Date,
): Promise<void> {
  const { id, before, to } = move;
  const want = { date: to.date, time: to.time, consultationType: before.record.consultationType };
  const { locationId } = checkDayPlan(await lockedDayPlan(tx, before.doctorId, to.location, to.date, at), want, at, mover.fields);
  const a = await mover.changeable(tx, id, at, true);
  const paid = isExpected(a.record.appointmentPaymentStatus);
  let holdExpiresAt: Date | null = null; // paid (or due at the clinic): held for good
  if (!paid && holdIsLive(a, at)) {
    holdExpiresAt = a.holdExpiresAt; // moving does not stretch a hold
  } else if (!paid) {
    if (mover.holdsLimit) await refuseBeyondHoldsLimit(tx, a.userId, at);
    holdExpiresAt = new Date(at.getTime() + holdMinutes * 60_000);
  }
  await lapseHolds(tx, { doctorId: a.doctorId, date: to.date, time: to.time }, at, a.record._id);
  // The slot it held until now is free from this commit on: read from the row before it moves.
  if (a.holdsSlot && (a.record.date !== to.date || a.record.startTime !== to.time)) await waitlist.appointmentSlotFreed(tx, a.record._id, at);
  await moveAppointment(tx, a.record._id, { locationId, date: to.date, time: to.time, holdExpiresAt }, at);
  await insertAudit(
    tx,
    {
      ...mover.actor,
      action: 'appointment.moved',
      appointmentId: a.record._id,
      details: {
        before: { location: a.record.location, date: a.record.date, startTime: a.record.startTime },
        after: { location: to.location, date: to.date, startTime: to.time },
      },
    },
    at,
  );
}

/**
 * Moves an appointment to another location (by name), date and start time of its doctor, by the
 * booking rules: checked before the transaction, and again in it under the doctor row's lock; in
 * it, the new slot's stale holds lapse and the row claims the slot under the slot index (409 'This
 * slot is already booked' when somebody holds it, nothing changed). A paid appointment holds for
 * good; an unpaid one keeps its live hold's expiry, or (lapsed) gets a new hold. Audited in the
 * same transaction.
 */
export async function moveBooking({ db, schedule, holdMinutes, waitlist }: MoveDeps, mover: Mover, id: string, to: MoveTarget, at: Date): Promise<void> {
  const before = await mover.changeable(db, id, at, false);
  dateNotPast(to.date, mover.fields.date, at);
  schedule.checkHorizon(to.date, mover.fields.date, at);
  const want = { date: to.date, time: to.time, consultationType: before.record.consultationType };
  checkDayPlan(await schedule.dayPlan(before.record.doctorEmail, to.location, to.date), want, at, mover.fields);
  try {
    await db.transaction((tx) => moveInTransaction(tx, { holdMinutes, waitlist }, mover, { id, before, to }, at));
  } catch (error) {
    // 40P01: two moves swapping slots at the same moment on PostgreSQL; each waited for the
    // other's slot. The one PostgreSQL aborts changed nothing, and its slot was taken.
    if (isSlotViolation(error) || sqlState(error) === '40P01') throw new ConflictError(bookingMessages.slotTaken);
    throw error;
  }
}

/** The patient moves their own appointment, within their unpaid-holds limit. */
export const patientMover = (user: User): Mover => ({
  changeable: (q, id, at, forUpdate) => ownChangeable(q, user, id, at, forUpdate),
  holdsLimit: true,
  actor: { actorUserId: user._id, actor: patientActor(user), actorRole: 'patient' },
  fields: {
    location: 'selectedLocation',
    date: 'newDate',
    time: 'selectedTime',
    onlineOnly: { field: 'selectedLocation', message: 'this doctor consults online only' },
    noDoctor: () => new NotFoundError(bookingMessages.doctorUnknown),
  },
});

/** PUT /appointment/update: moves the owner's Booked or Expired appointment to a free slot of its doctor. */
export async function moveOwn(
  deps: Pick<AppointmentServiceDeps, 'db' | 'now' | 'schedule' | 'holdMinutes' | 'waitlist'>,
  user: User,
  request: AppointmentUpdateRequest,
): Promise<{ message: string; appointment: AppointmentRecord }> {
  const { db, now, schedule, holdMinutes, waitlist } = deps;
  const id = request.appointmentToEdit;
  const to = { location: request.selectedLocation === '' ? null : request.selectedLocation, date: request.newDate, time: request.selectedTime };
  await moveBooking({ db, schedule, holdMinutes, waitlist }, patientMover(user), id, to, now());
  const moved = (await findStoredAppointment(db, id))!;
  return { message: appointmentMessages.updated, appointment: withReleasedPrescription(recordAt(moved, now())) };
}
