import { clinicClock } from '../../../contract/clinicTime.js';
import type { StoredAppointment } from '../../repositories/appointmentRecords.js';
import { isExpected, statusAt } from '../../services/appointments.js';
import { ConflictError } from '../../services/errors.js';
import { deskMessages } from '../messages.js';

/**
 * Check-in is for a Clinic Visit of today (clinic time), 409 'checkInNotToday' otherwise; one
 * that is Cancelled, Completed or Missed, or whose fee is neither paid nor due at the clinic (an
 * unpaid hold, a refund), is closed (409 'checkInClosed'). A Booked one whose slot is over may
 * still come in late (the queue rule puts them at their arrival).
 */
export function checkInAllowed(a: StoredAppointment, at: Date): void {
  if (a.record.consultationType !== 'Clinic Visit' || a.locationId === null || a.record.date !== clinicClock(at).date) {
    throw new ConflictError(deskMessages.checkInNotToday);
  }
  const status = statusAt(a, at);
  if (status === 'Cancelled' || status === 'Completed' || status === 'Missed' || !isExpected(a.record.appointmentPaymentStatus)) {
    throw new ConflictError(deskMessages.checkInClosed);
  }
}
