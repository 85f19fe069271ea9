/**
 * Starting a payment: the amount comes from our records (the appointment's fee, the order's
 * total); a client amount that differs is refused with 400. A checkout is opened with the
 * provider under a new merchant order id, recorded in `payments` as pending.
 *
 * Refused at the start (409, nothing recorded): an appointment whose time has passed (Expired,
 * clinic time: nobody can be seen in a slot that is over), and a pharmacy order whose payment mode
 * is not Card (spec §4 "with payment mode Card ... Pay Now starts payment": cash is paid at the
 * pharmacy, so an online payment would take the money twice).
 */
import { randomBytes } from 'node:crypto';
import type { CreateAppointmentPaymentRequest, CreateOrderPaymentRequest } from '../../../contract/appointments.js';
import type { User } from '../../../contract/auth.js';
import { clinicClock } from '../../../contract/clinicTime.js';
import { sessionCaller } from '../../access/caller.js';
import { assertOwnsAppointment, assertOwnsOrder } from '../../access/rules.js';
import { paiseOf } from '../../../contract/money.js';
import { firstCheckSeconds } from '../../payment/checkSchedule.js';
import type { PaymentProvider } from '../../payment/provider.js';
import { type AppointmentForPayment, findAppointmentForPayment, setUnpaidPaymentStatus } from '../../repositories/appointmentPayments.js';
import { findStoredAppointment } from '../../repositories/appointmentRecords.js';
import { lapseHolds, reclaimHold } from '../../repositories/bookings.js';
import { findOrderForPayment, insertPayment, setProviderOrderId, settlePayment } from '../../repositories/payments.js';
import { bookingMessages } from '../appointments.js';
import { holdIsLive, isSlotViolation } from '../booking/slotIndex.js';
import { statusAt } from '../booking/status.js';
import { BadRequestError, ConflictError } from '../errors.js';
import { paymentMessages } from '../payments.js';
import { lockedDayPlan, scheduleOffers } from '../schedule.js';
import { type PaymentContext } from './context.js';

/** Ours, unique and unguessable, within PhonePe's rule ([A-Za-z0-9_-], at most 63). */
export function newMerchantOrderId(kind: 'A' | 'O', now: Date): string {
  const day = clinicClock(now).date.replaceAll('-', '').slice(2);
  return `SHC${kind}-${day}-${randomBytes(12).toString('base64url')}`;
}

interface NewPayment {
  merchantOrderId: string;
  purpose: 'appointment' | 'order';
  appointmentId: string | null;
  orderId: string | null;
  userId: string;
  amountPaise: number;
}

/**
 * Records the payment as pending (its first reconciliation check due), then opens the checkout
 * with the provider. A provider that fails to open one leaves the payment failed: nothing was opened.
 */
async function openCheckout(ctx: PaymentContext, payment: NewPayment, expireAfterSeconds: number, description: string) {
  const { db, now, provider, observer } = ctx;
  const at = now();
  const firstCheckAt = new Date(at.getTime() + firstCheckSeconds * 1000);
  await insertPayment(db, { ...payment, provider: provider.kind, expiresAt: new Date(at.getTime() + expireAfterSeconds * 1000), firstCheckAt }, at);
  ctx.onCheckoutOpened?.(firstCheckAt);
  let checkout: Awaited<ReturnType<PaymentProvider['startCheckout']>>;
  try {
    checkout = await provider.startCheckout({
      merchantOrderId: payment.merchantOrderId,
      amountPaise: payment.amountPaise,
      redirectUrl: `${ctx.publicUrl}/api/payment/return/${encodeURIComponent(payment.merchantOrderId)}`,
      expireAfterSeconds,
      description,
    });
  } catch (error) {
    // Nothing was opened: this attempt is over.
    observer.payment('provider_error');
    await settlePayment(db, payment.merchantOrderId, 'failed', { providerOrderId: null, transactionId: null }, now());
    throw error;
  }
  observer.payment('checkout_opened');
  if (checkout.providerOrderId) await setProviderOrderId(db, payment.merchantOrderId, checkout.providerOrderId, now());
  return checkout;
}

/**
 * Paying needs the slot: a lapsed hold claims it again for HOLD_MINUTES if nobody else holds it
 * (409 otherwise). A lapsed hold no longer counts for the staff console's orphan rule, so its
 * slot may have left the schedule since (hours, leave, a retired doctor): checked as a booking
 * is, under the doctor row's lock, so no schedule change slips in between. Answers when the hold ends.
 */
async function holdForPayment({ db, holdMinutes }: PaymentContext, a: AppointmentForPayment, at: Date): Promise<Date> {
  if (holdIsLive(a, at)) return a.holdExpiresAt!;
  const until = new Date(at.getTime() + holdMinutes * 60_000);
  try {
    await db.transaction(async (tx) => {
      const plan = await lockedDayPlan(tx, a.doctorId, a.location === '' ? null : a.location, a.date, at);
      if (!scheduleOffers(plan, a.time, a.consultationType)) throw new ConflictError(paymentMessages.notInSchedule);
      await lapseHolds(tx, { doctorId: a.doctorId, date: a.date, time: a.time }, at, a.id);
      await reclaimHold(tx, a.id, until, at);
    });
  } catch (error) {
    if (isSlotViolation(error)) throw new ConflictError(bookingMessages.slotTaken);
    throw error;
  }
  return until;
}

/** POST /payment/create-appointment: the caller's unpaid, not cancelled, not expired appointment, for its fee. */
export async function createAppointmentPayment(ctx: PaymentContext, user: User, request: CreateAppointmentPaymentRequest) {
  const { db, now } = ctx;
  // Somebody else's appointment is as good as none.
  const a = assertOwnsAppointment(sessionCaller(user), await findAppointmentForPayment(db, request.appointmentId), paymentMessages.appointmentNotFound);
  if (a.status === 'Cancelled') throw new ConflictError(paymentMessages.cancelled);
  if (a.paymentStatus === 'paid') throw new ConflictError(paymentMessages.alreadyPaid);
  if (a.paymentStatus === 'refund') throw new ConflictError(bookingMessages.slotTaken);
  // Expired is worked out at read time (clinic time, the doctor's slot length), as the list shows it.
  const stored = await findStoredAppointment(db, a.id);
  if (stored && statusAt(stored, now()) === 'Expired') throw new ConflictError(paymentMessages.expired);
  const amountPaise = paiseOf(a.fee);
  if (amountPaise <= 0) throw new BadRequestError(paymentMessages.nothingToPay, [{ field: 'appointmentId', message: 'has no fee to pay' }]);
  if (paiseOf(request.consultationAmount) !== amountPaise) {
    throw new BadRequestError(paymentMessages.wrongAmount, [{ field: 'consultationAmount', message: `must be the consultation fee, ${a.fee}` }]);
  }
  const at = now();
  const holdEnds = await holdForPayment(ctx, a, at);
  const merchantOrderId = newMerchantOrderId('A', at);
  const checkout = await openCheckout(
    ctx,
    { merchantOrderId, purpose: 'appointment', appointmentId: a.id, orderId: null, userId: user._id, amountPaise },
    (holdEnds.getTime() - at.getTime()) / 1000,
    `${a.consultationType} with ${a.doctorName}, ${a.location === '' ? 'online' : a.location}, ${a.date} ${a.time} (${a.appointmentNumber})`,
  );
  await setUnpaidPaymentStatus(db, a.id, 'pending', now());
  return { merchantOrderId, checkoutPageUrl: checkout.checkoutPageUrl };
}

/** POST /payment/create-order: the caller's unpaid Card order, for its total; `amount` in paise. */
export async function createOrderPayment(ctx: PaymentContext, user: User, request: CreateOrderPaymentRequest) {
  const order = assertOwnsOrder(sessionCaller(user), await findOrderForPayment(ctx.db, request.orderId), paymentMessages.orderNotFound);
  if (order.paymentStatus === 'Completed') throw new ConflictError(paymentMessages.orderAlreadyPaid);
  if (order.orderStatus === 'Cancelled' || order.paymentStatus === 'Refund') throw new ConflictError(paymentMessages.orderCancelled);
  if (order.paymentMode.trim().toLowerCase() !== 'card') throw new ConflictError(paymentMessages.notByCard);
  if (request.pharmacyId !== order.pharmacyId) {
    throw new BadRequestError(paymentMessages.wrongPharmacy, [{ field: 'pharmacyId', message: 'must be the order\'s pharmacy' }]);
  }
  const amountPaise = paiseOf(order.totalPrice);
  if (amountPaise <= 0) throw new BadRequestError(paymentMessages.nothingToPay, [{ field: 'orderId', message: 'has nothing to pay' }]);
  if (request.amount !== amountPaise) {
    throw new BadRequestError(paymentMessages.wrongOrderAmount, [{ field: 'amount', message: `must be the order's total in paise, ${amountPaise}` }]);
  }
  const at = ctx.now();
  const merchantOrderId = newMerchantOrderId('O', at);
  const checkout = await openCheckout(
    ctx,
    { merchantOrderId, purpose: 'order', appointmentId: null, orderId: order.id, userId: user._id, amountPaise },
    30 * 60,
    `Pharmacy order for appointment ${order.appointmentNumber}`,
  );
  return { checkoutPageUrl: checkout.checkoutPageUrl };
}
