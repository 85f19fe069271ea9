/**
 * The date ranges of the console's lists, in clinic dates (`YYYY-MM-DD`, Asia/Kolkata): Today is
 * today alone; Upcoming is the days after today, `upcomingDays` of them (contract/clinicTime.ts
 * `addDays`: calendar arithmetic that no browser time zone moves).
 */
import { addDays } from '../../contract/clinicTime.js';
import type { StaffAppointmentsFilter } from './staffAppointmentsMachine.js';

/** How far Upcoming looks ahead, in days after today. */
export const upcomingDays = 30;

export type ListRange = 'today' | 'upcoming';

/** The dates a list shows, from `today` (clinic time). */
export function rangeOf(range: ListRange, today: string): Pick<StaffAppointmentsFilter, 'from' | 'to'> {
  return range === 'today' ? { from: today, to: today } : { from: addDays(today, 1), to: addDays(today, upcomingDays) };
}
