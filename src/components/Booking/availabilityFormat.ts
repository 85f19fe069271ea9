/**
 * The booking popup's slot periods, and the date strip's days (formatted in the language in use with the
 * other clinic dates, in ../../format/format.ts).
 */
export { formatStripDay, stripDayParts } from '../../format/format';

/** Morning before 12:00, afternoon before 17:00, evening after. */
export type Period = 'morning' | 'afternoon' | 'evening';
export function periodOf(time: string): Period {
  const hour = Number(time.slice(0, 2));
  return hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening';
}
export const periods: readonly Period[] = ['morning', 'afternoon', 'evening'];
