/** The patient's own appointment, for their moves and cancellations. */
import type { User } from '../../../contract/auth.js';
import { sessionCaller } from '../../access/caller.js';
import { assertOwnsAppointment } from '../../access/rules.js';
import type { Queryable } from '../../db/database.js';
import { findStoredAppointment, type StoredAppointment } from '../../repositories/appointmentRecords.js';
import { appointmentMessages } from '../appointments.js';
import { stillChangeable } from './checks/stillChangeable.js';
import { statusAt } from './status.js';

/**
 * The caller's own appointment that may still be moved or cancelled (Booked or Expired), read
 * (and, `forUpdate`, locked) through `q`. 404 for none or somebody else's; 409 when Completed,
 * Cancelled or Missed, or (moves only) flagged for refund after it lost its slot.
 */
export async function ownChangeable(q: Queryable, user: User, id: string, at: Date, forUpdate = false, cancelling = false): Promise<StoredAppointment> {
  const a = assertOwnsAppointment(sessionCaller(user), await findStoredAppointment(q, id, forUpdate), appointmentMessages.notFound);
  stillChangeable(statusAt(a, at), a.record.appointmentPaymentStatus, cancelling);
  return a;
}
