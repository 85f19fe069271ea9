/**
 * What the booking popup's views read of the machine's snapshot (./bookingMachine.ts): the
 * choices and what is offered for each, the lists and their state, the fee, the details step,
 * and whether Book will go ahead.
 */
import type { SnapshotFrom } from 'xstate';
import type { AppointmentRecord, TimeSlot } from '../../contract/appointments.js';
import type { Availability, NextSlot } from '../../contract/availability.js';
import type { FamilyMember } from '../../contract/people.js';
import type { ConsultationType } from '../../contract/primitives.js';
import type { AppointmentFee, Doctor } from '../../contract/site.js';
import { stripDay, type StripStatus } from '../availability/availabilityMachine.js';
import type { bookingMachine } from './bookingMachine.js';
import {
  consultationTypesFor,
  defaultFee,
  doctorsAt,
  feeOf,
  findDoctor,
  lastBookableDate,
  locationsOf,
  missingChoices,
  offersOnline,
  type BookingChoices,
  type BookingUser,
  type ChoiceField,
  type KeptBooking,
  type PersonalDetails,
} from './choices.js';
import { keptOf, settledChoices, type ListStatus, type SlotsStatus } from './context.js';
import { firstErrorField, type DetailErrors, type DetailField } from './details.js';
import { detailProblems, offersPayAtClinic, paysAtClinic } from './requests.js';

type Snapshot = SnapshotFrom<typeof bookingMachine>;

export const selectChoices = (snapshot: Snapshot): BookingChoices => snapshot.context.choices;
export const selectDetails = (snapshot: Snapshot): PersonalDetails => snapshot.context.details;
/** The earliest date the date picker offers (today, clinic time). */
export const selectMinDate = (snapshot: Snapshot): string => snapshot.context.today;
/** The last date the date picker offers (the booking horizon); undefined until the doctors say. */
export const selectMaxDate = (snapshot: Snapshot): string | undefined =>
  lastBookableDate(snapshot.context.doctors ?? [], snapshot.context.choices.doctorEmail);
/** Where some doctor works; empty until the doctors load ('No Location found' once loaded and empty). */
export const selectLocations = (snapshot: Snapshot): string[] => locationsOf(snapshot.context.doctors ?? []);
/** The doctors at the chosen location; none before a location is chosen. */
export const selectDoctors = (snapshot: Snapshot): Doctor[] =>
  doctorsAt(snapshot.context.doctors ?? [], snapshot.context.choices.location);
export const selectDoctor = (snapshot: Snapshot): Doctor | null =>
  findDoctor(snapshot.context.doctors ?? [], snapshot.context.choices.doctorEmail);
/** The types the chosen doctor offers (no Clinic Visit for an online doctor); all four before a doctor. */
export const selectConsultationTypes = (snapshot: Snapshot): ConsultationType[] =>
  consultationTypesFor(selectDoctor(snapshot), snapshot.context.choices.location);
/** The fee list, once loaded (the doctor card shows each type's fee). */
export const selectFees = (snapshot: Snapshot): AppointmentFee[] => snapshot.context.fees ?? [];
/** Some doctor consults online: the location step offers "Online". */
export const selectOffersOnline = (snapshot: Snapshot): boolean => offersOnline(snapshot.context.doctors ?? []);
/** The date strip and its state. */
export const selectStrip = (snapshot: Snapshot): Availability | null => snapshot.context.strip;
/**
 * The doctor step: each doctor's next free slot at the chosen place, by email; a doctor
 * listed with nothing free up to the horizon is null; a doctor not in the map: not known (yet).
 */
export function selectNextFree(snapshot: Snapshot): ReadonlyMap<string, NextSlot | null> {
  const { nextFree, choices } = snapshot.context;
  if (nextFree === null || nextFree.location !== choices.location) return new Map();
  return new Map(nextFree.doctors.map((d) => [d.doctorEmail, d.next]));
}
export const selectStripStatus = (snapshot: Snapshot): StripStatus => snapshot.context.stripStatus;
/** The strip's day for the chosen date (whether the doctor works, is on leave, how many are free). */
export const selectChosenDay = (snapshot: Snapshot) => stripDay(snapshot.context.strip, snapshot.context.choices.date);
/** The fee to show, in rupees: 500 until the fee list has one for the chosen type (spec §9). */
export const selectFee = (snapshot: Snapshot): number =>
  feeOf(snapshot.context.fees ?? [], snapshot.context.choices.consultationType) ?? defaultFee;
/** The fee shown is the real one for the chosen type; until then Book is refused. */
export const selectIsFeeKnown = (snapshot: Snapshot): boolean =>
  feeOf(snapshot.context.fees ?? [], snapshot.context.choices.consultationType) !== null;
const listStatus = (snapshot: Snapshot, region: 'Doctors' | 'Fees'): ListStatus =>
  snapshot.matches({ Open: { [region]: 'Ready' } }) || snapshot.matches('Redirected') || snapshot.matches('Booked')
    ? 'ready'
    : snapshot.matches({ Open: { [region]: 'Failed' } })
      ? 'failed'
      : 'loading';
/** 'failed': show 'Something went wrong.' in place of the lists, with `doctors.retry`. */
export const selectDoctorsStatus = (snapshot: Snapshot): ListStatus => listStatus(snapshot, 'Doctors');
/** 'failed': the fee shown stays 500; offer `fees.retry`. */
export const selectFeesStatus = (snapshot: Snapshot): ListStatus => listStatus(snapshot, 'Fees');
export const selectSlots = (snapshot: Snapshot): TimeSlot[] => snapshot.context.slots;
export const selectSlotsStatus = (snapshot: Snapshot): SlotsStatus => snapshot.context.slotsStatus;
export const selectIsLoadingDoctors = (snapshot: Snapshot): boolean => snapshot.hasTag('loadingDoctors');
export const selectIsLoadingFees = (snapshot: Snapshot): boolean => snapshot.hasTag('loadingFees');
export const selectIsLoadingSlots = (snapshot: Snapshot): boolean => snapshot.context.slotsStatus === 'loading';
/** Booking or asking for the checkout page: the form and Book wait. */
export const selectIsBusy = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
export const selectIsAwaitingLogin = (snapshot: Snapshot): boolean => snapshot.matches({ Open: { Flow: 'AwaitingLogin' } });
/** The choices still to make (a slot counts once it is free in the loaded list). */
export const selectMissingChoices = (snapshot: Snapshot): ChoiceField[] => missingChoices(settledChoices(snapshot.context));
/**
 * Everything is chosen and the fee is known: Book will go ahead (after a login if logged out).
 * Book stays pressable otherwise, and says what is missing.
 */
export const selectCanBook = (snapshot: Snapshot): boolean =>
  snapshot.matches({ Open: { Flow: 'Choosing' } }) && selectMissingChoices(snapshot).length === 0 && selectIsFeeKnown(snapshot);
/** The appointment this popup made and has not paid yet (Book pays it again if nothing changed). */
export const selectHeldAppointment = (snapshot: Snapshot): AppointmentRecord | null => snapshot.context.held?.appointment ?? null;
export const selectIsRedirected = (snapshot: Snapshot): boolean => snapshot.matches('Redirected');
/** Booked with the fee due at the clinic (no checkout). */
export const selectIsBookedAtClinic = (snapshot: Snapshot): boolean => snapshot.matches('Booked');
/** The chosen place takes the fee at the clinic for this Clinic Visit: the popup offers "Pay at the clinic". */
export const selectOffersPayAtClinic = (snapshot: Snapshot): boolean => offersPayAtClinic(snapshot.context);
/** How the fee will be paid, as Book will ask: 'clinic' only while it is offered. */
export const selectPayAt = (snapshot: Snapshot): 'online' | 'clinic' => (paysAtClinic(snapshot.context) ? 'clinic' : 'online');
/** The details step's problems, each on its field, in the form's order. */
export const selectDetailErrors = (snapshot: Snapshot): DetailErrors => snapshot.context.detailErrors;
/** Grows each time problems are shown: the view moves the focus to the first. */
export const selectErrorsShown = (snapshot: Snapshot): number => snapshot.context.errorsShown;
/** Who the appointment is for: the account holder, or somebody else (`selectMember`). */
export const selectBookingFor = (snapshot: Snapshot): 'self' | 'other' => snapshot.context.for;
/** The session's token as the popup holds it (null: logged out). */
export const selectBookingToken = (snapshot: Snapshot): string | null => snapshot.context.token;
/** The family member the appointment is for; null: the account holder. */
export const selectMember = (snapshot: Snapshot): FamilyMember | null => snapshot.context.member;
/** The teleconsultation consent's words as ticked; null: not ticked. */
export const selectConsent = (snapshot: Snapshot): string | null => snapshot.context.consent;
/**
 * What the popup keeps when it closes without paying, for its next opening in the tab (as the
 * `previous` input); null once it went to pay (/paymentfail has its own kept booking) or booked to pay at the clinic.
 */
export const selectKeptBooking = (snapshot: Snapshot): KeptBooking | null =>
  snapshot.matches('Redirected') || snapshot.matches('Booked') ? null : keptOf(snapshot.context);
/**
 * The details step's first field still to fill in (the teleconsultation consent included), by
 * the same check as Book; null when the details are complete. Where the focus goes once the
 * choices are made at once (the soonest online doctor).
 */
export const selectNextDetailField = (snapshot: Snapshot): DetailField | null => firstErrorField(detailProblems(snapshot.context));
/**
 * Every choice is made, as made (not as settled: the slots reload after a login, and the kept
 * slot still counts meanwhile). The popup opened again so (after the login Book asked for, or
 * back from a failed payment) moves its first focus on to the details.
 */
export const selectChoicesMade = (snapshot: Snapshot): boolean => missingChoices(snapshot.context.choices).length === 0;
/** The session's user, as the popup knows it (a Google sign-up may have no phone, age or gender). */
export const selectUser = (snapshot: Snapshot): BookingUser | null => snapshot.context.user;
