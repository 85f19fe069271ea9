import { bookingMessages } from '../../appointments.js';
import { ConflictError } from '../../errors.js';

/**
 * The patient's own live appointment on this slot is not paid already: booking it again would
 * ask for a second fee. 409 when it is; an unpaid one of theirs is re-booked instead (no 409
 * against one's own hold).
 */
export function notAlreadyPaid(own: { paid: boolean } | null): void {
  if (own?.paid) throw new ConflictError(bookingMessages.alreadyYours);
}
