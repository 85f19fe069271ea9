/**
 * Small value codecs shared by every payload. Each one says, in its decode
 * error, what a person should fix; `report.ts` turns those into `{field, message}`.
 */
import * as t from 'io-ts';

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

export interface NonEmptyStringBrand {
  readonly NonEmptyString: unique symbol;
}
/** Text with at least one non-space character, at most 2000 characters. */
export const NonEmptyString = refinedString<NonEmptyStringBrand, 'NonEmptyString'>(
  'NonEmptyString',
  (s) => s.trim().length > 0 && s.length <= 2000,
  'is required',
);
export type NonEmptyString = t.TypeOf<typeof NonEmptyString>;

export interface EmailBrand {
  readonly Email: unique symbol;
}
// Deliberately simple: one @, no spaces, a dot in the domain. The code we email proves the rest.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const Email = refinedString<EmailBrand, 'Email'>(
  'Email',
  (s) => s.length <= 254 && emailPattern.test(s),
  'must be an email address like name@example.com',
);
export type Email = t.TypeOf<typeof Email>;

export interface ClinicDateBrand {
  readonly ClinicDate: unique symbol;
}
/** A calendar day in clinic time (Asia/Kolkata), `YYYY-MM-DD`. */
export const ClinicDate = refinedString<ClinicDateBrand, 'ClinicDate'>(
  'ClinicDate',
  (s) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  },
  'must be a date written YYYY-MM-DD',
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
  (s) => /^(\+91[\s-]?|0)?[1-9]\d{9}$/.test(s.replace(/[\s-]/g, '')),
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

/** An amount of rupees: not negative, at most two decimals (checked with a tolerance: 19.99 * 100 is not exact in floating point). */
function isRupees(u: unknown): u is number {
  return (
    typeof u === 'number' &&
    Number.isFinite(u) &&
    u >= 0 &&
    Math.abs(Math.round(u * 100) - u * 100) < 1e-6
  );
}
export const Rupees = new t.Type<number, number, unknown>(
  'Rupees',
  isRupees,
  (u, c) =>
    isRupees(u) ? t.success(u) : t.failure(u, c, 'must be an amount in rupees, not negative, at most two decimals'),
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
