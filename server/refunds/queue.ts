/**
 * How a cancel's transaction starts the refund of a paid fee through the payment provider: the
 * attempt's row (provider_refunds) and, when the job engine runs, its job, both in the cancel's
 * transaction (the minutely sweep of server/refunds/jobs.ts finds a row whose job was not sent).
 * The settle step starts one the same way for a confirmed payment it cannot apply (paymentRefund).
 * Only a checkout of the configured provider is refunded so; a fee paid otherwise (cash, a
 * sandbox payment after a switch to PhonePe) stays flagged for an admin to pay back by hand.
 */
import type { Queryable } from '../db/database.js';
import type { JobEngine } from '../jobs/engine.js';
import { insertProviderRefund, latestProviderRefund, paidCheckoutOf } from './repository.js';

export const refundWorkQueue = 'refunds.work';

export interface RefundQueue {
  /** In `tx`, the appointment already flagged for refund: its checkout's refund attempt; its id, or null when it is left to an admin. */
  appointmentRefund(tx: Queryable, appointmentId: string, at: Date): Promise<string | null>;
  /**
   * In `tx`, a confirmed payment the settle step sends back (its slot lost, the appointment paid
   * twice, cancelled while the checkout was open, another fee by now): its refund attempt; its
   * id, or null when it is left to an admin (another provider's payment).
   */
  paymentRefund(tx: Queryable, payment: { paymentId: string; appointmentId: string; provider: string; amountPaise: number }, at: Date): Promise<string | null>;
  /** In `tx`: a new attempt of this payment's refund after its last one failed; its id, or null when one is live or done. */
  retry(tx: Queryable, payment: { paymentId: string; appointmentId: string; provider: string; amountPaise: number }, at: Date): Promise<string | null>;
}

export function createRefundQueue(engine: JobEngine | null, providerKind: string): RefundQueue {
  async function attempt(tx: Queryable, payment: { paymentId: string; appointmentId: string; provider: string; amountPaise: number }, at: Date) {
    const latest = await latestProviderRefund(tx, payment.paymentId);
    if (latest && latest.state !== 'failed') return null;
    const id = await insertProviderRefund(tx, { ...payment, attempt: (latest?.attempt ?? 0) + 1 }, at);
    if (id !== null && engine?.running()) await engine.send(refundWorkQueue, { id }, { tx });
    return id;
  }
  return {
    async appointmentRefund(tx, appointmentId, at) {
      const checkout = await paidCheckoutOf(tx, appointmentId);
      if (!checkout || checkout.resolved || checkout.provider !== providerKind) return null;
      return attempt(tx, { paymentId: checkout.paymentId, appointmentId, provider: checkout.provider, amountPaise: checkout.amountPaise }, at);
    },
    paymentRefund: (tx, payment, at) => (payment.provider === providerKind ? attempt(tx, payment, at) : Promise.resolve(null)),
    retry: attempt,
  };
}

/** Where no refund is made through the provider (code that cancels nothing): every refund is left to an admin. */
export const noRefundQueue: RefundQueue = { appointmentRefund: async () => null, paymentRefund: async () => null, retry: async () => null };
