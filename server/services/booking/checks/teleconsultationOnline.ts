import type { ConsultationType } from '../../../../contract/primitives.js';
import { isTeleconsultation } from '../../../access/rules.js';
import { bookingMessages } from '../../appointments.js';
import { badField } from '../../errors.js';
import type { BookingFields } from '../dayPlan.js';
import type { DayPlan } from '../../schedule.js';

/**
 * Chat, Video and Call happen at no clinic: they are booked from the online hours only. Rows
 * booked at a clinic before this rule stay valid records; only new bookings and moves are refused (400).
 */
export function teleconsultationOnline(plan: DayPlan, consultationType: ConsultationType, fields: BookingFields): void {
  if (!plan.online && isTeleconsultation(consultationType)) {
    throw badField(fields.location, 'must be empty (online) for Chat, Video or Call', bookingMessages.onlineNoClinic);
  }
}
