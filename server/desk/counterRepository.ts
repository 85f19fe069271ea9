/**
 * SQL for a fee taken at the counter (032_desk.sql): a payments row of provider 'counter', settled
 * at once, with the method and the reference from the terminal or the UPI app; the appointment
 * becomes paid. One per appointment (its merchant order id is made from the appointment's id), so
 * a second one for the same appointment fails on the unique merchant order id.
 */
import { paiseOf } from '../../contract/money.js';
import type { CounterMethod } from '../../contract/desk.js';
import type { Queryable } from '../db/database.js';

export interface CounterPayment {
  appointmentId: string;
  userId: string;
  /** Rupees, the appointment's fee. */
  amount: number;
  method: CounterMethod;
  reference: string;
  takenBy: string;
}

/** The counter payment's row (settled, paid); its ids. Throws a unique violation when the appointment has one already. */
export async function insertCounterPayment(tx: Queryable, p: CounterPayment, now: Date): Promise<{ id: string; merchantOrderId: string }> {
  const { rows } = await tx.query<{ id: string; merchant_order_id: string }>(
    `insert into payments (merchant_order_id, provider, purpose, appointment_id, user_id, amount_paise, status,
                           counter_method, counter_reference, taken_by, created_at, updated_at, settled_at)
     values ('CTR-' || replace($1::uuid::text, '-', ''), 'counter', 'appointment', $1, $2, $3, 'paid', $4, $5, $6, $7, $7, $7)
     returning id, merchant_order_id`,
    [p.appointmentId, p.userId, paiseOf(p.amount), p.method, p.reference, p.takenBy, now],
  );
  return { id: rows[0]!.id, merchantOrderId: rows[0]!.merchant_order_id };
}

/**
 * The appointment paid at the counter: held for good from now on, a booking that lost its lapsed
 * hold claiming its slot again (throws the slot violation when somebody else has it); a walk-in
 * holds no slot. `paymentId` null: a free consultation, nothing was taken.
 */
export async function markPaidAtCounter(tx: Queryable, appointmentId: string, paymentId: string | null, now: Date): Promise<void> {
  await tx.query(
    `update appointments
        set payment_status = 'paid', payment_id = $2, hold_expires_at = null,
            holds_slot = holds_slot or (booked_via <> 'walkin' and status = 'Booked'), updated_at = $3
      where id = $1`,
    [appointmentId, paymentId, now],
  );
}
