/**
 * What the booking machine (./bookingMachine.ts) is sent, what it emits (its effects, until the
 * app provides them), its output, and the toasts it asks for.
 */
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { User } from '../../contract/auth.js';
import type { ConsultationType } from '../../contract/primitives.js';
import type { FamilyMember } from '../../contract/people.js';
import type { AvailabilityReport } from '../availability/availabilityMachine.js';
import { serverWordsOr, type NoticeEvent, type ServerNotice, type Tone } from '../shared/notices.js';
import type { SlotPickerReport } from '../slotPicker/slotPickerMachine.js';
import { missingChoices, type BookingUser, type ChoiceField, type KeptBooking, type PersonalDetails } from './choices.js';
import { settledChoices, type BookingContext } from './context.js';
import type { BookingRedirect, PaymentAnswer } from './requests.js';

export type BookingNotice =
  | { kind: 'missingChoices'; fields: ChoiceField[] }
  | { kind: 'slotTaken' }
  | { kind: 'somethingWentWrong' }
  | { kind: 'feeUnknown' }
  | { kind: 'feeChanged'; fee: number }
  | ServerNotice;

export type BookingEmitted =
  | NoticeEvent<BookingNotice>
  | { type: 'login.required'; expired: boolean }
  | ({ type: 'redirect' } & BookingRedirect)
  /** Booked with the fee due at the clinic: no checkout; the popup says so and closes. */
  | { type: 'booked'; appointment: AppointmentRecord }
  /** The account's name, age and gender were saved before its first booking: the app tells the session. */
  | { type: 'profileSaved'; user: User };

export type BookingEvent =
  | { type: 'location.selected'; location: string }
  | { type: 'doctor.selected'; doctorEmail: string }
  | { type: 'type.selected'; consultationType: ConsultationType }
  | { type: 'date.selected'; date: string }
  | { type: 'slot.selected'; time: string }
  /** Every change of a personal field (or several at once). */
  | { type: 'details.changed'; details: Partial<PersonalDetails> }
  /**
   * "Booking for": the account holder ('self'), or somebody else: one of the account's family
   * members (null until one is chosen or added; Book then names the field).
   */
  | { type: 'patient.selected'; for: 'self' | 'other'; member: FamilyMember | null }
  /** The teleconsultation consent ticked (the words shown) or unticked (null). */
  | { type: 'consent.changed'; text: string | null }
  /** Pay online, or at the clinic (taken only where the chosen place offers it for a Clinic Visit). */
  | { type: 'payment.chosen'; at: 'online' | 'clinic' }
  | { type: 'booking.book' }
  /** The session's answer to `askForLogin` (`replyTo`): logged in (again once the whole user is known). */
  | { type: 'login.succeeded'; token: string; user: BookingUser }
  /** The session's answer to `askForLogin`: the login popup closed without a login. */
  | { type: 'login.cancelled' }
  /** The session's answer to `askForLogin`: the login could not be completed (the token given is void). */
  | { type: 'session.ended' }
  | { type: 'doctors.retry' }
  | { type: 'fees.retry' }
  | { type: 'slots.retry' }
  /** Pass the current doctor, location, date and token to the slot picker (the machine raises it itself). */
  | { type: 'slots.refresh' }
  /** The slot picker could not load the slots (it sends this itself). */
  | SlotPickerReport
  /** Pass the current doctor, place and token to the date strip (the machine raises it itself). */
  | { type: 'availability.refresh' }
  /** The date strip: two weeks from `from`, or again after a failure. */
  | { type: 'availability.page'; from: string }
  | { type: 'availability.retry' }
  /** The date strip loaded (or not): it sends these itself. */
  | AvailabilityReport
  /**
   * "Consult online now / soonest": a doctor picked from the soonest list: online (no
   * location), that doctor and type, their soonest day and slot, all at once.
   */
  | { type: 'online.soonest'; doctorEmail: string; consultationType: ConsultationType; date: string; time: string };

/** `payment`: the checkout asked for; null for a fee due at the clinic. */
export type BookingOutput = { kept: KeptBooking; appointment: AppointmentRecord; payment: PaymentAnswer | null };

export const notice = (tone: Tone, n: BookingNotice): NoticeEvent<BookingNotice> => ({ type: 'notice', tone, notice: n });
export const somethingWentWrong = notice('error', { kind: 'somethingWentWrong' });
export const missingChoicesNotice = (context: BookingContext) =>
  notice('error', { kind: 'missingChoices', fields: missingChoices(settledChoices(context)) });
export const slotTakenNotice = (error: unknown) => notice('error', serverWordsOr(error, { kind: 'slotTaken' }));
export const failureNotice = (error: unknown) => notice('error', serverWordsOr(error, { kind: 'somethingWentWrong' }));
