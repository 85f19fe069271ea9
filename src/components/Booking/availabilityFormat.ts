/**
 * Issue 12's dates in the booking popup, formatted with Intl as clinic wall-clock days (a
 * `YYYY-MM-DD` is formatted as it is, whatever the browser's zone), and the slot periods.
 */
const locale = 'en-IN';
const dayFormat = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
const weekdayFormat = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short' });
const dayNumberFormat = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short' });

const asDay = (date: string) => new Date(`${date}T00:00:00Z`);

/** e.g. "Tue, 11 Mar". */
export const formatStripDay = (date: string): string => dayFormat.format(asDay(date));
/** The strip's two lines: "Tue" and "11 Mar". */
export const stripDayParts = (date: string): { weekday: string; day: string } => ({
  weekday: weekdayFormat.format(asDay(date)),
  day: dayNumberFormat.format(asDay(date)),
});

/** Morning before 12:00, afternoon before 17:00, evening after. */
export type Period = 'morning' | 'afternoon' | 'evening';
export function periodOf(time: string): Period {
  const hour = Number(time.slice(0, 2));
  return hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening';
}
export const periods: readonly Period[] = ['morning', 'afternoon', 'evening'];
