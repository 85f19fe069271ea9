/**
 * The waitlist's codecs: a patient waits for a doctor, a consultation type, optionally a clinic,
 * and a range of days; a freed slot that fits is offered to them as an unpaid hold (an ordinary
 * appointment on their list: they pay to take it, or decline it). The endpoints, who may call them
 * and their refusals: contract/endpoints/waitlist.ts; the rules: docs/waitlist.md.
 */
import * as t from 'io-ts';
import { locationOrOnline } from './appointments.js';
import { ClinicDate, ClinicTime, ConsultationType, Email, Id, nonEmptyLine } from './primitives.js';

/** The longest range one entry waits over, both ends included (the schema's check says 30 days apart). */
export const waitlistMaxDays = 31;

/**
 * POST /waitlist. `location`: a clinic's name for a Clinic Visit there, '' for any of the doctor's
 * clinics (Clinic Visit) or for the doctor's online hours (Chat, Video, Call, which are never at a
 * clinic). The days: from today (clinic time) to the booking horizon, at most `waitlistMaxDays`.
 * The offer is booked in the account holder's name, with the account's phone, age and gender.
 */
export const WaitlistJoinRequest = t.intersection(
  [
    t.type({
      doctorEmail: Email,
      location: locationOrOnline,
      consultationType: ConsultationType,
      fromDate: ClinicDate,
      toDate: ClinicDate,
    }),
    /** Chat, Video and Call: the teleconsultation consent's words the patient ticked (as a booking carries them); required for those. */
    t.partial({ consentText: nonEmptyLine(2000) }),
  ],
  'WaitlistJoinRequest',
);
export type WaitlistJoinRequest = t.TypeOf<typeof WaitlistJoinRequest>;

/** The slot offered to an entry: the hold made in the patient's name, live until `expiresAt`. */
export const WaitlistOffer = t.type(
  {
    /** The appointment's `_id`: it is on the patient's list, unpaid, until it is paid or lapses. */
    appointmentId: t.string,
    /** Its SHC-... number. */
    appointmentNumber: t.string,
    date: ClinicDate,
    startTime: ClinicTime,
    /** The clinic's name; '' for the online hours. */
    location: t.string,
    /** ISO instant: when the hold lapses and the slot goes to the next patient waiting. */
    expiresAt: t.string,
  },
  'WaitlistOffer',
);
export type WaitlistOffer = t.TypeOf<typeof WaitlistOffer>;

/** One entry of the patient's waitlist, as they see it. */
export const WaitlistEntry = t.type(
  {
    _id: t.string,
    doctorEmail: t.string,
    doctorName: t.string,
    /** '' for any clinic (Clinic Visit) or online (Chat, Video, Call). */
    location: t.string,
    consultationType: ConsultationType,
    fromDate: ClinicDate,
    toDate: ClinicDate,
    /** ISO instant of joining: the order of the list. */
    joinedAt: t.string,
    /** waiting: no slot yet; offered: a slot is held for them now (`offer`). */
    status: t.keyof({ waiting: null, offered: null }),
    offer: t.union([WaitlistOffer, t.null]),
  },
  'WaitlistEntry',
);
export type WaitlistEntry = t.TypeOf<typeof WaitlistEntry>;

/** GET /waitlist: the caller's live entries, oldest first, and the range they may ask for. */
export const WaitlistList = t.type(
  {
    entries: t.array(WaitlistEntry),
    /** The longest range of one entry, in days. */
    maxDays: t.number,
    /** The last day an entry may reach (the booking horizon, clinic time). */
    lastDate: ClinicDate,
  },
  'WaitlistList',
);
export type WaitlistList = t.TypeOf<typeof WaitlistList>;

export const WaitlistEntryParams = t.type({ id: Id }, 'WaitlistEntryParams');
export type WaitlistEntryParams = t.TypeOf<typeof WaitlistEntryParams>;
