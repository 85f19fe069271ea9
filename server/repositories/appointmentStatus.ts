/**
 * SQL for an appointment's status as staff and patients change it: Cancelled (by the patient, or
 * with a refund flag when paid and cancelled by the clinic or by the patient in time), Completed with its prescription, and Missed (the
 * patient did not attend).
 */
import type { Medicines } from '../../contract/appointments.js';
import type { Queryable } from '../db/database.js';

/** Cancelled: the record stays (with its payment), the slot is free; a fee due at the clinic is owed no more. */
export async function cancelAppointment(tx: Queryable, id: string, now: Date): Promise<void> {
  // A fee that was due at the clinic is owed no more.
  await tx.query(
    `update appointments set status = 'Cancelled', holds_slot = false,
            payment_status = case when payment_status = 'due' then 'failed' else payment_status end, updated_at = $2
      where id = $1`,
    [id, now],
  );
}

/** Completed, with the prescription. */
export async function completeAppointment(tx: Queryable, id: string, medicines: Medicines, now: Date): Promise<void> {
  await tx.query(`update appointments set status = 'Completed', medicines = $2, updated_at = $3 where id = $1`, [
    id,
    JSON.stringify(medicines),
    now,
  ]);
}

/** Missed: the patient did not attend; the record, its slot row and its payment stay as they are. */
export async function markMissed(tx: Queryable, id: string, now: Date): Promise<void> {
  await tx.query(`update appointments set status = 'Missed', updated_at = $2 where id = $1`, [id, now]);
}

/**
 * Cancelled with the fee owed back (by the clinic, or by the patient inside the free-cancellation
 * window): the record stays, the slot is free, and a paid one is flagged for refund; a fee due
 * at the clinic is owed no more.
 */
export async function cancelWithRefund(tx: Queryable, id: string, now: Date): Promise<void> {
  await tx.query(
    `update appointments
        set status = 'Cancelled', holds_slot = false,
            payment_status = case payment_status when 'paid' then 'refund' when 'due' then 'failed' else payment_status end, updated_at = $2
      where id = $1`,
    [id, now],
  );
}
