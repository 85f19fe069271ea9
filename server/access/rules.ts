/**
 * Who may see or change what: every owner and role check of the server, written once. Pure
 * functions over a record already loaded and the caller (caller.ts); the services load, call these
 * and go on. One rule per concept:
 *
 * - Owner: an appointment, an order, a payment, a family member is its account's (`owns`). The
 *   patient's own endpoints (booking moves and cancels, the calendar file, checkout, payment
 *   status, family members) serve the owner only.
 * - The parts in an appointment: its patient (the account that booked it), its doctor (a
 *   doctor's account acting for the appointment's doctor), an admin. Anybody with a part may see
 *   it (`canSeeAppointment`): its consultation, its chat, its prescription and receipts. Which
 *   part one has (`appointmentPart`) goes patient first: a doctor or an admin who booked for
 *   themselves is the patient there, not the clinic.
 * - The clinic's side (`seesAsClinic`): the appointment's doctor or an admin, whether or not they
 *   booked it. The clinic reads a prescription before it is released to the patient, and the
 *   staff console acts on these appointments only (another doctor's: 403, as the console says).
 * - Staff (`isStaff`): admins, doctors and reception; admin-only screens `isAdmin`. A doctor's
 *   lists show their own appointments only (`mayListDoctor`, `listedDoctor`).
 * - Reception (`isReception`) works the front desk (`worksDesk`: reception and admins): patients,
 *   every appointment, check-in, counter payments, queues, day lists. It takes no part in any
 *   appointment (`appointmentPart` is null: no consultation, chat, prescription or receipt file)
 *   and never reads a prescription's clinical content (`readsClinicalContent`: the appointment's
 *   doctor or an admin; reception is answered the empty medicines). It completes nothing and marks
 *   nothing as not attended (`actsOnConsultation`), and sees no audit log and no admin screen.
 * - A doctor's queue (`worksQueue`): the desk's, and the doctor's own; another doctor's is 404.
 * - The consultation's parties (`isParty`): its patient and its doctor join the call and write in
 *   the chat; an admin reads both for audit and never speaks. Only a Chat appointment has a chat
 *   (`hasChat`), written in while it takes messages, open or in follow-up (`canWriteChat`). The
 *   consultation view applies to teleconsultations only.
 * - Teleconsultation (`isTeleconsultation`): every consultation type but Clinic Visit.
 *
 * A stranger (another patient, another doctor, nobody logged in) is answered 404 with the same
 * code and message as an id that does not exist, so ids cannot be probed: the `assert*` rules
 * take the service's own message, whose registered code the answer carries. The 403s stay where
 * the caller already knows the thing exists (a path naming another account, the staff console).
 */
import type { ChatState } from '../../contract/chat.js';
import type { ConsultationType } from '../../contract/primitives.js';
import { ForbiddenError, NotFoundError } from '../services/errors.js';
import type { Caller } from './caller.js';

/** What an owner's rule reads of the caller, and of the record. */
type Account = Pick<Caller, 'userId'>;
type Owned = { userId: string };
/** What the role's rules read of the caller. */
type Role = Pick<Caller, 'role' | 'doctorId'>;
/** What the part rules read of an appointment. */
type Appointment = { userId: string; doctorId: string };

/** A part in an appointment, as the consultation, the chat and the events name it. */
export type Part = 'patient' | 'doctor' | 'admin';

/** A consultation type (contract/primitives.ts): every one but Clinic Visit happens at a distance (Chat, Video, Call). */
export const isTeleconsultation = (type: string): boolean => type !== 'Clinic Visit';

/** The record is the caller's account's; nobody (null) owns nothing. */
export const owns = (caller: Account | null, record: Owned): boolean => caller !== null && record.userId === caller.userId;

/** A path's or a query's account id (in any case) names the caller. */
export const isOwnAccountId = (caller: Account, userId: string): boolean => userId.toLowerCase() === caller.userId.toLowerCase();

/** An email (in any case) is the caller's login. */
export const isOwnEmail = (caller: Pick<Caller, 'email'>, email: string): boolean => caller.email !== null && email.toLowerCase() === caller.email;

export const isAdmin = (caller: Pick<Caller, 'role'> | null): boolean => caller?.role === 'admin';

/** Clinic staff: admins, doctors and reception (a patient's account is none); a role as stored (users.role) is read as is. */
export const isStaff = <T extends { role: string }>(caller: T | null): caller is T & { role: 'admin' | 'doctor' | 'reception' } =>
  caller?.role === 'admin' || caller?.role === 'doctor' || caller?.role === 'reception';

export const isReception = (caller: Pick<Caller, 'role'> | null): boolean => caller?.role === 'reception';

/** The front desk: reception and admins (patients, bookings, check-in, counter payments, every queue). */
export const worksDesk = (caller: Pick<Caller, 'role'> | null): boolean => isReception(caller) || isAdmin(caller);

/** A doctor's queue of the day: the desk's, and that doctor's own account's. */
export const worksQueue = (caller: Role | null, doctorId: string): boolean =>
  worksDesk(caller) || isAppointmentDoctor(caller, { doctorId: doctorId.toLowerCase() });

/** A doctor's account acting for the appointment's doctor. */
export const isAppointmentDoctor = (caller: Role | null, appointment: { doctorId: string }): boolean =>
  caller?.role === 'doctor' && caller.doctorId !== null && caller.doctorId === appointment.doctorId;

/** The clinic's side of an appointment: its doctor or an admin. */
export const seesAsClinic = (caller: Role | null, appointment: { doctorId: string }): boolean =>
  isAdmin(caller) || isAppointmentDoctor(caller, appointment);

/**
 * Who reads a prescription's clinical content (an appointment's `medicines`) on the clinic's side:
 * its doctor or an admin. Reception sees the appointment, never what was prescribed.
 */
export const readsClinicalContent = seesAsClinic;

/** Staff who complete a consultation, write its prescription or order, or mark it not attended: its doctor or an admin (never reception). */
export const actsOnConsultation = seesAsClinic;

/** The caller's part in the appointment, patient first; null for a stranger. */
export function appointmentPart(caller: (Account & Role) | null, appointment: Appointment): Part | null {
  if (owns(caller, appointment)) return 'patient';
  if (isAppointmentDoctor(caller, appointment)) return 'doctor';
  if (isAdmin(caller)) return 'admin';
  return null;
}

/** A part on the clinic's side (its doctor, an admin): what the clinic notes and reads of its own working. */
export const isClinicPart = (part: Part): boolean => part !== 'patient';

/** Its patient, its doctor, an admin. */
export const canSeeAppointment = (caller: (Account & Role) | null, appointment: Appointment): boolean =>
  appointmentPart(caller, appointment) !== null;

/** Only a Chat appointment has a chat. */
export const hasChat = (appointment: { consultationType: ConsultationType }): boolean => appointment.consultationType === 'Chat';

/** A chat takes messages while it is open and in its follow-up, and nothing else brings one. */
export const chatTakesMessages = (state: ChatState): state is 'open' | 'followup' => state === 'open' || state === 'followup';

/** The consultation's parties, its patient and its doctor, speak in it (join the call, write in the chat); an admin reads for audit only. */
export const isParty = (part: Part): part is 'patient' | 'doctor' => part !== 'admin';

/** A party to the chat while it takes messages. */
export const canWriteChat = (part: Part, state: ChatState): boolean => isParty(part) && chatTakesMessages(state);

/** The doctor a staff list may be narrowed to: an admin any or none; a doctor none named or their own (ids in any case). */
export const mayListDoctor = (caller: Role, asked: string | undefined): boolean =>
  caller.role !== 'doctor' || asked === undefined || asked.toLowerCase() === caller.doctorId;

/** The doctor a staff list shows: a doctor's own, whatever was asked; for an admin the one asked, or every doctor (null). */
export const listedDoctor = (caller: Role, asked: string | undefined): string | null =>
  caller.role === 'doctor' ? caller.doctorId : (asked ?? null);

/** The record when it is the caller's; 404 with `notFound` for none and for somebody else's alike. */
function ownedOr404<T extends Owned>(caller: Account | null, record: T | null, notFound: string): T {
  if (!record || !owns(caller, record)) throw new NotFoundError(notFound);
  return record;
}

export const assertOwnsAppointment: <T extends Owned>(caller: Account | null, appointment: T | null, notFound: string) => T = ownedOr404;
export const assertOwnsOrder: <T extends Owned>(caller: Account | null, order: T | null, notFound: string) => T = ownedOr404;
export const assertOwnsPayment: <T extends Owned>(caller: Account | null, payment: T | null, notFound: string) => T = ownedOr404;

/** The caller's family member while kept: an archived one is as none (it can no longer be booked for or edited). */
export function assertOwnsFamilyMember<T extends Owned & { archived: boolean }>(caller: Account | null, member: T | null, notFound: string): T {
  return ownedOr404(caller, member && !member.archived ? member : null, notFound);
}

/** The caller's waitlist entry while live (waiting, its days not over): one that is over is as none. */
export function assertOwnsWaitlistEntry<T extends Owned & { live: boolean }>(caller: Account | null, entry: T | null, notFound: string): T {
  return ownedOr404(caller, entry && entry.live ? entry : null, notFound);
}

/**
 * The appointment and the caller's part in it when they may see it (`applies`: the feature is the
 * appointment's, as a chat is a Chat's); 404 with `notFound` for none, a stranger, and an
 * appointment the feature does not apply to alike.
 */
export function assertSeesAppointment<T extends Appointment>(
  caller: (Account & Role) | null,
  appointment: T | null,
  notFound: string,
  applies: (appointment: T) => boolean = () => true,
): { appointment: T; part: Part } {
  const part = appointment && applies(appointment) ? appointmentPart(caller, appointment) : null;
  if (!appointment || part === null) throw new NotFoundError(notFound);
  return { appointment, part };
}

/**
 * The appointment the staff member may act on in the console: 404 (`notFound`) for none, 403
 * (`notYours`) for another doctor's, 403 (`notReception`) for reception, which reads appointments
 * (`reading`) but completes none; the console's guard refused patients before.
 */
export function assertActsOnAppointment<T extends { doctorId: string }>(
  caller: Role,
  appointment: T | null,
  messages: { notFound: string; notYours: string; notReception: string },
  reading = false,
): T {
  if (!appointment) throw new NotFoundError(messages.notFound);
  if (reading && isReception(caller)) return appointment;
  if (isReception(caller)) throw new ForbiddenError(messages.notReception);
  if (!actsOnConsultation(caller, appointment)) throw new ForbiddenError(messages.notYours);
  return appointment;
}

/** 403 with `message` unless the caller is an admin. */
export function assertAdminRole(caller: Pick<Caller, 'role'>, message: string): void {
  if (!isAdmin(caller)) throw new ForbiddenError(message);
}
