/**
 * Booking an appointment (spec §2 Book Appointment popup, §4 booking flow, §5 "Booking", §8, §9):
 * location -> doctor -> consultation type -> date -> slot -> book -> pay. The Book Appointment
 * popup starts one per opening; the app keeps it running while the login popup it asks for is open.
 *
 * Input: `{ today, token, user, previous? }`
 * - `today`: the date in clinic time, `YYYY-MM-DD` (`clinicToday()`, contract/clinicTime.ts); no date
 *   before it can be chosen.
 * - `token`: the session's bearer token, null when logged out (the brief's `isLoggedIn` is
 *   `token !== null`: the calls need the token itself). `user`: the session's user, null when
 *   logged out; the personal fields are prefilled from it.
 * - `previous`: a kept booking (the `kept` of the `redirect` event, read back with
 *   `readKeptBooking` when /paymentfail reopens the popup; what the popup held when it last
 *   closed in this tab, `selectKeptBooking`; or just `{ choices: { location } }` from the
 *   header's location picker). Its choices are kept where they still fit once the
 *   doctors and the slots load; its details win over the user's.
 *
 * The app provides the calls (`bookingMachine.provide({ actors })`), each rejecting with an
 * ApiFailure (machines/failures.ts) when it fails (`fromApi`, src/app/fromApi.ts):
 * - `loadDoctors` () -> Doctor[]                        (fetchDoctors, src/api/site.ts)
 * - `loadFees` () -> { data: AppointmentFee[] }          (fetchFees)
 * - `loadTimeSlots` { doctorEmail, date, location, token } -> TimeSlot[]
 *                       (fetchTimeSlots, src/api/booking.ts; the token, when there is one, lets
 *                       the server show the patient's own unpaid hold as free to them), to
 *                       the slot picker child: `slotPicker: slotPickerMachine.provide({ actors: { loadTimeSlots } })`.
 * - `addAppointment` { request, token } -> AppointmentRecord        (addAppointment)
 * - `loadNextFree` { location, token } -> NextFreeList  (fetchNextFree, src/api/booking.ts): the doctor
 *                       step's next free slot of every doctor of the chosen place
 * - `createPayment` { request: { appointmentId, consultationAmount }, token }
 *                       -> { merchantOrderId, checkoutPageUrl }     (createAppointmentPayment)
 *
 * Effects, actions the app provides (src/components/Booking/provider.ts); until provided they are
 * emitted (`actor.on(...)`), as the machine's tests read them:
 * - `notify` { tone, notice }: a toast. Kinds and the message each stands for:
 *   - missingChoices {fields}  'Please select all required fields.' (Book before a location,
 *                              doctor, type, date and free slot are chosen)
 *   - server {text}            the server's message, preferred: 'This slot is already booked'
 *                              (409), a 400 naming a bad personal field, ...
 *   - slotTaken                'This slot is already booked' (409 without a readable message)
 *   - somethingWentWrong       'Something went wrong.' (booking or payment failed without a
 *                              readable message; the doctors or the slots could not be loaded)
 *   - feeUnknown               no spec text: Book while the fee list is loading, failed
 *                              (`fees.retry`), or has no fee for the type. Suggested: 'The
 *                              consultation fee could not be loaded. Please try again.'
 *   - feeChanged {fee}         no spec text: the appointment's fee (the server's) is not the one
 *                              shown; the fee shown is corrected and nothing is paid until Book
 *                              again. Suggested: 'The consultation fee is now ₹{fee}. Please
 *                              check it and book again.'
 * - `askForLogin` { expired } (emits `login.required`): the app opens the login popup
 *   (`session.showLogin` with `replyTo`: this actor); when `expired` (the server answered 401), it
 *   first sends `session.expired`. The session answers `login.succeeded` { token, user } (at the
 *   login, again with the whole user), `login.cancelled` if the popup closes without a login, or
 *   `session.ended` if the login could not be completed.
 * - `redirect` { url, payUrl, kept }: the app stores `kept` (for /paymentfail) and sends the
 *   browser to `url` = '/#/payment?payUrl=' + encodeURIComponent(payUrl), the /payment page that
 *   checks `payUrl` against the provider's origins (machines/paymentRedirect). The machine is then
 *   done, with output `{ kept, appointment, payment }`.
 *
 * The slots are the slot picker's (machines/slotPicker, the child `slotPicker`, started once the
 * doctors are known): it loads the list for the chosen doctor, location and date and keeps the
 * slot chosen in it; this machine passes it the choices and `slot.selected` / `slots.retry`, and
 * mirrors its state into `slots`, `slotsStatus` and `choices.time`.
 * Empty states (not toasts; `selectSlotsStatus`, `SlotsStatus` in machines/slotPicker/slots.ts):
 * noSchedule, notAvailable, and failed with `slots.retry`. Booked and unavailable slots cannot be
 * chosen; their tooltips are 'This slot is already booked' and 'This slot is unavailable'.
 *
 * The fee (spec §9): `selectFee` is 500 until the fee list loads, then the fee of the chosen type.
 * Book is refused (feeUnknown) until that fee is known, so nobody pays an amount they were not
 * shown. The amount paid is the appointment's own fee, which the server computed.
 *
 * Paying again: the machine keeps the appointment it made (held for a while on the server). After
 * a payment call that got no answer or a server error, Book pays that appointment again, without
 * making another, as long as the request (choices and personal fields) is the same. A payment
 * call the server refused (4xx) forgets it: the next Book asks for the appointment again, and the
 * server answers the same one for the same booking.
 *
 * The patient-details step (./details.ts): Book, once the choices, the fee and the login
 * are there, checks the details with the contract's codec before any request; each problem is
 * kept on its field (`selectDetailErrors`) and `selectErrorsShown` counts each time they are shown,
 * so the view moves the focus to the first. A 400 naming details fields is shown the same way,
 * without a toast. Changing a field clears its error. `patient.selected` books for a family member
 * (or, null, for the account holder); `consent.changed` carries the words of the teleconsultation
 * consent the person ticked (null: unticked), which Chat, Video and Call need.
 */
import { assign, emit, enqueueActions, forwardTo, fromPromise, raise, sendTo, setup, type SnapshotFrom } from 'xstate';
import type * as t from 'io-ts';
import {
  emptyMedicines,
  type AppointmentCreateRequest,
  type AppointmentRecord,
  type CreateAppointmentPaymentAnswer,
  type TimeSlot,
} from '../../contract/appointments.js';
import type { ConsultationType, Gender } from '../../contract/primitives.js';
import type { AppointmentFee, AppointmentFeeList, Doctor } from '../../contract/site.js';
import { describeFailure, serverWordsOr, type NoticeEvent, type ServerNotice, type Tone } from '../session/notices.js';
import {
  shownSlots,
  slotPickerMachine,
  slotsFor,
  type SlotPickerReport,
  type SlotPickerSnapshot,
} from '../slotPicker/slotPickerMachine.js';
import { canChooseSlot, slotListOf, slotThatCounts, type SlotsStatus } from '../slotPicker/slots.js';
import {
  consultationTypesFor,
  defaultFee,
  doctorsAt,
  feeOf,
  findDoctor,
  fitChoices,
  isBookableDate,
  lastBookableDate,
  locationsOf,
  missingChoices,
  nextChoices,
  noChoices,
  isOnline,
  offersOnline,
  onlineLocation,
  onlineTypes,
  noDetails,
  prefillDetails,
  readKeptBooking,
  type BookingChoices,
  type BookingUser,
  type ChoiceField,
  type KeptBooking,
  type PersonalDetails,
  type PreviousBooking,
} from './choices.js';
import { fieldErrorsOf, isRefused, isSlotTaken, isUnauthorized } from '../failures.js';
import type { FamilyMember } from '../../contract/people.js';
import {
  checkDetails,
  clearChanged,
  detailErrorsOf,
  detailsFor,
  firstErrorField,
  isTeleconsultation,
  type DetailErrors,
  type DetailField,
} from './details.js';
import type { Availability, NextFreeList, NextSlot } from '../../contract/availability.js';
import {
  availabilityFor,
  availabilityMachine,
  firstFreeDay,
  selectStripStatus as stripStatusOf,
  stripDay,
  type AvailabilityReport,
  type AvailabilitySnapshot,
  type StripStatus,
} from '../availability/availabilityMachine.js';

export type BookingInput = {
  today: string;
  token: string | null;
  user: BookingUser | null;
  previous?: PreviousBooking | null;
};

/** The create payload as plain strings and numbers (the server decodes it with the contract's codec). */
export type BookingRequest = t.OutputOf<typeof AppointmentCreateRequest>;
export type PaymentRequest = { appointmentId: string; consultationAmount: number };
/** The `loadNextFree` input: the place ('' online) and the token (the caller's own unpaid hold counts as free). */
export type NextFreeRequest = { location: string; token: string | null };
export type PaymentAnswer = t.TypeOf<typeof CreateAppointmentPaymentAnswer>;

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
  | ({ type: 'redirect' } & BookingRedirect);

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

export type BookingOutput = { kept: KeptBooking; appointment: AppointmentRecord; payment: PaymentAnswer };

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
  /** The details step's problems, each on its field (./details.ts). */
  detailErrors: DetailErrors;
  /** How many times problems were shown: the view moves the focus to the first each time it grows. */
  errorsShown: number;
};

export type { SlotsStatus };
export type ListStatus = 'loading' | 'ready' | 'failed';

/** The choices that count: the slot only once it is free in the loaded list. */
function settledChoices(context: BookingContext): BookingChoices {
  const { choices, slots } = context;
  return { ...choices, time: slotThatCounts(slots, choices.time) };
}

/** The create payload. Personal fields go as typed (trimmed); the server's 400 names a bad one. */
export function bookingRequest(context: BookingContext): BookingRequest {
  const { choices, details } = context;
  return {
    firstName: details.firstName.trim(),
    lastName: details.lastName.trim(),
    email: details.email.trim(),
    phoneNumber: details.phoneNumber.trim(),
    age: Number(details.age.trim()),
    gender: details.gender as Gender,
    date: choices.date ?? '',
    doctorName: findDoctor(context.doctors ?? [], choices.doctorEmail)?.name ?? '',
    doctorEmail: choices.doctorEmail ?? '',
    location: choices.location ?? '',
    consultationType: choices.consultationType as ConsultationType,
    startTime: choices.time ?? '',
    appointmentPaymentStatus: 'failed',
    appointmentPaymentId: null,
    medicines: emptyMedicines,
    ...(context.member !== null ? { familyMemberId: context.member._id } : {}),
    ...(isTeleconsultation(choices.consultationType) && context.consent !== null ? { consentText: context.consent } : {}),
  };
}

/** A 400 that names fields of the details step (shown on them, not as a toast). */
const namesDetailFields = (_: { context: unknown }, params: { error: unknown }): boolean =>
  Object.keys(detailErrorsOf(fieldErrorsOf(params.error))).length > 0;

/** The details step's problems by the contract's codec, before any request. */
const detailProblems = (context: BookingContext): DetailErrors =>
  checkDetails(bookingRequest(context), {
    consent: isTeleconsultation(context.choices.consultationType),
    consentGiven: context.consent !== null,
    memberMissing: context.for === 'other' && context.member === null,
    typed: context.details,
  });

/**
 * What the payment service is asked: the appointment's record id and its fee as the server
 * computed it (which Book has checked against the fee shown).
 */
export function paymentRequest(appointment: AppointmentRecord): PaymentRequest {
  return { appointmentId: appointment._id, consultationAmount: appointment.consultationFee };
}

export function paymentPageUrl(payUrl: string): string {
  return `/#/payment?payUrl=${encodeURIComponent(payUrl)}`;
}

const requestKey = (context: BookingContext): string => JSON.stringify(bookingRequest(context));

const notice = (tone: Tone, n: BookingNotice): NoticeEvent<BookingNotice> => ({ type: 'notice', tone, notice: n });
const somethingWentWrong = notice('error', { kind: 'somethingWentWrong' });
const missingChoicesNotice = (context: BookingContext) =>
  notice('error', { kind: 'missingChoices', fields: missingChoices(settledChoices(context)) });
const slotTakenNotice = (error: unknown) => notice('error', serverWordsOr(error, { kind: 'slotTaken' }));
const failureNotice = (error: unknown) => notice('error', serverWordsOr(error, { kind: 'somethingWentWrong' }));

/** What a later opening starts from: the choices, the details as typed and the family member. */
const keptOf = (context: BookingContext): KeptBooking => ({
  choices: context.choices,
  details: context.details,
  ...(context.member !== null ? { member: context.member } : {}),
});

/** Where a payment goes: the /payment page that checks the checkout address, and the choices kept for /paymentfail. */
export type BookingRedirect = { url: string; payUrl: string; kept: KeptBooking };
const redirectTo = (context: BookingContext, answer: PaymentAnswer): BookingRedirect => ({
  url: paymentPageUrl(answer.checkoutPageUrl),
  payUrl: answer.checkoutPageUrl,
  kept: keptOf(context),
});

export const bookingMachine = setup({
  types: {} as {
    context: BookingContext;
    events: BookingEvent;
    input: BookingInput;
    emitted: BookingEmitted;
    output: BookingOutput;
  },
  actors: {
    // Declared here with their types; the real ones come from the app, so these must never run.
    loadDoctors: fromPromise<Doctor[]>(() => Promise.reject(new Error('not provided'))),
    loadFees: fromPromise<AppointmentFeeList>(() => Promise.reject(new Error('not provided'))),
    slotPicker: slotPickerMachine,
    availability: availabilityMachine,
    loadNextFree: fromPromise<NextFreeList, NextFreeRequest>(() => Promise.reject(new Error('not provided'))),
    addAppointment: fromPromise<AppointmentRecord, { request: BookingRequest; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
    createPayment: fromPromise<PaymentAnswer, { request: PaymentRequest; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
  },
  guards: {
    isOfferedLocation: ({ context, event }) =>
      event.type === 'location.selected' &&
      (isOnline(event.location) ? offersOnline(context.doctors ?? []) : locationsOf(context.doctors ?? []).includes(event.location)),
    isSoonestOffer: ({ context, event }) =>
      event.type === 'online.soonest' &&
      doctorsAt(context.doctors ?? [], onlineLocation).some((d) => d.email === event.doctorEmail) &&
      onlineTypes.includes(event.consultationType) &&
      isBookableDate(event.date, context.today, lastBookableDate(context.doctors ?? [], event.doctorEmail)),
    isDoctorHere: ({ context, event }) =>
      event.type === 'doctor.selected' &&
      doctorsAt(context.doctors ?? [], context.choices.location).some((d) => d.email === event.doctorEmail),
    isOfferedType: ({ context, event }) =>
      event.type === 'type.selected' &&
      consultationTypesFor(findDoctor(context.doctors ?? [], context.choices.doctorEmail), context.choices.location).includes(event.consultationType),
    isBookableDate: ({ context, event }) =>
      event.type === 'date.selected' &&
      isBookableDate(event.date, context.today, lastBookableDate(context.doctors ?? [], context.choices.doctorEmail)),
    isFreeSlot: ({ context, event }) => event.type === 'slot.selected' && canChooseSlot(context.slots, event.time),
    hasDoctors: ({ context }) => context.doctors !== null,
    /** A place is chosen whose doctors' next free slots were not asked for yet. */
    needsNextFree: ({ context }) =>
      context.doctors !== null && context.choices.location !== null && context.choices.location !== context.nextFreeFor,
    hasMissingChoices: ({ context }) => missingChoices(settledChoices(context)).length > 0,
    feeNotKnown: ({ context }) => feeOf(context.fees ?? [], context.choices.consultationType) === null,
    isLoggedOut: ({ context }) => context.token === null,
    holdsThisBooking: ({ context }) => context.held !== null && context.held.request === requestKey(context),
    hasDetailErrors: ({ context }) => Object.keys(detailProblems(context)).length > 0,
    namesDetailFields,
    feeDiffers: ({ context }: { context: BookingContext }, params: { appointment: AppointmentRecord }) =>
      params.appointment.consultationFee !== feeOf(context.fees ?? [], context.choices.consultationType),
    isUnauthorized,
    isSlotTaken,
    isRefused,
  },
  actions: {
    askNextFree: assign({ nextFreeFor: ({ context }) => context.choices.location }),
    storeNextFree: assign({ nextFree: (_, params: { list: NextFreeList }) => params.list }),
    storeDoctors: assign(({ context }, params: { doctors: Doctor[] }) => ({
      doctors: params.doctors,
      choices: fitChoices(context.choices, params.doctors, context.today),
    })),
    storeFees: assign({ fees: (_, params: { fees: AppointmentFee[] }) => params.fees }),
    /** One choice changed: the later ones that no longer fit are cleared, and the slot picker is told. */
    choose: enqueueActions(({ context, enqueue }, params: { change: Partial<BookingChoices> }) => {
      enqueue.assign({ choices: nextChoices(context.choices, params.change, context.doctors, context.today), wantTime: null });
      enqueue.raise({ type: 'slots.refresh' });
      enqueue.raise({ type: 'availability.refresh' });
    }),
    /** `online.soonest`: every choice at once; the slot is chosen once its list loads. */
    chooseSoonest: enqueueActions(({ context, enqueue, event }) => {
      if (event.type !== 'online.soonest') return;
      const { doctorEmail, consultationType, date, time } = event;
      enqueue.assign({
        choices: fitChoices({ location: onlineLocation, doctorEmail, consultationType, date, time: null }, context.doctors, context.today),
        wantTime: time,
      });
      enqueue.raise({ type: 'slots.refresh' });
      enqueue.raise({ type: 'availability.refresh' });
    }),
    tellStrip: sendTo('availability', ({ context }) => availabilityFor(context)),
    passToStrip: forwardTo('availability'),
    showStrip: assign({ stripStatus: (_, params: { strip: AvailabilitySnapshot }) => stripStatusOf(params.strip) }),
    /**
     * The strip loaded: kept, and the first day with a free slot chosen for the person when no day
     * is chosen yet, or the day chosen is in these two weeks with nothing free. Two weeks with
     * nothing free and no day chosen turn to the weeks of the soonest free slot there.
     */
    takeStrip: enqueueActions(({ context, enqueue }, params: { strip: Availability }) => {
      const { strip } = params;
      enqueue.assign({ strip });
      const chosen = context.choices.date;
      const inWindow = chosen !== null && chosen >= strip.from && chosen <= strip.to;
      if (chosen !== null && (!inWindow || (stripDay(strip, chosen)?.free ?? 0) > 0)) return;
      const first = firstFreeDay(strip);
      if (first !== null) {
        enqueue.assign({ choices: nextChoices(context.choices, { date: first }, context.doctors, context.today) });
        enqueue.raise({ type: 'slots.refresh' });
      } else if (chosen === null && strip.next !== null && strip.next.location === strip.location && strip.next.date > strip.to) {
        enqueue.sendTo('availability', { type: 'availability.page', from: strip.next.date });
      }
    }),
    refreshSlots: raise({ type: 'slots.refresh' }),
    tellSlotPicker: sendTo('slotPicker', ({ context }) => slotsFor(context)),
    passToSlotPicker: forwardTo('slotPicker'),
    dropTakenSlot: sendTo('slotPicker', { type: 'slot.taken' as const }),
    showSlots: enqueueActions(({ context, enqueue }, params: { picker: SlotPickerSnapshot }) => {
      const shown = shownSlots(params.picker, context.choices);
      enqueue.assign(shown);
      // The soonest slot of `online.soonest`, once its list is there.
      if (context.wantTime !== null && shown.slotsStatus !== 'loading' && shown.slotsStatus !== 'waiting') {
        if (canChooseSlot(shown.slots, context.wantTime)) enqueue.sendTo('slotPicker', { type: 'slot.selected', time: context.wantTime });
        enqueue.assign({ wantTime: null });
      }
    }),
    changeDetails: assign(({ context, event }) => {
      if (event.type !== 'details.changed') return {};
      const details = { ...context.details };
      for (const field of Object.keys(noDetails) as Array<keyof PersonalDetails>) {
        const value = event.details[field];
        if (typeof value === 'string') (details as Record<keyof PersonalDetails, string>)[field] = value;
      }
      return { details, detailErrors: clearChanged(context.detailErrors, Object.keys(event.details)) };
    }),
    choosePatient: assign(({ context }, params: { for: 'self' | 'other'; member: FamilyMember | null }) => ({
      for: params.for,
      member: params.for === 'other' ? params.member : null,
      details: detailsFor(context.details, params.for === 'other' ? params.member : null, context.user),
      detailErrors: clearChanged(context.detailErrors, ['familyMemberId', 'firstName', 'lastName', 'age', 'gender']),
    })),
    changeConsent: assign(({ context }, params: { text: string | null }) => ({
      consent: params.text,
      detailErrors: clearChanged(context.detailErrors, ['consentText']),
    })),
    showDetailErrors: assign(({ context }, params: { errors: DetailErrors }) => ({
      detailErrors: params.errors,
      errorsShown: context.errorsShown + 1,
    })),
    storeLogin: assign(({ context }, params: { token: string; user: BookingUser }) => ({
      token: params.token,
      user: params.user,
      details: prefillDetails(context.details, params.user),
    })),
    forgetToken: assign({ token: null }),
    forgetLogin: assign({ token: null, user: null, held: null, details: noDetails, member: null, for: 'self', detailErrors: {} }),
    hold: assign({
      held: ({ context }, params: { appointment: AppointmentRecord }) => ({
        appointment: params.appointment,
        request: requestKey(context),
      }),
    }),
    dropHeld: assign({ held: null }),
    /** The server's fee for the type replaces the one shown. */
    correctFee: assign({
      fees: ({ context }, params: { appointment: AppointmentRecord }) => {
        const type = context.choices.consultationType as ConsultationType;
        const fee = { consultationType: type, consultationFee: params.appointment.consultationFee };
        return [...(context.fees ?? []).filter((f) => f.consultationType !== type), fee];
      },
    }),
    storePayment: assign({ payment: (_, params: { answer: PaymentAnswer }) => params.answer }),
    // The machine's effects: the app provides each (a toast, the session's login popup, the way
    // to /payment: src/components/Booking/provider.ts); until then they are emitted, so the
    // machine's tests and the inspector see them.
    notify: emit((_, params: NoticeEvent<BookingNotice>) => params),
    askForLogin: emit((_, params: { expired: boolean }) => ({ type: 'login.required' as const, expired: params.expired })),
    redirect: emit((_, params: BookingRedirect) => ({ type: 'redirect' as const, ...params })),
  },
}).createMachine({
  id: 'booking',
  description: 'Book Appointment: location, doctor, consultation type, date and slot; then book and pay.',
  context: ({ input }) => {
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
      detailErrors: {},
      errorsShown: 0,
    };
  },
  initial: 'Open',
  states: {
    Open: {
      description: 'The popup: the doctors, the fee list and the slots load while the person chooses.',
      type: 'parallel',
      states: {
        Doctors: {
          description: 'The doctor list, from which the locations, doctors and types offered come.',
          initial: 'Loading',
          states: {
            Loading: {
              description: 'Fetching the doctors. Kept choices are fitted to them once they arrive.',
              tags: ['loadingDoctors'],
              invoke: {
                id: 'loadDoctors',
                src: 'loadDoctors',
                onDone: { target: 'Ready', actions: { type: 'storeDoctors', params: ({ event }) => ({ doctors: event.output }) } },
                onError: { target: 'Failed', actions: { type: 'notify', params: somethingWentWrong } },
              },
            },
            Ready: { description: 'The doctors are known.' },
            Failed: {
              description: 'The doctors could not be loaded: nothing can be chosen until a retry works.',
              on: { 'doctors.retry': 'Loading' },
            },
          },
        },
        Fees: {
          description: 'The fee list. Until it loads the fee shown is 500, and Book is refused.',
          initial: 'Loading',
          states: {
            Loading: {
              description: 'Fetching the fee list.',
              tags: ['loadingFees'],
              invoke: {
                id: 'loadFees',
                src: 'loadFees',
                onDone: { target: 'Ready', actions: { type: 'storeFees', params: ({ event }) => ({ fees: event.output.data }) } },
                onError: 'Failed',
              },
            },
            Ready: { description: 'The fee of the chosen type is shown.' },
            Failed: {
              description: 'The fee list could not be loaded: 500 is still shown, and Book is refused until a retry works.',
              on: { 'fees.retry': 'Loading' },
            },
          },
        },
        Slots: {
          description: 'The slots of the chosen doctor at the chosen location on the chosen date: the slot picker child.',
          initial: 'AwaitingDoctors',
          states: {
            AwaitingDoctors: {
              description: 'No slots before the doctors load: the choices (kept ones too) are fitted to them first.',
              always: { guard: 'hasDoctors', target: 'Picking' },
            },
            Picking: {
              description:
                "The slot picker loads the list and keeps the slot chosen; its state is mirrored into the context. It is told every change of the choices or the token.",
              invoke: {
                id: 'slotPicker',
                src: 'slotPicker',
                input: ({ context }) => ({ token: context.token, list: slotListOf(context.choices), time: context.choices.time }),
                onSnapshot: { actions: { type: 'showSlots', params: ({ event }) => ({ picker: event.snapshot }) } },
              },
              on: {
                'slots.refresh': { actions: 'tellSlotPicker' },
                'slots.retry': { actions: 'passToSlotPicker' },
                'slots.failed': { actions: { type: 'notify', params: somethingWentWrong } },
              },
            },
          },
        },
        Availability: {
          description: 'The date strip of the chosen doctor at the chosen clinic or online: the availability child.',
          initial: 'AwaitingDoctors',
          states: {
            AwaitingDoctors: {
              description: 'No strip before the doctors load: the choices (kept ones too) are fitted to them first.',
              always: { guard: 'hasDoctors', target: 'Showing' },
            },
            Showing: {
              description: 'The strip loads for every doctor and place chosen; each load may choose the first free day.',
              invoke: {
                id: 'availability',
                src: 'availability',
                input: ({ context }) => ({ target: availabilityFor(context).target }),
                onSnapshot: { actions: { type: 'showStrip', params: ({ event }) => ({ strip: event.snapshot }) } },
              },
              on: {
                'availability.refresh': { actions: 'tellStrip' },
                'availability.page': { actions: 'passToStrip' },
                'availability.retry': { actions: 'passToStrip' },
                'availability.loaded': { actions: { type: 'takeStrip', params: ({ event }) => ({ strip: event.strip }) } },
              },
            },
          },
        },
        NextFree: {
          description:
            "The doctor step's next free slot for every doctor of the chosen clinic or online: one request per place, never one per doctor.",
          initial: 'Waiting',
          states: {
            Waiting: {
              description: 'No place chosen yet (or the doctors not loaded): nothing to ask.',
              always: { guard: 'needsNextFree', target: 'Loading' },
            },
            Loading: {
              description: "Fetching the place's list. Another place chosen meanwhile asks again for that one.",
              entry: 'askNextFree',
              always: { guard: 'needsNextFree', target: 'Loading', reenter: true },
              invoke: {
                id: 'loadNextFree',
                src: 'loadNextFree',
                input: ({ context }) => ({ location: context.nextFreeFor ?? '', token: context.token }),
                onDone: { target: 'Ready', actions: { type: 'storeNextFree', params: ({ event }) => ({ list: event.output }) } },
                onError: 'Failed',
              },
            },
            Ready: {
              description: 'The doctor choices say each next free slot; another place asks again.',
              always: { guard: 'needsNextFree', target: 'Loading' },
            },
            Failed: {
              description: 'Not loaded: the doctor choices say no next slot (the strip still does); another place asks again.',
              always: { guard: 'needsNextFree', target: 'Loading' },
            },
          },
        },
        Flow: {
          description: 'What the person is doing: choosing, logging in, booking, paying.',
          on: {
            'login.succeeded': {
              actions: [{ type: 'storeLogin', params: ({ event }) => ({ token: event.token, user: event.user }) }, 'refreshSlots'],
            },
            'session.ended': { target: '.Choosing', actions: ['forgetLogin', 'refreshSlots'] },
          },
          initial: 'Choosing',
          states: {
            Choosing: {
              description:
                'The person makes the choices and checks the personal fields. Book checks, in order: every choice, the fee, the login; then books, or pays the appointment already made for this same request.',
              on: {
                'location.selected': {
                  guard: 'isOfferedLocation',
                  actions: { type: 'choose', params: ({ event }) => ({ change: { location: event.location } }) },
                },
                'doctor.selected': {
                  guard: 'isDoctorHere',
                  actions: { type: 'choose', params: ({ event }) => ({ change: { doctorEmail: event.doctorEmail } }) },
                },
                'type.selected': {
                  guard: 'isOfferedType',
                  actions: { type: 'choose', params: ({ event }) => ({ change: { consultationType: event.consultationType } }) },
                },
                'date.selected': {
                  guard: 'isBookableDate',
                  actions: { type: 'choose', params: ({ event }) => ({ change: { date: event.date } }) },
                },
                'slot.selected': { guard: 'isFreeSlot', actions: 'passToSlotPicker' },
                'online.soonest': { guard: 'isSoonestOffer', actions: 'chooseSoonest' },
                'details.changed': { actions: 'changeDetails' },
                'patient.selected': { actions: { type: 'choosePatient', params: ({ event }) => ({ for: event.for, member: event.member }) } },
                'consent.changed': { actions: { type: 'changeConsent', params: ({ event }) => ({ text: event.text }) } },
                'booking.book': [
                  { guard: 'hasMissingChoices', actions: { type: 'notify', params: ({ context }) => missingChoicesNotice(context) } },
                  { guard: 'feeNotKnown', actions: { type: 'notify', params: notice('error', { kind: 'feeUnknown' }) } },
                  {
                    guard: 'isLoggedOut',
                    target: 'AwaitingLogin',
                    actions: { type: 'askForLogin', params: { expired: false } },
                  },
                  {
                    guard: 'hasDetailErrors',
                    actions: { type: 'showDetailErrors', params: ({ context }) => ({ errors: detailProblems(context) }) },
                  },
                  { guard: 'holdsThisBooking', target: 'CreatingPayment' },
                  { target: 'Booking' },
                ],
              },
            },
            AwaitingLogin: {
              description: 'The login popup is open. Back to the same choices, logged in or not.',
              on: {
                'login.succeeded': {
                  target: 'Choosing',
                  actions: [{ type: 'storeLogin', params: ({ event }) => ({ token: event.token, user: event.user }) }, 'refreshSlots'],
                },
                'login.cancelled': 'Choosing',
              },
            },
            Booking: {
              description:
                'Making the appointment (it holds the slot for a while). A slot taken meanwhile (409) is dropped and the slots reload; an expired login asks for a login again.',
              tags: ['busy'],
              invoke: {
                id: 'addAppointment',
                src: 'addAppointment',
                input: ({ context }) => ({ request: bookingRequest(context), token: context.token ?? '' }),
                onDone: [
                  {
                    guard: { type: 'feeDiffers', params: ({ event }) => ({ appointment: event.output }) },
                    target: 'Choosing',
                    actions: [
                      { type: 'hold', params: ({ event }) => ({ appointment: event.output }) },
                      { type: 'correctFee', params: ({ event }) => ({ appointment: event.output }) },
                      { type: 'notify', params: ({ event }) => notice('error', { kind: 'feeChanged', fee: event.output.consultationFee }) },
                    ],
                  },
                  {
                    target: 'CreatingPayment',
                    actions: { type: 'hold', params: ({ event }) => ({ appointment: event.output }) },
                  },
                ],
                onError: [
                  {
                    guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                    target: 'AwaitingLogin',
                    actions: ['forgetToken', 'refreshSlots', { type: 'askForLogin', params: { expired: true } }],
                  },
                  {
                    guard: { type: 'isSlotTaken', params: ({ event }) => ({ error: event.error }) },
                    target: 'Choosing',
                    actions: ['dropTakenSlot', { type: 'notify', params: ({ event }) => slotTakenNotice(event.error) }],
                  },
                  {
                    // A 400 naming details fields: shown on the fields, not as a toast.
                    guard: { type: 'namesDetailFields', params: ({ event }) => ({ error: event.error }) },
                    target: 'Choosing',
                    actions: {
                      type: 'showDetailErrors',
                      params: ({ event }) => ({ errors: detailErrorsOf(fieldErrorsOf(event.error)) }),
                    },
                  },
                  { target: 'Choosing', actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) } },
                ],
              },
            },
            CreatingPayment: {
              description:
                'Asking the payment service for a checkout page for the appointment. On failure the appointment is kept, to be paid again.',
              tags: ['busy'],
              invoke: {
                id: 'createPayment',
                src: 'createPayment',
                input: ({ context }) => ({
                  request: paymentRequest((context.held as NonNullable<BookingContext['held']>).appointment),
                  token: context.token ?? '',
                }),
                onDone: {
                  target: '#booking.Redirected',
                  actions: [
                    { type: 'storePayment', params: ({ event }) => ({ answer: event.output }) },
                    { type: 'redirect', params: ({ context, event }) => redirectTo(context, event.output) },
                  ],
                },
                onError: [
                  {
                    guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                    target: 'AwaitingLogin',
                    actions: ['forgetToken', 'refreshSlots', { type: 'askForLogin', params: { expired: true } }],
                  },
                  {
                    guard: { type: 'isSlotTaken', params: ({ event }) => ({ error: event.error }) },
                    target: 'Choosing',
                    actions: ['dropHeld', 'dropTakenSlot', { type: 'notify', params: ({ event }) => slotTakenNotice(event.error) }],
                  },
                  {
                    guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
                    target: 'Choosing',
                    actions: ['dropHeld', { type: 'notify', params: ({ event }) => failureNotice(event.error) }],
                  },
                  { target: 'Choosing', actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) } },
                ],
              },
            },
          },
        },
      },
    },
    Redirected: {
      description: 'The browser goes to the checkout page; the choices are kept for /paymentfail.',
      type: 'final',
    },
  },
  output: ({ context }) => ({
    kept: keptOf(context),
    appointment: (context.held as NonNullable<BookingContext['held']>).appointment,
    payment: context.payment as PaymentAnswer,
  }),
});


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
  snapshot.matches({ Open: { [region]: 'Ready' } }) || snapshot.matches('Redirected')
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
 * `previous` input); null once it went to pay (/paymentfail has its own kept booking).
 */
export const selectKeptBooking = (snapshot: Snapshot): KeptBooking | null =>
  snapshot.matches('Redirected') ? null : keptOf(snapshot.context);
/**
 * The details step's first field still to fill in (the teleconsultation consent included), by
 * the same check as Book; null when the details are complete. Where the focus goes once the
 * choices are made at once (the soonest online doctor).
 */
export const selectNextDetailField = (snapshot: Snapshot): DetailField | null => firstErrorField(detailProblems(snapshot.context));
/** The session's user, as the popup knows it (a Google sign-up may have no phone, age or gender). */
export const selectUser = (snapshot: Snapshot): BookingUser | null => snapshot.context.user;
