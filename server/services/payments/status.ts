/** What the result and checkout pages read of a payment. */
import type { PaymentCheckStatus, PaymentStatusAnswer } from '../../../contract/appointments.js';
import type { User } from '../../../contract/auth.js';
import { sessionCaller } from '../../access/caller.js';
import { assertOwnsPayment } from '../../access/rules.js';
import { rupeesOf } from '../../../contract/money.js';
import { findAppointmentForPayment } from '../../repositories/appointmentPayments.js';
import { findStoredAppointment } from '../../repositories/appointmentRecords.js';
import { findOrderForPayment, findPayment, type PaymentPurpose, type PaymentRow } from '../../repositories/payments.js';
import { withReleasedPrescription } from '../../records/patientView.js';
import { recordAt } from '../booking/status.js';
import { joinOpensAt } from '../consultations.js';
import { defaultConsultationConfig } from '../../consultation/config.js';
import { paymentMessages, type SettleOutcome } from '../payments.js';
import type { PaymentContext } from './context.js';
import { current, settle } from './settle.js';

/**
 * GET /payment/status/{merchantOrderId}, for the result page: one of the caller's
 * payments as the server knows it, after asking the provider (server to server) while it is
 * pending, so the page says "booked" only for a confirmed payment. Somebody else's payment
 * or an unknown reference: 404 alike. A provider that cannot say now leaves it pending.
 */
export async function statusFor(ctx: PaymentContext, user: User, merchantOrderId: string, log?: (error: unknown) => void): Promise<PaymentStatusAnswer> {
  const { db, now, provider } = ctx;
  const payment = assertOwnsPayment(sessionCaller(user), await findPayment(db, merchantOrderId), paymentMessages.paymentNotFound);
  let outcome: SettleOutcome = payment.status;
  try {
    outcome = payment.status !== 'pending' ? await current(ctx, merchantOrderId) : await settle(ctx, await provider.orderStatus(merchantOrderId));
  } catch (error) {
    log?.(error);
    outcome = 'pending';
  }
  const status: PaymentCheckStatus = outcome === 'unknown' || outcome === 'mismatch' ? 'failed' : outcome;
  const stored = payment.appointmentId && payment.purpose === 'appointment' ? await findStoredAppointment(db, payment.appointmentId) : null;
  const joined = stored && (stored.record.consultationType === 'Chat' || stored.record.consultationType === 'Video');
  return {
    merchantOrderId,
    purpose: payment.purpose,
    status,
    amountPaid: status === 'paid' ? rupeesOf(payment.amountPaise) : 0,
    ...(stored ? { appointment: withReleasedPrescription(recordAt(stored, now())) } : {}),
    ...(joined ? { joinOpensAt: joinOpensAt(stored.record.date, stored.record.startTime, ctx.joinOpensMinutesBefore ?? defaultConsultationConfig.joinOpensMinutesBefore).toISOString() } : {}),
  };
}

/** What a payment was for (the result pages speak of a booking or of an order); null: no such payment. */
export async function purposeOf({ db }: Pick<PaymentContext, 'db'>, merchantOrderId: string): Promise<PaymentPurpose | null> {
  return (await findPayment(db, merchantOrderId))?.purpose ?? null;
}

/** What a checkout page shows: the amount and what it pays for. null: no such payment. */
export async function describe({ db }: Pick<PaymentContext, 'db'>, merchantOrderId: string): Promise<{ payment: PaymentRow; description: string } | null> {
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
}
