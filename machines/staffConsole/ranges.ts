/**
 * The date ranges of the console's lists, in clinic dates (`YYYY-MM-DD`, Asia/Kolkata): Today is
 * today alone; Upcoming is the days after today, `upcomingDays` of them. Plain calendar arithmetic
 * on the date itself (at UTC midnight), so the browser's time zone never moves a day.
 */
import type { StaffAppointmentsFilter } from './staffAppointmentsMachine.js';

/** How far Upcoming looks ahead, in days after today. */
export const upcomingDays = 30;

/** `date` moved by `days` (negative: back). */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

export type ListRange = 'today' | 'upcoming';

/** The dates a list shows, from `today` (clinic time). */
export function rangeOf(range: ListRange, today: string): Pick<StaffAppointmentsFilter, 'from' | 'to'> {
  return range === 'today' ? { from: today, to: today } : { from: addDays(today, 1), to: addDays(today, upcomingDays) };
}
