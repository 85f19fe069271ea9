/**
 * The payment result pages (spec §2 /paymentsuccess and /paymentfail, §9 "redirect after 5
 * seconds"): after paying, only the server's word counts.
 *
 * /paymentsuccess says 'Appointment booked successfully.' only for a payment the server confirms:
 * the payment service sends the browser back with the payment's reference (`?order=`), and this
 * machine asks the server about it (`checkPayment`: GET /api/payment/status/{ref}, which asks the
 * provider while the payment is pending). What the page shows follows the answer:
 *
 * - AwaitingSession     'Confirming your payment...' while the app still checks the stored login
 *                        (the page sends `session.changed`); logged out: Unconfirmed.
 * - Checking / Waiting   'Confirming your payment...', asked again every 3 seconds, up to
 *                        `maxChecks` times in all, then StillPending ("Check again" asks again).
 * - Confirmed            paid: the confirmation view (`selectConfirmation`: the appointment and
 *                        the fee paid); no countdown, nothing emitted: the page says it, once.
 * - NotPaid              failed, or paid too late and flagged for refund: said plainly, no toast.
 * - Unconfirmed          no reference (a direct visit), no login, or a reference the server does
 *                        not know as the caller's: nothing is claimed, and nothing is replayed.
 *
 * A pharmacy order's payment (`forOrder`) that the server confirms counts down as before and goes
 * to My appointments (the page's choice). /paymentfail counts down and reopens the booking popup,
 * as the spec says; a Back press there reopens nothing the app no longer keeps (the page's kept
 * choices are taken once).
 *
 * Input: `{ outcome, seconds?, merchantOrderId?, token?, sessionChecking?, forOrder? }`.
 * Events: `countdown.skip` ("Go now"), `payment.recheck` ("Check again", in StillPending),
 * `calendar.add` (Add to calendar, in Confirmed), `session.changed` { token, checking } (the
 * session's token once logged in, and whether it is still checking a stored one).
 * The app provides (rejecting with the ApiFailure) `checkPayment` { merchantOrderId, token } ->
 * PaymentStatusAnswer and `downloadCalendar` { appointmentId, token } -> CalendarFile.
 *
 * Effects, actions the app provides (src/pages/Payment/provider.ts): `goHome` (emits `navigate`),
 * `reopenBooking` (emits `booking.reopen`), `offerFile` (emits `calendar.file`), `notify` (emits
 * `notice`); until provided they are emitted, as the machine's tests read them (`actor.on(...)`).
 * Emitted: when a countdown ends or is skipped, `navigate` { to: '/' }, then for /paymentfail
 * `booking.reopen` (the machine is then done, with output `{ to: '/', reopenBooking }`); in
 * Confirmed, `calendar.file` { fileName, content } for the app to offer as a download, or
 * `notice` { kind: 'calendarFailed' | server words } when it could not be made.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { PaymentStatusAnswer } from '../../contract/appointments.js';
import type { CalendarFile } from '../appointments/appointmentsMachine.js';
import { refusedWith } from '../failures.js';
import type { NoticeEvent } from '../shared/notices.js';
import { initialContext, maxChecks, recheckMs, type PaymentResultContext, type PaymentResultInput, type PaymentResultOutput } from './context.js';
import { calendarFailed, type PaymentResultEmitted, type PaymentResultEvent, type PaymentResultNotice } from './events.js';

export const paymentResultMachine = setup({
  types: {} as {
    context: PaymentResultContext;
    events: PaymentResultEvent;
    input: PaymentResultInput;
    emitted: PaymentResultEmitted;
    output: PaymentResultOutput;
  },
  actors: {
    // Declared here with its type; the real one comes from the app, so this must never run.
    checkPayment: fromPromise<PaymentStatusAnswer, { merchantOrderId: string; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
    downloadCalendar: fromPromise<CalendarFile, { appointmentId: string; token: string }>(() => Promise.reject(new Error('not provided'))),
  },
  delays: {
    second: 1000,
    recheck: recheckMs,
  },
  guards: {
    isTimeUp: ({ context }) => context.secondsLeft <= 0,
    isFail: ({ context }) => context.outcome === 'fail',
    hasReference: ({ context }) => context.merchantOrderId !== null,
    hasToken: ({ context }) => context.token !== null,
    sessionSettled: ({ context }) => !context.sessionChecking,
    loggedIn: ({ event }) => event.type === 'session.changed' && event.token !== null,
    loggedOut: ({ event }) => event.type === 'session.changed' && event.token === null && !event.checking,
    isPaid: (_, params: { answer: PaymentStatusAnswer }) => params.answer.status === 'paid',
    isPending: (_, params: { answer: PaymentStatusAnswer }) => params.answer.status === 'pending',
    isOrder: ({ context }) => context.forOrder,
    checksLeft: ({ context }) => context.checks < maxChecks,
    /** 401 (logged out meanwhile), 404 (not the caller's payment) or 400: asking again changes nothing. */
    isFinalRefusal: (_, params: { error: unknown }) =>
      refusedWith(params.error, (status) => status === 401 || status === 404 || status === 400),
  },
  actions: {
    tick: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
    countCheck: assign({ checks: ({ context }) => context.checks + 1 }),
    resetChecks: assign({ checks: 0 }),
    takeToken: assign({ token: ({ context, event }) => (event.type === 'session.changed' ? event.token : context.token) }),
    storeAnswer: assign({ answer: (_, params: { answer: PaymentStatusAnswer }) => params.answer }),
    // The effects: the app provides them (src/pages/Payment/PaymentResultPage.tsx); until then
    // they are emitted, so the machine's tests and the inspector see them.
    notify: emit((_, params: NoticeEvent<PaymentResultNotice>) => params),
    goHome: emit({ type: 'navigate', to: '/' }),
    reopenBooking: emit({ type: 'booking.reopen' }),
    offerFile: emit((_, params: { file: CalendarFile }) => ({ type: 'calendar.file' as const, ...params.file })),
  },
}).createMachine({
  id: 'paymentResult',
  description: '/paymentsuccess asks the server about the payment it came back with and says only what it confirms; /paymentfail counts 5 seconds down, then home.',
  context: ({ input }) => initialContext(input),
  initial: 'Starting',
  states: {
    Starting: {
      description: '/paymentfail counts down; /paymentsuccess asks about its payment when it knows which one and who asks.',
      always: [
        { guard: 'isFail', target: 'Counting' },
        { guard: 'hasReference', target: 'AwaitingSession' },
        { target: 'Unconfirmed' },
      ],
    },
    AwaitingSession: {
      description: "'Confirming your payment...' while the stored login is checked; logged in: ask; logged out: claim nothing.",
      tags: ['confirming'],
      always: [{ guard: 'hasToken', target: 'Checking' }, { guard: 'sessionSettled', target: 'Unconfirmed' }],
      on: {
        'session.changed': [
          { guard: 'loggedIn', target: 'Checking', actions: 'takeToken' },
          { guard: 'loggedOut', target: 'Unconfirmed' },
        ],
      },
    },
    Checking: {
      description: "'Confirming your payment...': asking the server (which asks the provider while it is pending).",
      tags: ['confirming'],
      entry: 'countCheck',
      invoke: {
        id: 'checkPayment',
        src: 'checkPayment',
        input: ({ context }) => ({ merchantOrderId: context.merchantOrderId ?? '', token: context.token ?? '' }),
        onDone: [
          {
            guard: { type: 'isPaid', params: ({ event }) => ({ answer: event.output }) },
            target: 'Paid',
            actions: { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            guard: { type: 'isPending', params: ({ event }) => ({ answer: event.output }) },
            target: 'Waiting',
            actions: { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'NotPaid', actions: { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: [
          { guard: { type: 'isFinalRefusal', params: ({ event }) => ({ error: event.error }) }, target: 'Unconfirmed' },
          // No answer (offline, a 5xx): still not known, asked again like a pending payment.
          { target: 'Waiting' },
        ],
      },
    },
    Waiting: {
      description: "Still pending: 'Confirming your payment...', asked again in 3 seconds, or StillPending after the last try.",
      tags: ['confirming'],
      after: {
        recheck: [{ guard: 'checksLeft', target: 'Checking' }, { target: 'StillPending' }],
      },
    },
    StillPending: {
      description: 'The provider has not confirmed it yet: said so, with My appointments and "Check again".',
      on: { 'payment.recheck': { target: 'Checking', actions: 'resetChecks' } },
    },
    Paid: {
      description: 'The server confirmed the payment: an appointment shows its confirmation; an order counts down to My appointments.',
      always: [{ guard: 'isOrder', target: 'Counting' }, { target: 'Confirmed' }],
    },
    Confirmed: {
      description: "'Appointment booked successfully.' and the confirmation view: what, when, where or how, the fee paid, Add to calendar, My appointments.",
      initial: 'Idle',
      states: {
        Idle: { on: { 'calendar.add': 'FetchingCalendar' } },
        FetchingCalendar: {
          description: 'Fetching the .ics of the appointment (the same as the confirmation mail).',
          tags: ['calendar'],
          invoke: {
            id: 'downloadCalendar',
            src: 'downloadCalendar',
            input: ({ context }) => ({ appointmentId: context.answer?.appointment?._id ?? '', token: context.token ?? '' }),
            onDone: { target: 'Idle', actions: { type: 'offerFile', params: ({ event }) => ({ file: event.output }) } },
            onError: { target: 'Idle', actions: { type: 'notify', params: ({ event }) => calendarFailed(event.error) } },
          },
        },
      },
    },
    NotPaid: {
      description: 'The server says the payment failed (or came too late and is refunded): said plainly, nothing booked is claimed.',
      type: 'final',
    },
    Unconfirmed: {
      description: 'No payment to ask about (a direct visit, logged out, not the caller\'s): nothing is claimed or replayed.',
      type: 'final',
    },
    Counting: {
      description: 'Shows the seconds left; one less each second. Go now leaves at once.',
      always: { guard: 'isTimeUp', target: 'Leaving' },
      after: { second: { target: 'Counting', reenter: true, actions: 'tick' } },
      on: { 'countdown.skip': 'Leaving' },
    },
    Leaving: {
      description: 'Home (the page sends an order to My appointments), and after a failure the booking popup opened again.',
      always: [
        { guard: 'isFail', target: 'Left', actions: ['goHome', 'reopenBooking'] },
        { target: 'Left', actions: 'goHome' },
      ],
    },
    Left: {
      description: 'The app has gone home.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ to: '/', reopenBooking: context.outcome === 'fail' }),
});
