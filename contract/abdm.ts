/**
 * Ayushman Bharat Digital Mission (docs/abdm.md): the patient's ABHA (Ayushman Bharat Health
 * Account) as the portal keeps it, the codecs of its requests and answers, and the one reading of
 * the QR printed on an ABHA card or shown in an ABHA app.
 *
 * - An ABHA number is 14 digits, written in groups 2-4-4-4 (12-3456-7890-1234); it is accepted
 *   with or without the dashes or spaces and kept as its digits.
 * - An ABHA address is `name@abdm` (production), `name@sbx` (the sandbox) or the older
 *   `name@ndhm`: 4 to 32 letters, digits, dots or underscores before the @, kept in lower case.
 * - Both QR formats are JSON. The ABHA card's older one names the address `hid` (and the district
 *   and state `dist name`, `state name`); the newer one, on the current card and in the ABHA app,
 *   names it `phr` (and `district_name`, `state_name`). Both name the number `hidn`, and carry
 *   `name`, `gender` (M, F, O), `dob`, `mobile`, `address`, `distlgd` and `statelgd`.
 */
import * as t from 'io-ts';
import { Id } from './primitives.js';

export const abhaNumberProblem = 'must be a 14-digit ABHA number, like 12-3456-7890-1234';
export const abhaAddressProblem = 'must be an ABHA address, like name@abdm';

/** The 14 digits of an ABHA number as written (dashes and spaces between groups), or null. */
export function abhaDigits(written: string): string | null {
  if (written.length > 24) return null;
  const digits = written.replace(/[\s-]/g, '');
  return /^\d{14}$/.test(digits) ? digits : null;
}

/** The ABHA number as the card prints it: 12-3456-7890-1234. */
export const formatAbhaNumber = (digits: string): string =>
  digits.length === 14 ? `${digits.slice(0, 2)}-${digits.slice(2, 6)}-${digits.slice(6, 10)}-${digits.slice(10)}` : digits;

const addressPattern = /^[a-z0-9][a-z0-9._]{2,30}[a-z0-9]@(abdm|sbx|ndhm)$/;

/** An ABHA address in lower case, or null. */
export function abhaAddressOf(written: string): string | null {
  const address = written.trim().toLowerCase();
  return address.length <= 40 && addressPattern.test(address) ? address : null;
}

/** An ABHA number as typed; decodes to its 14 digits. */
export const AbhaNumber = new t.Type<string, string, unknown>(
  'AbhaNumber',
  (u): u is string => typeof u === 'string' && /^\d{14}$/.test(u),
  (u, c) => {
    const digits = typeof u === 'string' ? abhaDigits(u) : null;
    return digits === null ? t.failure(u, c, abhaNumberProblem) : t.success(digits);
  },
  (a) => a,
);

/** An ABHA address as typed; decodes to it in lower case. */
export const AbhaAddress = new t.Type<string, string, unknown>(
  'AbhaAddress',
  (u): u is string => typeof u === 'string' && addressPattern.test(u),
  (u, c) => {
    const address = typeof u === 'string' ? abhaAddressOf(u) : null;
    return address === null ? t.failure(u, c, abhaAddressProblem) : t.success(address);
  },
  (a) => a,
);

/** A field left blank ('' or only spaces) is null; anything else is the codec's. */
const blankOr = <A>(codec: t.Type<A, string, unknown>) =>
  new t.Type<A | null, string, unknown>(
    `BlankOr(${codec.name})`,
    (u): u is A | null => u === null || codec.is(u),
    (u, c) => (typeof u === 'string' && u.trim() === '' ? t.success(null) : codec.validate(u, c)),
    (a) => (a === null ? '' : codec.encode(a)),
  );

/** How the ABHA came: typed in a form, or read from the card's QR. */
export const AbhaSource = t.keyof({ typed: null, qr: null }, 'AbhaSource');
export type AbhaSource = t.TypeOf<typeof AbhaSource>;

/**
 * PUT /account/abha and PUT /desk/patients/{id}/abha: the number, the address, or both (a blank
 * field is none). Neither: 400 on `abhaNumber`.
 */
export const AbhaRequest = t.type(
  { abhaNumber: blankOr(AbhaNumber), abhaAddress: blankOr(AbhaAddress), source: AbhaSource },
  'AbhaRequest',
);
export type AbhaRequest = t.TypeOf<typeof AbhaRequest>;

/** The ABHA on file. */
export const Abha = t.type(
  {
    /** 14 digits, or null when only the address is on file. */
    abhaNumber: t.union([t.string, t.null]),
    abhaAddress: t.union([t.string, t.null]),
    source: AbhaSource,
    updatedAt: t.string,
  },
  'Abha',
);
export type Abha = t.TypeOf<typeof Abha>;

/** Every answer about an ABHA: the one on file, or null (none, or just removed). */
export const AbhaAnswer = t.type({ abha: t.union([Abha, t.null]) }, 'AbhaAnswer');
export type AbhaAnswer = t.TypeOf<typeof AbhaAnswer>;

export const DeskAbhaParams = t.type({ id: Id }, 'DeskAbhaParams');

/** What a card's QR says, read by `readAbhaQr`. */
export interface AbhaCard {
  abhaNumber: string | null;
  abhaAddress: string | null;
  name: string | null;
  /** Which of the two published layouts it was. */
  format: 'hid' | 'phr';
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null);

/**
 * The ABHA on a card's QR (either format), or null when the text is not an ABHA QR (another
 * QR, a URL, a number or address missing or malformed).
 */
export function readAbhaQr(text: string): AbhaCard | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const card = value as Record<string, unknown>;
  const format = str(card.phr) !== null ? 'phr' : str(card.hid) !== null ? 'hid' : null;
  const numberText = str(card.hidn);
  const addressText = str(format === 'phr' ? card.phr : card.hid);
  const abhaNumber = numberText === null ? null : abhaDigits(numberText);
  const abhaAddress = addressText === null ? null : abhaAddressOf(addressText);
  // A field that is there but wrong is a card we do not understand: never half of it.
  if ((numberText !== null && abhaNumber === null) || (addressText !== null && abhaAddress === null)) return null;
  if (abhaNumber === null && abhaAddress === null) return null;
  return { abhaNumber, abhaAddress, name: str(card.name), format: format ?? 'phr' };
}

/** The request a read card makes, as a form sends it. */
export const requestOfCard = (card: AbhaCard): t.OutputOf<typeof AbhaRequest> => ({
  abhaNumber: card.abhaNumber ?? '',
  abhaAddress: card.abhaAddress ?? '',
  source: 'qr',
});
