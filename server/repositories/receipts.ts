/**
 * SQL for receipts: the settled payments an appointment's fee or its order has, and the receipt
 * numbers they are given (one sequence, numbers kept once given).
 */
import { rupeesOf } from '../../contract/money.js';
import type { Queryable } from '../db/database.js';
import type { PaymentProvider } from './payments.js';

export interface ReceiptPayment {
  id: string;
  merchantOrderId: string;
  /** 'cash': taken at the pharmacy's counter (a Cash order, 022); else a checkout provider. */
  provider: PaymentProvider;
  purpose: 'appointment' | 'order';
  amount: number;
  status: 'paid' | 'refund';
  providerTransactionId: string | null;
  settledAt: Date | null;
  createdAt: Date;
  /** When an admin recorded the money as paid back (refund_resolutions), if they did. */
  refundedAt: Date | null;
}

/**
 * The settled payments of an appointment's fee (purpose 'appointment') or of its order ('order'),
 * oldest first: confirmed by the provider, applied ('paid') or owed back ('refund').
 */
export async function listSettledPayments(q: Queryable, of: { appointmentId: string } | { orderId: string }): Promise<ReceiptPayment[]> {
  const byAppointment = 'appointmentId' in of;
  const { rows } = await q.query<{
    id: string;
    merchant_order_id: string;
    provider: PaymentProvider;
    purpose: 'appointment' | 'order';
    amount_paise: string | number;
    status: 'paid' | 'refund';
    provider_transaction_id: string | null;
    settled_at: Date | null;
    created_at: Date;
    refunded_at: Date | null;
  }>(
    `select p.id, p.merchant_order_id, p.provider, p.purpose, p.amount_paise, p.status, p.provider_transaction_id, p.settled_at,
            p.created_at,
            (select r.resolved_at from refund_resolutions r
              where r.payment_id = p.id or r.appointment_id = p.appointment_id or r.order_id = p.order_id
              order by r.resolved_at limit 1) as refunded_at
       from payments p
      where ${byAppointment ? 'p.appointment_id' : 'p.order_id'} = $1 and p.status in ('paid', 'refund')
      order by p.created_at, p.merchant_order_id`,
    [byAppointment ? of.appointmentId : of.orderId],
  );
  return rows.map((r) => ({
    id: r.id,
    merchantOrderId: r.merchant_order_id,
    provider: r.provider,
    purpose: r.purpose,
    amount: rupeesOf(r.amount_paise),
    status: r.status,
    providerTransactionId: r.provider_transaction_id,
    settledAt: r.settled_at,
    createdAt: r.created_at,
    refundedAt: r.refunded_at,
  }));
}

/**
 * The receipt number of a payment's receipt of this kind: the one it was given, or the next of the
 * one sequence (receipt_number_seq, 013_records.sql) given now. Two requests racing for the same
 * receipt get the same number (the unique (payment, kind) keeps the first).
 */
export async function receiptNumber(q: Queryable, paymentId: string, kind: 'payment' | 'refund', now: Date): Promise<string> {
  await q.query(
    `insert into receipts (receipt_number, payment_id, kind, issued_at)
     values ('RCT-' || lpad(nextval('receipt_number_seq')::text, 6, '0'), $1, $2, $3)
     on conflict (payment_id, kind) do nothing`,
    [paymentId, kind, now],
  );
  const { rows } = await q.query<{ receipt_number: string }>('select receipt_number from receipts where payment_id = $1 and kind = $2', [
    paymentId,
    kind,
  ]);
  return rows[0]!.receipt_number;
}

