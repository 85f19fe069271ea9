import type { ConsultationType } from '../../../../contract/primitives.js';
import { isTeleconsultation } from '../../../access/rules.js';
import { bookingMessages } from '../../appointments.js';
import { badField } from '../../errors.js';
import type { BookingFields } from '../dayPlan.js';
import type { DayPlan } from '../../schedule.js';

/** A Clinic Visit happens at a clinic: booked from the online hours (no location) it is refused with 400. */
export function clinicVisitHasLocation(plan: DayPlan, consultationType: ConsultationType, fields: BookingFields): void {
  if (plan.online && !isTeleconsultation(consultationType)) {
    throw badField(fields.location, 'is required for a Clinic Visit', bookingMessages.locationNeeded);
  }
}
