import { toMinutes } from '../../../contract/clinicTime.js';

/** How late after their slot's start a booked patient may check in and keep their time. */
export const lateGraceMinutes = 15;

/**
 * THE QUEUE RULE: the line is the waiting entries by due time, then token. A booked patient is due
 * at their slot's start, unless they check in more than `lateGraceMinutes` after it (then at their
 * arrival); a walk-in at their arrival. So booked patients keep their time and walk-ins fill the
 * gaps between them in the order they came. Times are clinic time, `HH:mm`.
 */
export function dueTime(entry: { walkIn: boolean; slotStart: string; arrival: string }): string {
  if (entry.walkIn) return entry.arrival;
  const late = toMinutes(entry.arrival) - toMinutes(entry.slotStart) > lateGraceMinutes;
  return late ? entry.arrival : entry.slotStart;
}
