import { bookingMessages } from '../../appointments.js';
import { badField } from '../../errors.js';

/** The consultation type has a fee in the fee list (the amount is ours, never the request's). Answers it; 400 otherwise. */
export function feeExists(fee: number | null): number {
  if (fee === null) throw badField('consultationType', 'has no fee', bookingMessages.noFee);
  return fee;
}
