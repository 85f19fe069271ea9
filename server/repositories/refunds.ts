/**
 * SQL for money the clinic owes back (refunds) and for an appointment's checkouts, as the staff
 * console shows them. The flags are set elsewhere: payments.status 'refund' by the payment service,
 * appointments.payment_status 'refund' (slot lost; an admin cancelling a paid appointment),
 * orders.payment_status 'Refund' (an admin cancelling a paid order). One refund is listed per
 * flagged payment; an appointment or order flagged with no flagged payment on record is listed
 * on its own. refund_resolutions (006) records that it was paid back: by an admin outside the
 * portal, or through the payment provider's refund API (server/refunds, migration 048).
 */
import type { StaffPayment } from '../../contract/staff.js';
import { paiseOf, rupeesOf } from '../../contract/money.js';
import type { Queryable } from '../db/database.js';

export type RefundSubject = 'payment' | 'appointment' | 'order';

export interface RefundRow {
  /** payments.id, or the appointment's / order's id when `subject` is not 'payment'. */
  id: string;
  subject: RefundSubject;
  purpose: 'appointment' | 'order';
  amountPaise: number;
  merchantOrderId: string | null;
  provider: string | null;
  flaggedAt: Date;
  appointmentId: string;
  appointmentNumber: string;
  orderId: string | null;
  /** `deleted`: the account was closed since (services/staffAdmin/refunds.ts answers it as a former patient). */
  patient: { userId: string; name: string; email: string; phoneNumber: string; deleted: boolean };
  /** What the flagged payment paid for, as it stands now (to say why the money is owed). */
  appointment: { status: string; paymentStatus: string; paymentId: string | null };
  order: { paymentStatus: string; paymentId: string | null; orderStatus: string } | null;
  resolved: { at: Date; by: string; note: string } | null;
}

// Each branch yields the same columns; `subject` says which kind of row `id` names. A payment
// gives its amount in paise, a flagged appointment or order its rupees (numeric(10, 2)), which
// `toRefund` turns into paise with contract/money.ts: SQL converts no unit.
const refundsQuery = `
  with flagged as (
    select p.id, 'payment' as subject, p.purpose, p.amount_paise::bigint as amount_paise, null::numeric as amount_rupees, p.merchant_order_id,
           p.provider, p.updated_at as flagged_at, a.id as appointment_id, p.order_id
      from payments p
      left join orders o on o.id = p.order_id
      join appointments a on a.id = coalesce(p.appointment_id, o.appointment_id)
     where p.status = 'refund'
    union all
    select a.id, 'appointment', 'appointment', null, a.consultation_fee, a.payment_id,
           null, a.updated_at, a.id, null
      from appointments a
     where a.payment_status = 'refund'
       and not exists (select 1 from payments p where p.appointment_id = a.id and p.status = 'refund')
    union all
    select o.id, 'order', 'order', null, o.total_price, o.payment_id,
           null, o.updated_at, o.appointment_id, o.id
      from orders o
     where o.payment_status = 'Refund'
       and not exists (select 1 from payments p where p.order_id = o.id and p.status = 'refund')
  )
  select f.id, f.subject, f.purpose, f.amount_paise, f.amount_rupees, f.merchant_order_id, f.provider, f.flagged_at,
         f.appointment_id, a.appointment_number, f.order_id, a.user_id, a.first_name, a.last_name, a.email,
         a.phone_number, u.deleted_at is not null as patient_deleted, a.status as appointment_status, a.payment_status as appointment_payment_status,
         a.payment_id as appointment_payment_id, o.payment_status as order_payment_status,
         o.payment_id as order_payment_id, o.order_status, r.resolved_at, r.resolved_by_email, r.note
    from flagged f
    join appointments a on a.id = f.appointment_id
    join users u on u.id = a.user_id
    left join orders o on o.id = f.order_id
    left join refund_resolutions r
      on (f.subject = 'payment' and r.payment_id = f.id)
      or (f.subject = 'appointment' and r.appointment_id = f.id)
      or (f.subject = 'order' and r.order_id = f.id)`;

interface Row {
  id: string;
  subject: RefundSubject;
  purpose: 'appointment' | 'order';
  amount_paise: string | number | null;
  amount_rupees: string | number | null;
  merchant_order_id: string | null;
  provider: string | null;
  flagged_at: Date;
  appointment_id: string;
  appointment_number: string;
  order_id: string | null;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  patient_deleted: boolean;
  appointment_status: string;
  appointment_payment_status: string;
  appointment_payment_id: string | null;
  order_payment_status: string | null;
  order_payment_id: string | null;
  order_status: string | null;
  resolved_at: Date | null;
  resolved_by_email: string | null;
  note: string | null;
}

const toRefund = (r: Row): RefundRow => ({
  id: r.id,
  subject: r.subject,
  purpose: r.purpose,
  amountPaise: r.amount_paise !== null ? Number(r.amount_paise) : paiseOf(Number(r.amount_rupees)),
  merchantOrderId: r.merchant_order_id,
  provider: r.provider,
  flaggedAt: r.flagged_at,
  appointmentId: r.appointment_id,
  appointmentNumber: r.appointment_number,
  orderId: r.order_id,
  patient: {
    userId: r.user_id,
    name: `${r.first_name} ${r.last_name}`.trim(),
    email: r.email,
    phoneNumber: r.phone_number,
    deleted: r.patient_deleted,
  },
  appointment: { status: r.appointment_status, paymentStatus: r.appointment_payment_status, paymentId: r.appointment_payment_id },
  order:
    r.order_status === null
      ? null
      : { paymentStatus: r.order_payment_status ?? '', paymentId: r.order_payment_id, orderStatus: r.order_status },
  resolved: r.resolved_at === null ? null : { at: r.resolved_at, by: r.resolved_by_email ?? '', note: r.note ?? '' },
});

/** Latest flagged first. */
export async function listRefunds(q: Queryable, state: 'open' | 'resolved' | 'all'): Promise<RefundRow[]> {
  const { rows } = await q.query<Row>(
    `select * from (${refundsQuery}) x
      where $1 = 'all' or ($1 = 'open') = (x.resolved_at is null)
      order by x.flagged_at desc, x.id`,
    [state],
  );
  return rows.map(toRefund);
}

export async function findRefund(q: Queryable, id: string): Promise<RefundRow | null> {
  const { rows } = await q.query<Row>(`select * from (${refundsQuery}) x where x.id = $1`, [id]);
  return rows[0] ? toRefund(rows[0]) : null;
}

/** The unique constraints whose violation means "this refund was resolved already". */
export const resolutionConstraints = ['refund_resolutions_payment_key', 'refund_resolutions_appointment_key', 'refund_resolutions_order_key'];

export async function insertResolution(
  tx: Queryable,
  subject: RefundSubject,
  id: string,
  /** The admin; userId null for a refund the payment provider made (email then names it). */
  by: { userId: string | null; email: string },
  note: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `insert into refund_resolutions (payment_id, appointment_id, order_id, note, resolved_by, resolved_by_email, resolved_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      subject === 'payment' ? id : null,
      subject === 'appointment' ? id : null,
      subject === 'order' ? id : null,
      note,
      by.userId,
      by.email,
      now,
    ],
  );
}

/** The checkouts of an appointment and of its order, oldest first. */
export async function listAppointmentPayments(q: Queryable, appointmentId: string): Promise<StaffPayment[]> {
  const { rows } = await q.query<{
    merchant_order_id: string;
    provider: string;
    purpose: 'appointment' | 'order';
    amount_paise: string | number;
    status: StaffPayment['status'];
    created_at: Date;
    settled_at: Date | null;
  }>(
    `select p.merchant_order_id, p.provider, p.purpose, p.amount_paise, p.status, p.created_at, p.settled_at
       from payments p
      where p.appointment_id = $1 or p.order_id in (select o.id from orders o where o.appointment_id = $1)
      order by p.created_at, p.merchant_order_id`,
    [appointmentId],
  );
  return rows.map((r) => ({
    merchantOrderId: r.merchant_order_id,
    provider: r.provider,
    purpose: r.purpose,
    amount: rupeesOf(r.amount_paise),
    status: r.status,
    createdAt: r.created_at.toISOString(),
    settledAt: r.settled_at === null ? null : r.settled_at.toISOString(),
  }));
}
