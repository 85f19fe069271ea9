import type { AppointmentStatus, PaymentStatus } from '../../../../contract/appointments.js';
import { appointmentMessages } from '../../appointments.js';
import { ConflictError } from '../../errors.js';
import { isExpected } from '../status.js';

/** Only a Booked (read at `now`) appointment whose fee is paid (or due at the clinic) goes into a calendar: anything else may never happen. 409 otherwise. */
export function confirmedForCalendar(status: AppointmentStatus, paymentStatus: PaymentStatus): void {
  if (status !== 'Booked' || !isExpected(paymentStatus)) throw new ConflictError(appointmentMessages.notConfirmed);
}
