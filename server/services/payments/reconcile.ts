/**
 * What reconciliation (server/jobs/reconcile.ts) does with a payment: ask the provider and settle
 * on its answer, or give up on one still pending long after its checkout expired.
 */
import { releaseLapsedHold } from '../../repositories/bookings.js';
import { failStalePayment, findPayment } from '../../repositories/payments.js';
import type { SettleOutcome } from '../payments.js';
import type { PaymentContext } from './context.js';
import { current, followClosedCheckout, settle } from './settle.js';

/**
 * Gives up on a payment still pending long after its checkout expired: failed, as a FAILED report
 * would make it, and its appointment's lapsed hold lets the slot go at once. A confirmation
 * arriving later reopens it (settle.ts `decide`).
 */
export async function failStale(ctx: PaymentContext, merchantOrderId: string): Promise<SettleOutcome> {
  const { db, now } = ctx;
  const at = now();
  const payment = await findPayment(db, merchantOrderId);
  if (!payment) return 'unknown';
  const won = await failStalePayment(db, merchantOrderId, at);
  if (!won) return current(ctx, merchantOrderId);
  if (payment.appointmentId) {
    await followClosedCheckout(db, payment.appointmentId, at);
    await releaseLapsedHold(db, payment.appointmentId, at);
  }
  ctx.observer.payment('failed');
  return 'failed';
}

/** Asks the provider (server to server) and settles on its answer. */
export async function checkAndSettle(ctx: PaymentContext, merchantOrderId: string): Promise<SettleOutcome> {
  const payment = await findPayment(ctx.db, merchantOrderId);
  if (!payment) return 'unknown';
  // One given up on by reconciliation is asked about again: the provider may have taken the money late.
  if (payment.status !== 'pending' && payment.staleFailedAt === null) return current(ctx, merchantOrderId);
  return settle(ctx, await ctx.provider.orderStatus(merchantOrderId));
}
