/** The payment result machine's input, context and output, and the timings it keeps to. */
import type { PaymentStatusAnswer } from '../../contract/appointments.js';

export type PaymentOutcome = 'success' | 'fail';

export type PaymentResultInput = {
  outcome: PaymentOutcome;
  seconds?: number;
  /** The `order` query parameter the payment service sent the browser back with; null for a direct visit. */
  merchantOrderId?: string | null;
  /** The session's bearer token; null when logged out, or while a stored one is being checked. */
  token?: string | null;
  /** The session is still checking a stored token: wait for `session.changed`. */
  sessionChecking?: boolean;
  /** A pharmacy order's payment (`?for=order`). */
  forOrder?: boolean;
};

export type PaymentResultContext = {
  outcome: PaymentOutcome;
  secondsLeft: number;
  merchantOrderId: string | null;
  token: string | null;
  sessionChecking: boolean;
  forOrder: boolean;
  checks: number;
  answer: PaymentStatusAnswer | null;
};

export type PaymentResultOutput = { to: '/'; reopenBooking: boolean };

/** Spec §9: the payment result pages redirect after 5 seconds. */
export const paymentResultSeconds = 5;
/** A pending payment is asked about again after this long, this many times in all before the page says it is still pending. */
export const recheckMs = 3000;
export const maxChecks = 10;

const secondsOf = (input: PaymentResultInput) =>
  Math.max(0, Math.ceil(Number.isFinite(input.seconds) ? (input.seconds as number) : paymentResultSeconds));

/** The context a page starts with: the whole countdown, no check made yet. */
export const initialContext = (input: PaymentResultInput): PaymentResultContext => ({
  outcome: input.outcome,
  secondsLeft: secondsOf(input),
  merchantOrderId: input.merchantOrderId ?? null,
  token: input.token ?? null,
  sessionChecking: input.sessionChecking === true,
  forOrder: input.forOrder === true,
  checks: 0,
  answer: null,
});
