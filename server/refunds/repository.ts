/**
 * SQL for refunds made through the payment provider (provider_refunds, migration 048): one row per
 * attempt at refunding one payment, its key, its state, and the lease and schedule the job
 * (server/refunds/jobs.ts) works it by.
 */
import type { Queryable } from '../db/database.js';

export type ProviderRefundState = 'new' | 'pending' | 'completed' | 'failed' | 'cancelled';

export interface ProviderRefundRow {
  id: string;
  paymentId: string;
  appointmentId: string;
  attempt: number;
  merchantRefundId: string;
  merchantOrderId: string;
  provider: 'sandbox' | 'phonepe';
  amountPaise: number;
  state: ProviderRefundState;
  providerRefundId: string | null;
  errorCode: string | null;
  requestedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

interface Row {
  id: string;
  payment_id: string;
  appointment_id: string;
  attempt: number;
  merchant_refund_id: string;
  merchant_order_id: string;
  provider: 'sandbox' | 'phonepe';
  amount_paise: string | number;
  state: ProviderRefundState;
  provider_refund_id: string | null;
  error_code: string | null;
  requested_at: Date | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

const columns = `r.id, r.payment_id, r.appointment_id, r.attempt, r.merchant_refund_id, p.merchant_order_id, r.provider, r.amount_paise,
  r.state, r.provider_refund_id, r.error_code, r.requested_at, r.created_at, r.updated_at, r.finished_at`;

const toRow = (r: Row): ProviderRefundRow => ({
  id: r.id,
  paymentId: r.payment_id,
  appointmentId: r.appointment_id,
  attempt: r.attempt,
  merchantRefundId: r.merchant_refund_id,
  merchantOrderId: r.merchant_order_id,
  provider: r.provider,
  amountPaise: Number(r.amount_paise),
  state: r.state,
  providerRefundId: r.provider_refund_id,
  errorCode: r.error_code,
  requestedAt: r.requested_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  finishedAt: r.finished_at,
});

/** The key sent to the provider: the payment and the attempt (a payment's id is a uuid: 32 hex digits). */
export const merchantRefundIdOf = (paymentId: string, attempt: number): string => `RF${attempt}_${paymentId.replace(/-/g, '')}`;

export async function findProviderRefund(q: Queryable, id: string): Promise<ProviderRefundRow | null> {
  const { rows } = await q.query<Row>(`select ${columns} from provider_refunds r join payments p on p.id = r.payment_id where r.id = $1`, [id]);
  return rows[0] ? toRow(rows[0]) : null;
}

/** A payment's latest attempt; `forUpdate` locks the payment's row first (an admin's retry or manual record). */
export async function latestProviderRefund(q: Queryable, paymentId: string, forUpdate = false): Promise<ProviderRefundRow | null> {
  if (forUpdate) await q.query('select 1 from payments where id = $1 for update', [paymentId]);
  const { rows } = await q.query<Row>(
    `select ${columns} from provider_refunds r join payments p on p.id = r.payment_id where r.payment_id = $1 order by r.attempt desc limit 1`,
    [paymentId],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** The latest attempt of each of these payments (the console's refund list). */
export async function latestProviderRefunds(q: Queryable, paymentIds: readonly string[]): Promise<Map<string, ProviderRefundRow>> {
  if (paymentIds.length === 0) return new Map();
  const { rows } = await q.query<Row>(
    `select distinct on (r.payment_id) ${columns}
       from provider_refunds r join payments p on p.id = r.payment_id
      where r.payment_id = any($1::uuid[])
      order by r.payment_id, r.attempt desc`,
    [paymentIds],
  );
  return new Map(rows.map((r) => [r.payment_id, toRow(r)]));
}

/** The paid (or refund-flagged) checkout an appointment's fee was paid with, by its provider; null when none. */
export async function paidCheckoutOf(
  q: Queryable,
  appointmentId: string,
): Promise<{ paymentId: string; merchantOrderId: string; provider: string; amountPaise: number; resolved: boolean } | null> {
  const { rows } = await q.query<{ id: string; merchant_order_id: string; provider: string; amount_paise: string | number; resolved: boolean }>(
    `select p.id, p.merchant_order_id, p.provider, p.amount_paise,
            exists (select 1 from refund_resolutions rr where rr.payment_id = p.id or rr.appointment_id = a.id) as resolved
       from appointments a
       join payments p on p.merchant_order_id = a.payment_id and p.appointment_id = a.id
      where a.id = $1 and p.status in ('paid', 'refund')`,
    [appointmentId],
  );
  const r = rows[0];
  return r ? { paymentId: r.id, merchantOrderId: r.merchant_order_id, provider: r.provider, amountPaise: Number(r.amount_paise), resolved: r.resolved } : null;
}

/**
 * A new attempt (state new, due at once), unless the payment has one live or done: the partial
 * unique index answers a second one, from another instance too, with nothing inserted. Its id, or null.
 */
export async function insertProviderRefund(
  tx: Queryable,
  refund: { paymentId: string; appointmentId: string; attempt: number; provider: string; amountPaise: number },
  at: Date,
): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into provider_refunds (payment_id, appointment_id, attempt, merchant_refund_id, provider, amount_paise, state, next_check_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, 'new', $7, $7, $7)
     on conflict do nothing
     returning id`,
    [refund.paymentId, refund.appointmentId, refund.attempt, merchantRefundIdOf(refund.paymentId, refund.attempt), refund.provider, refund.amountPaise, at],
  );
  return rows[0]?.id ?? null;
}

/** Takes the attempt for one run until `until` (none else asks the provider meanwhile); null: final, or another run holds it. */
export async function leaseProviderRefund(q: Queryable, id: string, at: Date, until: Date): Promise<ProviderRefundRow | null> {
  const { rowCount } = await q.query(
    `update provider_refunds set lease_until = $3
      where id = $1 and state in ('new', 'pending') and (lease_until is null or lease_until <= $2)`,
    [id, at, until],
  );
  return rowCount > 0 ? findProviderRefund(q, id) : null;
}

/** Before the first request leaves: a later run asks the status first, as the request may have arrived. */
export async function markRefundRequested(q: Queryable, id: string, at: Date): Promise<void> {
  await q.query('update provider_refunds set requested_at = coalesce(requested_at, $2), updated_at = $2 where id = $1', [id, at]);
}

/** The run's end: the provider's word (or none: `report` null), the lease released, the next check (null once final). */
export async function recordRefundRun(
  q: Queryable,
  id: string,
  report: { state: 'pending' | 'completed' | 'failed'; providerRefundId: string | null; errorCode: string | null } | null,
  next: Date | null,
  at: Date,
): Promise<void> {
  await q.query(
    `update provider_refunds
        set state = coalesce($2, state),
            provider_refund_id = coalesce($3, provider_refund_id),
            error_code = case when $2::text is null then error_code else $4 end,
            next_check_at = $5, lease_until = null, checks = checks + 1, updated_at = $6,
            finished_at = case when $2 in ('completed', 'failed') then $6 else finished_at end
      where id = $1 and state in ('new', 'pending')`,
    [id, report?.state ?? null, report?.providerRefundId ?? null, report?.errorCode ?? null, next, at],
  );
}

/** Attempts whose request or status check is due, locked (skip locked: another instance's sweep takes others). */
export async function lockDueProviderRefunds(tx: Queryable, provider: string, at: Date, limit: number): Promise<{ id: string; createdAt: Date }[]> {
  const { rows } = await tx.query<{ id: string; created_at: Date }>(
    `select id, created_at from provider_refunds
      where state in ('new', 'pending') and provider = $1 and next_check_at <= $2
      order by next_check_at
      limit $3
      for update skip locked`,
    [provider, at, limit],
  );
  return rows.map((r) => ({ id: r.id, createdAt: r.created_at }));
}

export async function moveRefundCheckOn(tx: Queryable, id: string, next: Date): Promise<void> {
  await tx.query('update provider_refunds set next_check_at = $2 where id = $1', [id, next]);
}

/** The account an appointment belongs to (the audit's subject of its refund). */
export async function appointmentHolder(q: Queryable, appointmentId: string): Promise<string | null> {
  const { rows } = await q.query<{ user_id: string }>('select user_id from appointments where id = $1', [appointmentId]);
  return rows[0]?.user_id ?? null;
}
