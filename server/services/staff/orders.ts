/**
 * Placing the pharmacy order of a Completed appointment: one per appointment, paymentStatus
 * 'Pending', orderStatus 'Placed'; the order and its audit row in one transaction. (Its status
 * later: services/staffAdmin/orders.ts.)
 */
import type { AppointmentRecord } from '../../../contract/appointments.js';
import { isUniqueViolation } from '../../db/database.js';
import { insertOrder, orderConstraint } from '../../repositories/orders.js';
import { insertAudit } from '../../repositories/staff.js';
import { BadRequestError, ConflictError } from '../errors.js';
import type { NewOrder, Staff } from '../staff.js';
import { actionable, answer, auditActor, type StaffContext, staffMessages } from './shared.js';

/** POST /staff/appointments/{id}/order: the pharmacy order of a Completed appointment (one only). */
export async function placeOrder(
  ctx: StaffContext,
  staff: Staff,
  id: string,
  order: NewOrder,
): Promise<{ message: string; appointment: AppointmentRecord }> {
  if (order.totalPrice <= 0) throw new BadRequestError(staffMessages.noPrice, [{ field: 'totalPrice', message: 'must be more than 0' }]);
  const { db, now } = ctx;
  const at = now();
  try {
    await db.transaction(async (tx) => {
      const a = await actionable(tx, staff, id);
      if (a.record.appointmentStatus !== 'Completed') throw new ConflictError(staffMessages.notCompleted);
      if (a.record.order !== null) throw new ConflictError(staffMessages.hasOrder);
      const orderId = await insertOrder(tx, { appointmentId: a.record._id, ...order, createdBy: staff.user._id }, at);
      await insertAudit(
        tx,
        {
          ...auditActor(staff),
          action: 'order.created',
          appointmentId: a.record._id,
          details: { after: { orderId, ...order, paymentStatus: 'Pending', orderStatus: 'Placed' } },
        },
        at,
      );
    });
  } catch (error) {
    // Two staff creating one appointment's order at once: the second meets the unique constraint.
    if (isUniqueViolation(error, orderConstraint)) throw new ConflictError(staffMessages.hasOrder);
    throw error;
  }
  return answer(ctx, id, staffMessages.orderCreated);
}
