/**
 * The rules a join is checked by, each a function that throws the refusal (a 400 naming the
 * request's field, or a 409), in the order the service runs them: the days, the doctor and what
 * they offer, the patient's profile and consent, then (under the patient's lock) the limit and the
 * overlap. tests/unit/waitlistRules.test.ts runs each.
 */
import type { User } from '../../contract/auth.js';
import { clinicClock, daysBetween } from '../../contract/clinicTime.js';
import type { Doctor } from '../../contract/site.js';
import { waitlistMaxDays, type WaitlistJoinRequest } from '../../contract/waitlist.js';
import { isTeleconsultation } from '../access/rules.js';
import { bookingMessages } from '../services/appointments.js';
import { BadRequestError, badField, ConflictError } from '../services/errors.js';
import { checkHorizon } from '../services/schedule.js';
import { maxLiveEntries, waitlistMessages } from './refusals.js';

/** From today (clinic time), to the booking horizon, the last day not before the first, at most waitlistMaxDays. */
export function rangeFits(request: Pick<WaitlistJoinRequest, 'fromDate' | 'toDate'>, at: Date, horizonDays: number): void {
  if (request.fromDate < clinicClock(at).date) throw badField('fromDate', 'must be today or later (clinic time)', bookingMessages.pastDate);
  if (request.toDate < request.fromDate) throw badField('toDate', 'must be on or after fromDate', waitlistMessages.rangeBackwards);
  if (daysBetween(request.fromDate, request.toDate) > waitlistMaxDays) {
    throw badField('toDate', `must be at most ${waitlistMaxDays - 1} days after fromDate`, waitlistMessages.rangeTooLong);
  }
  checkHorizon(request.toDate, at, horizonDays, 'toDate');
}

/** The request's names of the doctor and the clinic a refusal names: the patient's join's, or the desk's (`doctorId`, `locationId`). */
export interface JoinFields {
  doctor: string;
  location: string;
}
const patientFields: JoinFields = { doctor: 'doctorEmail', location: 'location' };

/**
 * The doctor is ours and active, and offers the consultation where asked: a Clinic Visit at one of
 * their clinics ('' any of them; never with a doctor who consults online only), Chat, Video and
 * Call on their online hours (never at a clinic). Answers the clinic's name, or null for any clinic
 * or the online hours.
 */
export function doctorFits(
  doctor: Doctor | null,
  request: { location: string; consultationType: WaitlistJoinRequest['consultationType'] },
  fields: JoinFields = patientFields,
): string | null {
  if (!doctor) throw badField(fields.doctor, 'is not one of our doctors', bookingMessages.doctorUnknown);
  const { location, consultationType } = request;
  if (isTeleconsultation(consultationType)) {
    if (location !== '') throw badField(fields.location, 'must be empty (online) for Chat, Video or Call', bookingMessages.onlineNoClinic);
    if (doctor.consultsOnline === false) throw badField('consultationType', 'this doctor has no online hours', waitlistMessages.noOnlineHours);
    return null;
  }
  if (doctor.type === 'online') throw badField('consultationType', 'must be Chat, Video or Call for this doctor', bookingMessages.onlineOnly);
  if (location === '') {
    if (doctor.locations.length === 0) throw badField(fields.location, 'this doctor works at no clinic', bookingMessages.notHere);
    return null;
  }
  if (!doctor.locations.includes(location)) throw badField(fields.location, 'is not a location of this doctor', bookingMessages.notHere);
  return location;
}

/** An offer is booked in the patient's name: the account has the phone, age and gender a booking needs. */
export function profileComplete(user: Pick<User, 'phoneNumber' | 'age' | 'gender'>): void {
  if (user.phoneNumber === null || user.age === null || user.gender === null) {
    throw badField('profile', 'needs a phone number, age and gender', waitlistMessages.profileIncomplete);
  }
}

/** At most maxLiveEntries live entries per patient (the refusal in the patient's words, or the desk's on its field). */
export function withinEntryLimit(liveEntries: number, refusal: { field: string; message: string } = { field: '(body)', message: waitlistMessages.tooMany }): void {
  if (liveEntries >= maxLiveEntries) throw new BadRequestError(refusal.message, [refusal]);
}

/** One live entry per patient, doctor and day: 409 when another covers one of these days (in the patient's words, or the desk's). */
export function noOverlap(overlapping: boolean, message: string = waitlistMessages.overlap): void {
  if (overlapping) throw new ConflictError(message);
}
