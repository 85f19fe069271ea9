/** Pharmacy orders' status, as an admin moves them on; cancelling a paid one flags its refund. */
import type { AppointmentRecord } from '../../../contract/appointments.js';
import type { AdminOrderStatus } from '../../../contract/staffAdmin.js';
import { findStoredAppointment } from '../../repositories/appointmentRecords.js';
import { findOrderState, setOrderStatus } from '../../repositories/orders.js';
import { flagPaymentRefund, recordCashPayment } from '../../repositories/payments.js';
import { insertAudit } from '../../repositories/staff.js';
import { recordAt } from '../appointments.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { assertAdmin, auditActor, type Staff } from '../staff.js';
import type { AdminDeps } from '../staffAdmin.js';
import { adminMessages } from './messages.js';

export function ordersAdmin({ db, now }: AdminDeps) {
  return {
    /**
     * Placed, Ready, Delivered, Cancelled (final). Cancelling a paid order flags its payment for
     * refund; delivering a Cash order records its cash payment (so it has a receipt).
     */
    async setOrderStatus(staff: Staff, id: string, orderStatus: AdminOrderStatus): Promise<{ message: string; appointment: AppointmentRecord }> {
      assertAdmin(staff);
      const at = now();
      const { appointmentId, message } = await db.transaction(async (tx) => {
        const order = await findOrderState(tx, id, true);
        if (!order) throw new NotFoundError(adminMessages.orderNotFound);
        if (order.orderStatus === 'Cancelled' && orderStatus !== 'Cancelled') throw new ConflictError(adminMessages.orderCancelled);
        if (order.orderStatus === orderStatus) return { appointmentId: order.appointmentId, message: adminMessages.orderStatusSaved };
        const refund = orderStatus === 'Cancelled' && order.paymentStatus === 'Completed';
        await setOrderStatus(tx, order.id, orderStatus, refund, at);
        if (refund && order.paymentId !== null) await flagPaymentRefund(tx, order.paymentId, at);
        const cashTaken = orderStatus === 'Delivered' && (await recordCashPayment(tx, order.id, at));
        const paymentStatus = refund ? 'Refund' : cashTaken ? 'Completed' : order.paymentStatus;
        await insertAudit(
          tx,
          {
            ...auditActor(staff),
            action: 'order.status',
            appointmentId: order.appointmentId,
            details: {
              orderId: order.id,
              before: { orderStatus: order.orderStatus, paymentStatus: order.paymentStatus },
              after: { orderStatus, paymentStatus },
            },
          },
          at,
        );
        const message = refund ? adminMessages.orderCancelledRefund : cashTaken ? adminMessages.orderDeliveredCash : adminMessages.orderStatusSaved;
        return { appointmentId: order.appointmentId, message };
      });
      return { message, appointment: recordAt((await findStoredAppointment(db, appointmentId))!, now()) };
    },
  };
}
