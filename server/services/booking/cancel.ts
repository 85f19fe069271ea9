/**
 * The patient cancels their own appointment: the record is kept as Cancelled, its slot freed
 * (holds_slot false) and told to the waitlist, and the change written to the audit log with the
 * staff's changes. A paid fee, by the cancellation policy (server/refunds/policy.ts): refunded
 * when cancelled at least CANCEL_FREE_HOURS before the start (flagged, and refunded through the
 * payment provider when it took it), else kept (spec §8: not refunded).
 */
import type { MessageAnswer, User } from '../../../contract/auth.js';
import { sessionCaller } from '../../access/caller.js';
import { isOwnAccountId } from '../../access/rules.js';
import type { Queryable } from '../../db/database.js';
import type { StoredAppointment } from '../../repositories/appointmentRecords.js';
import { cancelAppointment, cancelWithRefund } from '../../repositories/appointmentStatus.js';
import { flagPaymentRefund } from '../../repositories/payments.js';
import { patientCancelRefunds } from '../../refunds/policy.js';
import { noRefundQueue } from '../../refunds/queue.js';
import { defaultCancelFreeHours } from '../../payment/config.js';
import { insertAudit, patientActor } from '../../repositories/staff.js';
import { appointmentMessages } from '../appointments.js';
import type { AppointmentServiceDeps } from './service.js';
import { ConflictError, ForbiddenError } from '../errors.js';
import { ownChangeable } from './own.js';
import { statusAt } from './status.js';

/** The audit row of a patient's cancel: of their own appointment, or of a waitlist's offer they gave back (`note`). */
export function auditPatientCancel(tx: Queryable, user: User, a: StoredAppointment, at: Date, note: Record<string, unknown> = {}): Promise<void> {
  const refunded = note.refund === true;
  return insertAudit(
    tx,
    {
      actorUserId: user._id,
      actor: patientActor(user),
      actorRole: 'patient',
      action: 'appointment.cancelled',
      appointmentId: a.record._id,
      details: { before: { status: statusAt(a, at), paymentStatus: a.record.appointmentPaymentStatus }, after: { status: 'Cancelled', ...(refunded ? { paymentStatus: 'refund' } : {}) }, ...note },
    },
    at,
  );
}

/**
 * DELETE /appointment/delete/{userId}/{appointmentId}: the path's userId must be the caller's
 * own (403 otherwise); the appointment is checked before the transaction, and again in it, locked.
 * `refundExpected` (?refund=expected): 409 when a paid fee would no longer be refunded.
 */
export async function cancelOwn(
  { db, now, waitlist, refunds = noRefundQueue, cancelFreeHours = defaultCancelFreeHours }: Pick<AppointmentServiceDeps, 'db' | 'now' | 'waitlist' | 'refunds' | 'cancelFreeHours'>,
  user: User,
  userId: string,
  appointmentId: string,
  refundExpected = false,
): Promise<MessageAnswer> {
  if (!isOwnAccountId(sessionCaller(user), userId)) throw new ForbiddenError(appointmentMessages.notYourAccount);
  const at = now();
  await ownChangeable(db, user, appointmentId, at, false, true);
  await db.transaction(async (tx) => {
    const a = await ownChangeable(tx, user, appointmentId, at, true, true);
    if (a.holdsSlot) await waitlist.appointmentSlotFreed(tx, a.record._id, at);
    const refund = a.record.appointmentPaymentStatus === 'paid' && patientCancelRefunds(a.record.date, a.record.startTime, cancelFreeHours, at);
    // Told it would be refunded, and the time ran out meanwhile: not cancelled without the refund.
    if (refundExpected && a.record.appointmentPaymentStatus === 'paid' && !refund) throw new ConflictError(appointmentMessages.refundWindowClosed);
    if (!refund) {
      await cancelAppointment(tx, a.record._id, at);
      await auditPatientCancel(tx, user, a, at);
      return;
    }
    await cancelWithRefund(tx, a.record._id, at);
    if (a.record.appointmentPaymentId !== null) await flagPaymentRefund(tx, a.record.appointmentPaymentId, at);
    await refunds.appointmentRefund(tx, a.record._id, at);
    await auditPatientCancel(tx, user, a, at, { refund: true });
  });
  return { message: appointmentMessages.deleted };
}
