/**
 * The consultation itself: how a Video or Call appointment happens.
 *
 * Who may ask: the appointment's patient (the account that booked it), its doctor (a doctor
 * account whose doctor it is) and admins, for audit. Anybody else gets 404, as for an appointment
 * that does not exist, so ids cannot be probed.
 *
 * The join window (JOIN_OPENS_MINUTES_BEFORE, JOIN_CLOSES_MINUTES_AFTER; server/consultation/config.ts):
 * from that many minutes before the start until that many after the slot ends, by the services'
 * clock. Never for a cancelled, unpaid, completed or missed (did not attend) appointment.
 *
 * Video, with VIDEO_PROVIDER=portal (the default): the call runs in the page (services/video.ts);
 * the answer says so (`portalVideo`) and carries no link. With VIDEO_PROVIDER=jitsi: a Jitsi Meet room per appointment (consultation_rooms), named with 128 bits from the
 * CSPRNG the first time its patient or doctor asks inside the window. With JITSI_APP_ID/SECRET
 * the link carries a JWT (HS256, the claims of Jitsi's token authentication: aud 'jitsi', iss the
 * app id, sub the server's host, room, context.user, moderator) valid from the window's opening
 * to its close; the doctor moderates, the patient does not. Admins see the record, never a link:
 * an audit needs what happened, not a seat in the consultation.
 *
 * Call: the doctor calls the person consulted on the number given at booking; "no answer" is
 * noted (consultation_events and the audit log) so the clinic can follow up.
 */
import { randomBytes } from 'node:crypto';
import type { Consultation, ConsultationState, UnavailableReason } from '../../contract/consultation.js';
import type { ClinicDate, ClinicTime } from '../../contract/primitives.js';
import type { User } from '../../contract/auth.js';
import { loadCaller } from '../access/caller.js';
import { assertSeesAppointment, isClinicPart, isParty, isTeleconsultation } from '../access/rules.js';
import type { Database } from '../db/database.js';
import { type ConsultationConfig, defaultConsultationConfig } from '../consultation/config.js';
import {
  type ConsultationFacts,
  type EventRole,
  ensureRoom,
  findConsultationFacts,
  insertConsultationEvent,
  listConsultationEvents,
} from '../repositories/consultations.js';
import { insertAudit } from '../repositories/staff.js';
import { seesClinicWorking } from '../records/patientView.js';
import { ConflictError, NotFoundError } from './errors.js';
import { defineMessages } from './messageCodes.js';
import { isExpected } from './booking/status.js';
import { clinicInstant } from '../../contract/clinicTime.js';
import type { Staff } from './staff.js';

export const consultationMessages = defineMessages('consultation', {
  notFound: 'Appointment not found.',
  notACall: 'This is not a Call consultation.',
  callNotOpen: 'The call can be noted from the time it opens.',
  unavailable: 'This consultation was cancelled, is unpaid or is completed.',
} as const);

const minuteMs = 60_000;
/** Adults present for the person consulted below this age (the guidelines' minor). */
export const adultAge = 18;

/** 128 bits from the CSPRNG, 32 lower-case hex digits (Jitsi folds room names to lower case). */
export const newRoomName = (): string => randomBytes(16).toString('hex');

/** When an appointment's chat, video or call opens: `minutesBefore` (JOIN_OPENS_MINUTES_BEFORE) before its start. */
export const joinOpensAt = (date: string, startTime: string, minutesBefore: number): Date =>
  new Date(clinicInstant(date, startTime).getTime() - minutesBefore * minuteMs);

export function joinWindow(facts: Pick<ConsultationFacts, 'date' | 'startTime' | 'slotMinutes'>, config: ConsultationConfig) {
  const start = clinicInstant(facts.date, facts.startTime).getTime();
  return {
    opensAt: joinOpensAt(facts.date, facts.startTime, config.joinOpensMinutesBefore),
    closesAt: new Date(start + (facts.slotMinutes + config.joinClosesMinutesAfter) * minuteMs),
  };
}

export function stateAt(
  facts: Pick<ConsultationFacts, 'status' | 'paymentStatus' | 'date' | 'startTime' | 'slotMinutes'>,
  config: ConsultationConfig,
  now: Date,
): { state: ConsultationState; reason: UnavailableReason | null } {
  if (facts.status === 'Cancelled') return { state: 'unavailable', reason: 'cancelled' };
  if (!isExpected(facts.paymentStatus)) return { state: 'unavailable', reason: 'unpaid' };
  if (facts.status === 'Completed') return { state: 'unavailable', reason: 'completed' };
  // The doctor noted that the patient did not attend: the consultation is over, link and all.
  if (facts.status === 'Missed') return { state: 'unavailable', reason: 'missed' };
  const { opensAt, closesAt } = joinWindow(facts, config);
  if (now < opensAt) return { state: 'upcoming', reason: null };
  if (now >= closesAt) return { state: 'closed', reason: null };
  return { state: 'open', reason: null };
}

/** The Jitsi token of one person for one room (Jitsi's token authentication, shared secret). */
export async function jitsiToken(
  config: ConsultationConfig,
  room: string,
  who: { id: string; name: string; email: string | null; moderator: boolean },
  window: { opensAt: Date; closesAt: Date },
): Promise<string | null> {
  if (!config.jitsiJwt) return null;
  const host = new URL(config.jitsiUrl).host;
  // Loaded for the first token, not with the server (a restart's first answer needs none).
  const { SignJWT } = await import('jose');
  return new SignJWT({
    room,
    // Jitsi reads context.user's values as strings (a boolean there makes lib-jitsi-meet throw).
    context: { user: { id: who.id, name: who.name, email: who.email ?? '', moderator: who.moderator ? 'true' : 'false', affiliation: who.moderator ? 'owner' : 'member' } },
    moderator: who.moderator,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience('jitsi')
    .setIssuer(config.jitsiJwt.appId)
    .setSubject(host)
    .setIssuedAt()
    .setNotBefore(Math.floor(window.opensAt.getTime() / 1000))
    .setExpirationTime(Math.floor(window.closesAt.getTime() / 1000))
    .sign(new TextEncoder().encode(config.jitsiJwt.appSecret));
}


/**
 * The appointment and the caller's part in it: its patient, its doctor, or an admin (who may read
 * for audit), patient first (server/access/rules.ts appointmentPart). 404 with `notFound` for anybody else, for an unknown id, and for an appointment the
 * feature does not apply to (`applies`), so a stranger cannot tell which one exists.
 */
export async function consultationPartOf(
  db: Database,
  user: User,
  id: string,
  applies: (facts: ConsultationFacts) => boolean,
  notFound: string,
): Promise<{ facts: ConsultationFacts; as: EventRole }> {
  const facts = await findConsultationFacts(db, id);
  const { appointment, part } = assertSeesAppointment(await loadCaller(db, user), facts, notFound, applies);
  return { facts: appointment, as: part };
}

/** What the consultation functions work with. */
interface ConsultationContext {
  db: Database;
  now: () => Date;
  config: ConsultationConfig;
}

/** An online appointment (not a Clinic Visit) and the caller's part in it. */
const onlinePartOf = ({ db }: ConsultationContext, user: User, id: string) =>
  consultationPartOf(db, user, id, (facts) => isTeleconsultation(facts.consultationType), consultationMessages.notFound);

/** The consultation as the caller sees it; inside the window a Video's patient or doctor gets a join link (its room made at the first ask). */
async function describeConsultation(
  { db, now, config }: ConsultationContext,
  user: User,
  facts: ConsultationFacts,
  as: EventRole,
): Promise<Consultation> {
  const at = now();
  const { state, reason } = stateAt(facts, config, at);
  const window = joinWindow(facts, config);
  const fm = facts.familyMember;
  // A closed account's appointment (staff alone read it): the fact, not the closing's placeholders.
  const person = facts.holderDeleted
    ? { firstName: '', lastName: '', age: facts.age, gender: facts.gender, relation: '', phoneNumber: '', adultPresent: null }
    : fm
    ? {
        firstName: fm.firstName,
        lastName: fm.lastName,
        age: fm.age,
        gender: fm.gender,
        relation: fm.relation,
        phoneNumber: facts.phoneNumber,
        adultPresent: fm.age < adultAge ? { firstName: facts.holderFirstName, lastName: facts.holderLastName } : null,
      }
    : {
        firstName: facts.firstName,
        lastName: facts.lastName,
        age: facts.age,
        gender: facts.gender,
        relation: '',
        phoneNumber: facts.phoneNumber,
        adultPresent: null,
      };
  let joinUrl: string | null = null;
  // The portal's own video: the page holds the call (services/video.ts); no link to hand out.
  const portalVideo = state === 'open' && facts.consultationType === 'Video' && isParty(as) && config.videoProvider === 'portal';
  if (state === 'open' && facts.consultationType === 'Video' && isParty(as) && !portalVideo) {
    const room = await ensureRoom(db, facts.id, newRoomName(), at);
    const doctor = as === 'doctor';
    const name = doctor ? facts.doctorName : `${person.firstName} ${person.lastName}`.trim();
    const token = await jitsiToken(config, room, { id: user._id, name, email: user.email, moderator: doctor }, window);
    joinUrl = `${config.jitsiUrl}/${room}${token ? `?jwt=${encodeURIComponent(token)}` : ''}`;
    await insertConsultationEvent(db, { appointmentId: facts.id, kind: 'video.link', actorUserId: user._id, actorRole: as }, at);
  }
  const staff = isClinicPart(as);
  // The events (a call's "no answer" note...) are the clinic's working: not for the patient,
  // in this view as in the data export (records/patientView.ts).
  const events = seesClinicWorking(as) ? await listConsultationEvents(db, facts.id) : [];
  return {
    appointmentId: facts.id,
    consultationType: facts.consultationType,
    as,
    state,
    reason,
    date: facts.date as ClinicDate,
    startTime: facts.startTime as ClinicTime,
    opensAt: window.opensAt.toISOString(),
    closesAt: window.closesAt.toISOString(),
    doctorName: facts.doctorName,
    registration: { council: facts.registrationCouncil, number: facts.registrationNumber },
    joinUrl,
    person,
    consent: staff && facts.consent ? { text: facts.consent.text, at: facts.consent.at.toISOString() } : null,
    events: events.map((e) => ({ kind: e.kind, at: e.at.toISOString(), role: e.role, note: e.note })),
    ...(facts.holderDeleted ? { formerPatient: true as const } : {}),
    ...(portalVideo ? { portalVideo: true as const } : {}),
  };
}

/** The doctor (or an admin) notes a Call nobody answered: an event and its audit row, in one transaction. */
async function noteCallNoAnswer(ctx: ConsultationContext, staff: Staff, id: string, note: string): Promise<Consultation> {
  const { db, now, config } = ctx;
  const { facts, as } = await onlinePartOf(ctx, staff.user, id);
  if (!isClinicPart(as)) throw new NotFoundError(consultationMessages.notFound);
  if (facts.consultationType !== 'Call') throw new ConflictError(consultationMessages.notACall);
  const at = now();
  const { state } = stateAt(facts, config, at);
  if (state === 'unavailable') throw new ConflictError(consultationMessages.unavailable);
  if (state === 'upcoming') throw new ConflictError(consultationMessages.callNotOpen);
  await db.transaction(async (tx) => {
    await insertConsultationEvent(tx, { appointmentId: facts.id, kind: 'call.noanswer', actorUserId: staff.user._id, actorRole: as, note }, at);
    await insertAudit(
      tx,
      {
        actorUserId: staff.user._id,
        actor: staff.user.email,
        actorRole: staff.role,
        action: 'call.noanswer',
        appointmentId: facts.id,
        details: { note },
      },
      at,
    );
  });
  return describeConsultation(ctx, staff.user, facts, as);
}

export function createConsultationService({
  db,
  now,
  config = defaultConsultationConfig,
}: {
  db: Database;
  now: () => Date;
  config?: ConsultationConfig;
}) {
  const ctx: ConsultationContext = { db, now, config };
  return {
    /** GET /appointment/{id}/consultation. */
    async get(user: User, id: string): Promise<Consultation> {
      const { facts, as } = await onlinePartOf(ctx, user, id);
      return describeConsultation(ctx, user, facts, as);
    },

    /** POST /staff/appointments/{id}/call/noanswer: the doctor (or an admin) notes a call nobody answered. */
    noteNoAnswer: (staff: Staff, id: string, note: string): Promise<Consultation> => noteCallNoAnswer(ctx, staff, id, note),
  };
}
export type ConsultationService = ReturnType<typeof createConsultationService>;
