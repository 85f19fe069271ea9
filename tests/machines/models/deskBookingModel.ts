/**
 * A booking at the desk as the receptionist goes through it, as a test model: shared by the
 * machine's path test (tests/machines/deskBooking.paths.test.ts, the real machine) and the
 * rendered console's (tests/component/renderedDeskBookingPaths.test.tsx, the Desk section and its
 * provider with fake calls). Each event is a thing the receptionist does together with what the
 * server answers: find the patient (a search answered, failed, typed again before its answer; the
 * visit for the account holder or one of their family) or
 * register one (refused by the form's own check, by the server at a field, or by a 409); choose a
 * slot (doctor, Clinic Visit, location, today's slots answered or failed and retried, another
 * date, a slot) or a walk-in (doctor, location); the fee now (cash, or UPI with its reference) or
 * later; booked, a slot taken meanwhile (409), no answer; then another booking for them or the
 * next patient.
 */
import { createMachine } from 'xstate';

/** What each step makes the machine emit (notice kinds, or the server's words). */
export const deskBookingEmits = {
  open: [],
  search: [],
  'search.retyped': [],
  'search.found': [],
  'search.failed': ['somethingWentWrong'],
  'search.again': [],
  choose: [],
  'choose.member': [],
  register: [],
  'register.invalid': [],
  'register.cancel': [],
  'register.save': [],
  saved: ['registered'],
  'saved.badPhone': [],
  'saved.hasAccount': ['server: An account has this email: book for the account instead.'],
  'change.patient': [],
  'choose.doctor': [],
  'choose.clinicVisit': [],
  'choose.location': [],
  'slots.loaded': [],
  'slots.failed': ['somethingWentWrong'],
  'slots.retry': [],
  'choose.date': [],
  'choose.slot': [],
  'choose.walkin': [],
  next: [],
  'next.missing': ['missingChoices'],
  'fee.later': [],
  'fee.upi': [],
  back: [],
  book: ['booked'],
  'book.taken': ['server: This slot is already booked'],
  'book.unanswered': ['somethingWentWrong'],
  walkin: ['walkedIn'],
  'walkin.refused': ['server: Dr Anita Rao does not work at Bandra today.'],
  again: [],
  new: [],
} as const satisfies Record<string, readonly string[]>;

export type DeskBookingModelEvent = { type: keyof typeof deskBookingEmits };

export const deskBookingModel = createMachine({
  id: 'deskBookingModel',
  types: {} as { events: DeskBookingModelEvent },
  initial: 'Closed',
  states: {
    Closed: { on: { open: 'Idle' } },
    /** The search, nothing found yet. */
    Idle: { on: { search: 'Searching', register: 'Registering' } },
    Searching: { on: { 'search.found': 'Results', 'search.failed': 'Idle', 'search.retyped': 'Searching' } },
    /** Patients found, with their upcoming visits and an account's family. */
    Results: { on: { choose: 'Choosing', 'choose.member': 'Choosing', register: 'Registering', 'search.again': 'Results' } },
    Registering: { on: { 'register.invalid': 'Registering', 'register.save': 'Saving', 'register.cancel': 'Idle' } },
    Saving: { on: { saved: 'Choosing', 'saved.badPhone': 'Registering', 'saved.hasAccount': 'Registering' } },
    /** A slot booking, nothing chosen (a doctor of two locations, today's date). */
    Choosing: { on: { 'choose.doctor': 'Doctored', 'choose.walkin': 'WalkIn', 'next.missing': 'Choosing', 'change.patient': 'Results' } },
    Doctored: { on: { 'choose.clinicVisit': 'Typed', 'next.missing': 'Doctored' } },
    Typed: { on: { 'choose.location': 'Listing' } },
    /** The slot picker is loading the day's slots. */
    Listing: { on: { 'slots.loaded': 'Listed', 'slots.failed': 'SlotsFailed' } },
    SlotsFailed: { on: { 'slots.retry': 'Listing' } },
    Listed: { on: { 'choose.slot': 'Slotted', 'choose.date': 'Listing', 'next.missing': 'Listed', 'change.patient': 'Results' } },
    Slotted: { on: { next: 'Fee', 'choose.date': 'Listing' } },
    Fee: { on: { 'fee.later': 'Fee', 'fee.upi': 'Fee', back: 'Slotted', book: 'Booked', 'book.taken': 'Listing', 'book.unanswered': 'Fee' } },
    /** A walk-in into today's queue: the doctor and the location. */
    WalkIn: { on: { 'choose.doctor': 'WalkInDoctored', 'next.missing': 'WalkIn' } },
    WalkInDoctored: { on: { 'choose.location': 'WalkInReady' } },
    WalkInReady: { on: { next: 'WalkInFee' } },
    WalkInFee: { on: { 'fee.later': 'WalkInFee', walkin: 'Booked', 'walkin.refused': 'WalkInFee', back: 'WalkInReady' } },
    Booked: { on: { again: 'Choosing', new: 'Idle' } },
  },
});

const toSlot = ['choose.doctor', 'choose.clinicVisit', 'choose.location', 'slots.loaded', 'choose.slot'] as const;

/** The desk's day, end to end: each ends booked. */
export const deskBookingJourneys = [
  // A known patient on the phone: found, a slot, paid by UPI now.
  ['open', 'search', 'search.found', 'choose', ...toSlot, 'next', 'fee.upi', 'book'],
  // A new patient: the form refused, then registered; the slot taken meanwhile, another one; pay later.
  ['open', 'register', 'register.invalid', 'register.save', 'saved.badPhone', 'register.save', 'saved', ...toSlot, 'next', 'fee.later', 'book.taken', 'slots.loaded', 'choose.slot', 'next', 'book'],
  // A parent on the phone books for their son (a family member of the account), to pay later.
  ['open', 'search', 'search.found', 'choose.member', ...toSlot, 'next', 'fee.later', 'book'],
  // A walk-in with cash, after a failed search and the slots failing once; then the next patient.
  ['open', 'search', 'search.failed', 'search', 'search.retyped', 'search.found', 'choose', 'choose.doctor', 'choose.clinicVisit', 'choose.location', 'slots.failed', 'slots.retry', 'slots.loaded', 'change.patient', 'choose', 'choose.walkin', 'next.missing', 'choose.doctor', 'choose.location', 'next', 'walkin'],
] as const satisfies ReadonlyArray<ReadonlyArray<DeskBookingModelEvent['type']>>;
