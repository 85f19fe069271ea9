// What the browser suites know of the clinic: its calendar (clinic time, Asia/Kolkata) and the
// demo clinic the server seeds.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './build.mjs';

export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

/** server/seed/demo-clinic.json: the fees and doctors the tests book. */
export const demoSeed = JSON.parse(readFileSync(join(ROOT, 'server/seed/demo-clinic.json'), 'utf8')) as {
  fees: { consultationType: string; consultationFee: number }[];
  doctors: {
    name: string;
    email: string;
    type: string;
    locations: string[];
    hours: Record<string, Weekday[]>;
    qualification: string;
    registration?: { council: string; number: string };
  }[];
};

/** A clinic-time calendar day (YYYY-MM-DD) `days` after today's. */
export function clinicDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The weekday of a `YYYY-MM-DD`, as the seed's hours name it. */
export function weekdayOf(date: string): Weekday {
  const names: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
  return names[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}
