import { bookingMessages } from '../../appointments.js';
import { badField } from '../../errors.js';
import type { BookingFields } from '../dayPlan.js';
import { type DayPlan, unavailability } from '../../schedule.js';

/**
 * The time is one of the day's slots at that place, has not begun (clinic time), and the doctor
 * is not on leave that day. Whether somebody holds the slot is the slot index's to say, not this
 * check's. 400 naming the time (or, on leave, the date) otherwise.
 */
export function slotOffered(plan: DayPlan, want: { date: string; time: string }, at: Date, fields: BookingFields): void {
  switch (unavailability(plan, want.date, want.time, at)) {
    case 'notOffered':
      throw badField(fields.time, 'is not a slot of this doctor on this date at this location', bookingMessages.notOffered);
    case 'past':
      throw badField(fields.time, 'has already begun', bookingMessages.slotPast);
    case 'leave':
      throw badField(fields.date, 'the doctor is on leave', bookingMessages.onLeave);
    default:
      return;
  }
}
