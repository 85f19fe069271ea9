/**
 * The front desk's codecs: patients the desk registers and finds, bookings and walk-ins made at
 * the desk, fees taken at the counter, and each doctor's queue of the day. The endpoints, who may
 * call them and their refusals are in contract/endpoints/desk.ts; the rules in docs/desk.md.
 */
import * as t from 'io-ts';
import { AppointmentRecord } from './appointments.js';
import { FamilyMember } from './people.js';
import {
  ClinicDate,
  ClinicTime,
  ConsultationType,
  Email,
  Gender,
  Id,
  intBetween,
  line,
  nonEmptyLine,
  PhoneNumber,
} from './primitives.js';

/** POST /desk/patients: a patient without an account, as the booking form asks; email optional. */
export const DeskPatientRequest = t.intersection(
  [
    t.type({
      firstName: nonEmptyLine(200),
      lastName: nonEmptyLine(200),
      phoneNumber: PhoneNumber,
      age: intBetween(1, 120),
      gender: Gender,
    }),
    t.partial({ email: t.union([Email, t.literal('')]) }),
  ],
  'DeskPatientRequest',
);
export type DeskPatientRequest = t.TypeOf<typeof DeskPatientRequest>;

/** A patient as the desk sees them: an account's holder or a patient the desk registered. */
export const DeskPatient = t.type(
  {
    _id: t.string,
    firstName: t.string,
    lastName: t.string,
    phoneNumber: t.string,
    /** '' when the desk registered them without one. */
    email: t.string,
    age: t.union([t.number, t.null]),
    gender: t.union([Gender, t.null]),
    /** 'desk': registered at the desk, no account yet; 'account': signs in to the portal. */
    kind: t.keyof({ desk: null, account: null }),
    /** Appointments recorded as missed (no-show), ever. */
    noShows: t.number,
  },
  'DeskPatient',
);
export type DeskPatient = t.TypeOf<typeof DeskPatient>;

export const DeskPatientAnswer = t.type({ patient: DeskPatient }, 'DeskPatientAnswer');

/** GET /desk/patients?q=: a name (or its start), a phone (or its last digits), an appointment id or a token ("T12"). */
export const DeskSearchQuery = t.type({ q: nonEmptyLine(100) }, 'DeskSearchQuery');
export type DeskSearchQuery = t.TypeOf<typeof DeskSearchQuery>;

/** The most patients one search answers; a longer list asks for a longer query. */
export const deskSearchLimit = 20;

export const DeskSearchHit = t.type(
  {
    patient: DeskPatient,
    /** Their next appointments (today first), at most 3. */
    upcoming: t.array(AppointmentRecord),
    /** An account's family members the desk may book for (none for a patient without an account). */
    family: t.array(FamilyMember),
  },
  'DeskSearchHit',
);
export const DeskSearchAnswer = t.type({ hits: t.array(DeskSearchHit), more: t.boolean }, 'DeskSearchAnswer');
export type DeskSearchAnswer = t.TypeOf<typeof DeskSearchAnswer>;

export const DeskPatientParams = t.type({ id: Id }, 'DeskPatientParams');

/** GET /desk/patients/{id}: the patient and every visit, newest first. */
export const DeskPatientDetail = t.type(
  {
    patient: DeskPatient,
    /** An account's family members the desk may book for (none for a patient without an account). */
    family: t.array(FamilyMember),
    upcoming: t.array(AppointmentRecord),
    past: t.array(AppointmentRecord),
  },
  'DeskPatientDetail',
);
export type DeskPatientDetail = t.TypeOf<typeof DeskPatientDetail>;

/** How a fee is taken at the counter; the reference is what the terminal or UPI app shows (blank for cash). */
export const CounterMethod = t.keyof({ cash: null, upi: null, card: null }, 'CounterMethod');
export type CounterMethod = t.TypeOf<typeof CounterMethod>;

export const CounterPaymentRequest = t.type(
  { method: CounterMethod, reference: line(100) },
  'CounterPaymentRequest',
);
export type CounterPaymentRequest = t.TypeOf<typeof CounterPaymentRequest>;

/** A desk booking's fee: taken now at the counter, or left to pay at the end of the visit. */
export const DeskFee = t.union(
  [t.type({ pay: t.literal('now'), method: CounterMethod, reference: line(100) }), t.type({ pay: t.literal('later') })],
  'DeskFee',
);
export type DeskFee = t.TypeOf<typeof DeskFee>;

/**
 * POST /desk/bookings: a slot booked by the desk (a phone call, the counter) under the online
 * booking's rules (free slot, horizon, leave, no double booking). A patient without an account
 * can have a Clinic Visit or a Call (the doctor rings the phone); Chat and Video need the portal.
 */
export const DeskBookingRequest = t.intersection(
  [
    t.type({
      patientId: Id,
      doctorId: Id,
      /** A Clinic Visit names its clinic; '' for a Call from the doctor's online hours. */
      locationId: t.union([Id, t.literal('')]),
      date: ClinicDate,
      startTime: ClinicTime,
      consultationType: ConsultationType,
      fee: DeskFee,
    }),
    /** The person consulted when it is one of the account's family members (GET /desk/patients/{id} lists them). */
    t.partial({ familyMemberId: Id }),
  ],
  'DeskBookingRequest',
);
export type DeskBookingRequest = t.TypeOf<typeof DeskBookingRequest>;

/** POST /desk/walkins: today's queue of a doctor at a location, without a slot; checked in at once. */
export const WalkInRequest = t.intersection(
  [t.type({ patientId: Id, doctorId: Id, locationId: Id, fee: DeskFee }), t.partial({ familyMemberId: Id })],
  'WalkInRequest',
);
export type WalkInRequest = t.TypeOf<typeof WalkInRequest>;

export const DeskAppointmentParams = t.type({ id: Id }, 'DeskAppointmentParams');

export const QueueStatus = t.keyof({ waiting: null, called: null, done: null, noshow: null }, 'QueueStatus');
export type QueueStatus = t.TypeOf<typeof QueueStatus>;

/** One person in a doctor's queue, as the desk and the doctor see it. */
export const QueueEntry = t.type(
  {
    _id: t.string,
    /** "T7": what the patient is called by on the display. */
    token: t.string,
    status: QueueStatus,
    kind: t.keyof({ booked: null, walkin: null }),
    /** The slot's time for a booked patient, the arrival for a walk-in (clinic time). */
    dueTime: ClinicTime,
    room: t.string,
    checkedInAt: t.string,
    calledAt: t.union([t.string, t.null]),
    /** Place in the line among those waiting (1: next); null once called or finished. */
    place: t.union([t.number, t.null]),
    appointment: AppointmentRecord,
  },
  'QueueEntry',
);
export type QueueEntry = t.TypeOf<typeof QueueEntry>;

export const QueueQuery = t.intersection(
  [t.type({ doctorId: Id }), t.partial({ locationId: Id, date: ClinicDate })],
  'QueueQuery',
);
export type QueueQuery = t.TypeOf<typeof QueueQuery>;

/** GET /desk/queue/stream?doctorId=: the doctor's queue of today, live. */
export const QueueStreamQuery = t.type({ doctorId: Id }, 'QueueStreamQuery');

/** A doctor's queue of one day: the line in order (waiting, by the queue rule), then who is called, then who is finished. */
export const QueueAnswer = t.type(
  {
    doctorId: t.string,
    date: ClinicDate,
    entries: t.array(QueueEntry),
    /** The average minutes per patient the estimate uses (the doctor's slot length). */
    minutesPerPatient: t.number,
  },
  'QueueAnswer',
);
export type QueueAnswer = t.TypeOf<typeof QueueAnswer>;

export const CheckInAnswer = t.type({ entry: QueueEntry }, 'CheckInAnswer');

/** POST /desk/queue/call-next: the first in the doctor's line to `room`; 409 when one is already called or nobody waits. */
export const CallNextRequest = t.type({ doctorId: Id, room: line(40) }, 'CallNextRequest');
export type CallNextRequest = t.TypeOf<typeof CallNextRequest>;

export const QueueEntryParams = t.type({ id: Id }, 'QueueEntryParams');

/** The queue's moves on one entry: done (seen), noshow (did not come), back (to the line, keeping its place). */
export const QueueMove = t.keyof({ done: null, noshow: null, back: null }, 'QueueMove');
export type QueueMove = t.TypeOf<typeof QueueMove>;
export const QueueMoveParams = t.type({ id: Id, move: QueueMove }, 'QueueMoveParams');

/** GET /desk/day?date=&doctorId=&locationId=: the day list (the print view and the CSV read it). */
export const DayListQuery = t.intersection(
  [t.type({ date: ClinicDate }), t.partial({ doctorId: Id, locationId: Id })],
  'DayListQuery',
);
export type DayListQuery = t.TypeOf<typeof DayListQuery>;

/** A slot out to a waiting patient now: the hold made in their name, and when it lapses. */
export const DeskWaitlistOffer = t.type(
  {
    /** The hold's SHC-... number. */
    appointmentNumber: t.string,
    date: ClinicDate,
    startTime: ClinicTime,
    /** ISO instant: the hold lapses then and the slot goes to the next patient waiting. */
    expiresAt: t.string,
  },
  'DeskWaitlistOffer',
);
export type DeskWaitlistOffer = t.TypeOf<typeof DeskWaitlistOffer>;

/** One live waitlist entry as the desk reads it: who waits, for which doctor, type, clinic and days, and the slot out to them. */
export const DeskWaitlistEntry = t.type(
  {
    _id: t.string,
    patientName: t.string,
    phoneNumber: t.union([t.string, t.null]),
    /** 'desk': registered at the desk, no account (an offer reaches them by text or by the desk's call, docs/waitlist.md); 'account': the portal's. */
    patientKind: t.keyof({ desk: null, account: null }),
    doctorId: t.string,
    doctorName: t.string,
    consultationType: ConsultationType,
    /** The clinic's name; '' for any of the doctor's clinics (Clinic Visit) or online (Chat, Video, Call). */
    location: t.string,
    fromDate: ClinicDate,
    toDate: ClinicDate,
    /** ISO instant of joining: a doctor's entries are offered slots in this order. */
    joinedAt: t.string,
    offer: t.union([DeskWaitlistOffer, t.null]),
  },
  'DeskWaitlistEntry',
);
export type DeskWaitlistEntry = t.TypeOf<typeof DeskWaitlistEntry>;

/** The most entries GET /desk/waitlist lists (`more` says there are others). */
export const deskWaitlistLimit = 500;

/** GET /desk/waitlist: the live entries by doctor (the clinic's order), each doctor's in the order they are offered slots. */
export const DeskWaitlist = t.type({ entries: t.array(DeskWaitlistEntry), more: t.boolean }, 'DeskWaitlist');
export type DeskWaitlist = t.TypeOf<typeof DeskWaitlist>;

/**
 * POST /desk/waitlist: a patient (found by the desk's search) put on the waitlist, with the rules of
 * the patient's own join (docs/waitlist.md): `locationId` a clinic of the doctor's for a Clinic
 * Visit there, '' for any of their clinics (Clinic Visit) or the online hours (Chat, Video, Call;
 * a patient without an account: Clinic Visit or Call only), the days from today to the booking
 * horizon, at most waitlistMaxDays.
 */
export const DeskWaitlistRequest = t.type(
  {
    patientId: Id,
    doctorId: Id,
    locationId: t.union([Id, t.literal('')]),
    consultationType: ConsultationType,
    fromDate: ClinicDate,
    toDate: ClinicDate,
  },
  'DeskWaitlistRequest',
);
export type DeskWaitlistRequest = t.TypeOf<typeof DeskWaitlistRequest>;

export const DeskWaitlistParams = t.type({ id: Id }, 'DeskWaitlistParams');
export type DeskWaitlistParams = t.TypeOf<typeof DeskWaitlistParams>;
