/**
 * Clinic time, for the server, the machines and the views alike: every date and slot is the
 * clinic's wall clock in Asia/Kolkata, India Standard Time, whatever the server's or the
 * browser's time zone.
 *
 * IST is UTC+05:30 all year (India has kept no daylight-saving time since 1945), so clinic dates
 * and times are computed with that fixed offset and UTC arithmetic only, never with a local zone
 * and without Intl (the tests check it agrees with Intl's Asia/Kolkata). Dates are `YYYY-MM-DD`,
 * times of day 24-hour `HH:mm`.
 */

export const clinicTimeZone = 'Asia/Kolkata';
/** IST, UTC+05:30, in minutes. */
export const clinicOffsetMinutes = 330;

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/** The clinic's calendar day (`YYYY-MM-DD`) and minutes since its midnight, at `now`. */
export function clinicClock(now: Date): { date: string; minutes: number } {
  const shifted = new Date(now.getTime() + clinicOffsetMinutes * minuteMs);
  return {
    date: shifted.toISOString().slice(0, 10),
    minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(),
  };
}

/** Today in clinic time, `YYYY-MM-DD`. */
export const clinicToday = (now: Date = new Date()): string => clinicClock(now).date;

/** The instant at which `time` (`HH:mm`) begins on `date` in clinic time. */
export function clinicInstant(date: string, time: string): Date {
  return new Date(dayStart(date).getTime() + (toMinutes(time) - clinicOffsetMinutes) * minuteMs);
}

/**
 * A clinic date as the Date at UTC midnight of that day: what an Intl formatter with
 * `timeZone: 'UTC'` writes as that same day, whatever the zone it runs in.
 */
export const dayStart = (date: string): Date => new Date(`${date}T00:00:00Z`);

/** `date` (`YYYY-MM-DD`) plus `days` calendar days (negative: back). */
export function addDays(date: string, days: number): string {
  return new Date(dayStart(date).getTime() + days * dayMs).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included: 1 for the same day. */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / dayMs) + 1;
}

/** 0 = Sunday ... 6 = Saturday, as doctor_hours.weekday counts. */
export const weekdayOf = (date: string): number => dayStart(date).getUTCDay();

/** A real calendar day written `YYYY-MM-DD` (not 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!parts) return false;
  // By arithmetic, not by parsing a Date: every request's date is checked, so this is on the hot path.
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Days in `month` (1-12) of `year`, Gregorian leap years as Date counts them. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** `HH:mm` as minutes since midnight. */
export function toMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** Minutes since midnight as `HH:mm`. */
export function fromMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
