/**
 * Booking (spec §4 booking flow, §7 POST /appointment/add).
 *
 * The server trusts only ids from the request: the doctor (by email), the location (by name),
 * the consultation type, the date and the start time. The doctor's name comes from our doctor
 * list, the fee from the fee list, the owner and the appointment's email from the bearer token.
 * The personal fields (names, phone, age, gender) are the patient's for this appointment. The
 * prescription (`medicines`) is the clinic's to write: it starts empty whatever the body says.
 *
 * A new appointment is unpaid (`appointmentPaymentStatus` 'failed', `appointmentPaymentId` null,
 * as the spec creates it) and holds its slot for HOLD_MINUTES; when the hold lapses unpaid the
 * slot is free again. Two holds of one slot cannot exist: the database refuses the second
 * (repositories/bookings.ts), and its loser gets 409 'This slot is already booked'.
 *
 * Booking the same doctor, date and time again while the patient's own unpaid appointment is
 * there gives that same appointment back, updated with the new choices (type, fee, location,
 * details): no 409 against one's own hold, no second appointment. If that hold lapsed meanwhile,
 * it claims the slot again when the slot is still free.
 *
 * Beyond the booking horizon (BOOKING_HORIZON_DAYS, services/schedule.ts) a booking or a move is
 * refused with 400 naming the date field, before anything is read or written.
 *
 * One patient may hold at most `maxUnpaidHolds` slots unpaid at once (429 beyond), so nobody can
 * block a doctor's day without paying. (A soft limit: two instances may each let one more in.)
 *
 * My appointments: list, move, cancel, calendar, and the booking confirmation mail.
 * - Only the owner: the list answers 403 for another user's email; a move, a cancel or a calendar
 *   of somebody else's appointment answers 404 'Appointment not found.', as for one that does not
 *   exist, so ids cannot be probed.
 * - Expired is worked out at read time, never stored: an appointment stored as Booked whose slot
 *   has ended (its start plus the doctor's slot length, clinic time) reads as Expired (`statusAt`).
 *   No sweep, no timer, the same answer on every instance, and the clock is the service's.
 * - Moving claims the new slot the way booking does: in one transaction, lapse that slot's stale
 *   holds, then point the row at the new slot. The slot index refuses it if somebody else holds
 *   the slot (409, nothing changed); otherwise the old slot is free in the same statement. A paid
 *   appointment keeps its slot for good; an unpaid one keeps its live hold's expiry, or (lapsed)
 *   gets a new hold within the unpaid-holds limit.
 * - Cancelling keeps the record as Cancelled, with its payment (no refund, spec §8), and frees the
 *   slot (holds_slot false).
 * - Patients' moves and cancellations are written to the audit log with the staff's changes.
 *
 * A booking or move racing a schedule change (services/staffSchedule.ts). The day plan is checked
 * before the transaction (a bad request costs no transaction), and again inside it, after locking
 * the doctor's row FOR SHARE (schedule.ts lockedDayPlan). A schedule change locks that row FOR
 * UPDATE for its whole transaction: a booking that comes during a change waits for it and is then
 * refused by the re-check if the change removed its slot; a change that comes during a booking
 * waits for it and then sees the booking (the orphan rule, 409). Bookings of one doctor share the
 * lock, so they do not wait for each other.
 *
 * The patient's move and the admin's move (staff console) are one function, `moveBooking`; the
 * differences (who may move which appointment, the unpaid-holds limit, the audit's actor, the
 * request's field names) are the `Mover`'s.
 */
import {
  type AppointmentCreateRequest,
  type AppointmentRecord,
  type AppointmentStatus,
  type AppointmentUpdateRequest,
  emptyMedicines,
} from '../../contract/appointments.js';
import type { MessageAnswer, User } from '../../contract/auth.js';
import type { ConsultationType } from '../../contract/primitives.js';
import { appointmentFileName, appointmentIcs, appointmentSummary, clinicWhen } from '../calendar/appointment.js';
import { calendarContentType } from '../calendar/ics.js';
import { type Database, isUniqueViolation, type Queryable, sqlState } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import { bookingConfirmationMail } from '../mail/templates.js';
import { findLanguage } from '../repositories/users.js';
import { listUserAppointments } from '../repositories/appointmentLists.js';
import { findAppointmentRecord, findStoredAppointment, type StoredAppointment } from '../repositories/appointmentRecords.js';
import { cancelAppointment } from '../repositories/appointmentStatus.js';
import { withReleasedPrescription } from '../records/patientView.js';
import {
  findOwnBooking,
  insertAppointment,
  lapseHolds,
  liveUnpaidHolds,
  moveAppointment,
  rebookOwnHold,
  slotConstraint,
} from '../repositories/bookings.js';
import { findFeeOf } from '../repositories/fees.js';
import { type AuditEntry, insertAudit } from '../repositories/staff.js';
import { badField, ConflictError, ForbiddenError, NotFoundError, ServiceError, TooManyRequestsError } from './errors.js';
import { clinicClock, clinicInstant } from '../../contract/clinicTime.js';
import { type DayPlan, lockedDayPlan, type ScheduleService, unavailability, worksThere } from './schedule.js';
import { noObserver, type ServiceObserver } from '../ops/metrics.js';
import { adultAge } from '../../contract/people.js';
import { fillMissingProfile } from '../repositories/people.js';
import type { PeopleService } from './people.js';

export const bookingMessages = {
  slotTaken: 'This slot is already booked',
  alreadyYours: 'You have already booked and paid for this slot.',
  doctorUnknown: 'Doctor not found.',
  notHere: 'This doctor does not work at this location.',
  locationNeeded: 'Please choose a location for a Clinic Visit.',
  onlineNoClinic: 'Chat, Video and Call are online: please choose Online, not a clinic, or book a Clinic Visit.',
  onlineOnly: 'This doctor consults online only: please choose Chat, Video or Call.',
  pastDate: 'Please choose a date from today on.',
  notOffered: 'The doctor does not see patients at this time on this date. Please choose a slot from the list.',
  slotPast: 'This slot is unavailable',
  onLeave: 'Doctor is not available for this date.',
  noFee: 'There is no fee for this consultation type. Please choose another.',
  tooManyHolds: 'You have several unpaid bookings. Please pay one of them, or try again when they lapse.',
  consentNeeded: 'Please agree to a teleconsultation to book a Chat, Video or Call consultation.',
  minorNeedsAdult: 'A minor can be booked only by an adult account holder.',
  holderAgeUnknown: 'Please add your age on your account first: a minor can be booked only by an adult account holder.',
} as const;

/** The consultation types that happen at no clinic, and need the patient's consent to a teleconsultation. */
export const isTeleconsultation = (type: ConsultationType): boolean => type !== 'Clinic Visit';

/**
 * How many unpaid holds one patient may have at once: enough to retry and to book for the family,
 * too few to block a doctor's day by booking every slot without paying.
 */
export const maxUnpaidHolds = 3;

/** The prefix of the human-readable appointment id: SHC-25-000123 (clinic, year of booking in clinic time, number). */
export const appointmentNumberPrefix = 'SHC';

/** The spec's words where it has them (§8), ours where it has none. */
export const appointmentMessages = {
  updated: 'Appointment updated successfully.',
  deleted: 'Appointment Deleted Successfully.',
  notFound: 'Appointment not found.',
  notYourList: 'You can see only your own appointments.',
  notYourAccount: 'You can cancel only your own appointments.',
  completed: 'This consultation is completed: it cannot be changed.',
  cancelled: 'This appointment was cancelled.',
  missed: 'You did not attend this appointment: it cannot be changed. Please book a new one.',
  refunded: 'This appointment lost its slot before its payment arrived, and its fee is being refunded. Please book a new one.',
  notConfirmed: 'Only a booked appointment whose fee is paid can be added to a calendar.',
} as const;

/**
 * The status a patient reads at `now`: a Booked appointment whose slot has ended (its start plus
 * the doctor's slot length, clinic time) is Expired. Expired is never stored.
 */
export function statusAt(
  stored: { record: Pick<AppointmentRecord, 'appointmentStatus' | 'date' | 'startTime'>; slotMinutes: number },
  now: Date,
): AppointmentStatus {
  const { appointmentStatus, date, startTime } = stored.record;
  if (appointmentStatus !== 'Booked') return appointmentStatus;
  const ends = clinicInstant(date, startTime).getTime() + stored.slotMinutes * 60_000;
  return now.getTime() >= ends ? 'Expired' : 'Booked';
}

/**
 * The record as the patient (or staff) reads it at `now`. A closed account's appointment (only
 * staff still read it) says so with `formerPatient` instead of the pseudonym and placeholders the
 * closing left in its names, email and phone (repositories/records.ts closeAccount): they mean
 * nothing to a reader, and a view words the fact ("Former patient").
 */
export function recordAt(stored: StoredAppointment, now: Date): AppointmentRecord {
  const appointmentStatus = statusAt(stored, now);
  const record = appointmentStatus === stored.record.appointmentStatus ? stored.record : { ...stored.record, appointmentStatus };
  if (!stored.holderDeleted) return record;
  return {
    ...record,
    firstName: '',
    lastName: '',
    email: '',
    phoneNumber: '',
    accountHolder: { firstName: '', lastName: '' },
    formerPatient: true,
  };
}

export function isSlotViolation(error: unknown): boolean {
  return isUniqueViolation(error, slotConstraint);
}

const phone = (value: string) => value.replace(/[\s-]/g, '');

/** How a request names what the booking rules check, for the field errors of its 400 answers. */
export interface BookingFields {
  location: string;
  date: string;
  time: string;
  /** The field an online doctor's Clinic Visit is blamed on, and what it says. */
  onlineOnly: { field: string; message: string };
  /** The answer when the doctor is not there (unknown, or retired meanwhile). */
  noDoctor: () => ServiceError;
}

/**
 * The booking rules against the doctor's day plan: the doctor is there and active, works at the
 * location, consults this way (an online doctor: no Clinic Visit), and the time is one of the
 * day's slots, not begun, with the doctor not on leave. Whether somebody holds the slot is the
 * slot index's to say. Answers the doctor's and the location's ids; throws the request's 400 otherwise.
 */
export function checkDayPlan(
  plan: DayPlan | null,
  want: { date: string; time: string; consultationType: ConsultationType },
  at: Date,
  fields: BookingFields,
): { doctorId: string; locationId: string | null } {
  if (!plan) throw fields.noDoctor();
  if (!worksThere(plan)) throw badField(fields.location, 'is not a location of this doctor', bookingMessages.notHere);
  if (plan.online && want.consultationType === 'Clinic Visit') {
    throw badField(fields.location, 'is required for a Clinic Visit', bookingMessages.locationNeeded);
  }
  // Chat, Video and Call happen at no clinic: they are booked from the online hours only.
  // Rows booked at a clinic before this rule stay valid records; only new bookings and moves are refused.
  if (!plan.online && isTeleconsultation(want.consultationType)) {
    throw badField(fields.location, 'must be empty (online) for Chat, Video or Call', bookingMessages.onlineNoClinic);
  }
  if (plan.doctor.type === 'online' && want.consultationType === 'Clinic Visit') {
    throw badField(fields.onlineOnly.field, fields.onlineOnly.message, bookingMessages.onlineOnly);
  }
  switch (unavailability(plan, want.date, want.time, at)) {
    case 'notOffered':
      throw badField(fields.time, 'is not a slot of this doctor on this date at this location', bookingMessages.notOffered);
    case 'past':
      throw badField(fields.time, 'has already begun', bookingMessages.slotPast);
    case 'leave':
      throw badField(fields.date, 'the doctor is on leave', bookingMessages.onLeave);
    default:
      return { doctorId: plan.doctor.id, locationId: plan.locationId };
  }
}

/** POST /appointment/add's names. */
const bookingFields: BookingFields = {
  location: 'location',
  date: 'date',
  time: 'startTime',
  onlineOnly: { field: 'consultationType', message: 'must be Chat, Video or Call for this doctor' },
  noDoctor: () => badField('doctorEmail', 'is not one of our doctors', bookingMessages.doctorUnknown),
};

/** 429 when the patient already has `maxUnpaidHolds` live unpaid holds. */
async function refuseBeyondHoldsLimit(q: Queryable, userId: string, at: Date): Promise<void> {
  const holds = await liveUnpaidHolds(q, userId, at);
  if (holds.count >= maxUnpaidHolds) {
    const wait = Math.max(1, Math.ceil((holds.firstLapse!.getTime() - at.getTime()) / 1000));
    throw new TooManyRequestsError(bookingMessages.tooManyHolds, wait);
  }
}

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
}

/**
 * Moves an appointment to another location (by name), date and start time of its doctor, by the
 * booking rules: checked before the transaction, and again in it under the doctor row's lock; in
 * it, the new slot's stale holds lapse and the row claims the slot under the slot index (409 'This
 * slot is already booked' when somebody holds it, nothing changed). A paid appointment holds for
 * good; an unpaid one keeps its live hold's expiry, or (lapsed) gets a new hold. Audited in the
 * same transaction.
 */
export async function moveBooking(
  { db, schedule, holdMinutes }: MoveDeps,
  mover: Mover,
  id: string,
  /** `location` null: the doctor's online hours (Chat, Video, Call; 010). */
  to: { location: string | null; date: string; time: string },
  at: Date,
): Promise<void> {
  const before = await mover.changeable(db, id, at, false);
  if (to.date < clinicClock(at).date) throw badField(mover.fields.date, 'must be today or later (clinic time)', bookingMessages.pastDate);
  schedule.checkHorizon(to.date, mover.fields.date, at);
  const want = { date: to.date, time: to.time, consultationType: before.record.consultationType };
  checkDayPlan(await schedule.dayPlan(before.record.doctorEmail, to.location, to.date), want, at, mover.fields);
  try {
    await db.transaction(async (tx) => {
      // The doctor's row first, then the appointment's: the order every slot claim takes them in.
      const { locationId } = checkDayPlan(await lockedDayPlan(tx, before.doctorId, to.location, to.date, at), want, at, mover.fields);
      const a = await mover.changeable(tx, id, at, true);
      const paid = a.record.appointmentPaymentStatus === 'paid';
      const live = a.holdsSlot && a.holdExpiresAt !== null && a.holdExpiresAt > at;
      let holdExpiresAt: Date | null = null; // paid: held for good
      if (!paid && live) {
        holdExpiresAt = a.holdExpiresAt; // moving does not stretch a hold
      } else if (!paid) {
        if (mover.holdsLimit) await refuseBeyondHoldsLimit(tx, a.userId, at);
        holdExpiresAt = new Date(at.getTime() + holdMinutes * 60_000);
      }
      await lapseHolds(tx, { doctorId: a.doctorId, date: to.date, time: to.time }, at, a.record._id);
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
    });
  } catch (error) {
    // 40P01: two moves swapping slots at the same moment on PostgreSQL; each waited for the
    // other's slot. The one PostgreSQL aborts changed nothing, and its slot was taken.
    if (isSlotViolation(error) || sqlState(error) === '40P01') throw new ConflictError(bookingMessages.slotTaken);
    throw error;
  }
}

export interface AppointmentServiceDeps {
  db: Database;
  now: () => Date;
  schedule: ScheduleService;
  /** HOLD_MINUTES. */
  holdMinutes: number;
  /** The booking confirmation goes out through it. */
  mailer: Mailer;
  /** PUBLIC_URL: links in the mail and the calendar event's UID. */
  publicUrl: string;
  /** Counts bookings made and slots lost (server/ops/metrics.ts). */
  observer?: Pick<ServiceObserver, 'booking'>;
  /** Family members a booking may be for (services/people.ts). */
  people: Pick<PeopleService, 'bookable'>;
}

export function createAppointmentService({ db, now, schedule, holdMinutes, mailer, publicUrl, observer = noObserver, people }: AppointmentServiceDeps) {
  /**
   * The caller's own appointment that may still be moved or cancelled (Booked or Expired).
   * 404 for none or somebody else's; 409 when Completed, Cancelled or Missed, or (moves only) flagged
   * for refund after it lost its slot.
   */
  async function ownChangeable(q: Queryable, user: User, id: string, at: Date, forUpdate = false, cancelling = false) {
    const a = await findStoredAppointment(q, id, forUpdate);
    if (!a || a.userId !== user._id) throw new NotFoundError(appointmentMessages.notFound);
    const status = statusAt(a, at);
    if (status === 'Completed') throw new ConflictError(appointmentMessages.completed);
    if (status === 'Cancelled') throw new ConflictError(appointmentMessages.cancelled);
    if (status === 'Missed') throw new ConflictError(appointmentMessages.missed);
    if (!cancelling && a.record.appointmentPaymentStatus === 'refund') throw new ConflictError(appointmentMessages.refunded);
    return a;
  }

  /** The patient moves their own appointment, within their unpaid-holds limit. */
  const patientMover = (user: User): Mover => ({
    changeable: (q, id, at, forUpdate) => ownChangeable(q, user, id, at, forUpdate),
    holdsLimit: true,
    actor: { actorUserId: user._id, actor: user.email, actorRole: 'patient' },
    fields: {
      location: 'selectedLocation',
      date: 'newDate',
      time: 'selectedTime',
      onlineOnly: { field: 'selectedLocation', message: 'this doctor consults online only' },
      noDoctor: () => new NotFoundError(bookingMessages.doctorUnknown),
    },
  });

  return {
    holdMinutes,

    /** POST /appointment/add for the logged-in `user`. */
    async create(user: User, request: AppointmentCreateRequest): Promise<AppointmentRecord> {
      const at = now();
      const { date, startTime: time, consultationType } = request;
      // '' (Chat, Video, Call only): the doctor's online hours, no location (010).
      const location = request.location === '' ? null : request.location;
      if (date < clinicClock(at).date) throw badField('date', 'must be today or later (clinic time)', bookingMessages.pastDate);
      schedule.checkHorizon(date, 'date', at);

      const want = { date, time, consultationType };
      const { doctorId, locationId } = checkDayPlan(await schedule.dayPlan(request.doctorEmail, location, date), want, at, bookingFields);
      const fee = await findFeeOf(db, consultationType);
      if (fee === null) throw badField('consultationType', 'has no fee', bookingMessages.noFee);

      // Teleconsultation consent (telemedicine guidelines): the words the patient ticked, and when.
      const consentText = isTeleconsultation(consultationType) ? (request.consentText?.trim() ?? null) : null;
      if (isTeleconsultation(consultationType) && !consentText) {
        throw badField('consentText', 'is required for a Chat, Video or Call consultation', bookingMessages.consentNeeded);
      }
      // The person consulted: the account holder, or one of their family members, whose name, age
      // and gender come from their record. A minor only by an adult account holder.
      const familyMemberId = request.familyMemberId ?? null;
      const member = familyMemberId === null ? null : (await people.bookable(db, user, familyMemberId)).member;
      if (member !== null && member.age < adultAge) {
        if (user.age === null) throw badField('familyMemberId', 'your own age is needed to book for a minor', bookingMessages.holderAgeUnknown);
        if (user.age < adultAge) throw badField('familyMemberId', 'a minor can be booked only by an adult account holder', bookingMessages.minorNeedsAdult);
      }

      const slot = { doctorId, date, time };
      const details = {
        firstName: member ? member.firstName : request.firstName.trim(),
        lastName: member ? member.lastName : request.lastName.trim(),
        email: user.email,
        phoneNumber: phone(request.phoneNumber),
        age: member ? member.age : request.age,
        gender: member ? member.gender : request.gender,
        familyMemberId: member ? member._id : null,
        consentText,
        consentAt: consentText === null ? null : at,
      };
      const holdExpiresAt = new Date(at.getTime() + holdMinutes * 60_000);
      const numberPrefix = `${appointmentNumberPrefix}-${clinicClock(at).date.slice(2, 4)}-`;

      const ownLive = async () => {
        const own = await findOwnBooking(db, { userId: user._id, ...slot });
        return own && !own.paid && own.holdsSlot && own.holdExpiresAt !== null && own.holdExpiresAt > at ? own : null;
      };

      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          // The schedule may have changed since the check above: again, under the doctor row's lock.
          checkDayPlan(await lockedDayPlan(tx, doctorId, location, date, at), want, at, bookingFields);
          // Archived meanwhile: refused as gone.
          if (familyMemberId !== null) await people.bookable(tx, user, familyMemberId);
          // A Google sign-up's first booking for themselves keeps its phone, age and gender on the account.
          if (member === null && (user.phoneNumber === null || user.age === null || user.gender === null)) {
            await fillMissingProfile(tx, user._id, { phoneNumber: details.phoneNumber, age: details.age, gender: details.gender }, at);
          }
          const own = await findOwnBooking(tx, { userId: user._id, ...slot });
          if (own?.paid) throw new ConflictError(bookingMessages.alreadyYours);
          if (own) {
            const live = own.holdsSlot && own.holdExpiresAt !== null && own.holdExpiresAt > at;
            if (!live) await lapseHolds(tx, slot, at, own.id);
            await rebookOwnHold(tx, own.id, { ...details, locationId, consultationType, fee, holdExpiresAt: live ? null : holdExpiresAt }, at);
            return own.id;
          }
          await refuseBeyondHoldsLimit(tx, user._id, at);
          await lapseHolds(tx, slot, at);
          return insertAppointment(
            tx,
            { ...details, userId: user._id, ...slot, locationId, consultationType, fee, medicines: emptyMedicines, holdExpiresAt, numberPrefix },
            at,
          );
        });
      } catch (error) {
        if (!isSlotViolation(error)) throw error;
        // Lost a race; maybe to this same patient's other request (a double click on another instance).
        const own = await ownLive();
        if (!own) {
          observer.booking('slot_taken');
          throw new ConflictError(bookingMessages.slotTaken);
        }
        id = own.id;
      }
      observer.booking('booked');
      return (await findAppointmentRecord(db, id))!;
    },

    /** GET /auth/getUser/{email}: only the user's own list (403 for another email), newest first. */
    async list(user: User, email: string): Promise<AppointmentRecord[]> {
      if (email.toLowerCase() !== user.email) throw new ForbiddenError(appointmentMessages.notYourList);
      const at = now();
      return (await listUserAppointments(db, user._id)).map((stored) => withReleasedPrescription(recordAt(stored, at)));
    },

    /** PUT /appointment/update: moves the owner's Booked or Expired appointment to a free slot of its doctor. */
    async update(user: User, request: AppointmentUpdateRequest): Promise<{ message: string; appointment: AppointmentRecord }> {
      const id = request.appointmentToEdit;
      const to = { location: request.selectedLocation === '' ? null : request.selectedLocation, date: request.newDate, time: request.selectedTime };
      await moveBooking({ db, schedule, holdMinutes }, patientMover(user), id, to, now());
      const moved = (await findStoredAppointment(db, id))!;
      return { message: appointmentMessages.updated, appointment: withReleasedPrescription(recordAt(moved, now())) };
    },

    /**
     * DELETE /appointment/delete/{userId}/{appointmentId}: the path's userId must be the caller's
     * own (403 otherwise); the appointment is kept as Cancelled, with its payment, and its slot freed.
     */
    async cancel(user: User, userId: string, appointmentId: string): Promise<MessageAnswer> {
      if (userId.toLowerCase() !== user._id.toLowerCase()) throw new ForbiddenError(appointmentMessages.notYourAccount);
      const at = now();
      await ownChangeable(db, user, appointmentId, at, false, true);
      await db.transaction(async (tx) => {
        const a = await ownChangeable(tx, user, appointmentId, at, true, true);
        await cancelAppointment(tx, a.record._id, at);
        await insertAudit(
          tx,
          {
            actorUserId: user._id,
            actor: user.email,
            actorRole: 'patient',
            action: 'appointment.cancelled',
            appointmentId: a.record._id,
            details: {
              before: { status: statusAt(a, at), paymentStatus: a.record.appointmentPaymentStatus },
              after: { status: 'Cancelled' },
            },
          },
          at,
        );
      });
      return { message: appointmentMessages.deleted };
    },

    /** GET /appointment/{id}/calendar.ics: the owner's booked and paid appointment as an iCalendar file. */
    async calendar(user: User, id: string): Promise<{ fileName: string; contentType: string; body: string }> {
      const at = now();
      const stored = await findStoredAppointment(db, id);
      if (!stored || stored.userId !== user._id) throw new NotFoundError(appointmentMessages.notFound);
      if (statusAt(stored, at) !== 'Booked' || stored.record.appointmentPaymentStatus !== 'paid') {
        throw new ConflictError(appointmentMessages.notConfirmed);
      }
      return {
        fileName: appointmentFileName(stored.record),
        contentType: calendarContentType,
        body: appointmentIcs(stored.record, {
          slotMinutes: stored.slotMinutes,
          publicUrl,
          stamp: at,
          language: (await findLanguage(db, stored.userId)) ?? 'en',
        }),
      };
    },

    /**
     * The booking confirmation with the appointment's .ics, to the account's email. The payment
     * service calls it (through the services' background tasks) once, after the transaction that
     * marked the appointment paid has committed; it is never awaited by a request.
     */
    async sendConfirmation(appointmentId: string): Promise<void> {
      const stored = await findStoredAppointment(db, appointmentId);
      if (!stored || stored.record.appointmentPaymentStatus !== 'paid') return;
      const { record } = stored;
      // India's telemedicine guidelines: every consultation mail names the doctor's registration.
      const registration = await db.query<{ council: string; number: string }>(
        'select registration_council as council, registration_number as number from doctors where id = $1',
        [stored.doctorId],
      );
      const reg = registration.rows[0];
      // In the account's language (015); the doctor's and the place's names stay as written.
      const language = (await findLanguage(db, stored.userId)) ?? 'en';
      await mailer.send(
        bookingConfirmationMail({
          language,
          doctorName: record.doctorName,
          date: record.date,
          startTime: record.startTime,
          doctorRegistration: reg && reg.council !== '' && reg.number !== '' ? `${reg.council}, ${reg.number}` : '',
          to: record.email,
          // The mail goes to the account holder: for themselves it greets the name they booked
          // with; for a family member it greets the holder and says who is consulted.
          firstName: record.familyMemberId ? (record.accountHolder?.firstName ?? record.firstName) : record.firstName,
          forPerson: record.familyMemberId ? `${record.firstName} ${record.lastName}`.trim() : null,
          appointmentNumber: record.appointmentId,
          summary: appointmentSummary(record),
          when: clinicWhen(record.date, record.startTime),
          location: record.location,
          consultationType: record.consultationType,
          fee: record.consultationFee,
          appointmentsUrl: `${publicUrl}/#/myappointment`,
          calendar: {
            filename: appointmentFileName(record),
            contentType: calendarContentType,
            content: appointmentIcs(record, { slotMinutes: stored.slotMinutes, publicUrl, stamp: now(), language }),
          },
        }),
      );
    },
  };
}
export type AppointmentService = ReturnType<typeof createAppointmentService>;
