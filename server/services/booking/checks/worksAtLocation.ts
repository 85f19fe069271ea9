import { bookingMessages } from '../../appointments.js';
import { badField } from '../../errors.js';
import type { BookingFields } from '../dayPlan.js';
import { type DayPlan, worksThere } from '../../schedule.js';

/** The doctor works where the request says: their online hours, or one of their locations. 400 otherwise. */
export function worksAtLocation(plan: DayPlan, fields: BookingFields): void {
  if (!worksThere(plan)) throw badField(fields.location, 'is not a location of this doctor', bookingMessages.notHere);
}
