/**
 * The payment result pages (spec §2 /paymentsuccess and /paymentfail, §9 "redirect after 5
 * seconds"): a countdown showing the seconds left, each second, then home. The page starts one
 * of these when it mounts and stops it when it unmounts.
 *
 * Input: `{ outcome: 'success' | 'fail', seconds? }` (seconds: 5 unless a test says otherwise).
 *
 * Events: `countdown.skip`, a "go now" link: leaves at once.
 *
 * Emitted (`actor.on(...)`) when the countdown ends or is skipped, in this order:
 * - `navigate` { to: '/' }: the app's router goes home.
 * - success: `notice` { tone: 'success', notice: { kind: 'appointmentBooked' } }, the spec §8
 *   alert 'Appointment booked successfully.'. (The page only says so: the booking counts once the
 *   payment provider confirmed it to the server, never because the browser came back here.)
 * - fail: `booking.reopen`: the app opens the Book Appointment popup again, with the kept
 *   choices it stored when the booking machine emitted `redirect` (its `previous` input).
 * The machine is then done, with output `{ to: '/', reopenBooking }`.
 */
import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import type { NoticeEvent } from '../session/notices.js';

export type PaymentOutcome = 'success' | 'fail';

export type PaymentResultInput = { outcome: PaymentOutcome; seconds?: number };

export type PaymentResultNotice = { kind: 'appointmentBooked' };

export type PaymentResultEmitted =
  | { type: 'navigate'; to: '/' }
  | NoticeEvent<PaymentResultNotice>
  | { type: 'booking.reopen' };

export type PaymentResultEvent = { type: 'countdown.skip' };

export type PaymentResultContext = { outcome: PaymentOutcome; secondsLeft: number };

export type PaymentResultOutput = { to: '/'; reopenBooking: boolean };

/** Spec §9: the payment result pages redirect after 5 seconds. */
export const paymentResultSeconds = 5;

export const paymentResultMachine = setup({
  types: {} as {
    context: PaymentResultContext;
    events: PaymentResultEvent;
    input: PaymentResultInput;
    emitted: PaymentResultEmitted;
    output: PaymentResultOutput;
  },
  delays: {
    second: 1000,
  },
  guards: {
    isTimeUp: ({ context }) => context.secondsLeft <= 0,
    isSuccess: ({ context }) => context.outcome === 'success',
  },
  actions: {
    tick: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
    goHome: emit({ type: 'navigate', to: '/' }),
    tellBooked: emit({ type: 'notice', tone: 'success', notice: { kind: 'appointmentBooked' } }),
    reopenBooking: emit({ type: 'booking.reopen' }),
  },
}).createMachine({
  id: 'paymentResult',
  description: 'The /paymentsuccess and /paymentfail countdown: 5 seconds, then home.',
  context: ({ input }) => ({
    outcome: input.outcome,
    secondsLeft: Math.max(0, Math.ceil(Number.isFinite(input.seconds) ? (input.seconds as number) : paymentResultSeconds)),
  }),
  initial: 'Counting',
  states: {
    Counting: {
      description: 'Shows the seconds left; one less each second. Go now leaves at once.',
      always: { guard: 'isTimeUp', target: 'Leaving' },
      after: { second: { target: 'Counting', reenter: true, actions: 'tick' } },
      on: { 'countdown.skip': 'Leaving' },
    },
    Leaving: {
      description: 'Home; with the success alert, or the booking popup opened again.',
      always: [
        { guard: 'isSuccess', target: 'Left', actions: ['goHome', 'tellBooked'] },
        { target: 'Left', actions: ['goHome', 'reopenBooking'] },
      ],
    },
    Left: {
      description: 'The app has gone home.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ to: '/', reopenBooking: context.outcome === 'fail' }),
});

type Snapshot = SnapshotFrom<typeof paymentResultMachine>;

/** The seconds left to show ("Redirecting in 5 seconds"); 0 once gone. */
export const selectSecondsLeft = (snapshot: Snapshot): number =>
  snapshot.matches('Counting') ? snapshot.context.secondsLeft : 0;
export const selectHasLeft = (snapshot: Snapshot): boolean => snapshot.matches('Left');
