// The set-up the online consultation suites share (consultation.test.ts: video and call;
// chat.test.ts): the same cast (Dr. Kavita Iyer, a patient per width, an admin, a third account),
// paid online appointments written straight into the fresh data directory at times relative to
// now (the join window and the chat open minutes before the start), the doctor role, and pages
// signed in as one of them.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { runClinicCommand } from '../../../server/cli';
import { pgliteDir } from '../../../server/db/open';
import { openPGliteDir } from '../../../server/db/pglite';
import { DESKTOP, PHONE, type useSite, type Viewport } from '../harness';
import { preparedPeople, signedInContext, type Account } from './preparedSite';

export const kavita = 'kavita.iyer@sahaj-clinic.example';
export const adminEmail = 'clinic.admin@clinic-e2e.example';
export const thirdEmail = 'someone.else@clinic-e2e.example';
export const patientOf = (width: number) => `asha.${width}@clinic-e2e.example`;

/** The cast, prepared before the server starts (support/preparedSite.ts). */
export const teleconsultPeople = () =>
  preparedPeople(
    [
      { email: adminEmail, firstName: 'Kiran', lastName: 'Sawant' },
      { email: thirdEmail, firstName: 'Ravi', lastName: 'Kale' },
      { email: kavita, firstName: 'Kavita', lastName: 'Iyer' },
      ...[DESKTOP, PHONE].map((v) => ({ email: patientOf(v.width), firstName: 'Asha', lastName: 'Deshpande' })),
    ],
    { admin: adminEmail },
  );

/** The clinic's date and time (Asia/Kolkata) of an instant, `YYYY-MM-DD` and `HH:MM`. */
export function clinicAt(at: Date): { date: string; time: string } {
  const shifted = new Date(at.getTime() + 330 * 60_000);
  return { date: shifted.toISOString().slice(0, 10), time: shifted.toISOString().slice(11, 16) };
}

export interface PaidOnline {
  width: number;
  type: 'Chat' | 'Video' | 'Call';
  at: { date: string; time: string };
  /** The appointment number's digits, unique in the suite. */
  number: number;
}

/**
 * Paid, Booked appointments with Dr. Kavita Iyer for the widths' patients, written into the data
 * directory before the server starts; then the doctor role for her account. Answers their ids.
 */
export async function preparePaidOnline(dataDir: string, appointments: readonly PaidOnline[]): Promise<string[]> {
  const db = await openPGliteDir(pgliteDir(dataDir));
  const ids: string[] = [];
  try {
    const one = async (sql: string, params: unknown[] = []) => (await db.query<{ id: string }>(sql, params)).rows[0]!.id;
    const doctorId = await one('select id from doctors where email = $1', [kavita]);
    const locationId = await one("select id from locations where name = 'Aundh'");
    for (const { width, type, at, number } of appointments) {
      const userId = await one('select id from users where email = $1', [patientOf(width)]);
      ids.push(
        await one(
          `insert into appointments (appointment_number, user_id, doctor_id, location_id, date, start_time, consultation_type,
             consultation_fee, first_name, last_name, email, phone_number, age, gender, status, payment_status, payment_id,
             holds_slot, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, 500, 'Asha', 'Deshpande', $8, '9822012345', 34, 'female', 'Booked', 'paid', $9, true, now(), now())
           returning id`,
          [`SHC-26-${number}`, userId, doctorId, locationId, at.date, at.time, type, patientOf(width), `E2E${number}`],
        ),
      );
    }
  } finally {
    await db.close();
  }
  const said: string[] = [];
  const status = await runClinicCommand(['make-doctor', kavita], { DATA_DIR: dataDir }, { out: (l) => said.push(l), err: (l) => said.push(l) });
  if (status !== 0) throw new Error(`make-doctor failed: ${said.join('\n')}`);
  return ids;
}

/** Pages signed in as an account, in contexts closed after the file. */
export function signedInPages(site: ReturnType<typeof useSite>) {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });
  return async function pageFor(viewport: Viewport, account: Account): Promise<Page> {
    const context = await signedInContext(site.browser, viewport, account.token);
    contexts.push(context);
    return (await site.open(context)).page;
  };
}

/**
 * For each width (1280, 375) a paid Chat appointment with Dr. Kavita Iyer starting in 3 (and 4)
 * minutes, so its chat is open; numbered from `firstNumber`. `ids` by width once `prepare` ran.
 */
export function chatAppointmentsByWidth(people: ReturnType<typeof teleconsultPeople>, firstNumber: number) {
  const ids = new Map<number, string>();
  async function prepare(dataDir: string): Promise<void> {
    await people.prepare(dataDir);
    // The widths' slots one minute apart: one doctor is never booked twice for one slot.
    const widths = [DESKTOP.width, PHONE.width];
    const made = await preparePaidOnline(
      dataDir,
      widths.map((width, index) => ({ width, type: 'Chat' as const, at: clinicAt(new Date(Date.now() + (3 + index) * 60_000)), number: firstNumber + index })),
    );
    widths.forEach((width, index) => ids.set(width, made[index]!));
  }
  return { ids, prepare };
}
