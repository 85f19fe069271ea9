// A browser suite's clock set to a chosen clinic time (Asia/Kolkata) of day, for a journey that
// needs room left in the clinic's day whenever it runs: the server process (support/shiftClock.mjs,
// preloaded), every browser context (Playwright's clock) and the test's own dates read the same
// shifted time, which flows as usual from there.
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { addDays, clinicClock, clinicInstant } from '../../../contract/clinicTime.js';
import { ROOT } from './build.mjs';

export interface ShiftedClinicClock {
  /** How far this clock is ahead of the machine's, in ms (0 up to a day). */
  shiftMs: number;
  /** Now, on this clock. */
  now(): Date;
  /** The server's environment for it: the preload and its shift (add to useSite's env). */
  serverEnv(): NodeJS.ProcessEnv;
  /** How far `at` (a server's or a page's now) is from this clock's now, in ms. */
  offBy(at: Date | number): number;
  /** Sets a new browser context on this clock, before its first page opens. */
  install(context: BrowserContext): Promise<void>;
}

/**
 * A clock that starts at the next `time` (HH:MM, clinic time) from the machine's now, or at
 * E2E_CLINIC_TIME when set (to try the journey at another time of day, e.g. `23:40`).
 */
export function clinicClockAt(time: string): ShiftedClinicClock {
  const start = process.env.E2E_CLINIC_TIME ?? time;
  if (!/^\d\d:\d\d$/.test(start)) throw new Error(`a clinic time is HH:MM, not ${start}`);
  const real = new Date();
  let at = clinicInstant(clinicClock(real).date, start);
  if (at.getTime() < real.getTime()) at = clinicInstant(addDays(clinicClock(real).date, 1), start);
  const shiftMs = at.getTime() - real.getTime();
  const now = () => new Date(Date.now() + shiftMs);
  return {
    shiftMs,
    now,
    serverEnv: () => ({
      NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${join(ROOT, 'tests/e2e/support/shiftClock.mjs')}`].filter(Boolean).join(' '),
      E2E_CLOCK_SHIFT_MS: String(shiftMs),
    }),
    offBy: (at) => Math.abs(new Date(at).getTime() - now().getTime()),
    // install() lets time flow from `time` at the real pace (pauseAt would stop it).
    install: (context) => context.clock.install({ time: now() }),
  };
}
