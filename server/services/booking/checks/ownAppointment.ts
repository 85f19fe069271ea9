import type { StoredAppointment } from '../../../repositories/appointmentRecords.js';
import { appointmentMessages } from '../../appointments.js';
import { NotFoundError } from '../../errors.js';

/**
 * The appointment exists and is the caller's. Somebody else's answers 404 as one that does not
 * exist, so ids cannot be probed. Answers the appointment.
 */
export function ownAppointment(stored: StoredAppointment | null, userId: string): StoredAppointment {
  if (!stored || stored.userId !== userId) throw new NotFoundError(appointmentMessages.notFound);
  return stored;
}
