/**
 * Booking (spec §4 booking flow, §7 POST /appointment/add; issue 4 "Booking").
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
 * (repositories/appointments.ts), and its loser gets 409 'This slot is already booked'.
 *
 * Booking the same doctor, date and time again while the patient's own unpaid appointment is
 * there gives that same appointment back, updated with the new choices (type, fee, location,
 * details): no 409 against one's own hold, no second appointment. If that hold lapsed meanwhile,
 * it claims the slot again when the slot is still free.
 *
 * One patient may hold at most `maxUnpaidHolds` slots unpaid at once (429 beyond), so nobody can
 * block a doctor's day without paying. (A soft limit: two instances may each let one more in.)
 */
import { type AppointmentCreateRequest, type AppointmentRecord, emptyMedicines } from '../../contract/appointments.js';
import type { User } from '../../contract/auth.js';
import { type Database, sqlState, violatedConstraint } from '../db/database.js';
import {
  findAppointmentRecord,
  findFee,
  findOwnBooking,
  insertAppointment,
  lapseHolds,
  liveUnpaidHolds,
  rebookOwnHold,
  slotConstraint,
} from '../repositories/appointments.js';
import { BadRequestError, ConflictError, TooManyRequestsError } from './errors.js';
import { clinicClock, type ScheduleService, unavailability } from './schedule.js';

export const bookingMessages = {
  slotTaken: 'This slot is already booked',
  alreadyYours: 'You have already booked and paid for this slot.',
  doctorUnknown: 'Doctor not found.',
  notHere: 'This doctor does not work at this location.',
  onlineOnly: 'This doctor consults online only: please choose Chat, Video or Call.',
  pastDate: 'Please choose a date from today on.',
  notOffered: 'The doctor does not see patients at this time on this date. Please choose a slot from the list.',
  slotPast: 'This slot is unavailable',
  onLeave: 'Doctor is not available for this date.',
  noFee: 'There is no fee for this consultation type. Please choose another.',
  tooManyHolds: 'You have several unpaid bookings. Please pay one of them, or try again when they lapse.',
} as const;

/**
 * How many unpaid holds one patient may have at once: enough to retry and to book for the family,
 * too few to block a doctor's day by booking every slot without paying.
 */
export const maxUnpaidHolds = 3;

/** The prefix of the human-readable appointment id: SHC-25-000123 (clinic, year of booking in clinic time, number). */
export const appointmentNumberPrefix = 'SHC';

export function isSlotViolation(error: unknown): boolean {
  return sqlState(error) === '23505' && violatedConstraint(error) === slotConstraint;
}

const phone = (value: string) => value.replace(/[\s-]/g, '');

export interface AppointmentServiceDeps {
  db: Database;
  now: () => Date;
  schedule: ScheduleService;
  /** HOLD_MINUTES. */
  holdMinutes: number;
}

export function createAppointmentService({ db, now, schedule, holdMinutes }: AppointmentServiceDeps) {
  const field = (name: string, message: string, summary: string) => new BadRequestError(summary, [{ field: name, message }]);

  return {
    holdMinutes,

    /** POST /appointment/add for the logged-in `user`. */
    async create(user: User, request: AppointmentCreateRequest): Promise<AppointmentRecord> {
      const at = now();
      const { date, startTime: time, location, consultationType } = request;
      if (date < clinicClock(at).date) throw field('date', 'must be today or later (clinic time)', bookingMessages.pastDate);

      const plan = await schedule.dayPlan(request.doctorEmail, location, date);
      if (!plan) throw field('doctorEmail', 'is not one of our doctors', bookingMessages.doctorUnknown);
      if (plan.locationId === null) throw field('location', 'is not a location of this doctor', bookingMessages.notHere);
      if (plan.doctor.type === 'online' && consultationType === 'Clinic Visit') {
        throw field('consultationType', 'must be Chat, Video or Call for this doctor', bookingMessages.onlineOnly);
      }
      switch (unavailability(plan, date, time, at)) {
        case 'notOffered':
          throw field('startTime', 'is not a slot of this doctor on this date at this location', bookingMessages.notOffered);
        case 'past':
          throw field('startTime', 'has already begun', bookingMessages.slotPast);
        case 'leave':
          throw field('date', 'the doctor is on leave', bookingMessages.onLeave);
        default:
      }
      const fee = await findFee(db, consultationType);
      if (fee === null) throw field('consultationType', 'has no fee', bookingMessages.noFee);

      const doctorId = plan.doctor.id;
      const locationId = plan.locationId;
      const slot = { doctorId, date, time };
      const details = {
        firstName: request.firstName.trim(),
        lastName: request.lastName.trim(),
        email: user.email,
        phoneNumber: phone(request.phoneNumber),
        age: request.age,
        gender: request.gender,
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
          const own = await findOwnBooking(tx, { userId: user._id, ...slot });
          if (own?.paid) throw new ConflictError(bookingMessages.alreadyYours);
          if (own) {
            const live = own.holdsSlot && own.holdExpiresAt !== null && own.holdExpiresAt > at;
            if (!live) await lapseHolds(tx, slot, at, own.id);
            await rebookOwnHold(tx, own.id, { ...details, locationId, consultationType, fee, holdExpiresAt: live ? null : holdExpiresAt }, at);
            return own.id;
          }
          const holds = await liveUnpaidHolds(tx, user._id, at);
          if (holds.count >= maxUnpaidHolds) {
            const wait = Math.max(1, Math.ceil((holds.firstLapse!.getTime() - at.getTime()) / 1000));
            throw new TooManyRequestsError(bookingMessages.tooManyHolds, wait);
          }
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
        if (!own) throw new ConflictError(bookingMessages.slotTaken);
        id = own.id;
      }
      return (await findAppointmentRecord(db, id))!;
    },
  };
}
export type AppointmentService = ReturnType<typeof createAppointmentService>;
