import type { AppointmentStatus, PaymentStatus } from '../../../../contract/appointments.js';
import { appointmentMessages } from '../../appointments.js';
import { ConflictError } from '../../errors.js';

/**
 * An appointment that may still be moved or cancelled: Booked or Expired (read at `now`). 409 when
 * Completed, Cancelled or Missed; and, for a move, when it lost its slot before its payment
 * arrived and is flagged for refund (cancelling that one is allowed).
 */
export function stillChangeable(status: AppointmentStatus, paymentStatus: PaymentStatus, cancelling: boolean): void {
  if (status === 'Completed') throw new ConflictError(appointmentMessages.completed);
  if (status === 'Cancelled') throw new ConflictError(appointmentMessages.cancelled);
  if (status === 'Missed') throw new ConflictError(appointmentMessages.missed);
  if (!cancelling && paymentStatus === 'refund') throw new ConflictError(appointmentMessages.refunded);
}
