/**
 * Dates, times and amounts of /myappointment, formatted with Intl. An appointment's date and start
 * time are the clinic's wall clock (Asia/Kolkata, spec §9), so they are formatted as they are,
 * whatever the browser's time zone; an instant (the unpaid hold's end) is shown in clinic time.
 */
export const clinicTimeZone = 'Asia/Kolkata';
const locale = 'en-IN';

const dateFormat = new Intl.DateTimeFormat(locale, {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit', hour12: true });
const instantFormat = new Intl.DateTimeFormat(locale, {
  timeZone: clinicTimeZone,
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const recordedFormat = new Intl.DateTimeFormat(locale, {
  timeZone: clinicTimeZone,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const rupeeFormat = new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });

/** `YYYY-MM-DD` (clinic date) as e.g. "Tue, 11 Mar 2025"; the text itself if it is not a date. */
export function formatClinicDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? date : dateFormat.format(day);
}

/** `HH:MM` (clinic time) as e.g. "9:00 am"; the text itself if it is not a time. */
export function formatClinicTime(time: string): string {
  const at = new Date(`1970-01-01T${time}:00Z`);
  return Number.isNaN(at.getTime()) ? time : timeFormat.format(at);
}

/** An ISO instant in clinic time, e.g. "11 Mar, 9:15 am"; null when it is not an instant. */
export function formatClinicInstant(iso: string | null): string | null {
  if (iso === null) return null;
  const at = Date.parse(iso);
  return Number.isFinite(at) ? instantFormat.format(new Date(at)) : null;
}

/** When something was recorded (an audit entry, a payment, a refund flag), with its year: e.g. "11 Mar 2025, 9:15 am"; null when it is not an instant. */
export function formatClinicRecorded(iso: string | null): string | null {
  if (iso === null) return null;
  const at = Date.parse(iso);
  return Number.isFinite(at) ? recordedFormat.format(new Date(at)) : null;
}

/** Rupees as e.g. "₹1,250.00" (or "₹450"). */
export function formatRupees(amount: number): string {
  return rupeeFormat.format(amount);
}
