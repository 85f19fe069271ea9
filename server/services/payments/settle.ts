/**
 * Settling a payment on the provider's word (a verified webhook, or our status check) for exactly
 * the amount we asked. Every step is conditional on the payment still being pending, so repeated
 * webhooks and a webhook racing a status check settle it once.
 *
 * An appointment paid while its hold is live becomes paid. One paid after its hold lapsed takes
 * the slot back only while the doctor's schedule still offers it and the slot is still free;
 * otherwise the appointment and the payment are flagged 'refund'. A second payment of what is
 * already paid is flagged 'refund' as well; the record a payment is for follows it in the same
 * transaction (docs/api.md, "The payment state follows the payment"), and so does the booking
 * confirmation's keyed mail (queued there, sent by the job engine).
 */
import { paiseOf } from '../../../contract/money.js';
import type { Queryable } from '../../db/database.js';
import { confirmationKey } from '../../jobs/keyedMails.js';
import type { ProviderReport } from '../../payment/provider.js';
import { findAppointmentForPayment, markAppointmentPaid, markAppointmentRefund, setUnpaidPaymentStatus } from '../../repositories/appointmentPayments.js';
import { lapseHolds } from '../../repositories/bookings.js';
import { lockDoctorForShare } from '../../repositories/doctors.js';
import {
  countOpenPayments,
  findOrderForPayment,
  findPayment,
  flagPaymentRefund,
  markOrderPaid,
  markOrderRefund,
  type PaymentRow,
  reopenStalePayment,
  settlePayment,
} from '../../repositories/payments.js';
import { isSlotViolation } from '../booking/slotIndex.js';
import type { SettleOutcome } from '../payments.js';
import { lockedDayPlan, scheduleOffers } from '../schedule.js';
import { type PaymentContext } from './context.js';

/** 'settled': another confirmation won meanwhile; 'applied': this one made the appointment paid. */
type TransactionOutcome = SettleOutcome | 'settled' | 'applied';

/** The provider's ids of a settled payment, as its report gives them. */
type SettleIds = { providerOrderId: string | null; transactionId: string | null };

/**
 * A checkout of an unpaid appointment closed without paying it (failed, or paid but refunded):
 * the appointment reads 'failed' unless another checkout is still open. Never over paid or refund.
 */
export async function followClosedCheckout(q: Queryable, appointmentId: string, at: Date): Promise<void> {
  if ((await countOpenPayments(q, appointmentId)) === 0) await setUnpaidPaymentStatus(q, appointmentId, 'failed', at);
}

/** The outcome of a payment already settled (by somebody else). */
export async function current({ db }: Pick<PaymentContext, 'db'>, merchantOrderId: string): Promise<SettleOutcome> {
  const payment = await findPayment(db, merchantOrderId);
  if (!payment) return 'unknown';
  if (payment.status === 'refund') {
    // A duplicate of a paid appointment or order is flagged refund, yet what it was for is paid.
    const paid =
      payment.purpose === 'appointment'
        ? (await findAppointmentForPayment(db, payment.appointmentId!))?.paymentStatus === 'paid'
        : (await findOrderForPayment(db, payment.orderId!))?.paymentStatus === 'Completed';
    if (paid) return 'paid';
  }
  return payment.status;
}

/**
 * In the transaction that first wins the payment (pending -> paid): the appointment, locked after
 * the doctor's row, takes it (paid), or it goes back (refund) when the appointment is paid
 * already, cancelled, has another fee now, or lost its slot from the schedule during a lapse.
 */
/** A confirmed appointment payment as its refund attempt names it. */
const refundOf = (payment: PaymentRow) => ({
  paymentId: payment.id,
  appointmentId: payment.appointmentId!,
  provider: payment.provider,
  amountPaise: payment.amountPaise,
});

async function appointmentTakesPayment(
  tx: Queryable,
  { now, mails, refunds }: Pick<PaymentContext, 'now' | 'mails' | 'refunds'>,
  payment: PaymentRow,
  ids: SettleIds,
  at: Date,
): Promise<TransactionOutcome> {
  // The money goes back by itself through the provider's refund API (docs/refunds.md).
  const sendBack = async () => {
    await flagPaymentRefund(tx, payment.merchantOrderId, at);
    await refunds.paymentRefund(tx, refundOf(payment), at);
  };
  if (!(await settlePayment(tx, payment.merchantOrderId, 'paid', ids, at))) return 'settled';
  // An appointment's doctor never changes, so the row read unlocked names the doctor to lock.
  const { doctorId } = (await findAppointmentForPayment(tx, payment.appointmentId!))!;
  await lockDoctorForShare(tx, doctorId);
  const a = (await findAppointmentForPayment(tx, payment.appointmentId!, true))!;
  if (a.paymentStatus === 'paid') {
    // Paid twice: this one goes back; the appointment stays paid by the first.
    await sendBack();
    return 'paid';
  }
  if (a.status === 'Cancelled') {
    // Cancelled (by the patient or the clinic) while its checkout was open: the appointment
    // says its fee is owed back, as its payment does, so staff see one refund.
    await sendBack();
    await markAppointmentRefund(tx, a.id, payment.merchantOrderId, at);
    return 'refund';
  }
  if (paiseOf(a.fee) !== payment.amountPaise) {
    // Its fee changed since (the patient re-booked another type): this payment goes back and
    // the appointment is unpaid again, 'pending' only while another checkout is open.
    await sendBack();
    await followClosedCheckout(tx, a.id, at);
    return 'refund';
  }
  // The clock is read again under the lock: a schedule change this waited for judged the hold
  // by its own clock, and counted it lapsed only if it was by then.
  const lapsed = !a.holdsSlot || a.holdExpiresAt === null || a.holdExpiresAt <= now();
  if (lapsed) {
    const plan = await lockedDayPlan(tx, a.doctorId, a.location === '' ? null : a.location, a.date, at);
    if (!scheduleOffers(plan, a.time, a.consultationType)) {
      // Its slot left the schedule during the lapse: lost, as if somebody else had taken it.
      await sendBack();
      await markAppointmentRefund(tx, a.id, payment.merchantOrderId, at);
      return 'refund';
    }
  }
  // Still its own slot (even if the hold's time ran out unnoticed): paid. Released after a
  // lapse: take it back, which the slot index refuses if somebody else holds it now.
  if (!a.holdsSlot) await lapseHolds(tx, { doctorId: a.doctorId, date: a.date, time: a.time }, at, a.id);
  await markAppointmentPaid(tx, a.id, payment.merchantOrderId, at);
  // The confirmation commits with the payment: a crash after this commit still mails it.
  await mails.queue(tx, 'confirmation', confirmationKey(a.id), at);
  return 'applied';
}

/**
 * Applies a confirmed payment to its appointment (`appointmentTakesPayment`). A lapsed hold is
 * checked against the doctor's schedule as a booking is (under the doctor row's lock, taken
 * before the appointment's: the order every slot claim takes them in). When taking the slot back
 * fails on the slot index (somebody else holds it), that transaction rolls back whole and a
 * second one settles the payment as refund.
 */
async function applyToAppointment(ctx: PaymentContext, payment: PaymentRow, report: ProviderReport, at: Date): Promise<SettleOutcome> {
  const ids = { providerOrderId: report.providerOrderId, transactionId: report.transactionId };
  let outcome: TransactionOutcome;
  await ctx.mails.prepare();
  try {
    outcome = await ctx.db.transaction((tx) => appointmentTakesPayment(tx, ctx, payment, ids, at));
  } catch (error) {
    if (!isSlotViolation(error)) throw error;
    outcome = await ctx.db.transaction(async (tx): Promise<TransactionOutcome> => {
      if (!(await settlePayment(tx, payment.merchantOrderId, 'refund', ids, at))) return 'settled';
      await markAppointmentRefund(tx, payment.appointmentId!, payment.merchantOrderId, at);
      await ctx.refunds.paymentRefund(tx, refundOf(payment), at);
      return 'refund';
    });
  }
  // Committed: this payment made the appointment paid (exactly once, whatever repeats or races).
  if (outcome === 'applied') return 'paid';
  return outcome === 'settled' ? current(ctx, payment.merchantOrderId) : outcome;
}

async function applyToOrder(ctx: PaymentContext, payment: PaymentRow, report: ProviderReport, at: Date): Promise<SettleOutcome> {
  const ids = { providerOrderId: report.providerOrderId, transactionId: report.transactionId };
  const outcome = await ctx.db.transaction(async (tx): Promise<SettleOutcome | 'settled'> => {
    if (!(await settlePayment(tx, payment.merchantOrderId, 'paid', ids, at))) return 'settled';
    const order = (await findOrderForPayment(tx, payment.orderId!, true))!;
    if (order.paymentStatus === 'Completed' || order.paymentStatus === 'Refund') {
      // Paid twice: this one goes back; the order keeps what the first one made it.
      await flagPaymentRefund(tx, payment.merchantOrderId, at);
      return order.paymentStatus === 'Completed' ? 'paid' : 'refund';
    }
    if (order.orderStatus === 'Cancelled') {
      // Cancelled by the clinic while its checkout was open: the order says the money is owed
      // back, as its payment does (what cancelling a paid order says too).
      await flagPaymentRefund(tx, payment.merchantOrderId, at);
      await markOrderRefund(tx, order.id, payment.merchantOrderId, at);
      return 'refund';
    }
    if (paiseOf(order.totalPrice) !== payment.amountPaise) {
      await flagPaymentRefund(tx, payment.merchantOrderId, at);
      return 'refund';
    }
    await markOrderPaid(tx, order.id, payment.merchantOrderId, at);
    return 'paid';
  });
  return outcome === 'settled' ? current(ctx, payment.merchantOrderId) : outcome;
}

async function decide(ctx: PaymentContext, report: ProviderReport): Promise<SettleOutcome> {
  const { db, now } = ctx;
  let payment = await findPayment(db, report.merchantOrderId);
  if (!payment) return 'unknown';
  if (
    payment.status === 'failed' &&
    payment.staleFailedAt !== null &&
    report.state === 'COMPLETED' &&
    report.amountPaise === payment.amountPaise &&
    (await reopenStalePayment(db, payment.merchantOrderId, now()))
  ) {
    // Given up on by reconciliation, yet the provider took the money after all: settled now
    // as any confirmation is (paid if its slot is still to be had, else flagged for refund).
    payment = (await findPayment(db, report.merchantOrderId))!;
  }
  if (payment.status !== 'pending') return current(ctx, payment.merchantOrderId);
  const at = now();
  switch (report.state) {
    case 'PENDING':
      return 'pending';
    case 'FAILED': {
      const won = await settlePayment(db, payment.merchantOrderId, 'failed', {
        providerOrderId: report.providerOrderId,
        transactionId: report.transactionId,
      }, at);
      if (won && payment.appointmentId) await followClosedCheckout(db, payment.appointmentId, at);
      return won ? 'failed' : current(ctx, payment.merchantOrderId);
    }
    case 'COMPLETED':
      if (report.amountPaise !== payment.amountPaise) return 'mismatch';
      return payment.purpose === 'appointment' ? applyToAppointment(ctx, payment, report, at) : applyToOrder(ctx, payment, report, at);
  }
}

/** Settles a payment on the provider's word (a verified webhook or our status check). Idempotent; every outcome is counted. */
export async function settle(ctx: PaymentContext, report: ProviderReport): Promise<SettleOutcome> {
  const outcome = await decide(ctx, report);
  ctx.observer.payment(outcome);
  return outcome;
}
