/**
 * Session tokens and one-time codes: random values from the operating system's CSPRNG, stored
 * only as hashes.
 * - A session token is 32 random bytes (256 bits), base64url: 43 characters. The database keeps
 *   its SHA-256; a token is unguessable, so a plain fast hash is enough to make a stolen table
 *   useless.
 * - A one-time code is 6 digits (crypto.randomInt). A million values can be tried offline in no
 *   time, so its hash is keyed: HMAC-SHA256 under the server's secret, over the address and the
 *   code, so a stolen table alone does not give the codes away.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const tokenBytes = 32;
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export function newSessionToken(): string {
  return randomBytes(tokenBytes).toString('base64url');
}

/** A value that could be one of our tokens (cheap check before any database work). */
export function isWellFormedToken(token: string): boolean {
  return tokenPattern.test(token);
}

export function sessionTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export const codeDigits = 6;

export function newOneTimeCode(): string {
  return randomInt(0, 10 ** codeDigits)
    .toString()
    .padStart(codeDigits, '0');
}

/** `email` lower case. */
export function oneTimeCodeHash(key: Buffer, email: string, code: string): string {
  return createHmac('sha256', key).update(`${email}\n${code}`, 'utf8').digest('hex');
}

/** Compares two hex digests of equal length without leaking where they differ. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/**
 * A texted code's hash (server/mobile): over what it is for (`purpose`, and the account of a phone
 * change, '' for a sign-in), the number's 10 digits and the code, so a code proves only that.
 */
export function phoneCodeHash(key: Buffer, purpose: string, accountId: string | null, phone: string, code: string): string {
  return createHmac('sha256', key).update(`phone\n${purpose}\n${accountId ?? ''}\n${phone}\n${code}`, 'utf8').digest('hex');
}
