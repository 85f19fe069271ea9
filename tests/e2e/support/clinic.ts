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
    /** Chat, Video and Call hours, no clinic: weekday -> [start, end] ranges. */
    onlineHours?: Partial<Record<Weekday, [string, string][]>>;
    qualification: string;
    registration?: { council: string; number: string };
  }[];
};

/** A clinic-time calendar day (YYYY-MM-DD) `days` after today's (today as of `now`: a suite's own clock, support/clinicClock.ts). */
export function clinicDate(days: number, now: Date = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The weekday of a `YYYY-MM-DD`, as the seed's hours name it. */
export function weekdayOf(date: string): Weekday {
  const names: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
  return names[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

/** The booking popup's Location value for "Online (Chat, Video, Call)": no clinic. */
export const onlinePlace = '@online';

export interface Plan {
  /** The Location select's value: a clinic's name, or `onlinePlace` for the online hours. */
  location: string;
  doctorEmail: string;
  doctorName: string;
  date: string;
}

/**
 * A seeded doctor of the given kind and a day from `startDay` on (clinic time) on which they
 * work: a clinic doctor at one of their clinics, an online doctor in their online hours (Chat,
 * Video and Call are not booked at a clinic).
 */
export function planFor(kind: 'clinic' | 'online', startDay: number): Plan {
  for (let days = startDay; days < startDay + 14; days++) {
    const date = clinicDate(days);
    const weekday = weekdayOf(date);
    for (const doctor of demoSeed.doctors.filter((d) => d.type === kind)) {
      const location =
        kind === 'online' ? (doctor.onlineHours?.[weekday]?.length ? onlinePlace : undefined) : doctor.locations.find((l) => doctor.hours[l]?.includes(weekday));
      if (location) return { location, doctorEmail: doctor.email, doctorName: doctor.name, date };
    }
  }
  throw new Error(`no ${kind} doctor works within two weeks of day ${startDay}`);
}
