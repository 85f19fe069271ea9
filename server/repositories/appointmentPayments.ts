/**
 * SQL for an appointment's payment status, as the payment service reads and settles it
 * (services/payments.ts). The slot it holds while unpaid: repositories/bookings.ts.
 */
import type { AppointmentStatus, PaymentStatus } from '../../contract/appointments.js';
import type { ConsultationType } from '../../contract/primitives.js';
import type { Queryable } from '../db/database.js';

/** What the payment service needs of an appointment. */
export interface AppointmentForPayment {
  id: string;
  appointmentNumber: string;
  userId: string;
  doctorId: string;
  doctorName: string;
  location: string;
  date: string;
  time: string;
  consultationType: ConsultationType;
  fee: number;
  status: AppointmentStatus;
  paymentStatus: PaymentStatus;
  holdsSlot: boolean;
  holdExpiresAt: Date | null;
}

/** `forUpdate`: lock the row until the transaction ends (settling). */
export async function findAppointmentForPayment(q: Queryable, id: string, forUpdate = false): Promise<AppointmentForPayment | null> {
  const { rows } = await q.query<{
    id: string;
    appointment_number: string;
    user_id: string;
    doctor_id: string;
    doctor_name: string;
    location: string;
    date: string;
    time: string;
    consultation_type: ConsultationType;
    consultation_fee: string;
    status: AppointmentStatus;
    payment_status: PaymentStatus;
    holds_slot: boolean;
    hold_expires_at: Date | null;
  }>(
    `select a.id, a.appointment_number, a.user_id, a.doctor_id, d.name as doctor_name, coalesce(l.name, '') as location,
            to_char(a.date, 'YYYY-MM-DD') as date, to_char(a.start_time, 'HH24:MI') as time,
            a.consultation_type, a.consultation_fee, a.status, a.payment_status, a.holds_slot, a.hold_expires_at
       from appointments a join doctors d on d.id = a.doctor_id left join locations l on l.id = a.location_id
      where a.id = $1${forUpdate ? ' for update of a' : ''}`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    appointmentNumber: r.appointment_number,
    userId: r.user_id,
    doctorId: r.doctor_id,
    doctorName: r.doctor_name,
    location: r.location,
    date: r.date,
    time: r.time,
    consultationType: r.consultation_type,
    fee: Number(r.consultation_fee),
    status: r.status,
    paymentStatus: r.payment_status,
    holdsSlot: r.holds_slot,
    holdExpiresAt: r.hold_expires_at,
  };
}

/** 'pending' while a checkout is open, 'failed' when it failed; never over 'paid' or 'refund'. */
export async function setUnpaidPaymentStatus(q: Queryable, id: string, status: 'pending' | 'failed', now: Date): Promise<void> {
  await q.query(
    `update appointments set payment_status = $2, updated_at = $3
      where id = $1 and payment_status in ('failed', 'pending')`,
    [id, status, now],
  );
}

/** Paid: the slot is held for good (a paid row never lapses). Throws the slot violation when the slot was taken meanwhile. */
export async function markAppointmentPaid(tx: Queryable, id: string, paymentId: string, now: Date): Promise<void> {
  await tx.query(
    `update appointments
        set payment_status = 'paid', payment_id = $2, holds_slot = true, hold_expires_at = null, updated_at = $3
      where id = $1`,
    [id, paymentId, now],
  );
}

/** Paid, but the slot went to somebody else: the clinic owes the money back. */
export async function markAppointmentRefund(q: Queryable, id: string, paymentId: string, now: Date): Promise<void> {
  await q.query(
    `update appointments set payment_status = 'refund', payment_id = $2, holds_slot = false, updated_at = $3
      where id = $1 and payment_status <> 'paid'`,
    [id, paymentId, now],
  );
}
