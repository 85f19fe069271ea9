/**
 * The accounts' limits, in one place: how long codes, proofs and sessions last, and the rate
 * limits (counted in the database, so N instances count as one; see repositories/rateLimits.ts).
 * The four rate limits are settings (RATE_LIMIT_*, server/config.ts); tests also pass other
 * values through createServices.
 *
 * Why the defaults: in India many patients share one public address (mobile carriers' NAT, a
 * clinic's reception Wi-Fi), so the per-client limits are loose and only stop one machine
 * flooding; the limits per email address and per (account, client) pair stay strict, and they are
 * what stops code bombing of one mailbox and password guessing against one account.
 */
export interface RateLimit {
  /** Requests allowed in one window. */
  max: number;
  windowMs: number;
}

export interface AccountLimits {
  /** A code works for 10 minutes. */
  codeTtlMs: number;
  /** After 5 wrong tries a code is dead, even for the right digits. */
  maxWrongCodeTries: number;
  /** A right code proves the address for 30 minutes (one registration or reset). */
  proofTtlMs: number;
  /** Codes sent to one address (RATE_LIMIT_CODES_PER_EMAIL): 5 per 15 minutes. */
  sendsPerAddress: RateLimit;
  /** Codes sent on behalf of one client IP address, whatever the addresses (RATE_LIMIT_CODES_PER_CLIENT): 200 per hour. */
  sendsPerClient: RateLimit;
  /**
   * Failed logins of one client to one account (RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT):
   * 5 per 15 minutes, then 429 for that pair only.
   */
  loginFailuresPerAccountAndClient: RateLimit;
  /** Failed logins of one client, whatever the account (RATE_LIMIT_LOGIN_FAILURES_PER_CLIENT): 300 per 15 minutes. */
  loginFailuresPerClient: RateLimit;
  /**
   * Codes texted to one mobile number, sign-in and phone change together (RATE_LIMIT_CODES_PER_PHONE):
   * 5 per 15 minutes. Each costs the clinic a text, and a stranger may not flood a patient's phone.
   */
  sendsPerPhone: RateLimit;
  /** Texted codes asked from one client IP address, whatever the numbers (RATE_LIMIT_PHONE_CODES_PER_CLIENT): 100 per hour. */
  phoneSendsPerClient: RateLimit;
}

const minute = 60_000;

export const defaultLimits: AccountLimits = {
  codeTtlMs: 10 * minute,
  maxWrongCodeTries: 5,
  proofTtlMs: 30 * minute,
  sendsPerAddress: { max: 5, windowMs: 15 * minute },
  sendsPerClient: { max: 200, windowMs: 60 * minute },
  loginFailuresPerAccountAndClient: { max: 5, windowMs: 15 * minute },
  loginFailuresPerClient: { max: 300, windowMs: 15 * minute },
  sendsPerPhone: { max: 5, windowMs: 15 * minute },
  phoneSendsPerClient: { max: 100, windowMs: 60 * minute },
};

/** The settings behind the rate limits, with the most each may allow in one window. */
export const rateLimitSettings = [
  // Strict on purpose: these stop code bombing of one mailbox and guessing one account's password.
  { name: 'RATE_LIMIT_CODES_PER_EMAIL', key: 'sendsPerAddress', mostAllowed: 20, strict: true },
  { name: 'RATE_LIMIT_CODES_PER_CLIENT', key: 'sendsPerClient', mostAllowed: 100_000, strict: false },
  { name: 'RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT', key: 'loginFailuresPerAccountAndClient', mostAllowed: 20, strict: true },
  { name: 'RATE_LIMIT_LOGIN_FAILURES_PER_CLIENT', key: 'loginFailuresPerClient', mostAllowed: 100_000, strict: false },
  // Strict like the email's: a number's texts cost money and reach a person.
  { name: 'RATE_LIMIT_CODES_PER_PHONE', key: 'sendsPerPhone', mostAllowed: 20, strict: true },
  // Looser than the email's (200/1h): every text is paid for; the daily cap (MOBILE_CODES_PER_DAY) bounds them all.
  { name: 'RATE_LIMIT_PHONE_CODES_PER_CLIENT', key: 'phoneSendsPerClient', mostAllowed: 100_000, strict: false },
] as const satisfies ReadonlyArray<{ name: string; key: keyof AccountLimits; mostAllowed: number; strict: boolean }>;

/** "5/15m", "200/1h": a limit as its setting writes it. */
export function formatRateLimit({ max, windowMs }: RateLimit): string {
  const minutes = windowMs / minute;
  return minutes % 60 === 0 ? `${max}/${minutes / 60}h` : `${max}/${minutes}m`;
}

/** "1 minute", "14 minutes": how long until `until`, rounded up. */
export function minutesUntil(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / minute));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}
