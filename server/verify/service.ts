/**
 * GET /api/verify/{code}: what a printed prescription's code says (contract/verify.ts). Anyone
 * may ask, without signing in, so the answer carries only what the paper itself shows a reader,
 * and less: the doctor, the day, the patient's initials, the remedies as written (genuine); when
 * a later version replaced it (amended); that the clinic withdrew it (revoked); or unknown.
 * Never a name, a phone number, an address or an appointment number.
 *
 * Look-ups are counted per client address in the database (VERIFY_RATE_LIMIT), so N instances
 * count as one and nobody walks the code space: 128 random bits are unguessable anyway, and the
 * limit keeps a flood of look-ups from loading the database.
 */
import { normalizedCode, type VerifyAnswer } from '../../contract/verify.js';
import type { Database } from '../db/database.js';
import * as rateLimits from '../repositories/rateLimits.js';
import { TooManyRequestsError } from '../services/errors.js';
import { minutesUntil, secondsUntil } from '../services/limits.js';
import { defaultVerifyRateLimit } from './config.js';
import type { RateLimit } from '../services/limits.js';
import { verifyMessages } from './messages.js';
import { lookUpCode } from './repository.js';

export interface VerifyServiceDeps {
  db: Database;
  now: () => Date;
  rateLimit?: RateLimit;
}

/** 'Ravi Shankar' -> 'R. S.': the first letter of each name, nothing more. */
export function initialsOf(...names: (string | null)[]): string {
  return names
    .flatMap((n) => (n ?? '').trim().split(/\s+/))
    .filter(Boolean)
    .map((word) => `${[...word][0]!.toLocaleUpperCase('en-IN')}.`)
    .join(' ');
}

export function createVerifyService({ db, now, rateLimit = defaultVerifyRateLimit }: VerifyServiceDeps) {
  return {
    async verify(code: string, client: string): Promise<VerifyAnswer> {
      const at = now();
      const hit = await rateLimits.hit(db, `verify:client:${client}`, at, rateLimit.windowMs);
      if (hit.hits > rateLimit.max) {
        throw new TooManyRequestsError(verifyMessages.tooManyLookUps(minutesUntil(hit.windowEnds, at)), secondsUntil(hit.windowEnds, at));
      }
      const stored = normalizedCode(code);
      if (!/^[A-Z2-7]{26}$/.test(stored)) return { status: 'unknown' };
      const found = await lookUpCode(db, stored);
      if (found === null) return { status: 'unknown' };
      if (found.revoked || found.medicines === null) return { status: 'revoked' };
      if (found.supersededAt !== null) return { status: 'amended', supersededAt: found.supersededAt.toISOString() };
      const m = found.medicines;
      return {
        status: 'genuine',
        doctorName: found.doctorName ?? '',
        date: found.date ?? '',
        writtenAt: (found.writtenAt ?? at).toISOString(),
        version: found.version,
        patientInitials: initialsOf(found.firstName, found.lastName),
        // As written: each remedy's own words, and the potency and duration the prescription gives them all.
        remedies: m.remedies.map((r) => ({ medicineName: r.medicineName, potency: m.potency, dosage: r.dosage, frequency: r.frequency, duration: m.duration })),
      };
    },
  };
}

export type VerifyService = ReturnType<typeof createVerifyService>;
