/** Refunds: money the clinic owes back, listed with why, and recorded once as paid back. */
import type { RefundItem, RefundReason } from '../../../contract/staffAdmin.js';
import { rupeesOf } from '../../../contract/money.js';
import { isUniqueViolation } from '../../db/database.js';
import { findRefund, insertResolution, listRefunds, type RefundRow, resolutionConstraints } from '../../repositories/refunds.js';
import { insertAudit } from '../../repositories/staff.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { assertAdmin, auditActor, type Staff } from '../staff.js';
import type { AdminDeps } from '../staffAdmin.js';
import { adminMessages } from './messages.js';

/** Why the money is owed, from what the flagged payment (or record) paid for, as it stands now. */
export function refundReason(r: RefundRow): RefundReason {
  if (r.subject === 'appointment' || r.subject === 'order') {
    return r.subject === 'order' || r.appointment.status === 'Cancelled' ? 'cancelled' : 'slotLost';
  }
  if (r.purpose === 'order') {
    if (r.order && r.order.paymentId === r.merchantOrderId) return 'cancelled';
    return r.order && (r.order.paymentStatus === 'Completed' || r.order.paymentStatus === 'Refund') ? 'duplicate' : 'amountChanged';
  }
  if (r.appointment.paymentId === r.merchantOrderId && r.appointment.paymentStatus === 'refund') {
    return r.appointment.status === 'Cancelled' ? 'cancelled' : 'slotLost';
  }
  if (r.appointment.paymentStatus === 'paid' || r.appointment.paymentStatus === 'refund') return 'duplicate';
  return r.appointment.status === 'Cancelled' ? 'cancelled' : 'amountChanged';
}

const toRefundItem = (r: RefundRow): RefundItem => ({
  _id: r.id,
  purpose: r.purpose,
  reason: refundReason(r),
  amount: rupeesOf(r.amountPaise),
  merchantOrderId: r.merchantOrderId,
  provider: r.provider,
  flaggedAt: r.flaggedAt.toISOString(),
  appointmentId: r.appointmentId,
  appointmentNumber: r.appointmentNumber,
  orderId: r.orderId,
  // A closed account: the fact, not the pseudonym its closing left (as recordAt does for appointments).
  patient: r.patient.deleted
    ? { userId: r.patient.userId, name: '', email: '', phoneNumber: '', formerPatient: true }
    : { userId: r.patient.userId, name: r.patient.name, email: r.patient.email, phoneNumber: r.patient.phoneNumber },
  resolved: r.resolved === null ? null : { at: r.resolved.at.toISOString(), by: r.resolved.by, note: r.resolved.note },
});

export function refundsAdmin({ db, now }: AdminDeps) {
  return {
    async refunds(staff: Staff, state: 'open' | 'resolved' | 'all'): Promise<RefundItem[]> {
      assertAdmin(staff);
      return (await listRefunds(db, state)).map(toRefundItem);
    },

    /** Recorded once: the money went back outside the portal (provider dashboard, cash), with a note. */
    async resolveRefund(staff: Staff, id: string, note: string) {
      assertAdmin(staff);
      const at = now();
      try {
        await db.transaction(async (tx) => {
          const refund = await findRefund(tx, id.toLowerCase());
          if (!refund) throw new NotFoundError(adminMessages.refundNotFound);
          if (refund.resolved) throw new ConflictError(adminMessages.refundAlreadyResolved);
          await insertResolution(tx, refund.subject, refund.id, { userId: staff.user._id, email: staff.user.email }, note, at);
          await insertAudit(
            tx,
            {
              ...auditActor(staff),
              action: 'refund.resolved',
              appointmentId: refund.appointmentId,
              subjectUserId: refund.patient.userId,
              details: {
                refundId: refund.id,
                purpose: refund.purpose,
                amount: rupeesOf(refund.amountPaise),
                merchantOrderId: refund.merchantOrderId,
                reason: refundReason(refund),
                note,
              },
            },
            at,
          );
        });
      } catch (error) {
        // Two admins recording the same refund at once: the second meets the unique constraint.
        if (isUniqueViolation(error, resolutionConstraints)) throw new ConflictError(adminMessages.refundAlreadyResolved);
        throw error;
      }
      return { message: adminMessages.refundResolved, refund: toRefundItem((await findRefund(db, id.toLowerCase()))!) };
    },
  };
}
