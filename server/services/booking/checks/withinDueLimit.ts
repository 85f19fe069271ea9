import { clinicClock } from '../../../../contract/clinicTime.js';
import type { Queryable } from '../../../db/database.js';
import { lockedOpenDueAtClinic } from '../../../repositories/bookings.js';
import { bookingMessages, maxDueAtClinic } from '../../appointments.js';
import { badField } from '../../errors.js';

/**
 * In the claiming transaction, for a booking to pay at the clinic: the patient has fewer than
 * `maxDueAtClinic` upcoming visits to pay there, or 400 on payAtClinic (pay online instead).
 * (The patient's own booking of this very slot, when due, was refused before as booked already.)
 */
export async function refuseBeyondDueLimit(tx: Queryable, userId: string, at: Date): Promise<void> {
  if ((await lockedOpenDueAtClinic(tx, userId, clinicClock(at).date)) >= maxDueAtClinic) {
    throw badField('payAtClinic', `at most ${maxDueAtClinic} upcoming visits to pay at the clinic`, bookingMessages.payAtClinicTooMany);
  }
}
