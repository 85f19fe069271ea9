/**
 * Fees taken at the counter (cash, UPI, card at the terminal): a settled payments row of provider
 * 'counter' (counterRepository.ts), its receipt number from the one receipt sequence at once (as
 * every receipt: repositories/receipts.ts), the appointment paid, and the audit row
 * (payment.counter), all in the transaction of the booking, the walk-in or the payment itself.
 */
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { CounterPaymentRequest } from '../../contract/desk.js';
import { isUniqueViolation, type Queryable } from '../db/database.js';
import { confirmationKey } from '../jobs/keyedMails.js';
import { findStoredAppointment, type StoredAppointment } from '../repositories/appointmentRecords.js';
import { lapseHolds } from '../repositories/bookings.js';
import { receiptNumber } from '../repositories/receipts.js';
import { bookingMessages, isSlotViolation, statusAt } from '../services/appointments.js';
import { ConflictError, NotFoundError } from '../services/errors.js';
import { sharedMessages } from '../services/messageCodes.js';
import type { Staff } from '../services/staff.js';
import { counterPayable } from './checks/counterPayable.js';
import { assertDesk, auditDesk, type DeskDeps, readable } from './context.js';
import { deskMessages } from './messages.js';
import { insertCounterPayment, markPaidAtCounter } from './counterRepository.js';

/** The fee of appointment `a` taken at the counter, in `tx`; answers the receipt's number (null for a free consultation). */
export async function payAtCounter(
  tx: Queryable,
  staff: Staff,
  a: { id: string; userId: string; fee: number; paymentStatus: string },
  taken: CounterPaymentRequest,
  at: Date,
): Promise<string | null> {
  let receipt: string | null = null;
  let paymentId: string | null = null;
  if (a.fee > 0) {
    const payment = await insertCounterPayment(
      tx,
      { appointmentId: a.id, userId: a.userId, amount: a.fee, method: taken.method, reference: taken.reference.trim(), takenBy: staff.user._id },
      at,
    );
    paymentId = payment.merchantOrderId;
    receipt = await receiptNumber(tx, payment.id, 'payment', at);
  }
  await markPaidAtCounter(tx, a.id, paymentId, at);
  await auditDesk(
    tx,
    staff,
    {
      action: 'payment.counter',
      appointmentId: a.id,
      details: {
        method: taken.method,
        reference: taken.reference.trim(),
        amount: a.fee,
        receipt,
        paymentId,
        before: { paymentStatus: a.paymentStatus },
        after: { paymentStatus: 'paid' },
      },
    },
    at,
  );
  return receipt;
}

/** The booking confirmation a booked (not walk-in) appointment owes a patient with an email, queued once per appointment in `tx`. */
export async function queueConfirmation(deps: DeskDeps, tx: Queryable, a: { id: string; email: string; walkIn: boolean }, at: Date): Promise<void> {
  if (a.email === '' || a.walkIn) return;
  await deps.mails.queue(tx, 'confirmation', confirmationKey(a.id), at);
}

async function takeInTransaction(deps: DeskDeps, tx: Queryable, staff: Staff, id: string, taken: CounterPaymentRequest, at: Date): Promise<StoredAppointment> {
  const a = await findStoredAppointment(tx, id, true);
  if (!a) throw new NotFoundError(sharedMessages.appointmentNotFound);
  counterPayable(a);
  const booked = a.bookedVia !== 'walkin' && a.record.appointmentStatus === 'Booked';
  // A booking whose hold lapsed claims its slot again: a stale hold of somebody else's lapses first.
  if (booked && !a.holdsSlot) await lapseHolds(tx, { doctorId: a.doctorId, date: a.record.date, time: a.record.startTime }, at, a.record._id);
  await payAtCounter(tx, staff, { id: a.record._id, userId: a.userId, fee: a.record.consultationFee, paymentStatus: a.record.appointmentPaymentStatus }, taken, at);
  if (booked && statusAt(a, at) === 'Booked') await queueConfirmation(deps, tx, { id: a.record._id, email: a.record.email, walkIn: false }, at);
  return a;
}

/**
 * POST /desk/appointments/{id}/payment: the appointment's fee taken at the counter. 404 for none,
 * 409 'counterPaid' when paid already, 409 for a cancelled or refunded one, 409 'This slot is
 * already booked' when an unpaid booking lost its slot to somebody else.
 */
export async function takeCounterPayment(deps: DeskDeps, staff: Staff, id: string, taken: CounterPaymentRequest): Promise<AppointmentRecord> {
  assertDesk(staff);
  const { db, now } = deps;
  const at = now();
  await deps.mails.prepare();
  try {
    await db.transaction((tx) => takeInTransaction(deps, tx, staff, id.toLowerCase(), taken, at));
  } catch (error) {
    if (isSlotViolation(error)) throw new ConflictError(bookingMessages.slotTaken);
    // Two desks taking the same fee at once: the second finds the first's payment.
    if (isUniqueViolation(error, 'payments_merchant_order_id_key')) throw new ConflictError(deskMessages.counterPaid);
    throw error;
  }
  return readable(staff, (await findStoredAppointment(db, id.toLowerCase()))!, now());
}
