/**
 * The consultation itself: how a Video or Call consultation happens, for the
 * appointment's patient, its doctor, and admins (for audit). server/routes/consultations.ts.
 *
 *   GET  /appointment/{id}/consultation            -> Consultation
 *   POST /staff/appointments/{id}/call/noanswer    CallNoAnswerRequest -> Consultation
 *
 * 401 without a live token; 404 for anybody else's appointment, as for one that does not exist.
 */
import * as t from 'io-ts';
import { ClinicDate, ClinicTime, ConsultationType, Gender, line } from './primitives.js';

/**
 * Where the consultation stands at the server's clock:
 * - unavailable: cancelled, unpaid, completed or missed (`reason`): no link, no call;
 * - upcoming: before `opensAt` (the card says when it opens);
 * - open: from `opensAt` until `closesAt`: the join link, the tel: link;
 * - closed: after `closesAt`.
 */
export const ConsultationState = t.keyof({ unavailable: null, upcoming: null, open: null, closed: null }, 'ConsultationState');
export type ConsultationState = t.TypeOf<typeof ConsultationState>;

/** Why there is no consultation: cancelled, unpaid, completed, or missed (the doctor noted that the patient did not attend). */
export const UnavailableReason = t.keyof({ cancelled: null, unpaid: null, completed: null, missed: null }, 'UnavailableReason');
export type UnavailableReason = t.TypeOf<typeof UnavailableReason>;

/** The person consulted: a family member when the booking names one, else the account holder's details on the appointment. */
export const ConsultedPerson = t.type(
  {
    firstName: t.string,
    lastName: t.string,
    age: t.number,
    gender: Gender,
    /** The relation to the account holder ('' for the account holder). */
    relation: t.string,
    /** The person the doctor calls (the phone given at booking). */
    phoneNumber: t.string,
    /** For a minor (under 18): the account holder, the adult present. */
    adultPresent: t.union([t.type({ firstName: t.string, lastName: t.string }), t.null]),
  },
  'ConsultedPerson',
);
export type ConsultedPerson = t.TypeOf<typeof ConsultedPerson>;

export const ConsultationEvent = t.type(
  { kind: t.keyof({ 'video.link': null, 'call.noanswer': null, 'video.admitted': null, 'video.switched': null }), at: t.string, role: t.string, note: t.string },
  'ConsultationEvent',
);
export type ConsultationEvent = t.TypeOf<typeof ConsultationEvent>;

const ConsultationFields = t.type(
  {
    appointmentId: t.string,
    consultationType: ConsultationType,
    /** Who asks: what they may see and do. */
    as: t.keyof({ patient: null, doctor: null, admin: null }),
    state: ConsultationState,
    reason: t.union([UnavailableReason, t.null]),
    date: ClinicDate,
    startTime: ClinicTime,
    /** ISO instants of the join window. */
    opensAt: t.string,
    closesAt: t.string,
    doctorName: t.string,
    registration: t.type({ council: t.string, number: t.string }),
    /** Video, while open: the meeting's address (with its token on a server with token authentication). */
    joinUrl: t.union([t.string, t.null]),
    person: ConsultedPerson,
    /** The teleconsultation consent recorded at booking; null when none was recorded. Staff only (null for the patient). */
    consent: t.union([t.type({ text: t.string, at: t.string }), t.null]),
    /** The consultation record (staff only; empty for the patient). */
    events: t.array(ConsultationEvent),
  },
  'ConsultationFields',
);
/**
 * `formerPatient` (staff only, present only then): the account that booked it was closed; the
 * person's names and phone are '' rather than the closing's placeholders.
 */
export const Consultation = t.intersection(
  [
    ConsultationFields,
    // `portalVideo` (a Video while open, for its patient and doctor, with VIDEO_PROVIDER=portal):
    // the call happens in the page itself (contract/video.ts); `joinUrl` is null then.
    t.partial({ formerPatient: t.literal(true), portalVideo: t.literal(true) }),
  ],
  'Consultation',
);
export type Consultation = t.TypeOf<typeof Consultation>;

/** POST /staff/appointments/{id}/call/noanswer: a short note for the clinic's follow-up ('' for none). */
export const CallNoAnswerRequest = t.type({ note: line(500) }, 'CallNoAnswerRequest');
export type CallNoAnswerRequest = t.TypeOf<typeof CallNoAnswerRequest>;
