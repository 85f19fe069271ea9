/**
 * Refunds: money the clinic owes back, listed with why and with the latest attempt at refunding
 * it through the payment provider (server/refunds), recorded once as paid back by hand, or asked
 * of the provider again after its attempt failed.
 */
import type { ProviderRefund, RefundItem, RefundReason } from '../../../contract/staffAdmin.js';
import type { Queryable } from '../../db/database.js';
import { latestProviderRefund, latestProviderRefunds, type ProviderRefundRow } from '../../refunds/repository.js';
import { noRefundQueue } from '../../refunds/queue.js';
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

const toProviderRefund = (p: ProviderRefundRow): ProviderRefund => ({
  state: p.state,
  attempt: p.attempt,
  merchantRefundId: p.merchantRefundId,
  errorCode: p.errorCode,
  updatedAt: p.updatedAt.toISOString(),
});

const toRefundItem = (r: RefundRow, automatic?: ProviderRefundRow): RefundItem => ({
  ...(automatic ? { automatic: toProviderRefund(automatic) } : {}),
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

/** The refund as the console lists it, with its latest provider attempt. */
async function refundItem(q: Queryable, id: string): Promise<RefundItem> {
  const refund = (await findRefund(q, id))!;
  const automatic = refund.subject === 'payment' ? await latestProviderRefund(q, refund.id) : null;
  return toRefundItem(refund, automatic ?? undefined);
}

/** The refund, in `tx`, with its payment's row locked (the job's lease and an admin's change keep apart); 404 none, 409 resolved. */
async function openRefund(tx: Queryable, id: string): Promise<{ refund: RefundRow; latest: ProviderRefundRow | null }> {
  const refund = await findRefund(tx, id.toLowerCase());
  if (!refund) throw new NotFoundError(adminMessages.refundNotFound);
  if (refund.resolved) throw new ConflictError(adminMessages.refundAlreadyResolved);
  return { refund, latest: refund.subject === 'payment' ? await latestProviderRefund(tx, refund.id, true) : null };
}

const auditDetails = (refund: RefundRow) => ({
  refundId: refund.id,
  purpose: refund.purpose,
  amount: rupeesOf(refund.amountPaise),
  merchantOrderId: refund.merchantOrderId,
});

export function refundsAdmin({ db, now, refunds: queue = noRefundQueue }: AdminDeps) {
  return {
    async refunds(staff: Staff, state: 'open' | 'resolved' | 'all'): Promise<RefundItem[]> {
      assertAdmin(staff);
      const rows = await listRefunds(db, state);
      const automatic = await latestProviderRefunds(db, rows.filter((r) => r.subject === 'payment').map((r) => r.id));
      return rows.map((r) => toRefundItem(r, r.subject === 'payment' ? automatic.get(r.id) : undefined));
    },

    /** Asks the payment provider again (a new attempt, a new key) after its last attempt failed. */
    async retryRefund(staff: Staff, id: string) {
      assertAdmin(staff);
      const at = now();
      await db.transaction(async (tx) => {
        const { refund, latest } = await openRefund(tx, id);
        if (!latest || latest.state !== 'failed') throw new ConflictError(adminMessages.refundNotRetryable);
        const attempt = await queue.retry(tx, { paymentId: latest.paymentId, appointmentId: latest.appointmentId, provider: latest.provider, amountPaise: latest.amountPaise }, at);
        if (attempt === null) throw new ConflictError(adminMessages.refundNotRetryable);
        const details = { ...auditDetails(refund), attempt: latest.attempt + 1 };
        await insertAudit(tx, { ...auditActor(staff), action: 'refund.retried', appointmentId: refund.appointmentId, subjectUserId: refund.patient.userId, details }, at);
      });
      return { message: adminMessages.refundRetried, refund: await refundItem(db, id.toLowerCase()) };
    },

    /** Recorded once: the money went back outside the portal (provider dashboard, cash), with a note. */
    async resolveRefund(staff: Staff, id: string, note: string) {
      assertAdmin(staff);
      const at = now();
      try {
        await db.transaction(async (tx) => {
          const { refund, latest } = await openRefund(tx, id);
          // Under way through the provider: recording it by hand too could pay it back twice.
          if (latest && (latest.state === 'new' || latest.state === 'pending')) throw new ConflictError(adminMessages.refundInProgress);
          await insertResolution(tx, refund.subject, refund.id, { userId: staff.user._id, email: staff.user.email }, note, at);
          await insertAudit(
            tx,
            {
              ...auditActor(staff),
              action: 'refund.resolved',
              appointmentId: refund.appointmentId,
              subjectUserId: refund.patient.userId,
              details: { ...auditDetails(refund), reason: refundReason(refund), note },
            },
            at,
          );
        });
      } catch (error) {
        // Two admins recording the same refund at once: the second meets the unique constraint.
        if (isUniqueViolation(error, resolutionConstraints)) throw new ConflictError(adminMessages.refundAlreadyResolved);
        throw error;
      }
      return { message: adminMessages.refundResolved, refund: await refundItem(db, id.toLowerCase()) };
    },
  };
}
