import type { ConsultationType } from '../../../../contract/primitives.js';
import { isTeleconsultation } from '../../../access/rules.js';
import { bookingMessages } from '../../appointments.js';
import { badField } from '../../errors.js';
import type { BookingFields } from '../dayPlan.js';
import type { DayPlan } from '../../schedule.js';

/** A doctor who consults online only sees nobody at a clinic: their Clinic Visit is refused with 400, on the request's own field. */
export function onlineDoctorNoClinicVisit(plan: DayPlan, consultationType: ConsultationType, fields: BookingFields): void {
  if (plan.doctor.type === 'online' && !isTeleconsultation(consultationType)) {
    throw badField(fields.onlineOnly.field, fields.onlineOnly.message, bookingMessages.onlineOnly);
  }
}
