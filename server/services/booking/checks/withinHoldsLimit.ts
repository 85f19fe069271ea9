import type { Queryable } from '../../../db/database.js';
import { liveUnpaidHolds } from '../../../repositories/bookings.js';
import { bookingMessages, maxUnpaidHolds } from '../../appointments.js';
import { TooManyRequestsError } from '../../errors.js';

/**
 * A patient holds fewer than `maxUnpaidHolds` slots unpaid before claiming another, so nobody
 * blocks a doctor's day without paying. 429 beyond, with the seconds until their first hold lapses.
 * (A soft limit: two instances may each let one more in.)
 */
export function withinHoldsLimit(holds: { count: number; firstLapse: Date | null }, at: Date): void {
  if (holds.count >= maxUnpaidHolds) {
    const wait = Math.max(1, Math.ceil((holds.firstLapse!.getTime() - at.getTime()) / 1000));
    throw new TooManyRequestsError(bookingMessages.tooManyHolds, wait);
  }
}

/** `withinHoldsLimit` on the patient's live unpaid holds at `at`, read through `q` (in the claiming transaction). */
export async function refuseBeyondHoldsLimit(q: Queryable, userId: string, at: Date): Promise<void> {
  withinHoldsLimit(await liveUnpaidHolds(q, userId, at), at);
}
