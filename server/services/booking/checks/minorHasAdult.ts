import { adultAge } from '../../../../contract/people.js';
import { bookingMessages } from '../../appointments.js';
import { badField } from '../../errors.js';

/**
 * A minor family member is booked only by an adult account holder, who answers for them. The
 * holder's age must be known to say so (a Google sign-up may not have given it yet). 400 on
 * `familyMemberId` otherwise; nothing to check for the holder themselves (`member` null) or an adult.
 */
export function minorHasAdult(member: { age: number } | null, holder: { age: number | null }): void {
  if (member === null || member.age >= adultAge) return;
  if (holder.age === null) throw badField('familyMemberId', 'your own age is needed to book for a minor', bookingMessages.holderAgeUnknown);
  if (holder.age < adultAge) throw badField('familyMemberId', 'a minor can be booked only by an adult account holder', bookingMessages.minorNeedsAdult);
}
