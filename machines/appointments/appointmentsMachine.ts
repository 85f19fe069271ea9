/**
 * My appointments, what the page does with the list (spec §2 /myappointment, §4 statuses;
 * "An appointment whose fee was never confirmed says so plainly ... with Pay to retry while its
 * slot can still be had", "Add to calendar"). The list itself belongs to the session
 * (./appointmentsListMachine.ts, run by machines/session/sessionMachine.ts); the /myappointment page
 * starts one of these while it shows, and gives it the records the events are about.
 *
 * Input: `{ token, now }`
 * - `token`: the session's bearer token.
 * - `now`: the current instant (epoch milliseconds, `Date.now()`), for the unpaid holds; the
 *   `Clock` region reads it again every `clockTick` (15 seconds).
 *
 * Events:
 * - `appointment.pay` { appointment }: pays again for an appointment whose fee was never
 *   confirmed, while its hold lasts (`canPay`, ./rules.ts); refused silently otherwise, and while
 *   another payment is being asked for.
 * - `appointment.addToCalendar` { appointment }: fetches its .ics (GET
 *   /appointment/{id}/calendar.ics) for a Booked and paid one (`canAddToCalendar`, ./rules.ts).
 * - `clock.tick` { now }: the time moved on (sent by the app or a test; the `Clock` region also
 *   reads the time itself).
 *
 * The app provides (`appointmentsMachine.provide({ actors })`), each rejecting with an ApiFailure
 * (src/api/client.ts) when it fails:
 * - `createPayment` { request: { appointmentId, consultationAmount }, token } -> { merchantOrderId, checkoutPageUrl }
 *                                                       (createAppointmentPayment, src/api/booking.ts)
 * - `downloadCalendar` { appointmentId, token } -> { fileName, content: Blob }
 *                                                       (downloadCalendar, src/api/appointments.ts)
 * The delay `clockTick` (15 seconds) and the action `readClock` (`Date.now()`) may be provided too.
 *
 * Effects, actions the app provides (src/components/Appointments/provider.ts); until provided they
 * are emitted (`actor.on(...)`), as the machine's tests read them:
 * - `notify` { tone, notice } (emits `notice`): a toast. Kinds and the message each stands for:
 *   - server {text}       the server's message, preferred (a payment refused: the hold lapsed, ...)
 *   - somethingWentWrong  'Something went wrong.' (a payment call failed without a readable message)
 *   - calendarFailed      the calendar file could not be fetched (no spec text; the catalog's words)
 * - `tellStale` (emits `appointments.stale`): the server refused a payment (the hold lapsed meanwhile): the app sends
 *   `appointments.refresh` to the session so the list shows why.
 * - `redirect` { url, payUrl, appointmentId }: the app sends the browser to `url` =
 *   '/#/payment?payUrl=' + encodeURIComponent(payUrl), as the booking popup does.
 * - `offerFile` { file } (emits `calendar.file` { fileName, content }): the app offers the file as a download.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments.js';
import { paymentPageUrl, paymentRequest, type PaymentAnswer, type PaymentRequest } from '../booking/bookingMachine.js';
import { describeFailure, serverWordsOr, type NoticeEvent, type ServerNotice, type Tone } from '../shared/notices.js';
import { canAddToCalendar, canPay, viewOf, type AppointmentView } from './rules.js';
import { isRefused } from '../failures.js';

export type AppointmentsInput = { token: string; now: number };

export type AppointmentsNotice = { kind: 'somethingWentWrong' } | { kind: 'calendarFailed' } | ServerNotice;

/** Where Pay leaves for: '/#/payment?payUrl=' + encodeURIComponent(payUrl). */
export type AppointmentsRedirect = { url: string; payUrl: string; appointmentId: string };

/** An iCalendar file to offer as a download. */
export type CalendarFile = { fileName: string; content: Blob };

export type AppointmentsEmitted =
  | NoticeEvent<AppointmentsNotice>
  | { type: 'appointments.stale' }
  | ({ type: 'redirect' } & AppointmentsRedirect)
  | ({ type: 'calendar.file' } & CalendarFile);

export type AppointmentsEvent =
  | { type: 'appointment.pay'; appointment: AppointmentRecord }
  | { type: 'appointment.addToCalendar'; appointment: AppointmentRecord }
  | { type: 'clock.tick'; now: number };

export type AppointmentsContext = {
  token: string;
  now: number;
  /** The appointment being paid. */
  paying: AppointmentRecord | null;
  /** The appointment whose calendar file is being fetched (its `_id`). */
  calendarId: string | null;
};

/** What a card shows and offers: the rules' view, and Add to calendar. */
export type AppointmentCardView = AppointmentView & { canAddToCalendar: boolean };

/** How often the page reads the time: an unpaid hold's Pay goes at most this long after it lapses. */
export const clockTickMs = 15_000;

const notice = (tone: Tone, n: AppointmentsNotice): NoticeEvent<AppointmentsNotice> => ({ type: 'notice', tone, notice: n });

const failureNotice = (error: unknown) => notice('error', serverWordsOr(error, { kind: 'somethingWentWrong' }));

const redirectTo = (context: AppointmentsContext, answer: PaymentAnswer): AppointmentsRedirect => ({
  url: paymentPageUrl(answer.checkoutPageUrl),
  payUrl: answer.checkoutPageUrl,
  appointmentId: context.paying?._id ?? '',
});

export const appointmentsMachine = setup({
  types: {} as {
    context: AppointmentsContext;
    events: AppointmentsEvent;
    input: AppointmentsInput;
    emitted: AppointmentsEmitted;
  },
  actors: {
    // Declared here with their types; the real ones come from the app, so these must never run.
    createPayment: fromPromise<PaymentAnswer, { request: PaymentRequest; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
    downloadCalendar: fromPromise<CalendarFile, { appointmentId: string; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
  },
  delays: {
    clockTick: clockTickMs,
  },
  guards: {
    isPayable: ({ context, event }) => event.type === 'appointment.pay' && canPay(event.appointment, context.now),
    isInCalendars: ({ event }) => event.type === 'appointment.addToCalendar' && canAddToCalendar(event.appointment),
    isRefused,
  },
  actions: {
    storeNow: assign({ now: ({ context, event }) => (event.type === 'clock.tick' ? event.now : context.now) }),
    /** The time, read when the clock ticks (the app may provide its own reading). */
    readClock: assign({ now: () => Date.now() }),
    startPaying: assign({ paying: ({ event }) => (event.type === 'appointment.pay' ? event.appointment : null) }),
    stopPaying: assign({ paying: null }),
    startCalendar: assign({
      calendarId: ({ event }) => (event.type === 'appointment.addToCalendar' ? event.appointment._id : null),
    }),
    stopCalendar: assign({ calendarId: null }),
    // The effects: the app provides them (src/components/Appointments/provider.ts); until then
    // they are emitted, so the machine's tests and the inspector see them.
    notify: emit((_, params: NoticeEvent<AppointmentsNotice>) => params),
    tellStale: emit({ type: 'appointments.stale' as const }),
    redirect: emit((_, params: AppointmentsRedirect) => ({ type: 'redirect' as const, ...params })),
    offerFile: emit((_, params: { file: CalendarFile }) => ({ type: 'calendar.file' as const, ...params.file })),
  },
}).createMachine({
  id: 'appointments',
  description: 'My appointments page: Pay for an unpaid appointment while its hold lasts, and Add to calendar.',
  context: ({ input }) => ({ token: input.token, now: input.now, paying: null, calendarId: null }),
  on: { 'clock.tick': { actions: 'storeNow' } },
  type: 'parallel',
  states: {
    Clock: {
      description: 'The time moves on while the page shows, so an unpaid hold lapses on its card when it does.',
      initial: 'Ticking',
      states: {
        Ticking: {
          description: 'Reads the time again every 15 seconds.',
          after: { clockTick: { target: 'Ticking', reenter: true, actions: 'readClock' } },
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
          description: 'Asking the payment service for a checkout page. A refusal (the hold lapsed meanwhile) has the list loaded again.',
          tags: ['paying'],
          invoke: {
            id: 'createPayment',
            src: 'createPayment',
            input: ({ context }) => ({ request: paymentRequest(context.paying as AppointmentRecord), token: context.token }),
            onDone: {
              target: 'Redirected',
              actions: { type: 'redirect', params: ({ context, event }) => redirectTo(context, event.output) },
            },
            onError: [
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
                target: 'Idle',
                actions: ['stopPaying', { type: 'notify', params: ({ event }) => failureNotice(event.error) }, 'tellStale'],
              },
              {
                target: 'Idle',
                actions: ['stopPaying', { type: 'notify', params: ({ event }) => failureNotice(event.error) }],
              },
            ],
          },
        },
        Redirected: { description: 'The browser goes to the checkout page.' },
      },
    },
    Calendar: {
      description: 'Add to calendar: the .ics of a Booked and paid appointment, offered as a download.',
      initial: 'Idle',
      states: {
        Idle: {
          description: 'Add to calendar is offered on each Booked and paid appointment.',
          on: { 'appointment.addToCalendar': { guard: 'isInCalendars', target: 'Fetching', actions: 'startCalendar' } },
        },
        Fetching: {
          description: 'Fetching the .ics with the bearer token.',
          tags: ['calendar'],
          invoke: {
            id: 'downloadCalendar',
            src: 'downloadCalendar',
            input: ({ context }) => ({ appointmentId: context.calendarId ?? '', token: context.token }),
            onDone: {
              target: 'Idle',
              actions: ['stopCalendar', { type: 'offerFile', params: ({ event }) => ({ file: event.output }) }],
            },
            onError: [
              {
                target: 'Idle',
                actions: ['stopCalendar', { type: 'notify', params: ({ event }) => notice('error', serverWordsOr(event.error, { kind: 'calendarFailed' })) }],
              },
            ],
          },
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof appointmentsMachine>;

/** One appointment as its card shows it, judged at the machine's `now`. */
export const selectAppointmentView = (snapshot: Snapshot, appointment: AppointmentRecord): AppointmentCardView => ({
  ...viewOf(appointment, snapshot.context.now),
  canAddToCalendar: canAddToCalendar(appointment),
});
/** Each appointment of the session's list as its card shows it. */
export const selectAppointmentViews = (snapshot: Snapshot, appointments: readonly AppointmentRecord[]): AppointmentCardView[] =>
  appointments.map((appointment) => selectAppointmentView(snapshot, appointment));
/** A payment is being asked for: every Pay waits. */
export const selectIsPaying = (snapshot: Snapshot): boolean => snapshot.hasTag('paying');
/** The appointment whose payment is being asked for (its `_id`). */
export const selectPayingId = (snapshot: Snapshot): string | null => snapshot.context.paying?._id ?? null;
export const selectIsRedirected = (snapshot: Snapshot): boolean => snapshot.matches({ Payment: 'Redirected' });
/** The appointment whose calendar file is being fetched (its `_id`); one at a time. */
export const selectCalendarId = (snapshot: Snapshot): string | null => snapshot.context.calendarId;
