/**
 * How the server writes rupees and clinic dates for people: mails, PDFs, the calendar file and
 * the payment sandbox's page. One Intl formatter a locale and style, made on first use. The
 * browser's counterpart is src/format/format.ts; both take rupees (paise become rupees only in
 * contract/money.ts) and write an amount as INR's own two decimals ("₹1,250.00") and every
 * number in Latin digits, in Hindi and Marathi too.
 */
import type { Language } from '../contract/auth.js';
import { clinicTimeZone, dayStart } from '../contract/clinicTime.js';

export const localeOf: Readonly<Record<Language, string>> = { en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN' };

/**
 * Latin digits in every language, as the patient's screens write them (src/i18n/plural.ts
 * `numberingSystem`, docs/i18n.md): a Marathi mail or PDF says "28 नोव्हेंबर, 2026", "₹500.00" and
 * "सकाळ 11:00", never Devanagari dates beside Latin times. Every Intl formatter here takes it.
 */
export const numberingSystem = 'latn';

const rupeeFormats = new Map<Language, Intl.NumberFormat>();
/** Rupees and paise in the language's locale: "₹1,250.00". */
export function rupees(amount: number, language: Language = 'en'): string {
  let format = rupeeFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(localeOf[language], { style: 'currency', currency: 'INR', numberingSystem });
    rupeeFormats.set(language, format);
  }
  return format.format(amount);
}

const longDays = new Map<Language, Intl.DateTimeFormat>();
/** A clinic date (`YYYY-MM-DD`) with its weekday, as a mail says it: "Tuesday, 11 March 2025". */
export function clinicDayLong(date: string, language: Language = 'en'): string {
  let format = longDays.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf[language], { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem });
    longDays.set(language, format);
  }
  return format.format(dayStart(date));
}

const dayFormats = new Map<Language, Intl.DateTimeFormat>();
/** A clinic date as a document dates it, in the language: "11 March 2025", "11 मार्च, 2025". */
export function clinicDay(date: string, language: Language = 'en'): string {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem });
    dayFormats.set(language, format);
  }
  return format.format(dayStart(date));
}

const momentFormats = new Map<Language, Intl.DateTimeFormat>();
/** An instant in clinic time, in the language: "11 March 2025, 14:05". */
export function clinicMoment(at: Date, language: Language = 'en'): string {
  let format = momentFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf[language], {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZone: clinicTimeZone,
      numberingSystem,
    });
    momentFormats.set(language, format);
  }
  return format.format(at);
}
