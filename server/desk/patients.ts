/**
 * The desk's patients: registering one without an account, the search (a name's start, a phone's
 * digits, an appointment number, today's token), and one patient with every visit.
 *
 * A patient the desk registers is a users row that cannot log in (sign-in method 'desk', no
 * password); an email, if given, must be nobody's yet (409 'deskPatientHasAccount' when an
 * account has it: the desk books for that account). When the owner of that email later proves it
 * (registration with a code, Google), the row becomes their account (services/accounts.ts).
 */
import { clinicClock } from '../../contract/clinicTime.js';
import {
  type DeskPatient,
  type DeskPatientDetail,
  type DeskPatientRequest,
  type DeskSearchAnswer,
  deskSearchLimit,
} from '../../contract/desk.js';
import { violatedConstraint } from '../db/database.js';
import { listUserAppointments } from '../repositories/appointmentLists.js';
import type { StoredAppointment } from '../repositories/appointmentRecords.js';
import { listFamilyMembers, listFamilyMembersOf } from '../repositories/people.js';
import { storedName, storedPhone } from '../services/accounts.js';
import { isExpected, statusAt } from '../services/appointments.js';
import { holdIsLive } from '../services/booking/slotIndex.js';
import { ConflictError, NotFoundError } from '../services/errors.js';
import type { Staff } from '../services/staff.js';
import { assertDesk, auditDesk, type DeskDeps, readable } from './context.js';
import { deskMessages } from './messages.js';
import {
  emailHolder,
  findDeskPatient,
  insertDeskPatient,
  updateDeskPatient,
  listUpcomingOf,
  searchByName,
  searchByPhone,
  searchByVisit,
} from './patientsRepository.js';

/** How many of a patient's next appointments a search hit shows. */
const upcomingPerHit = 3;

async function refuseTakenEmail(deps: DeskDeps, email: string): Promise<void> {
  const holder = await emailHolder(deps.db, email);
  if (holder === 'account') throw new ConflictError(deskMessages.hasAccount);
  if (holder === 'desk') throw new ConflictError(deskMessages.patientExists);
}

/** A patient's details as the users row keeps them. */
const storedFields = (request: DeskPatientRequest, email: string | null) => ({
  firstName: storedName(request.firstName),
  lastName: storedName(request.lastName),
  phoneNumber: storedPhone(request.phoneNumber),
  email,
  age: request.age,
  gender: request.gender,
});

/** POST /desk/patients: the patient registered, audited (patient.registered). */
export async function registerPatient(deps: DeskDeps, staff: Staff, request: DeskPatientRequest): Promise<{ patient: DeskPatient }> {
  assertDesk(staff);
  const { db, now } = deps;
  const email = request.email ? request.email.toLowerCase() : null;
  if (email !== null) await refuseTakenEmail(deps, email);
  const at = now();
  const fields = storedFields(request, email);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const made = await insertDeskPatient(tx, { ...fields, registeredBy: staff.user._id }, at);
      await auditDesk(tx, staff, { action: 'patient.registered', subjectUserId: made, details: { after: fields } }, at);
      return made;
    });
  } catch (error) {
    // Registered (or signed up) with that email meanwhile.
    if (email !== null && violatedConstraint(error) === 'users_email_key') await refuseTakenEmail(deps, email);
    throw error;
  }
  return { patient: (await findDeskPatient(db, id))! };
}

/**
 * PUT /desk/patients/{id}: a patient the desk registered, their details corrected (a new phone, a
 * misspelt name), audited (patient.updated, before and after). An account's holder keeps their own
 * details (409 'deskPatientIsAccount'), also when the row became their account meanwhile. A new
 * email must be nobody's, as on registering.
 */
export async function updatePatient(deps: DeskDeps, staff: Staff, id: string, request: DeskPatientRequest): Promise<{ patient: DeskPatient }> {
  assertDesk(staff);
  const { db, now } = deps;
  const before = await findDeskPatient(db, id.toLowerCase());
  if (!before) throw new NotFoundError(deskMessages.patientNotFound);
  if (before.kind === 'account') throw new ConflictError(deskMessages.patientIsAccount);
  const email = request.email ? request.email.toLowerCase() : null;
  if (email !== null && email !== before.email) await refuseTakenEmail(deps, email);
  const at = now();
  const fields = storedFields(request, email);
  try {
    await db.transaction(async (tx) => {
      if (!(await updateDeskPatient(tx, before._id, fields, at))) throw new ConflictError(deskMessages.patientIsAccount);
      const { _id, kind, noShows, ...was } = before;
      await auditDesk(tx, staff, { action: 'patient.updated', subjectUserId: before._id, details: { before: { ...was, email: was.email || null }, after: fields } }, at);
    });
  } catch (error) {
    if (email !== null && violatedConstraint(error) === 'users_email_key') await refuseTakenEmail(deps, email);
    throw error;
  }
  return { patient: (await findDeskPatient(db, before._id))! };
}

/** An appointment still to come for the desk: Booked (not over) and expected, or holding a live hold. */
const isUpcoming = (a: StoredAppointment, at: Date): boolean =>
  statusAt(a, at) === 'Booked' && (isExpected(a.record.appointmentPaymentStatus) || holdIsLive(a, at));

/** What the search box holds: an appointment number, a token, a phone's digits, or a name. */
function findPatients(deps: DeskDeps, text: string, today: string): Promise<DeskPatient[]> {
  const { db } = deps;
  if (/^[A-Z]{2,8}-\d{2}-\d{6,}$/i.test(text)) return searchByVisit(db, { appointmentNumber: text.toUpperCase() });
  const token = /^T(\d{1,4})$/i.exec(text);
  if (token) return searchByVisit(db, { token: Number(token[1]), day: today });
  const digits = text.replace(/[\s()+.-]/g, '');
  if (/^\d+$/.test(digits)) return digits.length < 3 ? Promise.resolve([]) : searchByPhone(db, digits, deskSearchLimit);
  return searchByName(db, text.toLowerCase(), deskSearchLimit);
}

/** GET /desk/patients?q=: at most deskSearchLimit patients, each with their next appointments. */
export async function searchPatients(deps: DeskDeps, staff: Staff, q: string): Promise<DeskSearchAnswer> {
  assertDesk(staff);
  const at = deps.now();
  const today = clinicClock(at).date;
  const found = await findPatients(deps, q.trim().replace(/\s+/g, ' '), today);
  const patients = found.slice(0, deskSearchLimit);
  const upcoming = (await listUpcomingOf(deps.db, patients.map((p) => p._id), today, at)).filter((a) => isUpcoming(a, at));
  const family = await listFamilyMembersOf(deps.db, patients.filter((p) => p.kind === 'account').map((p) => p._id));
  return {
    hits: patients.map((patient) => ({
      patient,
      upcoming: upcoming
        .filter((a) => a.userId === patient._id)
        .slice(0, upcomingPerHit)
        .map((a) => readable(staff, a, at)),
      family: family.get(patient._id) ?? [],
    })),
    more: found.length > deskSearchLimit,
  };
}

/** GET /desk/patients/{id}: the patient, their visits to come (soonest first) and the others (newest first). 404 for none. */
export async function patientDetail(deps: DeskDeps, staff: Staff, id: string): Promise<DeskPatientDetail> {
  assertDesk(staff);
  const patient = await findDeskPatient(deps.db, id.toLowerCase());
  if (!patient) throw new NotFoundError(deskMessages.patientNotFound);
  const at = deps.now();
  const all = await listUserAppointments(deps.db, patient._id);
  return {
    patient,
    family: patient.kind === 'account' ? await listFamilyMembers(deps.db, patient._id) : [],
    upcoming: all
      .filter((a) => isUpcoming(a, at))
      .reverse()
      .map((a) => readable(staff, a, at)),
    past: all.filter((a) => !isUpcoming(a, at)).map((a) => readable(staff, a, at)),
  };
}
