/**
 * SQL for payments, pharmacy orders (as the payment service sees them) and the sandbox
 * provider's checkouts. Every change of a payment's status is conditional on its being
 * 'pending', and says whether it won: that is what makes settling idempotent when webhooks
 * repeat or race a status check, on one instance or many.
 */
import { paiseOf } from '../../contract/money.js';
import type { Queryable } from '../db/database.js';

export type PaymentPurpose = 'appointment' | 'order';
export type PaymentRowStatus = 'pending' | 'paid' | 'failed' | 'refund';
/** Who took the money: a checkout provider, or the pharmacy's counter for a Cash order (022). */
export type PaymentProvider = 'sandbox' | 'phonepe' | 'cash' | 'counter';

export interface PaymentRow {
  id: string;
  merchantOrderId: string;
  provider: PaymentProvider;
  purpose: PaymentPurpose;
  appointmentId: string | null;
  orderId: string | null;
  userId: string;
  amountPaise: number;
  status: PaymentRowStatus;
  providerOrderId: string | null;
  providerTransactionId: string | null;
  createdAt: Date;
  settledAt: Date | null;
  /** The checkout's expiry as asked of the provider (018; null before it). */
  expiresAt: Date | null;
  /** Reconciliation gave up on it, still pending long after its expiry (018). */
  staleFailedAt: Date | null;
}

interface Row {
  id: string;
  merchant_order_id: string;
  provider: PaymentProvider;
  purpose: PaymentPurpose;
  appointment_id: string | null;
  order_id: string | null;
  user_id: string;
  // bigint: a string on pg, a number on PGlite.
  amount_paise: string | number;
  status: PaymentRowStatus;
  provider_order_id: string | null;
  provider_transaction_id: string | null;
  created_at: Date;
  settled_at: Date | null;
  expires_at: Date | null;
  stale_failed_at: Date | null;
}

const toPayment = (r: Row): PaymentRow => ({
  id: r.id,
  merchantOrderId: r.merchant_order_id,
  provider: r.provider,
  purpose: r.purpose,
  appointmentId: r.appointment_id,
  orderId: r.order_id,
  userId: r.user_id,
  amountPaise: Number(r.amount_paise),
  status: r.status,
  providerOrderId: r.provider_order_id,
  providerTransactionId: r.provider_transaction_id,
  createdAt: r.created_at,
  settledAt: r.settled_at,
  expiresAt: r.expires_at,
  staleFailedAt: r.stale_failed_at,
});

export async function insertPayment(
  q: Queryable,
  p: {
    merchantOrderId: string;
    provider: 'sandbox' | 'phonepe';
    purpose: PaymentPurpose;
    appointmentId: string | null;
    orderId: string | null;
    userId: string;
    amountPaise: number;
    /** The checkout's expiry as asked of the provider. */
    expiresAt: Date;
    /** Reconciliation's first status check (server/payment/checkSchedule.ts). */
    firstCheckAt: Date;
  },
  now: Date,
): Promise<void> {
  await q.query(
    `insert into payments (merchant_order_id, provider, purpose, appointment_id, order_id, user_id, amount_paise,
                           status, created_at, updated_at, expires_at, next_check_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $8, $9, $10)`,
    [p.merchantOrderId, p.provider, p.purpose, p.appointmentId, p.orderId, p.userId, p.amountPaise, now, p.expiresAt, p.firstCheckAt],
  );
}

export async function findPayment(q: Queryable, merchantOrderId: string): Promise<PaymentRow | null> {
  const { rows } = await q.query<Row>('select * from payments where merchant_order_id = $1', [merchantOrderId]);
  return rows[0] ? toPayment(rows[0]) : null;
}

export async function setProviderOrderId(q: Queryable, merchantOrderId: string, providerOrderId: string, now: Date): Promise<void> {
  await q.query('update payments set provider_order_id = $2, updated_at = $3 where merchant_order_id = $1', [
    merchantOrderId,
    providerOrderId,
    now,
  ]);
}

/**
 * pending -> `status`, only if still pending. true: this call settled it; false: somebody
 * (another webhook, a status check, another instance) already had.
 */
export async function settlePayment(
  q: Queryable,
  merchantOrderId: string,
  status: Exclude<PaymentRowStatus, 'pending'>,
  ids: { providerOrderId: string | null; transactionId: string | null },
  now: Date,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `update payments
        set status = $2, provider_order_id = coalesce($3, provider_order_id),
            provider_transaction_id = coalesce($4, provider_transaction_id), settled_at = $5, updated_at = $5
      where merchant_order_id = $1 and status = 'pending'`,
    [merchantOrderId, status, ids.providerOrderId, ids.transactionId, now],
  );
  return rowCount > 0;
}

/* ------------------------------------------------------------- reconciliation (018) */

export interface DueCheck {
  merchantOrderId: string;
  createdAt: Date;
  expiresAt: Date | null;
}

/**
 * The pending payments of this provider whose next check is due at `now`, locked (another
 * instance sweeping at once skips them): the caller moves each one's next_check_at on in the
 * same transaction, which is what makes a check happen once per due instant.
 */
export async function lockDueChecks(tx: Queryable, provider: string, now: Date, limit: number): Promise<DueCheck[]> {
  const { rows } = await tx.query<{ merchant_order_id: string; created_at: Date; expires_at: Date | null }>(
    `select merchant_order_id, created_at, expires_at from payments
      where status = 'pending' and provider = $1 and next_check_at <= $2
      order by next_check_at, merchant_order_id
      limit $3
      for update skip locked`,
    [provider, now, limit],
  );
  return rows.map((r) => ({ merchantOrderId: r.merchant_order_id, createdAt: new Date(r.created_at), expiresAt: r.expires_at && new Date(r.expires_at) }));
}

export async function moveCheckOn(tx: Queryable, merchantOrderId: string, next: Date | null, now: Date): Promise<void> {
  await tx.query(
    'update payments set next_check_at = $2, checks = checks + 1, last_checked_at = $3 where merchant_order_id = $1',
    [merchantOrderId, next, now],
  );
}

/** The earliest next check of this provider's pending payments (when the sweep should wake next). */
export async function earliestCheck(q: Queryable, provider: string): Promise<Date | null> {
  const { rows } = await q.query<{ at: Date | null }>(
    `select min(next_check_at) as at from payments where status = 'pending' and provider = $1`,
    [provider],
  );
  return rows[0]?.at ? new Date(rows[0].at) : null;
}

/** Pending -> failed, given up on by reconciliation; true: this call did it. */
export async function failStalePayment(q: Queryable, merchantOrderId: string, now: Date): Promise<boolean> {
  const { rowCount } = await q.query(
    `update payments set status = 'failed', stale_failed_at = $2, settled_at = $2, updated_at = $2, next_check_at = null
      where merchant_order_id = $1 and status = 'pending'`,
    [merchantOrderId, now],
  );
  return rowCount > 0;
}

/**
 * A payment reconciliation gave up on turned out confirmed after all (a late webhook or status
 * check): pending again, so it is settled as any confirmation is. true: this call reopened it.
 */
export async function reopenStalePayment(q: Queryable, merchantOrderId: string, now: Date): Promise<boolean> {
  const { rowCount } = await q.query(
    `update payments set status = 'pending', stale_failed_at = null, settled_at = null, updated_at = $2, next_check_at = $2
      where merchant_order_id = $1 and status = 'failed' and stale_failed_at is not null`,
    [merchantOrderId, now],
  );
  return rowCount > 0;
}

/** A payment settled as paid that turned out not to be applicable (already paid by another): the clinic owes it back. */
export async function flagPaymentRefund(q: Queryable, merchantOrderId: string, now: Date): Promise<void> {
  await q.query(`update payments set status = 'refund', updated_at = $2 where merchant_order_id = $1 and status = 'paid'`, [
    merchantOrderId,
    now,
  ]);
}

/** Other checkouts of the same appointment still open (a failed one must not mark the appointment failed while they are). */
export async function countOpenPayments(q: Queryable, appointmentId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from payments where appointment_id = $1 and status = 'pending'`,
    [appointmentId],
  );
  return rows[0]!.n;
}

export interface OrderForPayment {
  id: string;
  appointmentId: string;
  appointmentNumber: string;
  userId: string;
  pharmacyId: string;
  totalPrice: number;
  paymentMode: string;
  paymentStatus: string;
  orderStatus: string;
}

export async function findOrderForPayment(q: Queryable, id: string, forUpdate = false): Promise<OrderForPayment | null> {
  const { rows } = await q.query<{
    id: string;
    appointment_id: string;
    appointment_number: string;
    user_id: string;
    pharmacy_id: string;
    total_price: string;
    payment_mode: string;
    payment_status: string;
    order_status: string;
  }>(
    `select o.id, o.appointment_id, a.appointment_number, a.user_id, o.pharmacy_id, o.total_price, o.payment_mode, o.payment_status,
            o.order_status
       from orders o join appointments a on a.id = o.appointment_id
      where o.id = $1${forUpdate ? ' for update of o' : ''}`,
    [id],
  );
  const r = rows[0];
  return r
    ? {
        id: r.id,
        appointmentId: r.appointment_id,
        appointmentNumber: r.appointment_number,
        userId: r.user_id,
        pharmacyId: r.pharmacy_id,
        totalPrice: Number(r.total_price),
        paymentMode: r.payment_mode,
        paymentStatus: r.payment_status,
        orderStatus: r.order_status,
      }
    : null;
}

export async function markOrderPaid(q: Queryable, id: string, paymentId: string, now: Date): Promise<void> {
  await q.query(
    `update orders set payment_status = 'Completed', payment_id = $2, updated_at = $3 where id = $1`,
    [id, paymentId, now],
  );
}

/**
 * A Cash order handed over: the pharmacy took its total, so a settled 'cash' payment is recorded
 * and the order is paid (022_cash_payments.sql), in the caller's transaction. Nothing for a Card
 * order, one already paid, or a free one (a payment is never of ₹0). Returns whether it recorded one.
 */
export async function recordCashPayment(tx: Queryable, orderId: string, now: Date): Promise<boolean> {
  const { rows: due } = await tx.query<{ merchant_order_id: string; user_id: string; total_price: string | number }>(
    `select 'CASH-' || replace(o.id::text, '-', '') as merchant_order_id, a.user_id, o.total_price
       from orders o join appointments a on a.id = o.appointment_id
      where o.id = $1 and o.payment_mode = 'Cash' and o.payment_status = 'Pending' and o.total_price > 0`,
    [orderId],
  );
  const order = due[0];
  if (order === undefined) return false;
  const { rows } = await tx.query<{ merchant_order_id: string }>(
    `insert into payments (merchant_order_id, provider, purpose, order_id, user_id, amount_paise, status, created_at, updated_at, settled_at)
     values ($1, 'cash', 'order', $2, $3, $4, 'paid', $5, $5, $5)
     on conflict (merchant_order_id) do nothing
     returning merchant_order_id`,
    [order.merchant_order_id, orderId, order.user_id, paiseOf(Number(order.total_price)), now],
  );
  const paymentId = rows[0]?.merchant_order_id;
  if (paymentId === undefined) return false;
  await markOrderPaid(tx, orderId, paymentId, now);
  return true;
}

/** Paid after the clinic cancelled it: the money is owed back (listed under Refunds). Never over a paid order. */
export async function markOrderRefund(q: Queryable, id: string, paymentId: string, now: Date): Promise<void> {
  await q.query(
    `update orders set payment_status = 'Refund', payment_id = $2, updated_at = $3 where id = $1 and payment_status <> 'Completed'`,
    [id, paymentId, now],
  );
}

/* ------------------------------------------------------------- sandbox provider */

export interface SandboxCheckout {
  merchantOrderId: string;
  amountPaise: number;
  state: 'PENDING' | 'COMPLETED' | 'FAILED';
}

export async function insertSandboxCheckout(q: Queryable, merchantOrderId: string, amountPaise: number, now: Date): Promise<void> {
  await q.query(
    `insert into sandbox_checkouts (merchant_order_id, amount_paise, state, created_at, updated_at)
     values ($1, $2, 'PENDING', $3, $3)`,
    [merchantOrderId, amountPaise, now],
  );
}

export async function findSandboxCheckout(q: Queryable, merchantOrderId: string): Promise<SandboxCheckout | null> {
  const { rows } = await q.query<{ merchant_order_id: string; amount_paise: string | number; state: SandboxCheckout['state'] }>(
    'select merchant_order_id, amount_paise, state from sandbox_checkouts where merchant_order_id = $1',
    [merchantOrderId],
  );
  const r = rows[0];
  return r ? { merchantOrderId: r.merchant_order_id, amountPaise: Number(r.amount_paise), state: r.state } : null;
}

/** The person pressed Pay or Fail; only the first press counts. */
export async function finishSandboxCheckout(
  q: Queryable,
  merchantOrderId: string,
  state: 'COMPLETED' | 'FAILED',
  now: Date,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `update sandbox_checkouts set state = $2, updated_at = $3 where merchant_order_id = $1 and state = 'PENDING'`,
    [merchantOrderId, state, now],
  );
  return rowCount > 0;
}
