/**
 * My appointments (spec §2 /myappointment, §4 statuses and orders, §8 'No Appointments Found.';
 * issue 5): the logged-in patient's appointments, newest first, and what may be done with each.
 * The app starts one per logged-in user (when the session knows the user) and stops it at logout.
 *
 * Input: `{ email, token, now }`
 * - `email`: the user's email (GET /auth/getUser/{email}); `token`: the session's bearer token.
 * - `now`: the current instant (epoch milliseconds, `Date.now()`), for the unpaid holds; the
 *   `clock` actor moves it on (`clock.tick`).
 *
 * Events:
 * - `appointments.refresh`: load the list again. Send it after every change (the edit popup's
 *   `appointment.updated`, the cancel popup's `appointment.cancelled`, back from a payment). A
 *   refresh while loading starts over (the older answer is dropped); the list shown stays until
 *   the new one arrives.
 * - `appointments.retry`: the same, from the failed state (a "try again" button).
 * - `appointment.pay` { appointmentId }: the record's `_id`. Pays again for an appointment whose
 *   fee was never confirmed, while its hold lasts (`canPay`, ./rules.ts); refused silently otherwise.
 * - `clock.tick` { now }: the time moved on (from the `clock` actor; a test may send it).
 *
 * The app provides (`appointmentsMachine.provide({ actors })`), each rejecting with an ApiFailure
 * (src/api/client.ts) when it fails (wrap the Either calls in `orReject`, src/api/auth.ts):
 * - `loadAppointments` { email, token } -> AppointmentRecord[]    (fetchAppointments, src/api/appointments.ts)
 * - `createPayment` { request: { appointmentId, consultationAmount }, token } -> { merchantOrderId, checkoutPageUrl }
 *                                                                  (createAppointmentPayment, src/api/booking.ts)
 * - `clock` (optional): sends `clock.tick` { now }; the default ticks every 15 seconds.
 *
 * Emitted (`actor.on(...)`):
 * - `notice` { tone, notice }: a toast. Kinds and the message each stands for:
 *   - server {text}       the server's message, preferred (a payment refused: the hold lapsed, ...)
 *   - somethingWentWrong  'Something went wrong.' (a payment call failed without a readable message)
 * - `session.expired`: a call answered 401; the app sends `session.expired` to the session.
 * - `redirect` { url, payUrl, appointmentId }: the app sends the browser to `url` =
 *   '/#/payment?payUrl=' + encodeURIComponent(payUrl), as the booking popup does.
 * Loading the list fails quietly (spec §8 "Silent failures"): `selectListStatus` is 'failed' and
 * the page shows 'Something went wrong.' in place of the list, with `appointments.retry`.
 *
 * Empty state (not a toast): `selectEmptyNotice` is { kind: 'noAppointments' }, the spec's
 * 'No Appointments Found.', once a list has loaded empty.
 *
 * Per appointment (`selectAppointmentViews`, ./rules.ts): Edit and Cancel only when Booked or
 * Expired; the fee as paid, refunded, unpaid (with Pay) or lapsed; the order of a Completed one.
 */
import { assign, emit, fromCallback, fromPromise, raise, setup, type EventObject, type SnapshotFrom } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments.js';
import { paymentPageUrl, paymentRequest, type PaymentAnswer, type PaymentRequest } from '../booking/bookingMachine.js';
import { describeFailure, serverWordsOr, type NoticeEvent, type ServerNotice, type Tone } from '../session/notices.js';
import { canPay, viewOf, type AppointmentView } from './rules.js';

export type AppointmentsInput = { email: string; token: string; now: number };

export type AppointmentsNotice = { kind: 'somethingWentWrong' } | ServerNotice;

export type AppointmentsEmitted =
  | NoticeEvent<AppointmentsNotice>
  | { type: 'session.expired' }
  | { type: 'redirect'; url: string; payUrl: string; appointmentId: string };

export type AppointmentsEvent =
  | { type: 'appointments.refresh' }
  | { type: 'appointments.retry' }
  | { type: 'appointment.pay'; appointmentId: string }
  | { type: 'clock.tick'; now: number };

export type AppointmentsContext = {
  email: string;
  token: string;
  now: number;
  /** Null until a list has loaded; the last list loaded after that. */
  appointments: AppointmentRecord[] | null;
  /** The appointment being paid (its `_id`). */
  payingId: string | null;
};

export type ListStatus = 'loading' | 'ready' | 'empty' | 'failed';

/** How often the default clock ticks: an unpaid hold's Pay goes at most this long after it lapses. */
export const clockTickMs = 15_000;

/** A clock that sends `clock.tick` { now: Date.now() } every `ms` milliseconds while it runs. */
export function clockEvery(ms: number) {
  return fromCallback<EventObject>(({ sendBack }) => {
    const timer = setInterval(() => sendBack({ type: 'clock.tick', now: Date.now() }), ms);
    return () => clearInterval(timer);
  });
}

const notice = (tone: Tone, n: AppointmentsNotice): NoticeEvent<AppointmentsNotice> => ({ type: 'notice', tone, notice: n });

const refusedWith = (error: unknown, status: (s: number) => boolean): boolean => {
  const failure = describeFailure(error);
  return failure.kind === 'refused' && status(failure.status);
};

const find = (context: AppointmentsContext, id: string | null): AppointmentRecord | null =>
  context.appointments?.find((a) => a._id === id) ?? null;

export const appointmentsMachine = setup({
  types: {} as {
    context: AppointmentsContext;
    events: AppointmentsEvent;
    input: AppointmentsInput;
    emitted: AppointmentsEmitted;
  },
  actors: {
    // Declared here with their types; the real ones come from the app, so these must never run.
    loadAppointments: fromPromise<AppointmentRecord[], { email: string; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
    createPayment: fromPromise<PaymentAnswer, { request: PaymentRequest; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
    clock: clockEvery(clockTickMs),
  },
  guards: {
    isPayable: ({ context, event }) => {
      if (event.type !== 'appointment.pay') return false;
      const appointment = find(context, event.appointmentId);
      return appointment !== null && canPay(appointment, context.now);
    },
    isUnauthorized: (_, params: { error: unknown }) => refusedWith(params.error, (s) => s === 401),
    isRefused: (_, params: { error: unknown }) => refusedWith(params.error, (s) => s >= 400 && s < 500),
  },
  actions: {
    storeAppointments: assign({ appointments: (_, params: { appointments: AppointmentRecord[] }) => params.appointments }),
    storeNow: assign({ now: ({ context, event }) => (event.type === 'clock.tick' ? event.now : context.now) }),
    startPaying: assign({ payingId: ({ event }) => (event.type === 'appointment.pay' ? event.appointmentId : null) }),
    stopPaying: assign({ payingId: null }),
    refresh: raise({ type: 'appointments.refresh' }),
    tellExpired: emit({ type: 'session.expired' as const }),
    tellFailure: emit((_, params: { error: unknown }) => notice('error', serverWordsOr(params.error, { kind: 'somethingWentWrong' }))),
    redirect: emit(({ context }, params: { answer: PaymentAnswer }) => ({
      type: 'redirect' as const,
      url: paymentPageUrl(params.answer.checkoutPageUrl),
      payUrl: params.answer.checkoutPageUrl,
      appointmentId: context.payingId ?? '',
    })),
  },
}).createMachine({
  id: 'appointments',
  description: "My appointments: the patient's list, refreshed after every change, and Pay for an unpaid one.",
  context: ({ input }) => ({ email: input.email, token: input.token, now: input.now, appointments: null, payingId: null }),
  invoke: { id: 'clock', src: 'clock' },
  on: { 'clock.tick': { actions: 'storeNow' } },
  type: 'parallel',
  states: {
    List: {
      description: 'The appointments, newest first (the server sorts them).',
      on: { 'appointments.refresh': '.Loading' },
      initial: 'Loading',
      states: {
        Loading: {
          description: 'Fetching the list. The list shown before (if any) stays until the answer arrives.',
          tags: ['loading'],
          invoke: {
            id: 'loadAppointments',
            src: 'loadAppointments',
            input: ({ context }) => ({ email: context.email, token: context.token }),
            onDone: {
              target: 'Ready',
              actions: { type: 'storeAppointments', params: ({ event }) => ({ appointments: event.output }) },
            },
            onError: [
              {
                guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                target: 'Failed',
                actions: 'tellExpired',
              },
              { target: 'Failed' },
            ],
          },
        },
        Ready: { description: "The list is shown, or 'No Appointments Found.'." },
        Failed: {
          description: "The list could not be loaded: 'Something went wrong.', and a retry.",
          on: { 'appointments.retry': 'Loading' },
        },
      },
    },
    Payment: {
      description: 'Pay again for an appointment whose fee was never confirmed, while its hold lasts.',
      initial: 'Idle',
      states: {
        Idle: {
          description: 'Pay is offered on each unpaid appointment whose hold lasts.',
          on: { 'appointment.pay': { guard: 'isPayable', target: 'CreatingPayment', actions: 'startPaying' } },
        },
        CreatingPayment: {
          description: 'Asking the payment service for a checkout page. A refusal (the hold lapsed meanwhile) reloads the list.',
          tags: ['paying'],
          invoke: {
            id: 'createPayment',
            src: 'createPayment',
            input: ({ context }) => ({
              request: paymentRequest(find(context, context.payingId) as AppointmentRecord),
              token: context.token,
            }),
            onDone: {
              target: 'Redirected',
              actions: { type: 'redirect', params: ({ event }) => ({ answer: event.output }) },
            },
            onError: [
              {
                guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                target: 'Idle',
                actions: ['stopPaying', 'tellExpired', { type: 'tellFailure', params: ({ event }) => ({ error: event.error }) }],
              },
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
                target: 'Idle',
                actions: ['stopPaying', { type: 'tellFailure', params: ({ event }) => ({ error: event.error }) }, 'refresh'],
              },
              {
                target: 'Idle',
                actions: ['stopPaying', { type: 'tellFailure', params: ({ event }) => ({ error: event.error }) }],
              },
            ],
          },
        },
        Redirected: { description: 'The browser goes to the checkout page.' },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof appointmentsMachine>;

/** The last list loaded, newest first; empty until one has loaded. */
export const selectAppointments = (snapshot: Snapshot): AppointmentRecord[] => snapshot.context.appointments ?? [];
/** Each appointment with what the page shows and offers for it (./rules.ts). */
export const selectAppointmentViews = (snapshot: Snapshot): AppointmentView[] =>
  selectAppointments(snapshot).map((a) => viewOf(a, snapshot.context.now));
/** One appointment's view, by its `_id`; null when the list has no such appointment. */
export const selectAppointmentView = (snapshot: Snapshot, appointmentId: string): AppointmentView | null => {
  const appointment = find(snapshot.context, appointmentId);
  return appointment === null ? null : viewOf(appointment, snapshot.context.now);
};
/**
 * - 'loading': nothing to show yet; 'failed': the last load failed ('Something went wrong.' and
 *   `appointments.retry`; a list loaded before is still in `selectAppointments`);
 * - 'empty': 'No Appointments Found.'; 'ready': the list. A refresh keeps the status of the list shown.
 */
export const selectListStatus = (snapshot: Snapshot): ListStatus => {
  if (snapshot.matches({ List: 'Failed' })) return 'failed';
  const { appointments } = snapshot.context;
  if (appointments === null) return 'loading';
  return appointments.length === 0 ? 'empty' : 'ready';
};
export const selectEmptyNotice = (snapshot: Snapshot): { kind: 'noAppointments' } | null =>
  selectListStatus(snapshot) === 'empty' ? { kind: 'noAppointments' } : null;
export const selectIsLoading = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');
/** A payment is being asked for: every Pay waits. */
export const selectIsPaying = (snapshot: Snapshot): boolean => snapshot.hasTag('paying');
/** The appointment whose payment is being asked for (its `_id`). */
export const selectPayingId = (snapshot: Snapshot): string | null => snapshot.context.payingId;
export const selectIsRedirected = (snapshot: Snapshot): boolean => snapshot.matches({ Payment: 'Redirected' });
