import type { ConsultationType } from '../../../../contract/primitives.js';
import { bookingMessages } from '../../appointments.js';
import { badField } from '../../errors.js';

/**
 * "Pay at the clinic" instead of online: only for a Clinic Visit, at a location whose admin set it
 * (`allowed`: the location's setting; null for no location). Answers whether the fee is due at the
 * clinic; 400 on payAtClinic when asked for where it is not offered. Absent or false: pay online.
 */
export function payAtClinic(asked: boolean | undefined, consultationType: ConsultationType, allowed: boolean | null): boolean {
  if (asked !== true) return false;
  if (consultationType !== 'Clinic Visit' || allowed === null) {
    throw badField('payAtClinic', 'is only for a Clinic Visit', bookingMessages.payAtClinicVisitOnly);
  }
  if (!allowed) throw badField('payAtClinic', 'is not offered at this location', bookingMessages.payAtClinicNotHere);
  return true;
}
