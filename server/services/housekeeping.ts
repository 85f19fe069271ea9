/**
 * Removes what can never be used again: expired codes and proofs, ended rate-limit windows, and
 * sessions that expired or were revoked, each a day after the fact. Run now and then by the
 * requests that create such rows (every 100th on an instance), so no timer or extra process is
 * needed; any instance may run it.
 */
import type { Database } from '../db/database.js';
import { deleteExpiredPhoneCodes } from '../mobile/repository.js';
import { deleteExpiredCodesAndProofs } from '../repositories/otp.js';
import { deleteEndedWindows } from '../repositories/rateLimits.js';
import { deleteDeadSessions } from '../repositories/sessions.js';

const day = 24 * 60 * 60 * 1000;

export function createHousekeeping(db: Database, now: () => Date, every = 100) {
  let calls = 0;
  const sweep = async (): Promise<void> => {
    const before = new Date(now().getTime() - day);
    await deleteExpiredCodesAndProofs(db, before);
    await deleteExpiredPhoneCodes(db, before);
    await deleteEndedWindows(db, before);
    await deleteDeadSessions(db, before);
  };
  return {
    sweep,
    /** Sweeps on every `every`-th call. Never fails the request that called it. */
    async maybeSweep(onError: (error: unknown) => void): Promise<void> {
      calls += 1;
      if (calls % every !== 0) return;
      await sweep().catch(onError);
    },
  };
}
export type Housekeeping = ReturnType<typeof createHousekeeping>;
