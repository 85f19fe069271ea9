/**
 * An admin moves or cancels any patient's appointment (to make room for a schedule change).
 * Moving is the patient's move (services/appointments.ts `moveBooking`) with an admin as the
 * mover; cancelling frees the slot (told to the waitlist), and a paid appointment cancelled by the clinic is flagged for refund,
 * refunded through the payment provider when it took the fee (server/refunds).
 */
import type { AdminMoveRequest } from '../../../contract/staffAdmin.js';
import type { Queryable } from '../../db/database.js';
import { findStoredAppointment, type StoredAppointment } from '../../repositories/appointmentRecords.js';
import { cancelWithRefund } from '../../repositories/appointmentStatus.js';
import { findAdminLocation } from '../../repositories/locations.js';
import { flagPaymentRefund } from '../../repositories/payments.js';
import { insertAudit } from '../../repositories/staff.js';
import { bookingMessages, type Mover, recordAt, statusAt } from '../appointments.js';
import { moveBooking } from '../booking/move.js';
import { badField, ConflictError, NotFoundError } from '../errors.js';
import { assertAdmin, auditActor, type Staff } from '../staff.js';
import { scheduleMessages } from '../staffSchedule.js';
import type { StaffScheduleDeps } from './context.js';
import { noRefundQueue } from '../../refunds/queue.js';

/** The appointment, locked, that an admin may still move or cancel: 404 none; 409 Completed, Cancelled or Missed. */
async function changeable(tx: Queryable, id: string, at: Date): Promise<StoredAppointment> {
  const a = await findStoredAppointment(tx, id, true);
  if (!a) throw new NotFoundError(scheduleMessages.appointmentNotFound);
  const status = statusAt(a, at);
  if (status === 'Completed') throw new ConflictError(scheduleMessages.completed);
  if (status === 'Cancelled') throw new ConflictError(scheduleMessages.cancelled);
  if (status === 'Missed') throw new ConflictError(scheduleMessages.missed);
  return a;
}

/**
 * An admin moves any patient's appointment: before the move's transaction it need only exist
 * (404); in it, it must still be changeable and not flagged for refund (409). No unpaid-holds limit.
 */
const adminMover = (staff: Staff): Mover => ({
  async changeable(q, id, at, forUpdate) {
    if (!forUpdate) {
      const a = await findStoredAppointment(q, id);
      if (!a) throw new NotFoundError(scheduleMessages.appointmentNotFound);
      return a;
    }
    const a = await changeable(q, id, at);
    if (a.record.appointmentPaymentStatus === 'refund') throw new ConflictError(scheduleMessages.refundFlagged);
    return a;
  },
  holdsLimit: false,
  actor: auditActor(staff),
  fields: {
    location: 'locationId',
    date: 'date',
    time: 'startTime',
    onlineOnly: { field: 'locationId', message: 'this doctor consults online only' },
    noDoctor: () => new ConflictError(bookingMessages.doctorUnknown), // retired meanwhile
  },
});

export function movesAdmin({ db, now, schedule, holdMinutes, waitlist, refunds = noRefundQueue }: StaffScheduleDeps) {
  async function appointmentAnswer(id: string, message: string) {
    return { message, appointment: recordAt((await findStoredAppointment(db, id))!, now()) };
  }

  return {
    /** To another date, time and location of the same doctor, by the booking rules and the slot index. */
    async move(staff: Staff, id: string, to: AdminMoveRequest) {
      assertAdmin(staff);
      const at = now();
      if (to.locationId === '') {
        // The online hours: moveBooking refuses them for a Clinic Visit, with the field named.
        await moveBooking({ db, schedule, holdMinutes, waitlist }, adminMover(staff), id, { location: null, date: to.date, time: to.startTime }, at);
        return appointmentAnswer(id, scheduleMessages.moved);
      }
      const location = await findAdminLocation(db, to.locationId.toLowerCase());
      if (!location) {
        // An unknown appointment is 404 whatever the location says.
        if (!(await findStoredAppointment(db, id))) throw new NotFoundError(scheduleMessages.appointmentNotFound);
        throw badField('locationId', 'is not a location of this doctor', bookingMessages.notHere);
      }
      await moveBooking({ db, schedule, holdMinutes, waitlist }, adminMover(staff), id, { location: location.name, date: to.date, time: to.startTime }, at);
      return appointmentAnswer(id, scheduleMessages.moved);
    },

    /** Kept as Cancelled, slot freed; a paid one is flagged for refund (appointment and its payment). */
    async cancel(staff: Staff, id: string, reason: string) {
      assertAdmin(staff);
      const at = now();
      const refund = await db.transaction(async (tx) => {
        const a = await changeable(tx, id, at);
        const paid = a.record.appointmentPaymentStatus === 'paid';
        if (a.holdsSlot) await waitlist.appointmentSlotFreed(tx, a.record._id, at);
        await cancelWithRefund(tx, a.record._id, at);
        if (paid && a.record.appointmentPaymentId !== null) await flagPaymentRefund(tx, a.record.appointmentPaymentId, at);
        // The clinic's cancel always refunds: through the payment provider when it took the fee.
        if (paid) await refunds.appointmentRefund(tx, a.record._id, at);
        await insertAudit(
          tx,
          {
            ...auditActor(staff),
            action: 'appointment.cancelled',
            appointmentId: a.record._id,
            details: {
              reason,
              before: { status: statusAt(a, at), paymentStatus: a.record.appointmentPaymentStatus },
              after: { status: 'Cancelled', paymentStatus: paid ? 'refund' : a.record.appointmentPaymentStatus },
            },
          },
          at,
        );
        return paid;
      });
      return appointmentAnswer(id, refund ? scheduleMessages.cancelledRefund : scheduleMessages.cancelledNow);
    },
  };
}
