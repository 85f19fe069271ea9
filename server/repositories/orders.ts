/**
 * SQL for pharmacy orders as staff place them and an admin moves them on (Placed, Ready,
 * Delivered, Cancelled). Their payment: repositories/payments.ts.
 */
import type { Queryable } from '../db/database.js';

/** The unique constraint whose violation means "this appointment has an order already". */
export const orderConstraint = 'orders_appointment_key';

/**
 * A new pharmacy order: payment Pending, order Placed, with its location, fulfilment and sums
 * (subtotal + tax + deliveryFee = totalPrice, rupees). Throws a unique violation on
 * orders_appointment_key when there is one.
 */
export async function insertOrder(
  tx: Queryable,
  o: {
    appointmentId: string;
    pharmacyId: string;
    totalPrice: number;
    paymentMode: string;
    createdBy: string;
    locationId: string;
    fulfilment: 'pickup' | 'delivery';
    deliveryAddress: string;
    subtotal: number;
    taxRateBp: number;
    tax: number;
    deliveryFee: number;
  },
  now: Date,
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into orders (appointment_id, pharmacy_id, total_price, payment_mode, payment_status, order_status, created_by,
                         created_at, updated_at, location_id, fulfilment, delivery_address, subtotal, tax_rate_bp, tax, delivery_fee)
     values ($1, $2, $3, $4, 'Pending', 'Placed', $5, $6, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
    [o.appointmentId, o.pharmacyId, o.totalPrice, o.paymentMode, o.createdBy, now, o.locationId, o.fulfilment, o.deliveryAddress, o.subtotal, o.taxRateBp, o.tax, o.deliveryFee],
  );
  return rows[0]!.id;
}

export interface OrderState {
  id: string;
  appointmentId: string;
  orderStatus: string;
  paymentStatus: string;
  paymentId: string | null;
}

export async function findOrderState(q: Queryable, id: string, forUpdate = false): Promise<OrderState | null> {
  const { rows } = await q.query<{ id: string; appointment_id: string; order_status: string; payment_status: string; payment_id: string | null }>(
    `select id, appointment_id, order_status, payment_status, payment_id from orders where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  const r = rows[0];
  return r ? { id: r.id, appointmentId: r.appointment_id, orderStatus: r.order_status, paymentStatus: r.payment_status, paymentId: r.payment_id } : null;
}

/** The order's status; `refund`: its payment went through, so cancelling it means the money goes back. */
export async function setOrderStatus(tx: Queryable, id: string, orderStatus: string, refund: boolean, now: Date): Promise<void> {
  await tx.query(
    `update orders set order_status = $2, payment_status = case when $3 then 'Refund' else payment_status end, updated_at = $4
      where id = $1`,
    [id, orderStatus, refund, now],
  );
}
