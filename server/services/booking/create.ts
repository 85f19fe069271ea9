/**
 * POST /appointment/add: the booking rules, each one check in checks/, composed in order. The
 * rules that need no lock are checked before the transaction (a bad request costs none); the day
 * plan and the family member again inside it, under the doctor row's lock, as the schedule or the
 * family may have changed meanwhile. Then the slot is claimed under the slot index: by an unpaid
 * hold that lapses (the spec's pay-online flow), or, when the patient chose to pay at the clinic
 * where that is offered, by a booking whose fee is due there (no lapse, its confirmation mailed at
 * once).
 */
import { type AppointmentCreateRequest, type AppointmentRecord, emptyMedicines } from '../../../contract/appointments.js';
import type { User } from '../../../contract/auth.js';
import type { ConsultationType } from '../../../contract/primitives.js';
import { clinicClock } from '../../../contract/clinicTime.js';
import type { Queryable } from '../../db/database.js';
import { findAppointmentRecord } from '../../repositories/appointmentRecords.js';
import { findOwnBooking, insertAppointment, lapseHolds, type PatientDetails, rebookOwnHold } from '../../repositories/bookings.js';
import { findFeeOf } from '../../repositories/fees.js';
import { paysAtClinic } from '../../repositories/locations.js';
import { fillMissingProfile } from '../../repositories/people.js';
import { appointmentNumberPrefix, bookingMessages } from '../appointments.js';
import type { AppointmentServiceDeps } from './service.js';
import { badField, ConflictError } from '../errors.js';
import type { PeopleService } from '../people.js';
import { lockedDayPlan } from '../schedule.js';
import { consentGiven } from './checks/consentGiven.js';
import { dateNotPast } from './checks/dateNotPast.js';
import { feeExists } from './checks/feeExists.js';
import { minorHasAdult } from './checks/minorHasAdult.js';
import { notAlreadyPaid } from './checks/notAlreadyPaid.js';
import { payAtClinic } from './checks/payAtClinic.js';
import { refuseBeyondDueLimit } from './checks/withinDueLimit.js';
import { refuseBeyondHoldsLimit } from './checks/withinHoldsLimit.js';
import { type BookingFields, checkDayPlan } from './dayPlan.js';
import { holdIsLive, isSlotViolation } from './slotIndex.js';
import { confirmationKey } from '../../jobs/keyedMails.js';

/** What booking needs of the appointment service's dependencies, the observer given. */
export type BookingDeps = Pick<AppointmentServiceDeps, 'db' | 'now' | 'schedule' | 'holdMinutes' | 'people'> &
  Required<Pick<AppointmentServiceDeps, 'observer' | 'mails'>>;

/** POST /appointment/add's names. */
export const bookingFields: BookingFields = {
  location: 'location',
  date: 'date',
  time: 'startTime',
  onlineOnly: { field: 'consultationType', message: 'must be Chat, Video or Call for this doctor' },
  noDoctor: () => badField('doctorEmail', 'is not one of our doctors', bookingMessages.doctorUnknown),
};

type FamilyMember = Awaited<ReturnType<PeopleService['bookable']>>['member'];

/** A request that passed the rules checked before the transaction. */
interface CheckedBooking {
  /** null: the doctor's online hours (Chat, Video, Call). */
  location: string | null;
  want: { date: string; time: string; consultationType: ConsultationType };
  doctorId: string;
  locationId: string | null;
  fee: number;
  consentText: string | null;
  familyMemberId: string | null;
  member: FamilyMember | null;
  /** The fee is due at the clinic ("pay at the clinic"), not paid online. */
  due: boolean;
}

const phone = (value: string) => value.replace(/[\s-]/g, '');

/**
 * The rules checked before the transaction, in order: the date (not past, within the horizon),
 * the doctor's day plan, the fee, the teleconsultation consent, paying at the clinic (a Clinic
 * Visit where the location offers it), and the person consulted (the account holder, or one of
 * their family members; a minor only by an adult account holder).
 */
async function checkBooking(deps: BookingDeps, user: User, request: AppointmentCreateRequest, at: Date): Promise<CheckedBooking> {
  const { date, startTime: time, consultationType } = request;
  // '' (Chat, Video, Call only): the doctor's online hours, no location.
  const location = request.location === '' ? null : request.location;
  dateNotPast(date, 'date', at);
  deps.schedule.checkHorizon(date, 'date', at);
  const want = { date, time, consultationType };
  const { doctorId, locationId } = checkDayPlan(await deps.schedule.dayPlan(request.doctorEmail, location, date), want, at, bookingFields);
  const fee = feeExists(await findFeeOf(deps.db, consultationType));
  const consentText = consentGiven(consultationType, request.consentText);
  const due = payAtClinic(request.payAtClinic, consultationType, request.payAtClinic === true && locationId !== null ? await paysAtClinic(deps.db, locationId) : null);
  const familyMemberId = request.familyMemberId ?? null;
  const member = familyMemberId === null ? null : (await deps.people.bookable(deps.db, user, familyMemberId)).member;
  minorHasAdult(member, user);
  return { location, want, doctorId, locationId, fee, consentText, familyMemberId, member, due };
}

/**
 * The appointment's personal fields: a family member's name, age and gender come from their
 * record; the account holder's from the request. The email is the account's; the consent is kept
 * with the time it was given.
 */
function patientDetails(user: User, request: AppointmentCreateRequest, b: CheckedBooking, at: Date): PatientDetails {
  const { member, consentText } = b;
  return {
    firstName: member ? member.firstName : request.firstName.trim(),
    lastName: member ? member.lastName : request.lastName.trim(),
    // '' for an account without an email (a mobile sign-up): the appointment then sends no mail.
    email: user.email ?? '',
    phoneNumber: phone(request.phoneNumber),
    age: member ? member.age : request.age,
    gender: member ? member.gender : request.gender,
    familyMemberId: member ? member._id : null,
    consentText,
    consentAt: consentText === null ? null : at,
  };
}

/**
 * In the claiming transaction: the day plan again under the doctor row's lock, the family member
 * again (archived meanwhile: gone), then the patient's own appointment on this slot re-booked (409
 * when paid already), or a new one inserted within the unpaid-holds limit after the slot's stale
 * holds lapse. Answers the appointment's id; the slot index refuses a slot somebody else holds.
 */
async function claimSlot(tx: Queryable, deps: BookingDeps, user: User, b: CheckedBooking, details: PatientDetails, at: Date): Promise<string> {
  const { date, time, consultationType } = b.want;
  const slot = { doctorId: b.doctorId, date, time };
  const { locationId, fee, due } = b;
  const holdExpiresAt = new Date(at.getTime() + deps.holdMinutes * 60_000);
  const numberPrefix = `${appointmentNumberPrefix}-${clinicClock(at).date.slice(2, 4)}-`;
  // The schedule may have changed since the check before the transaction: again, under the doctor row's lock.
  checkDayPlan(await lockedDayPlan(tx, b.doctorId, b.location, date, at), b.want, at, bookingFields);
  // Archived meanwhile: refused as gone.
  if (b.familyMemberId !== null) await deps.people.bookable(tx, user, b.familyMemberId);
  // A Google sign-up's first booking for themselves keeps its phone, age and gender on the account.
  if (b.member === null && (user.phoneNumber === null || user.age === null || user.gender === null)) {
    await fillMissingProfile(tx, user._id, { phoneNumber: details.phoneNumber, age: details.age, gender: details.gender }, at);
  }
  const own = await findOwnBooking(tx, { userId: user._id, ...slot });
  notAlreadyPaid(own);
  if (due) await refuseBeyondDueLimit(tx, user._id, at);
  if (own) {
    const live = holdIsLive(own, at);
    if (!live) await lapseHolds(tx, slot, at, own.id);
    await rebookOwnHold(tx, own.id, { ...details, locationId, consultationType, fee, holdExpiresAt: live ? null : holdExpiresAt, due }, at);
    return own.id;
  }
  await refuseBeyondHoldsLimit(tx, user._id, at);
  await lapseHolds(tx, slot, at);
  return insertAppointment(
    tx,
    {
      ...details,
      userId: user._id,
      ...slot,
      locationId,
      consultationType,
      fee,
      medicines: emptyMedicines,
      holdExpiresAt: due ? null : holdExpiresAt,
      numberPrefix,
      dueAtClinic: due,
    },
    at,
  );
}

/** In the claiming transaction: the slot claimed, and for a fee due at the clinic its confirmation (nothing will settle to send it). */
async function claimAndConfirm(tx: Queryable, deps: BookingDeps, user: User, b: CheckedBooking, details: PatientDetails, at: Date): Promise<string> {
  const id = await claimSlot(tx, deps, user, b, details, at);
  if (b.due) await deps.mails.queue(tx, 'confirmation', confirmationKey(id), at);
  return id;
}

/**
 * Books for the logged-in `user`: an unpaid appointment holding its slot for HOLD_MINUTES (or, paid
 * at the clinic, for good). Losing
 * the slot to a racing request answers 409 'This slot is already booked', unless the winner was
 * this same patient's other request (a double click on another instance), whose appointment is
 * answered then.
 */
export async function createBooking(deps: BookingDeps, user: User, request: AppointmentCreateRequest): Promise<AppointmentRecord> {
  const { db, now, observer } = deps;
  const at = now();
  const checked = await checkBooking(deps, user, request, at);
  const details = patientDetails(user, request, checked, at);
  if (checked.due) await deps.mails.prepare();
  let id: string;
  try {
    id = await db.transaction((tx) => claimAndConfirm(tx, deps, user, checked, details, at));
  } catch (error) {
    if (!isSlotViolation(error)) throw error;
    const own = await findOwnBooking(db, { userId: user._id, doctorId: checked.doctorId, date: checked.want.date, time: checked.want.time });
    if (!own || own.paid || !holdIsLive(own, at)) {
      observer.booking('slot_taken');
      throw new ConflictError(bookingMessages.slotTaken);
    }
    id = own.id;
  }
  observer.booking('booked');
  return (await findAppointmentRecord(db, id))!;
}
