/**
 * The follow-up on a completed appointment's card (docs/follow-ups.md): the offer is loaded; a
 * single follow-up offers the soonest slots around its due date (one tap opens the booking popup
 * preset with the doctor, type, date and slot, and pays as any booking); a course shows its whole
 * series, each occurrence at its proposed time, a clash said with the nearest free slot; the
 * patient confirms, then "Book all" books the series at once; the booked series stays shown, its
 * .ics downloadable, all remaining cancellable at once.
 *
 * Input: `{ appointmentId, token }`.
 *
 * The app provides (`followUpMachine.provide({ actors, actions })`), rejecting with an ApiFailure:
 * - `loadOffer` { appointmentId, token } -> FollowUpOffer          (GET /followup/{id})
 * - `bookAll` { appointmentId, token, occurrences, consentText } -> FollowUpOffer (POST /followup/{id}/book;
 *   `consentText` the teleconsultation consent's words the patient ticked, null for a Clinic Visit)
 * - `cancelAll` { appointmentId, token } -> FollowUpOffer        (POST /followup/{id}/cancel)
 *
 * Effects (provided actions; emitted until provided):
 * - `openBooking` { preset }: the booking popup, started at its slot step with this preset;
 * - `downloadCalendar` { appointmentId }: GET /followup/{id}/calendar.ics saved;
 * - `notify` { tone, notice }: booked | cancelled | slotTaken | server { text } | failed;
 * - `announceChanged`: visits were booked or cancelled: the appointments list loads again.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { FollowUpOffer, FollowUpSlot } from '../../contract/followUps.js';
import { refusedWith, serverWordsOr } from '../failures.js';
import type { ServerNotice } from '../shared/notices.js';

export type FollowUpInput = { appointmentId: string; token: string };

export type FollowUpNotice = { kind: 'booked' } | { kind: 'cancelled' } | { kind: 'slotTaken' } | { kind: 'failed' } | ServerNotice;
export type FollowUpNoticeEvent = { type: 'notice'; tone: 'success' | 'error'; notice: FollowUpNotice };

/** What the booking popup is started with: the first visit's doctor, place and type, on this slot. */
export type BookingPreset = { doctorEmail: string; location: string; consultationType: FollowUpOffer['consultationType']; date: string; startTime: string };

export type FollowUpEmitted =
  | FollowUpNoticeEvent
  | { type: 'openBooking'; preset: BookingPreset }
  | { type: 'downloadCalendar'; appointmentId: string }
  | { type: 'announceChanged' };

export type FollowUpEvent =
  | { type: 'slot.chosen'; slot: FollowUpSlot }
  | { type: 'course.confirm' }
  | { type: 'course.back' }
  /** The teleconsultation consent ticked (its words) or unticked (null): Chat, Video and Call need it to Book all. */
  | { type: 'consent.changed'; text: string | null }
  | { type: 'course.book' }
  | { type: 'series.calendar' }
  | { type: 'series.cancelAll' }
  | { type: 'retry' };

export interface FollowUpContext extends FollowUpInput {
  offer: FollowUpOffer | null;
  /** The teleconsultation consent's words as ticked; null: not ticked. */
  consent: string | null;
}

export type BookAllInput = FollowUpInput & { occurrences: FollowUpSlot[]; consentText: string | null };

const failed = (error: unknown): FollowUpNoticeEvent => ({ type: 'notice', tone: 'error', notice: serverWordsOr(error, { kind: 'failed' }) });

/** The booking popup's preset for a slot: the first visit's doctor, place and type. */
export const presetOf = (offer: FollowUpOffer, slot: FollowUpSlot): BookingPreset => ({
  doctorEmail: offer.doctorEmail,
  location: offer.location,
  consultationType: offer.consultationType,
  date: slot.date,
  startTime: slot.startTime,
});

/** The slots Book all sends: each occurrence's proposal (its wanted time when free). */
export const proposedSlots = (offer: FollowUpOffer): FollowUpSlot[] => offer.occurrences.map((o) => o.proposed).filter((s): s is FollowUpSlot => s !== null);

export const followUpMachine = setup({
  types: {} as { context: FollowUpContext; events: FollowUpEvent; input: FollowUpInput; emitted: FollowUpEmitted },
  actors: {
    loadOffer: fromPromise<FollowUpOffer, FollowUpInput>(() => Promise.reject(new Error('not provided'))),
    bookAll: fromPromise<FollowUpOffer, BookAllInput>(() => Promise.reject(new Error('not provided'))),
    cancelAll: fromPromise<FollowUpOffer, FollowUpInput>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    isBooked: ({ context }) => context.offer?.state === 'booked',
    isSingle: ({ context }) => (context.offer?.times ?? 1) === 1,
    hasClash: ({ context }) => (context.offer?.occurrences ?? []).some((o) => o.clash !== null),
    /** Every occurrence has a slot to book (a clash with no free slot nearby blocks Book all). */
    /** A Clinic Visit needs no consent; Chat, Video and Call book only with it ticked. */
    consentReady: ({ context }) => context.offer?.consultationType === 'Clinic Visit' || context.consent !== null,
    allProposed: ({ context }) => (context.offer?.occurrences ?? []).every((o) => o.proposed !== null),
    /** 409 'followUp.slotTaken': somebody took a slot meanwhile; the new proposal is loaded. */
    isSlotTaken: (_, params: { error: unknown }) => refusedWith(params.error, (status) => status === 409),
  },
  actions: {
    keepOffer: assign({ offer: (_, params: { offer: FollowUpOffer }) => params.offer }),
    keepConsent: assign({ consent: (_, params: { text: string | null }) => params.text }),
    notify: emit((_, params: FollowUpNoticeEvent) => params),
    openBooking: emit((_, preset: BookingPreset) => ({ type: 'openBooking' as const, preset })),
    downloadCalendar: emit(({ context }) => ({ type: 'downloadCalendar' as const, appointmentId: context.appointmentId })),
    announceChanged: emit({ type: 'announceChanged' as const }),
  },
}).createMachine({
  id: 'followUp',
  description: 'A completed consultation\'s follow-up: offered around its due date, a course proposed as a series, booked at once, cancellable at once.',
  context: ({ input }) => ({ ...input, offer: null, consent: null }),
  initial: 'Loading',
  states: {
    Loading: {
      description: 'The offer is loaded: the due date, the soonest slots, the series proposed or booked.',
      tags: ['busy'],
      invoke: {
        src: 'loadOffer',
        input: ({ context }) => ({ appointmentId: context.appointmentId, token: context.token }),
        onDone: { target: 'Routing', actions: { type: 'keepOffer', params: ({ event }) => ({ offer: event.output }) } },
        onError: { target: 'Failed', actions: { type: 'notify', params: ({ event }) => failed(event.error) } },
      },
    },
    Routing: {
      description: 'Which view the offer asks for.',
      always: [
        { guard: 'isBooked', target: 'Booked' },
        { guard: 'isSingle', target: 'OfferLoaded' },
        { guard: 'hasClash', target: 'ClashShown' },
        { target: 'CourseProposed' },
      ],
    },
    OfferLoaded: {
      description: 'One follow-up: the soonest free slots around the due date; a tap opens the booking popup preset.',
      on: { 'slot.chosen': { actions: { type: 'openBooking', params: ({ context, event }) => presetOf(context.offer!, event.slot) } } },
    },
    CourseProposed: {
      description: 'A course: every occurrence free at its time; the patient confirms the series.',
      on: { 'course.confirm': 'Confirming' },
    },
    ClashShown: {
      description: 'A course with clashes: each one said, with the nearest free slot proposed instead (none: Book all waits).',
      on: { 'course.confirm': { guard: 'allProposed', target: 'Confirming' } },
    },
    Confirming: {
      description: 'The series as it will be booked, each occurrence its own appointment and payment (Chat, Video, Call: with the consent ticked): Book all, or back.',
      on: {
        'consent.changed': { actions: { type: 'keepConsent', params: ({ event }) => ({ text: event.text }) } },
        'course.book': { guard: 'consentReady', target: 'Booking' },
        'course.back': 'Routing',
      },
    },
    Booking: {
      description: 'Book all: the series in one transaction.',
      tags: ['busy'],
      invoke: {
        src: 'bookAll',
        input: ({ context }) => ({
          appointmentId: context.appointmentId,
          token: context.token,
          occurrences: proposedSlots(context.offer!),
          consentText: context.offer!.consultationType === 'Clinic Visit' ? null : context.consent,
        }),
        onDone: {
          target: 'Booked',
          actions: [
            { type: 'keepOffer', params: ({ event }) => ({ offer: event.output }) },
            { type: 'notify', params: { type: 'notice', tone: 'success', notice: { kind: 'booked' } } },
            'announceChanged',
          ],
        },
        onError: [
          {
            guard: { type: 'isSlotTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'Loading',
            actions: { type: 'notify', params: { type: 'notice', tone: 'error', notice: { kind: 'slotTaken' } } },
          },
          { target: 'Failed', actions: { type: 'notify', params: ({ event }) => failed(event.error) } },
        ],
      },
    },
    Booked: {
      description: 'The booked series stays shown: each visit, paid one by one from My Appointments; its .ics; cancel all remaining.',
      on: { 'series.calendar': { actions: 'downloadCalendar' }, 'series.cancelAll': 'Cancelling' },
    },
    Cancelling: {
      description: 'Every remaining visit of the series cancelled at once.',
      tags: ['busy'],
      invoke: {
        src: 'cancelAll',
        input: ({ context }) => ({ appointmentId: context.appointmentId, token: context.token }),
        onDone: {
          target: 'Routing',
          actions: [
            { type: 'keepOffer', params: ({ event }) => ({ offer: event.output }) },
            { type: 'notify', params: { type: 'notice', tone: 'success', notice: { kind: 'cancelled' } } },
            'announceChanged',
          ],
        },
        onError: { target: 'Booked', actions: { type: 'notify', params: ({ event }) => failed(event.error) } },
      },
    },
    Failed: {
      description: 'The offer could not be loaded or booked: try again.',
      on: { retry: 'Loading' },
    },
  },
});
