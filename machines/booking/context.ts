/**
 * The booking machine's input and context (./bookingMachine.ts), the context it starts from, and
 * what the context says once derived: the choices that count and what a later opening keeps.
 */
import type { AppointmentRecord, TimeSlot } from '../../contract/appointments.js';
import type { Availability, NextFreeList } from '../../contract/availability.js';
import type { FamilyMember } from '../../contract/people.js';
import type { AppointmentFee, Doctor } from '../../contract/site.js';
import type { StripStatus } from '../availability/availabilityMachine.js';
import { slotThatCounts, type SlotsStatus } from '../slotPicker/slots.js';
import {
  fitChoices,
  noChoices,
  noDetails,
  prefillDetails,
  readKeptBooking,
  type BookingChoices,
  type BookingUser,
  type KeptBooking,
  type PersonalDetails,
  type PreviousBooking,
} from './choices.js';
import type { DetailErrors } from './details.js';
import type { PaymentAnswer } from './requests.js';

export type BookingInput = {
  today: string;
  token: string | null;
  user: BookingUser | null;
  previous?: PreviousBooking | null;
};

export type BookingContext = {
  today: string;
  token: string | null;
  user: BookingUser | null;
  /** Null until loaded. */
  doctors: Doctor[] | null;
  /** Null until loaded. */
  fees: AppointmentFee[] | null;
  choices: BookingChoices;
  details: PersonalDetails;
  /** The slot picker's list for the chosen doctor, location and date; empty until it loads. */
  slots: TimeSlot[];
  /** The slot picker's state, as the view shows it. */
  slotsStatus: SlotsStatus;
  /** The date strip of the chosen doctor and place; null until it loads. */
  strip: Availability | null;
  stripStatus: StripStatus;
  /** The doctor step's next free slot of each doctor of a place; null until loaded. */
  nextFree: NextFreeList | null;
  /** The place `nextFree` was last asked for; null: not yet. */
  nextFreeFor: string | null;
  /** A slot to choose once its list loads (the soonest one of `online.soonest`). */
  wantTime: string | null;
  /** The appointment this popup made, and the request (as JSON) it was made for. */
  held: { appointment: AppointmentRecord; request: string } | null;
  payment: PaymentAnswer | null;
  /** The family member the appointment is for; null: the account holder (or, `for` 'other', none chosen yet). */
  member: FamilyMember | null;
  for: 'self' | 'other';
  /** The words of the teleconsultation consent the person ticked; null: not ticked. */
  consent: string | null;
  /** How the fee is paid: online (the spec's checkout), or at the clinic where it is offered (./requests.ts `paysAtClinic`). */
  payAt: 'online' | 'clinic';
  /** The details step's problems, each on its field (./details.ts). */
  detailErrors: DetailErrors;
  /** How many times problems were shown: the view moves the focus to the first each time it grows. */
  errorsShown: number;
};

export type { SlotsStatus };
export type ListStatus = 'loading' | 'ready' | 'failed';

/** A new popup: the kept choices fitted to today (the doctors fit them once they load), the details prefilled. */
export function initialContext(input: BookingInput): BookingContext {
  const previous = readKeptBooking(input.previous);
  const details = prefillDetails({ ...noDetails, ...previous.details }, input.user);
  return {
    today: input.today,
    token: input.token || null,
    user: input.user,
    doctors: null,
    fees: null,
    choices: fitChoices({ ...noChoices, ...previous.choices }, null, input.today),
    details,
    slots: [],
    slotsStatus: 'waiting',
    strip: null,
    stripStatus: 'waiting',
    nextFree: null,
    nextFreeFor: null,
    wantTime: null,
    held: null,
    payment: null,
    member: previous.member ?? null,
    for: previous.member ? 'other' : 'self',
    consent: null,
    payAt: 'online',
    detailErrors: {},
    errorsShown: 0,
  };
}

/** The choices that count: the slot only once it is free in the loaded list. */
export function settledChoices(context: BookingContext): BookingChoices {
  const { choices, slots } = context;
  return { ...choices, time: slotThatCounts(slots, choices.time) };
}

/** What a later opening starts from: the choices, the details as typed and the family member. */
export const keptOf = (context: BookingContext): KeptBooking => ({
  choices: context.choices,
  details: context.details,
  ...(context.member !== null ? { member: context.member } : {}),
});
