import { clinicClock } from '../../../../contract/clinicTime.js';
import { bookingMessages } from '../../appointments.js';
import { badField } from '../../errors.js';

/**
 * A booking or a move is for today or later, clinic time: a day that is over has no slot to see
 * anybody in. 400 naming `field` otherwise.
 */
export function dateNotPast(date: string, field: string, at: Date): void {
  if (date < clinicClock(at).date) throw badField(field, 'must be today or later (clinic time)', bookingMessages.pastDate);
}
