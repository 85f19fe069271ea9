/**
 * The waitlist at the desk (reception and admins; a doctor gets 404, as for the desk's other parts):
 *
 * - GET /desk/waitlist: who waits for which doctor, type, clinic and days, and the slot out to each
 *   with the time its hold lapses.
 * - POST /desk/waitlist: a patient the desk found (an account's holder or a patient without one)
 *   put on it for a caller on the phone, by the patient's own join's rules (server/waitlist/rules.ts:
 *   the days, the doctor and what they offer; then under the patient's row lock the overlap and the
 *   limit), so two desks adding the same patient at once give one entry and a 409 for the other.
 *   A Call records the consent the desk heard, as a desk booking does.
 * - DELETE /desk/waitlist/{id}: an entry taken off; a slot held for it is given back and passed on
 *   (server/waitlist/service.ts releaseOffer), the hold's cancel audited as the desk's.
 *
 * Each change is audited (waitlist.added, waitlist.removed) and tells the patient's open pages.
 */
import type { MessageAnswer } from '../../contract/auth.js';
import { clinicClock } from '../../contract/clinicTime.js';
import { type DeskWaitlist, type DeskWaitlistEntry, deskWaitlistLimit, type DeskWaitlistRequest } from '../../contract/desk.js';
import { findDoctorByEmail } from '../repositories/doctors.js';
import { bookingMessages, statusAt } from '../services/appointments.js';
import { badField, NotFoundError } from '../services/errors.js';
import type { Staff } from '../services/staff.js';
import { announceWaitlist, closeEntry, deskEntries, findEntry, findOpenOffer, insertEntry, liveEntriesOf, lockPatient } from '../waitlist/repository.js';
import { doctorFits, noOverlap, rangeFits, withinEntryLimit } from '../waitlist/rules.js';
import { type AuditHoldCancel, releaseOffer } from '../waitlist/service.js';
import { deskConsent } from './booking.js';
import { accountOnlyTypes } from './checks/accountOnlyTypes.js';
import { profileKnown } from './checks/profileKnown.js';
import { assertDesk, auditDesk, type DeskDeps } from './context.js';
import { deskMessages } from './messages.js';
import { findDeskPatient } from './patientsRepository.js';
import { findPlace } from './placesRepository.js';

const deskFields = { doctor: 'doctorId', location: 'locationId' };

export async function deskWaitlist(deps: DeskDeps, staff: Staff): Promise<DeskWaitlist> {
  assertDesk(staff);
  const at = deps.now();
  const rows = await deskEntries(deps.db, clinicClock(at).date, at, deskWaitlistLimit + 1);
  return { entries: rows.slice(0, deskWaitlistLimit), more: rows.length > deskWaitlistLimit };
}

/** The doctor (active, with their clinics' names) and the clinic's name the request names by id; '' for none asked. */
async function doctorAndPlace(deps: DeskDeps, request: DeskWaitlistRequest) {
  const place = await findPlace(deps.db, request.doctorId.toLowerCase(), request.locationId === '' ? null : request.locationId.toLowerCase());
  if (place.location === undefined) throw badField('locationId', 'is not one of our locations', bookingMessages.notHere);
  const doctor = place.doctor ? await findDoctorByEmail(deps.db, place.doctor.email) : null;
  return { doctor, location: place.location ?? '' };
}

/** POST /desk/waitlist: the rules above, the entry inserted under the patient's lock, audited (waitlist.added). */
export async function addToWaitlist(deps: DeskDeps, staff: Staff, request: DeskWaitlistRequest): Promise<DeskWaitlistEntry> {
  assertDesk(staff);
  const { db, now, schedule } = deps;
  const at = now();
  const today = clinicClock(at).date;
  const found = await findDeskPatient(db, request.patientId.toLowerCase());
  if (!found) throw new NotFoundError(deskMessages.patientNotFound);
  const patient = profileKnown(found);
  rangeFits(request, at, schedule.horizonDays);
  const { doctor, location } = await doctorAndPlace(deps, request);
  const { consultationType, fromDate, toDate } = request;
  const locationName = doctorFits(doctor, { location, consultationType }, deskFields);
  accountOnlyTypes(patient, consultationType);
  const consentText = consultationType === 'Clinic Visit' ? null : deskConsent(staff);
  const id = await db.transaction(async (tx) => {
    await lockPatient(tx, patient._id);
    const live = await liveEntriesOf(tx, patient._id, { doctorId: doctor!._id, from: fromDate, to: toDate, today });
    noOverlap(live.overlapping, deskMessages.waitlistOverlap);
    withinEntryLimit(live.count, { field: 'patientId', message: deskMessages.waitlistTooMany });
    const made = await insertEntry(tx, { userId: patient._id, doctorId: doctor!._id, locationName, consultationType, fromDate, toDate, consentText }, at);
    const details = { entryId: made, doctor: doctor!.name, consultationType, location: locationName ?? '', fromDate, toDate };
    await auditDesk(tx, staff, { action: 'waitlist.added', subjectUserId: patient._id, details }, at);
    await announceWaitlist(tx, patient._id);
    return made;
  });
  return (await deskEntries(db, today, at, 1, id))[0]!;
}

/** The desk's audit row of a hold it cancelled by taking the entry off. */
const deskHoldAudit =
  (staff: Staff, at: Date): AuditHoldCancel =>
  (tx, hold) =>
    auditDesk(
      tx,
      staff,
      {
        action: 'appointment.cancelled',
        appointmentId: hold.record._id,
        subjectUserId: hold.userId,
        details: { before: { status: statusAt(hold, at), paymentStatus: hold.record.appointmentPaymentStatus }, after: { status: 'Cancelled' }, waitlist: 'removed' },
      },
      at,
    );

/** DELETE /desk/waitlist/{id}: the live entry taken off, its offer given back; 404 for none or one that is over. */
export async function removeFromWaitlist(deps: DeskDeps, staff: Staff, id: string): Promise<MessageAnswer> {
  assertDesk(staff);
  const { db, now, waitlist } = deps;
  const at = now();
  const today = clinicClock(at).date;
  const entryId = id.toLowerCase();
  if (!(await findEntry(db, entryId, today))?.live) throw new NotFoundError(deskMessages.notFound);
  await db.transaction(async (tx) => {
    // The locks in the order passing a slot on takes them: the open offer, then the entry.
    const offer = await findOpenOffer(tx, entryId, true);
    const entry = await findEntry(tx, entryId, today, true);
    if (!entry?.live) throw new NotFoundError(deskMessages.notFound);
    if (offer) await releaseOffer(tx, waitlist, deskHoldAudit(staff, at), offer, at);
    await closeEntry(tx, entryId, 'left', at);
    await auditDesk(tx, staff, { action: 'waitlist.removed', subjectUserId: entry.userId, details: { entryId, offerGivenBack: offer !== null } }, at);
    await announceWaitlist(tx, entry.userId);
  });
  return { message: deskMessages.waitlistRemoved };
}
