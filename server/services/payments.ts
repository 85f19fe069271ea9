/**
 * The payment service (spec §7 "Separate payment service").
 *
 * Starting a payment: the amount comes from our records (the appointment's fee, the order's
 * total); a client amount that differs is refused with 400. A checkout is opened with the
 * provider under a new merchant order id, recorded in `payments` as pending.
 *
 * Settling: a payment counts only when the provider says COMPLETED server to server (a verified
 * webhook, or our status check) for exactly the amount we asked. The browser coming back proves
 * nothing: its return only makes us ask the provider. Every step is conditional on the payment
 * still being pending, so repeated webhooks and a webhook racing a status check settle it once.
 *
 * An appointment paid while its hold is live becomes paid. One paid after its hold lapsed (its
 * time ran out, noticed or not) takes the slot back only while the doctor's schedule still offers
 * it (a lapsed hold does not count for the staff console's orphan rule, so an admin may have cut
 * the hours, added leave or retired the doctor meanwhile) and the slot is still free. Otherwise
 * the appointment is flagged 'refund' (its record says so to the patient, and staff see it under
 * Refunds) and the payment too. A second payment of an appointment or order that is already paid
 * is flagged 'refund' as well. The record a payment is for follows it in the same transaction:
 * one cancelled while its checkout was open says 'refund' (an order 'Refund') with its
 * payment, so staff see one refund; one whose fee changed meanwhile is unpaid again. The full
 * table: docs/api.md, "The payment state follows the payment".
 *
 * Refused at the start (409, nothing recorded): an appointment whose time has passed (Expired,
 * clinic time: nobody can be seen in a slot that is over), and a pharmacy order whose payment mode
 * is not Card (spec §4 "with payment mode Card ... Pay Now starts payment": cash is paid at the
 * pharmacy, so an online payment would take the money twice).
 */
import { randomBytes } from 'node:crypto';
import type {
  CreateAppointmentPaymentRequest,
  CreateOrderPaymentRequest,
  PaymentCheckStatus,
  PaymentStatusAnswer,
} from '../../contract/appointments.js';
import type { User } from '../../contract/auth.js';
import type { Database, Queryable } from '../db/database.js';
import type { PaymentProvider, ProviderReport } from '../payment/provider.js';
import { findAppointmentForPayment, markAppointmentPaid, markAppointmentRefund, setUnpaidPaymentStatus } from '../repositories/appointmentPayments.js';
import { findStoredAppointment } from '../repositories/appointmentRecords.js';
import { lapseHolds, reclaimHold, releaseLapsedHold } from '../repositories/bookings.js';
import { firstCheckSeconds } from '../payment/checkSchedule.js';
import { lockDoctorForShare } from '../repositories/doctors.js';
import {
  countOpenPayments,
  failStalePayment,
  findOrderForPayment,
  findPayment,
  flagPaymentRefund,
  insertPayment,
  markOrderPaid,
  markOrderRefund,
  reopenStalePayment,
  type PaymentPurpose,
  type PaymentRow,
  setProviderOrderId,
  settlePayment,
} from '../repositories/payments.js';
import { bookingMessages, isSlotViolation, recordAt, statusAt } from './appointments.js';
import { BadRequestError, ConflictError, NotFoundError } from './errors.js';
import { clinicClock } from '../../contract/clinicTime.js';
import { lockedDayPlan, scheduleOffers } from './schedule.js';
import { noObserver, type ServiceObserver } from '../ops/metrics.js';
import { withReleasedPrescription } from '../records/patientView.js';

export const paymentMessages = {
  appointmentNotFound: 'Appointment not found.',
  paymentNotFound: 'Payment not found.',
  orderNotFound: 'Order not found.',
  alreadyPaid: 'This appointment is already paid.',
  orderAlreadyPaid: 'This order is already paid.',
  orderCancelled: 'This order was cancelled, so it cannot be paid.',
  cancelled: 'This appointment was cancelled.',
  wrongAmount: 'The amount does not match the consultation fee.',
  wrongOrderAmount: 'The amount does not match the order.',
  wrongPharmacy: 'The pharmacy does not match the order.',
  nothingToPay: 'There is nothing to pay.',
  expired: 'The time of this appointment has passed, so it can no longer be paid. Please book a new one.',
  notByCard: 'This order is paid at the pharmacy, not online.',
  notInSchedule: "This appointment's time is no longer in the doctor's schedule, so it can no longer be paid. Please book a new one.",
} as const;


/**
 * What became of a payment, for the browser's way back and the webhook's answer:
 * - paid: it paid what it was for (or that was paid already by it);
 * - refund: confirmed, but could not be applied (slot lost, paid twice, cancelled);
 * - failed, pending: as the provider says;
 * - mismatch: the provider reported another amount than we asked: not settled, logged;
 * - unknown: no such payment of ours.
 */
export type SettleOutcome = 'paid' | 'refund' | 'failed' | 'pending' | 'mismatch' | 'unknown';

const outcomeOf = (status: PaymentRow['status']): SettleOutcome => status;

const toPaise = (rupees: number) => Math.round(rupees * 100);

/** Ours, unique and unguessable, within PhonePe's rule ([A-Za-z0-9_-], at most 63). */
export function newMerchantOrderId(kind: 'A' | 'O', now: Date): string {
  const day = clinicClock(now).date.replaceAll('-', '').slice(2);
  return `SHC${kind}-${day}-${randomBytes(12).toString('base64url')}`;
}

export interface PaymentServiceDeps {
  db: Database;
  now: () => Date;
  provider: PaymentProvider;
  holdMinutes: number;
  /** PUBLIC_URL: where the provider sends the browser back to. */
  publicUrl: string;
  /**
   * Called once per appointment payment that this service applied (the appointment became paid),
   * after its transaction committed; it must not throw and is not awaited (the booking
   * confirmation mail: services/index.ts).
   */
  onAppointmentPaid?: (appointmentId: string) => void;
  /** Counts checkouts and settle outcomes (server/ops/metrics.ts). */
  observer?: Pick<ServiceObserver, 'payment'>;
  /** A checkout opened: its first reconciliation check is due at `firstCheckAt` (server/jobs/reconcile.ts wakes for it). Must not throw. */
  onCheckoutOpened?: (firstCheckAt: Date) => void;
}

/**
 * A checkout of an unpaid appointment closed without paying it (failed, or paid but refunded):
 * the appointment reads 'failed' unless another checkout is still open. Never over paid or refund.
 */
async function followClosedCheckout(q: Queryable, appointmentId: string, at: Date): Promise<void> {
  if ((await countOpenPayments(q, appointmentId)) === 0) await setUnpaidPaymentStatus(q, appointmentId, 'failed', at);
}

export function createPaymentService({
  db,
  now,
  provider,
  holdMinutes,
  publicUrl,
  onAppointmentPaid,
  onCheckoutOpened,
  observer = noObserver,
}: PaymentServiceDeps) {
  const returnUrl = (merchantOrderId: string) => `${publicUrl}/api/payment/return/${encodeURIComponent(merchantOrderId)}`;

  async function open(
    payment: { merchantOrderId: string; purpose: 'appointment' | 'order'; appointmentId: string | null; orderId: string | null; userId: string; amountPaise: number },
    expireAfterSeconds: number,
    description: string,
  ) {
    const at = now();
    const firstCheckAt = new Date(at.getTime() + firstCheckSeconds * 1000);
    await insertPayment(
      db,
      { ...payment, provider: provider.kind, expiresAt: new Date(at.getTime() + expireAfterSeconds * 1000), firstCheckAt },
      at,
    );
    onCheckoutOpened?.(firstCheckAt);
    let checkout: Awaited<ReturnType<PaymentProvider['startCheckout']>>;
    try {
      checkout = await provider.startCheckout({
        merchantOrderId: payment.merchantOrderId,
        amountPaise: payment.amountPaise,
        redirectUrl: returnUrl(payment.merchantOrderId),
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
   * Applies a confirmed payment to its appointment, in one transaction that first wins the
   * payment (pending -> paid). A lapsed hold is checked against the doctor's schedule as a booking
   * is (under the doctor row's lock, taken before the appointment's: the order every slot claim
   * takes them in); a slot no longer offered is flagged refund in that transaction. When taking
   * the slot back fails on the slot index (somebody else holds it), that transaction rolls back
   * whole and a second one settles the payment as refund.
   * 'settled': another confirmation won meanwhile.
   */
  async function applyToAppointment(payment: PaymentRow, report: ProviderReport, at: Date): Promise<SettleOutcome> {
    const ids = { providerOrderId: report.providerOrderId, transactionId: report.transactionId };
    let outcome: SettleOutcome | 'settled';
    let newlyPaid = false;
    try {
      outcome = await db.transaction(async (tx): Promise<SettleOutcome | 'settled'> => {
        if (!(await settlePayment(tx, payment.merchantOrderId, 'paid', ids, at))) return 'settled';
        // An appointment's doctor never changes, so the row read unlocked names the doctor to lock.
        const { doctorId } = (await findAppointmentForPayment(tx, payment.appointmentId!))!;
        await lockDoctorForShare(tx, doctorId);
        const a = (await findAppointmentForPayment(tx, payment.appointmentId!, true))!;
        if (a.paymentStatus === 'paid') {
          // Paid twice: this one goes back; the appointment stays paid by the first.
          await flagPaymentRefund(tx, payment.merchantOrderId, at);
          return 'paid';
        }
        if (a.status === 'Cancelled') {
          // Cancelled (by the patient or the clinic) while its checkout was open: the appointment
          // says its fee is owed back, as its payment does, so staff see one refund.
          await flagPaymentRefund(tx, payment.merchantOrderId, at);
          await markAppointmentRefund(tx, a.id, payment.merchantOrderId, at);
          return 'refund';
        }
        if (toPaise(a.fee) !== payment.amountPaise) {
          // Its fee changed since (the patient re-booked another type): this payment goes back and
          // the appointment is unpaid again, 'pending' only while another checkout is open.
          await flagPaymentRefund(tx, payment.merchantOrderId, at);
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
            await flagPaymentRefund(tx, payment.merchantOrderId, at);
            await markAppointmentRefund(tx, a.id, payment.merchantOrderId, at);
            return 'refund';
          }
        }
        // Still its own slot (even if the hold's time ran out unnoticed): paid. Released after a
        // lapse: take it back, which the slot index refuses if somebody else holds it now.
        if (!a.holdsSlot) await lapseHolds(tx, { doctorId: a.doctorId, date: a.date, time: a.time }, at, a.id);
        await markAppointmentPaid(tx, a.id, payment.merchantOrderId, at);
        newlyPaid = true;
        return 'paid';
      });
    } catch (error) {
      newlyPaid = false;
      if (!isSlotViolation(error)) throw error;
      outcome = await db.transaction(async (tx): Promise<SettleOutcome | 'settled'> => {
        if (!(await settlePayment(tx, payment.merchantOrderId, 'refund', ids, at))) return 'settled';
        await markAppointmentRefund(tx, payment.appointmentId!, payment.merchantOrderId, at);
        return 'refund';
      });
    }
    // Committed: this payment made the appointment paid (exactly once, whatever repeats or races).
    if (newlyPaid) onAppointmentPaid?.(payment.appointmentId!);
    return outcome === 'settled' ? current(payment.merchantOrderId) : outcome;
  }

  async function applyToOrder(payment: PaymentRow, report: ProviderReport, at: Date): Promise<SettleOutcome> {
    const ids = { providerOrderId: report.providerOrderId, transactionId: report.transactionId };
    const outcome = await db.transaction(async (tx): Promise<SettleOutcome | 'settled'> => {
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
      if (toPaise(order.totalPrice) !== payment.amountPaise) {
        await flagPaymentRefund(tx, payment.merchantOrderId, at);
        return 'refund';
      }
      await markOrderPaid(tx, order.id, payment.merchantOrderId, at);
      return 'paid';
    });
    return outcome === 'settled' ? current(payment.merchantOrderId) : outcome;
  }

  /** The outcome of a payment already settled (by somebody else). */
  async function current(merchantOrderId: string): Promise<SettleOutcome> {
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
    return outcomeOf(payment.status);
  }

  /** Settles a payment on the provider's word (a verified webhook or our status check). Idempotent. */
  async function settle(report: ProviderReport): Promise<SettleOutcome> {
    const outcome = await decide(report);
    observer.payment(outcome);
    return outcome;
  }

  async function decide(report: ProviderReport): Promise<SettleOutcome> {
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
    if (payment.status !== 'pending') return current(payment.merchantOrderId);
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
        return won ? 'failed' : current(payment.merchantOrderId);
      }
      case 'COMPLETED':
        if (report.amountPaise !== payment.amountPaise) return 'mismatch';
        return payment.purpose === 'appointment' ? applyToAppointment(payment, report, at) : applyToOrder(payment, report, at);
    }
  }

  return {
    /** POST /payment/create-appointment. */
    async createAppointmentPayment(user: User, request: CreateAppointmentPaymentRequest) {
      const a = await findAppointmentForPayment(db, request.appointmentId);
      // Somebody else's appointment is as good as none.
      if (!a || a.userId !== user._id) throw new NotFoundError(paymentMessages.appointmentNotFound);
      if (a.status === 'Cancelled') throw new ConflictError(paymentMessages.cancelled);
      if (a.paymentStatus === 'paid') throw new ConflictError(paymentMessages.alreadyPaid);
      if (a.paymentStatus === 'refund') throw new ConflictError(bookingMessages.slotTaken);
      // Expired is worked out at read time (clinic time, the doctor's slot length), as the list shows it.
      const stored = await findStoredAppointment(db, a.id);
      if (stored && statusAt(stored, now()) === 'Expired') throw new ConflictError(paymentMessages.expired);
      const amountPaise = toPaise(a.fee);
      if (amountPaise <= 0) throw new BadRequestError(paymentMessages.nothingToPay, [{ field: 'appointmentId', message: 'has no fee to pay' }]);
      if (toPaise(request.consultationAmount) !== amountPaise) {
        throw new BadRequestError(paymentMessages.wrongAmount, [
          { field: 'consultationAmount', message: `must be the consultation fee, ${a.fee}` },
        ]);
      }

      // Paying needs the slot: a lapsed hold claims it again if nobody else holds it.
      const at = now();
      let holdEnds = a.holdExpiresAt;
      if (!a.holdsSlot || holdEnds === null || holdEnds <= at) {
        holdEnds = new Date(at.getTime() + holdMinutes * 60_000);
        const until = holdEnds;
        try {
          await db.transaction(async (tx) => {
            // A lapsed hold no longer counts for the staff console's orphan rule: its slot may have
            // left the schedule since (hours, leave, a retired doctor). Checked as a booking is,
            // under the doctor row's lock, so no schedule change slips in between.
            const plan = await lockedDayPlan(tx, a.doctorId, a.location === '' ? null : a.location, a.date, at);
            if (!scheduleOffers(plan, a.time, a.consultationType)) throw new ConflictError(paymentMessages.notInSchedule);
            await lapseHolds(tx, { doctorId: a.doctorId, date: a.date, time: a.time }, at, a.id);
            await reclaimHold(tx, a.id, until, at);
          });
        } catch (error) {
          if (isSlotViolation(error)) throw new ConflictError(bookingMessages.slotTaken);
          throw error;
        }
      }

      const merchantOrderId = newMerchantOrderId('A', at);
      const checkout = await open(
        { merchantOrderId, purpose: 'appointment', appointmentId: a.id, orderId: null, userId: user._id, amountPaise },
        (holdEnds.getTime() - at.getTime()) / 1000,
        `${a.consultationType} with ${a.doctorName}, ${a.location === '' ? 'online' : a.location}, ${a.date} ${a.time} (${a.appointmentNumber})`,
      );
      await setUnpaidPaymentStatus(db, a.id, 'pending', now());
      return { merchantOrderId, checkoutPageUrl: checkout.checkoutPageUrl };
    },

    /** POST /payment/create-order: `amount` in paise. */
    async createOrderPayment(user: User, request: CreateOrderPaymentRequest) {
      const order = await findOrderForPayment(db, request.orderId);
      if (!order || order.userId !== user._id) throw new NotFoundError(paymentMessages.orderNotFound);
      if (order.paymentStatus === 'Completed') throw new ConflictError(paymentMessages.orderAlreadyPaid);
      if (order.orderStatus === 'Cancelled' || order.paymentStatus === 'Refund') throw new ConflictError(paymentMessages.orderCancelled);
      if (order.paymentMode.trim().toLowerCase() !== 'card') throw new ConflictError(paymentMessages.notByCard);
      if (request.pharmacyId !== order.pharmacyId) {
        throw new BadRequestError(paymentMessages.wrongPharmacy, [{ field: 'pharmacyId', message: 'must be the order\'s pharmacy' }]);
      }
      const amountPaise = toPaise(order.totalPrice);
      if (amountPaise <= 0) throw new BadRequestError(paymentMessages.nothingToPay, [{ field: 'orderId', message: 'has nothing to pay' }]);
      if (request.amount !== amountPaise) {
        throw new BadRequestError(paymentMessages.wrongOrderAmount, [
          { field: 'amount', message: `must be the order's total in paise, ${amountPaise}` },
        ]);
      }
      const at = now();
      const merchantOrderId = newMerchantOrderId('O', at);
      const checkout = await open(
        { merchantOrderId, purpose: 'order', appointmentId: null, orderId: order.id, userId: user._id, amountPaise },
        30 * 60,
        `Pharmacy order for appointment ${order.appointmentNumber}`,
      );
      return { checkoutPageUrl: checkout.checkoutPageUrl };
    },

    settle,

    /**
     * Reconciliation gives up on a payment still pending long after its checkout expired
     * (server/jobs/reconcile.ts): failed, as a FAILED report would make it, and its appointment's
     * lapsed hold lets the slot go at once. A confirmation arriving later reopens it (`decide`).
     */
    async failStale(merchantOrderId: string): Promise<SettleOutcome> {
      const at = now();
      const payment = await findPayment(db, merchantOrderId);
      if (!payment) return 'unknown';
      const won = await failStalePayment(db, merchantOrderId, at);
      if (!won) return current(merchantOrderId);
      if (payment.appointmentId) {
        await followClosedCheckout(db, payment.appointmentId, at);
        await releaseLapsedHold(db, payment.appointmentId, at);
      }
      observer.payment('failed');
      return 'failed';
    },

    /** Asks the provider (server to server) and settles on its answer. */
    async checkAndSettle(merchantOrderId: string): Promise<SettleOutcome> {
      const payment = await findPayment(db, merchantOrderId);
      if (!payment) return 'unknown';
      // One given up on by reconciliation is asked about again: the provider may have taken the money late.
      if (payment.status !== 'pending' && payment.staleFailedAt === null) return current(merchantOrderId);
      return settle(await provider.orderStatus(merchantOrderId));
    },

    /**
     * GET /payment/status/{merchantOrderId}, for the result page: one of the caller's
     * payments as the server knows it, after asking the provider (server to server) while it is
     * pending, so the page says "booked" only for a confirmed payment. Somebody else's payment
     * or an unknown reference: 404 alike. A provider that cannot say now leaves it pending.
     */
    async statusFor(user: User, merchantOrderId: string, log?: (error: unknown) => void): Promise<PaymentStatusAnswer> {
      const payment = await findPayment(db, merchantOrderId);
      if (!payment || payment.userId !== user._id) throw new NotFoundError(paymentMessages.paymentNotFound);
      let outcome: SettleOutcome = payment.status;
      try {
        outcome = payment.status !== 'pending' ? await current(merchantOrderId) : await settle(await provider.orderStatus(merchantOrderId));
      } catch (error) {
        log?.(error);
        outcome = 'pending';
      }
      const status: PaymentCheckStatus =
        outcome === 'unknown' || outcome === 'mismatch' ? 'failed' : outcome;
      const stored = payment.appointmentId ? await findStoredAppointment(db, payment.appointmentId) : null;
      return {
        merchantOrderId,
        purpose: payment.purpose,
        status,
        amountPaid: status === 'paid' ? payment.amountPaise / 100 : 0,
        ...(stored && payment.purpose === 'appointment' ? { appointment: withReleasedPrescription(recordAt(stored, now())) } : {}),
      };
    },

    /** What a payment was for (the result pages speak of a booking or of an order); null: no such payment. */
    async purposeOf(merchantOrderId: string): Promise<PaymentPurpose | null> {
      return (await findPayment(db, merchantOrderId))?.purpose ?? null;
    },

    /** What a checkout page shows: the amount and what it pays for. null: no such payment. */
    async describe(merchantOrderId: string): Promise<{ payment: PaymentRow; description: string } | null> {
      const payment = await findPayment(db, merchantOrderId);
      if (!payment) return null;
      if (payment.purpose === 'appointment') {
        const a = await findAppointmentForPayment(db, payment.appointmentId!);
        return {
          payment,
          description: a
            ? `${a.consultationType} with ${a.doctorName} ${a.location === '' ? 'online' : `at ${a.location}`}, ${a.date} at ${a.time} (appointment ${a.appointmentNumber})`
            : 'Consultation',
        };
      }
      const order = await findOrderForPayment(db, payment.orderId!);
      return { payment, description: `Pharmacy order for appointment ${order?.appointmentNumber ?? ''}`.trim() };
    },

    provider,
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
