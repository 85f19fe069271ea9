/**
 * The follow-up a doctor asks for on a completed consultation's prescription (`followUp`, kind
 * 'after'; contract/appointments.ts FollowUp), as its patient sees and books it: the due date
 * (the completion's clinic date + every x unit), the soonest free slots with the same doctor
 * around it, and the whole series for a course (times > 1), each occurrence at its proposed
 * time, checked against the doctor's hours, leave and other bookings. Endpoints and refusals:
 * contract/endpoints/followUps.ts; the rules: docs/follow-ups.md.
 */
import * as t from 'io-ts';
import { ClinicDate, ClinicTime, ConsultationType, Id, nonEmptyLine } from './primitives.js';

/** Days before and after an occurrence's wanted date in which another time is looked for. */
export const followUpWindow = { before: 2, after: 7 } as const;

export const FollowUpParams = t.type({ id: Id }, 'FollowUpParams');

/** A slot: a clinic date and time (Asia/Kolkata). */
export const FollowUpSlot = t.type({ date: ClinicDate, startTime: ClinicTime }, 'FollowUpSlot');
export type FollowUpSlot = t.TypeOf<typeof FollowUpSlot>;

/**
 * Why the wanted time of an occurrence cannot be had: `booked` (somebody holds the slot, or an
 * earlier occurrence of this series takes it), `leave` (the doctor is on leave that day),
 * `hours` (not one of the doctor's slots that day), `past` (begun or over), `horizon` (beyond
 * the booking horizon).
 */
export const FollowUpClash = t.keyof({ booked: null, leave: null, hours: null, past: null, horizon: null }, 'FollowUpClash');
export type FollowUpClash = t.TypeOf<typeof FollowUpClash>;

/**
 * One occurrence of the series (1-based `index`). Before booking: `wanted` is the time the
 * rhythm gives (the due date + (index-1) x every x unit, at the first visit's time); `clash` is
 * null when it is free, otherwise why not, and `proposed` is then the nearest free slot in the
 * window (null: none; Book all is refused until the patient picks one). Once booked: `booked`
 * names its appointment, whose own state (`status`, `paymentStatus`) the list shows.
 */
export const FollowUpOccurrence = t.type(
  {
    index: t.number,
    wanted: FollowUpSlot,
    clash: t.union([FollowUpClash, t.null]),
    proposed: t.union([FollowUpSlot, t.null]),
    booked: t.union([
      t.type({ appointmentId: t.string, appointmentNumber: t.string, date: ClinicDate, startTime: ClinicTime, status: t.string, paymentStatus: t.string }),
      t.null,
    ]),
  },
  'FollowUpOccurrence',
);
export type FollowUpOccurrence = t.TypeOf<typeof FollowUpOccurrence>;

/**
 * GET /followup/{id}. `state`: `open` (nothing booked yet, or every booked occurrence cancelled),
 * `booked` (a series is booked: `occurrences` are its appointments). `slots`: the soonest free
 * slots with the same doctor, same place, from `followUpWindow.before` days before the due date
 * to `followUpWindow.after` days after it (the single follow-up's choice; empty once booked).
 */
export const FollowUpOffer = t.type(
  {
    appointmentId: t.string,
    doctorEmail: t.string,
    doctorName: t.string,
    /** The first visit's clinic, '' for the doctor's online hours. */
    location: t.string,
    consultationType: ConsultationType,
    dueDate: ClinicDate,
    every: t.number,
    unit: t.keyof({ days: null, weeks: null }),
    times: t.number,
    state: t.keyof({ open: null, booked: null }),
    slots: t.array(FollowUpSlot),
    occurrences: t.array(FollowUpOccurrence),
    /** The consultation's fee for each occurrence (rupees), each paid on its own. */
    fee: t.number,
  },
  'FollowUpOffer',
);
export type FollowUpOffer = t.TypeOf<typeof FollowUpOffer>;

/**
 * POST /followup/{id}/book: the series as the patient confirmed it, one slot per occurrence in
 * order (exactly `times` of them). Chat, Video and Call carry the teleconsultation consent.
 */
export const FollowUpBookRequest = t.intersection(
  [t.type({ occurrences: t.array(FollowUpSlot) }), t.partial({ consentText: nonEmptyLine(2000) })],
  'FollowUpBookRequest',
);
export type FollowUpBookRequest = t.TypeOf<typeof FollowUpBookRequest>;
