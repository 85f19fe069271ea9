/**
 * Small value codecs shared by every payload. Each one says, in its decode
 * error, what a person should fix; `report.ts` turns those into `{field, message}`.
 */
import * as t from 'io-ts';
import { isCalendarDate } from './clinicTime.js';
import { maxColumnPaise, paiseOrNull, rupeesOf } from './money.js';

/** A codec that only narrows a string: the check and its message live together. */
function refinedString<B extends { readonly [K in N]: symbol }, N extends string>(
  name: N,
  check: (s: string) => boolean,
  message: string,
): t.Type<t.Branded<string, B>, string, unknown> {
  return new t.Type<t.Branded<string, B>, string, unknown>(
    name,
    (u): u is t.Branded<string, B> => typeof u === 'string' && check(u),
    (u, c) =>
      typeof u === 'string' && check(u)
        ? t.success(u as t.Branded<string, B>)
        : t.failure(u, c, message),
    (a) => a,
  );
}

/*
 * Text rules every stored string follows: PostgreSQL cannot store NUL, and JSON with
 * a lone UTF-16 surrogate is not valid UTF-8, so both would fail at the database as a 500; other
 * control characters are never typed by a person. `multiline` fields (descriptions, notes,
 * instructions) may also hold line breaks and tabs. Lengths count UTF-16 units, never fewer than
 * the characters PostgreSQL counts, so a column's limit holds.
 */
const controlCharacters = /[\u0000-\u001F\u007F-\u009F]/;
const controlCharactersButLineBreaks = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface TextRules {
  readonly max: number;
  /** Line breaks (\n) and tabs allowed. */
  readonly multiline?: boolean;
}

/** What is wrong with `s` as stored text, in words for the person who typed it; null when nothing. */
export function textProblem(s: string, { max, multiline = false }: TextRules): string | null {
  if ((multiline ? controlCharactersButLineBreaks : controlCharacters).test(s)) {
    return multiline ? 'must not contain control characters (line breaks and tabs are fine)' : 'must not contain control characters or line breaks';
  }
  if (loneSurrogate.test(s)) return 'must be valid Unicode text';
  if (s.length > max) return `must be at most ${max} characters`;
  return null;
}

/** Text (may be empty) of at most `max` characters: one line, or `multiline`. Taken as given. */
function plainText(name: string, rules: TextRules): t.Type<string, string, unknown> {
  return new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === 'string' && textProblem(u, rules) === null,
    (u, c) => {
      if (typeof u !== 'string') return t.failure(u, c, 'must be text');
      const problem = textProblem(u, rules);
      return problem === null ? t.success(u) : t.failure(u, c, problem);
    },
    (a) => a,
  );
}

/** One line of text, possibly empty, at most `max` characters. */
export const line = (max: number) => plainText(`Line(${max})`, { max });
/** Text that may have line breaks and tabs, possibly empty, at most `max` characters. */
export const text = (max: number) => plainText(`Text(${max})`, { max, multiline: true });

export interface NonEmptyStringBrand {
  readonly NonEmptyString: unique symbol;
}
/** One line with at least one non-space character, at most `max` characters. */
export function nonEmptyLine(max: number): t.Type<t.Branded<string, NonEmptyStringBrand>, string, unknown> {
  const problem = (u: unknown) =>
    typeof u !== 'string' || u.trim().length === 0 ? 'is required' : textProblem(u, { max });
  return new t.Type<t.Branded<string, NonEmptyStringBrand>, string, unknown>(
    max === 2000 ? 'NonEmptyString' : `NonEmptyString(${max})`,
    (u): u is t.Branded<string, NonEmptyStringBrand> => problem(u) === null,
    (u, c) => {
      const why = problem(u);
      return why === null ? t.success(u as t.Branded<string, NonEmptyStringBrand>) : t.failure(u, c, why);
    },
    (a) => a,
  );
}
/** One line with at least one non-space character, at most 2000 characters. */
export const NonEmptyString = nonEmptyLine(2000);
export type NonEmptyString = t.TypeOf<typeof NonEmptyString>;

export interface EmailBrand {
  readonly Email: unique symbol;
}
// Deliberately simple: one @, no spaces, a dot in the domain. The code we email proves the rest.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const Email = refinedString<EmailBrand, 'Email'>(
  'Email',
  (s) => s.length <= 254 && emailPattern.test(s) && textProblem(s, { max: 254 }) === null,
  'must be an email address like name@example.com',
);
export type Email = t.TypeOf<typeof Email>;

export interface ClinicDateBrand {
  readonly ClinicDate: unique symbol;
}
/** The days the API takes: a clinic's records and bookings fall well inside; PostgreSQL has no year 0. */
export const earliestClinicDate = '1900-01-01';
export const latestClinicDate = '2999-12-31';

const isClinicDate = (u: unknown): u is t.Branded<string, ClinicDateBrand> =>
  typeof u === 'string' && isCalendarDate(u) && u >= earliestClinicDate && u <= latestClinicDate;

/** A calendar day in clinic time (Asia/Kolkata), `YYYY-MM-DD`, from 1900 to 2999. */
export const ClinicDate = new t.Type<t.Branded<string, ClinicDateBrand>, string, unknown>(
  'ClinicDate',
  isClinicDate,
  (u, c) => {
    if (isClinicDate(u)) return t.success(u);
    const message =
      typeof u === 'string' && isCalendarDate(u)
        ? `must be a date from ${earliestClinicDate} to ${latestClinicDate}`
        : 'must be a date written YYYY-MM-DD';
    return t.failure(u, c, message);
  },
  (a) => a,
);
export type ClinicDate = t.TypeOf<typeof ClinicDate>;

export interface ClinicTimeBrand {
  readonly ClinicTime: unique symbol;
}
/** A time of day in clinic time, 24-hour `HH:mm`. */
export const ClinicTime = refinedString<ClinicTimeBrand, 'ClinicTime'>(
  'ClinicTime',
  (s) => /^([01]\d|2[0-3]):[0-5]\d$/.test(s),
  'must be a time written HH:mm (24-hour)',
);
export type ClinicTime = t.TypeOf<typeof ClinicTime>;

export interface PhoneNumberBrand {
  readonly PhoneNumber: unique symbol;
}
/** An Indian mobile or landline number: 10 digits, optionally after +91 or 0. */
export const PhoneNumber = refinedString<PhoneNumberBrand, 'PhoneNumber'>(
  'PhoneNumber',
  // At most 20 characters as written (the column's limit), spaces and hyphens included.
  (s) => s.length <= 20 && !controlCharacters.test(s) && /^(\+91[\s-]?|0)?[1-9]\d{9}$/.test(s.replace(/[\s-]/g, '')),
  'must be a 10-digit phone number',
);
export type PhoneNumber = t.TypeOf<typeof PhoneNumber>;

export interface OtpCodeBrand {
  readonly OtpCode: unique symbol;
}
export const OtpCode = refinedString<OtpCodeBrand, 'OtpCode'>(
  'OtpCode',
  (s) => /^\d{6}$/.test(s),
  'must be the 6-digit code from the email',
);
export type OtpCode = t.TypeOf<typeof OtpCode>;

export interface IdBrand {
  readonly Id: unique symbol;
}
/** A record id as the server issues it (UUID). */
export const Id = refinedString<IdBrand, 'Id'>(
  'Id',
  (s) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s),
  'must be a record id',
);
export type Id = t.TypeOf<typeof Id>;

/** A whole number within bounds, with the bounds in its message. */
export function intBetween(min: number, max: number) {
  return new t.Type<number, number, unknown>(
    `IntBetween(${min},${max})`,
    (u): u is number => Number.isInteger(u) && (u as number) >= min && (u as number) <= max,
    (u, c) =>
      Number.isInteger(u) && (u as number) >= min && (u as number) <= max
        ? t.success(u as number)
        : t.failure(u, c, `must be a whole number from ${min} to ${max}`),
    (a) => a,
  );
}

/** The largest amount the tables hold (numeric(10, 2)): ₹99,999,999.99. */
export const maxRupees = rupeesOf(maxColumnPaise);

/** An amount of rupees: not negative, in whole paise as written (contract/money.ts, no rounding), at most maxRupees; null otherwise. */
function paiseOfRupees(u: unknown): number | null {
  const paise = typeof u === 'number' ? paiseOrNull(u) : null;
  return paise !== null && paise >= 0 && paise <= maxColumnPaise ? paise : null;
}
/** Decoded as the two-decimal number itself: a browser's sum 0.1 + 0.2 arrives as 0.3, as the column and the audit row keep it. */
export const Rupees = new t.Type<number, number, unknown>(
  'Rupees',
  (u): u is number => paiseOfRupees(u) !== null,
  (u, c) => {
    const paise = paiseOfRupees(u);
    return paise !== null
      ? t.success(rupeesOf(paise))
      : t.failure(u, c, 'must be an amount in rupees from 0 to 99,999,999.99, at most two decimals');
  },
  (a) => a,
);

export const ConsultationType = t.keyof(
  { Chat: null, Video: null, Call: null, 'Clinic Visit': null },
  'ConsultationType',
);
export type ConsultationType = t.TypeOf<typeof ConsultationType>;
export const consultationTypes: readonly ConsultationType[] = ['Chat', 'Video', 'Call', 'Clinic Visit'];

export const Gender = t.keyof({ male: null, female: null }, 'Gender');
export type Gender = t.TypeOf<typeof Gender>;
