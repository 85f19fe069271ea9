/**
 * Bookings made at the desk (a phone call, the counter) and walk-ins.
 *
 * A desk booking takes a free slot under the online booking's own rules, the same checks of
 * services/booking/ in the same order (the date not past and within the horizon, the doctor's day
 * plan: works there, consults this way, the slot offered, not begun, no leave; the fee list),
 * checked before the transaction and the day plan again inside it under the doctor row's lock;
 * the slot index decides who holds the slot (409 'This slot is already booked' for the loser).
 * The desk is not held to the patient's unpaid-holds limit: its booking holds its slot for good,
 * its fee taken now at the counter or due at the clinic (payment_status 'due', no lapse).
 *
 * A walk-in joins today's queue of a doctor who sees patients at that location today (409
 * otherwise): a Clinic Visit at the minute of arrival that holds no slot, checked in at once.
 */
import type { AppointmentRecord } from '../../contract/appointments.js';
import { emptyMedicines } from '../../contract/appointments.js';
import { clinicClock, fromMinutes } from '../../contract/clinicTime.js';
import type { DeskBookingRequest, DeskFee, DeskPatient, QueueEntry, WalkInRequest } from '../../contract/desk.js';
import type { FamilyMember } from '../../contract/people.js';
import type { Queryable } from '../db/database.js';
import { findStoredAppointment } from '../repositories/appointmentRecords.js';
import { insertAppointment, lapseHolds, type NewAppointment } from '../repositories/bookings.js';
import { findFeeOf } from '../repositories/fees.js';
import { appointmentNumberPrefix, bookingMessages, type BookingFields, isSlotViolation } from '../services/appointments.js';
import { dateNotPast } from '../services/booking/checks/dateNotPast.js';
import { feeExists } from '../services/booking/checks/feeExists.js';
import { checkDayPlan } from '../services/booking/dayPlan.js';
import { badField, ConflictError, NotFoundError } from '../services/errors.js';
import { loadDayPlan, lockedDayPlan } from '../services/schedule.js';
import type { Staff } from '../services/staff.js';
import { accountOnlyTypes } from './checks/accountOnlyTypes.js';
import { deskFamilyMember } from './checks/familyMember.js';
import { profileKnown } from './checks/profileKnown.js';
import { worksHereToday } from './checks/worksHereToday.js';
import { assertDesk, auditDesk, type DeskDeps, readable } from './context.js';
import { payAtCounter, queueConfirmation } from './counter.js';
import { deskMessages } from './messages.js';
import { findDeskPatient } from './patientsRepository.js';
import { findPlace } from './placesRepository.js';
import { enqueue, entryAnswer, tokenName } from './queue.js';

/** The desk's request names for the booking rules' 400s. */
const deskFields: BookingFields = {
  location: 'locationId',
  date: 'date',
  time: 'startTime',
  onlineOnly: { field: 'consultationType', message: 'must be Chat, Video or Call for this doctor' },
  noDoctor: () => badField('doctorId', 'is not one of our doctors', bookingMessages.doctorUnknown),
};

/** The consent a teleconsultation booked by the desk records: agreed with the desk, by whom it was taken. */
export const deskConsent = (staff: Staff) => `Teleconsultation agreed with the clinic's front desk (taken by ${staff.user.email}).`;

async function bookablePatient(deps: DeskDeps, patientId: string) {
  const patient = await findDeskPatient(deps.db, patientId.toLowerCase());
  if (!patient) throw new NotFoundError(deskMessages.patientNotFound);
  return patient;
}

/** The doctor's email and the location's name the day plan is read by; 400 naming the field for an unknown one. */
async function placeNames(deps: DeskDeps, doctorId: string, locationId: string | null) {
  const place = await findPlace(deps.db, doctorId.toLowerCase(), locationId?.toLowerCase() ?? null);
  if (!place.doctor) throw deskFields.noDoctor();
  if (place.location === undefined) throw badField('locationId', 'is not one of our locations', bookingMessages.notHere);
  return { doctor: place.doctor, location: place.location };
}

/** What a desk appointment is made of: the slot's part of a new appointment, for this patient, with its consent (a teleconsultation's). */
type NewDeskAppointment = Pick<NewAppointment, 'doctorId' | 'locationId' | 'date' | 'time' | 'consultationType' | 'fee' | 'consentText'> & {
  patient: DeskPatient;
  /** The person consulted, when one of the patient's family members (their name, age and gender from their record). */
  member: FamilyMember | null;
};

/** In `tx`: the appointment inserted for the desk (`via`), its fee due or (fee.pay 'now') taken at the counter; answers its id. */
async function insertForDesk(tx: Queryable, staff: Staff, a: NewDeskAppointment, via: 'desk' | 'walkin', fee: DeskFee, at: Date): Promise<string> {
  const p = profileKnown(a.patient);
  const m = a.member;
  const id = await insertAppointment(
    tx,
    {
      firstName: m ? m.firstName : p.firstName,
      lastName: m ? m.lastName : p.lastName,
      email: p.email,
      phoneNumber: p.phoneNumber,
      age: m ? m.age : p.age,
      gender: m ? m.gender : p.gender,
      familyMemberId: m ? m._id : null,
      consentText: a.consentText,
      consentAt: a.consentText === null ? null : at,
      userId: p._id,
      doctorId: a.doctorId,
      locationId: a.locationId,
      date: a.date,
      time: a.time,
      consultationType: a.consultationType,
      fee: a.fee,
      medicines: emptyMedicines,
      holdExpiresAt: null,
      numberPrefix: `${appointmentNumberPrefix}-${clinicClock(at).date.slice(2, 4)}-`,
      desk: { via, by: staff.user._id, holdsSlot: via === 'desk', paymentStatus: 'due' },
    },
    at,
  );
  if (fee.pay === 'now') await payAtCounter(tx, staff, { id, userId: p._id, fee: a.fee, paymentStatus: 'due' }, fee, at);
  return id;
}

/** POST /desk/bookings: the slot booked for the patient (the rules above), audited (appointment.booked). */
export async function deskBook(deps: DeskDeps, staff: Staff, request: DeskBookingRequest): Promise<AppointmentRecord> {
  assertDesk(staff);
  const { db, now, schedule } = deps;
  const at = now();
  const patient = await bookablePatient(deps, request.patientId);
  accountOnlyTypes(patient, request.consultationType);
  profileKnown(patient);
  await deskFamilyMember(db, patient, request.familyMemberId);
  const { doctor, location } = await placeNames(deps, request.doctorId, request.locationId === '' ? null : request.locationId);
  dateNotPast(request.date, 'date', at);
  schedule.checkHorizon(request.date, 'date', at);
  const want = { date: request.date, time: request.startTime, consultationType: request.consultationType };
  const { doctorId, locationId } = checkDayPlan(await loadDayPlan(db, doctor.email, location, request.date, at), want, at, deskFields);
  const fee = feeExists(await findFeeOf(db, request.consultationType));
  const consentText = request.consultationType === 'Clinic Visit' ? null : deskConsent(staff);
  await deps.mails.prepare();
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      checkDayPlan(await lockedDayPlan(tx, doctorId, location, request.date, at), want, at, deskFields);
      const member = await deskFamilyMember(tx, patient, request.familyMemberId, true);
      await lapseHolds(tx, { doctorId, date: request.date, time: request.startTime }, at);
      const made = await insertForDesk(tx, staff, { patient, member, doctorId, locationId, ...want, fee, consentText }, 'desk', request.fee, at);
      await queueConfirmation(deps, tx, { id: made, email: patient.email, walkIn: false }, at);
      await auditDesk(tx, staff, { action: 'appointment.booked', appointmentId: made, subjectUserId: patient._id, details: { bookedVia: 'desk', fee: request.fee.pay, after: { ...want, location: location ?? '' } } }, at);
      return made;
    });
  } catch (error) {
    if (isSlotViolation(error)) throw new ConflictError(bookingMessages.slotTaken);
    throw error;
  }
  return readable(staff, (await findStoredAppointment(db, id))!, now());
}

/** POST /desk/walkins: a Clinic Visit now in the doctor's queue of today at that location (the rules above), audited (queue.walkin). */
export async function walkIn(deps: DeskDeps, staff: Staff, request: WalkInRequest): Promise<{ entry: QueueEntry }> {
  assertDesk(staff);
  const { db, now } = deps;
  const at = now();
  const { date: today, minutes } = clinicClock(at);
  const time = fromMinutes(minutes);
  const patient = await bookablePatient(deps, request.patientId);
  profileKnown(patient);
  await deskFamilyMember(db, patient, request.familyMemberId);
  const { location } = await placeNames(deps, request.doctorId, request.locationId);
  const fee = feeExists(await findFeeOf(db, 'Clinic Visit'));
  const entry = await db.transaction(async (tx) => {
    const plan = worksHereToday(await lockedDayPlan(tx, request.doctorId.toLowerCase(), location, today, at));
    const doctorId = plan.doctor.id;
    const want = { date: today, time, consultationType: 'Clinic Visit' as const };
    const member = await deskFamilyMember(tx, patient, request.familyMemberId, true);
    const id = await insertForDesk(tx, staff, { patient, member, doctorId, locationId: plan.locationId, ...want, fee, consentText: null }, 'walkin', request.fee, at);
    const queued = await enqueue(tx, { doctorId, locationId: plan.locationId, day: today, appointmentId: id, dueTime: time, checkedInBy: staff.user._id }, at);
    await auditDesk(tx, staff, { action: 'queue.walkin', appointmentId: id, subjectUserId: patient._id, details: { token: tokenName(queued.token), fee: request.fee.pay, arrival: time } }, at);
    return { id: queued.id, doctorId, day: today };
  });
  return entryAnswer(deps, staff, entry);
}
