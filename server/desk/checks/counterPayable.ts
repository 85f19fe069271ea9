import type { StoredAppointment } from '../../repositories/appointmentRecords.js';
import { ConflictError } from '../../services/errors.js';
import { deskMessages } from '../messages.js';

/**
 * A fee is taken at the counter once: 409 'counterPaid' when it is paid already; none is taken for
 * a cancelled appointment or one whose fee is being refunded (409). A due fee, and an unpaid
 * booking's, may be taken before, during or after the visit (Completed, Missed or past included).
 */
export function counterPayable(a: StoredAppointment): void {
  if (a.record.appointmentPaymentStatus === 'paid') throw new ConflictError(deskMessages.counterPaid);
  if (a.record.appointmentStatus === 'Cancelled' || a.record.appointmentPaymentStatus === 'refund') {
    throw new ConflictError(deskMessages.counterClosed);
  }
}
