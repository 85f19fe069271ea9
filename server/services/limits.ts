/**
 * The accounts' limits, in one place: how long codes, proofs and sessions last, and the rate
 * limits (counted in the database, so N instances count as one; see repositories/rateLimits.ts).
 * Tests pass other values through createServices.
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
  /** Codes sent to one address: 5 per 15 minutes. */
  sendsPerAddress: RateLimit;
  /** Codes sent on behalf of one client (IP address): 20 per hour. */
  sendsPerClient: RateLimit;
  /** Failed logins of one client to one account: 5 per 15 minutes, then 429 for that pair only. */
  loginFailuresPerAccountAndClient: RateLimit;
  /** Failed logins of one client, whatever the account: 30 per 15 minutes. */
  loginFailuresPerClient: RateLimit;
}

const minute = 60_000;

export const defaultLimits: AccountLimits = {
  codeTtlMs: 10 * minute,
  maxWrongCodeTries: 5,
  proofTtlMs: 30 * minute,
  sendsPerAddress: { max: 5, windowMs: 15 * minute },
  sendsPerClient: { max: 20, windowMs: 60 * minute },
  loginFailuresPerAccountAndClient: { max: 5, windowMs: 15 * minute },
  loginFailuresPerClient: { max: 30, windowMs: 15 * minute },
};

/** "1 minute", "14 minutes": how long until `until`, rounded up. */
export function minutesUntil(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / minute));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}
