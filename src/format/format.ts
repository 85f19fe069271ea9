/**
 * Dates, times, amounts and phone numbers as people read them, formatted with Intl: the app's one
 * formatting module, for the patient's pages and the staff console alike. An appointment's date
 * and start time are the clinic's wall clock (Asia/Kolkata, spec §9), so they are formatted as they
 * are, whatever the browser's time zone; an instant (the unpaid hold's end, when something was
 * recorded) is shown in clinic time.
 */
import { clinicClock, clinicTimeZone, dayStart } from '../../contract/clinicTime';
import { getLocale } from '../i18n/languageChoice';
import { numberingSystem } from '../i18n/plural';

/**
 * Intl formatters of the language in use (en-IN, hi-IN, mr-IN: src/i18n/language.ts), made once
 * per locale. Every one of them writes Latin digits (`numberingSystem`, src/i18n/plural.ts): one
 * numeral style in every language, on every screen (docs/i18n.md "Dates, times, numbers, plurals").
 */
function formatters(locale: string) {
  let made = byLocale.get(locale);
  if (!made) {
    // 24-hour "20:15" in every language, as the booking popup's slots and the spec's times are
    // ("09:00"; one time format on the patient's side).
    const clock = { hour: '2-digit' as const, hourCycle: 'h23' as const };
    const dates = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...options, numberingSystem });
    made = {
      date: dates({ timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
      /** A day of the booking popup's date strip, without its year, and its two lines. */
      day: dates({ timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }),
      weekday: dates({ timeZone: 'UTC', weekday: 'short' }),
      dayMonth: dates({ timeZone: 'UTC', day: 'numeric', month: 'short' }),
      time: dates({ timeZone: 'UTC', minute: '2-digit', ...clock }),
      /** An instant's time of day in clinic time. */
      clinicClock: dates({ timeZone: clinicTimeZone, minute: '2-digit', ...clock }),
      instant: dates({ timeZone: clinicTimeZone, day: 'numeric', month: 'short', minute: '2-digit', ...clock }),
      recorded: dates({ timeZone: clinicTimeZone, day: 'numeric', month: 'short', year: 'numeric', minute: '2-digit', ...clock }),
      /** Rupees and paise, as INR is written: "₹1,250.00". */
      rupees: new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', numberingSystem }),
      wholeRupees: new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0, numberingSystem }),
    };
    byLocale.set(locale, made);
  }
  return made;
}
const byLocale = new Map<string, {
  date: Intl.DateTimeFormat;
  day: Intl.DateTimeFormat;
  weekday: Intl.DateTimeFormat;
  dayMonth: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
  clinicClock: Intl.DateTimeFormat;
  instant: Intl.DateTimeFormat;
  recorded: Intl.DateTimeFormat;
  rupees: Intl.NumberFormat;
  wholeRupees: Intl.NumberFormat;
}>();
const current = () => formatters(getLocale());

/**
 * A date as Intl writes it, but with the day and its month kept together: CLDR's Marathi pattern
 * for a date with its weekday puts a comma between them ("शनि, 28, नोव्हें 2026"), which no Marathi
 * reader writes: "शनि, 28 नोव्हें 2026", as Hindi's "शनि, 28 नव॰ 2026".
 */
function dayAndMonthTogether(format: Intl.DateTimeFormat, at: Date): string {
  const parts = format.formatToParts(at);
  return parts
    .map((part, i) =>
      part.type === 'literal' && part.value.includes(',') && parts[i - 1]?.type === 'day' && parts[i + 1]?.type === 'month' ? ' ' : part.value,
    )
    .join('');
}

/** `YYYY-MM-DD` (clinic date) as e.g. "Tue, 11 Mar 2025"; the text itself if it is not a date. */
export function formatClinicDate(date: string): string {
  const day = dayStart(date);
  return Number.isNaN(day.getTime()) ? date : dayAndMonthTogether(current().date, day);
}

/** A day of the booking popup's date strip, e.g. "Tue, 11 Mar". */
export const formatStripDay = (date: string): string => dayAndMonthTogether(current().day, dayStart(date));

/** The strip's two lines: "Tue" and "11 Mar". */
export const stripDayParts = (date: string): { weekday: string; day: string } => ({
  weekday: current().weekday.format(dayStart(date)),
  day: current().dayMonth.format(dayStart(date)),
});

/** `HH:MM` (clinic time) as e.g. "09:00" (24-hour, as the slots); the text itself if it is not a time. */
export function formatClinicTime(time: string): string {
  const at = new Date(`1970-01-01T${time}:00Z`);
  return Number.isNaN(at.getTime()) ? time : current().time.format(at);
}

/** An ISO instant in clinic time, e.g. "11 Mar, 09:15"; null when it is not an instant. */
export function formatClinicInstant(iso: string | null): string | null {
  if (iso === null) return null;
  const at = Date.parse(iso);
  return Number.isFinite(at) ? current().instant.format(new Date(at)) : null;
}

/** When something was recorded (an audit entry, a payment, a refund flag), with its year: e.g. "11 Mar 2025, 09:15"; null when it is not an instant. */
export function formatClinicRecorded(iso: string | null): string | null {
  if (iso === null) return null;
  const at = Date.parse(iso);
  return Number.isFinite(at) ? current().recorded.format(new Date(at)) : null;
}

/** Rupees as e.g. "₹1,250.00". */
export function formatRupees(amount: number): string {
  return current().rupees.format(amount);
}

/**
 * A fee in the booking popup: whole rupees without ".00" ("₹450"), any other amount as
 * formatRupees writes it ("₹349.50", never "₹349.5").
 */
export function formatFee(amount: number): string {
  return Number.isInteger(amount) ? current().wholeRupees.format(amount) : formatRupees(amount);
}

/** An ISO instant's clinic time, e.g. "10:50 am", and its clinic date `YYYY-MM-DD`; null when it is not an instant. */
export function clinicTimeAndDate(iso: string): { time: string; date: string } | null {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return null;
  return { time: current().clinicClock.format(new Date(at)), date: clinicClock(new Date(at)).date };
}

/**
 * A phone number as a person reads it: an Indian mobile (+91 and 10 digits, or 10 digits) as
 * "+91 98765 43210"; anything else as it was given.
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/[\s().-]/g, '');
  const indian = /^(?:\+91|0091|0)?([6-9]\d{9})$/.exec(digits);
  if (indian) return `+91 ${indian[1]!.slice(0, 5)} ${indian[1]!.slice(5)}`;
  return phone;
}

/** A phone number for a tel: link: digits with a leading + (India's +91 added to a 10-digit number). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[\s().-]/g, '');
  if (/^[6-9]\d{9}$/.test(digits)) return `tel:+91${digits}`;
  if (/^0[6-9]\d{9}$/.test(digits)) return `tel:+91${digits.slice(1)}`;
  if (digits.startsWith('00')) return `tel:+${digits.slice(2)}`;
  return `tel:${digits}`;
}
