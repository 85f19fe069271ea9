/**
 * Shared by the my-appointments, staff and calendar suites: the booking suites' app
 * (tests/server/paymentSupport.ts: a fresh seeded database per test, the clock at Tuesday
 * 11 March 2025, 10:00 in the clinic) plus a mailbox and the keyed mails to send before looking
 * at it, staff accounts, and the calls of /myappointment and the staff endpoints.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { mailSendQueue } from '../../server/jobs/keyedMails.js';
import { createServices } from '../../server/services/index.js';
import { MemoryMailer, TestClock, cheapCost } from './accountsSupport.js';
import { type Backend, noClientDir, useTestDatabases, testDataDir } from './helpers.js';
import { sendQueuedMails } from './jobsSupport.js';
import { booked, type BookingChoice, checkout, type Patient, publicUrl, type Response } from './paymentSupport.js';

export interface AppointmentsApp {
  app(): FastifyInstance;
  db(): Database;
  clock: TestClock;
  /** Every mail the app sent in this test. */
  mailer(): MemoryMailer;
  /**
   * Resolves once the keyed mails queued so far (booking confirmations, prescriptions) are sent,
   * as a running server's workers would send them; rejects with a failed send's error.
   */
  idle(): Promise<void>;
  /** A patient account (made in SQL) and a live session token for it. */
  patient(name?: string): Promise<Patient>;
  /** A staff account: an admin, reception, or the doctor whose email it has (the seed's doctors). */
  staff(role: 'admin' | 'doctor' | 'reception', email: string): Promise<Patient>;
  /** Another app (instance) over the same database and clock. */
  anotherInstance(): Promise<FastifyInstance>;
}

/** `clientDir`: a built client to serve (default none: `/` answers 503); `env`: more settings (JITSI_*...). */
export function useAppointmentsApp(
  backend: Backend,
  { clientDir = noClientDir, env = {} }: { clientDir?: string; env?: Record<string, string> } = {},
): AppointmentsApp {
  const databases = useTestDatabases(backend);
  const clock = new TestClock();
  let current:
    | {
        db: Database;
        apps: FastifyInstance[];
        dataDir: string;
        mailer: MemoryMailer;
      }
    | undefined;
  let accounts = 0;

  const build = (db: Database, dataDir: string, mailer: MemoryMailer) =>
    buildApp({
      db,
      clientDir,
      logger: false,
      config: loadConfig({ ...env, DATA_DIR: dataDir, PUBLIC_URL: publicUrl }),
      services: { now: clock.now, mailer, passwordCost: cheapCost },
    });

  beforeEach(async () => {
    clock.reset();
    accounts = 0;
    const db = await databases.seeded();
    const dataDir = testDataDir('clinic-portal-appointments-');
    const mailer = new MemoryMailer();
    current = { db, dataDir, mailer, apps: [await build(db, dataDir, mailer)] };
  });

  // Registered after useTestDatabases' hook, so it runs first: apps close before their database.
  afterEach(async () => {
    if (!current) return;
    for (const app of current.apps) await app.close();
    rmSync(current.dataDir, { recursive: true, force: true });
    current = undefined;
  });

  const get = () => {
    if (!current) throw new Error('only inside a test');
    return current;
  };

  async function account(email: string, firstName: string, role: 'patient' | 'admin' | 'doctor' | 'reception'): Promise<Patient> {
    const db = get().db;
    const { rows } = await db.query<{ id: string }>(
      `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method, role)
       values ($1, $2, 'Patil', 30, 'female', '9876543210', 'google', $3) returning id`,
      [email, firstName, role],
    );
    const id = rows[0]!.id;
    const { token } = await createServices(db, { now: clock.now }).sessions.issue(id);
    return { id, email, token, headers: { authorization: `Bearer ${token}` } };
  }

  return {
    app: () => get().apps[0]!,
    db: () => get().db,
    clock,
    mailer: () => get().mailer,
    async idle() {
      await sendQueuedMails(get().apps[0]!.jobs);
    },
    patient(name = `patient${++accounts}`) {
      return account(`${name}@example.com`, name, 'patient');
    },
    staff(role, email) {
      return account(email, role, role);
    },
    async anotherInstance() {
      const { db, dataDir, apps, mailer } = get();
      const app = await build(db, dataDir, mailer);
      apps.push(app);
      return app;
    },
  };
}

/* ------------------------------------------------------------ API calls */

const as = (who: Patient | null): Partial<InjectOptions> => ({ headers: who ? who.headers : {} });

export const listOf = (app: FastifyInstance, who: Patient | null, email: string) =>
  app.inject({ method: 'GET', url: `/api/auth/getUser/${encodeURIComponent(email)}`, ...as(who) }) as Promise<Response>;

export const moveTo = (
  app: FastifyInstance,
  who: Patient | null,
  appointmentToEdit: string,
  to: { selectedLocation?: string; newDate?: string; selectedTime: string },
) =>
  app.inject({
    method: 'PUT',
    url: '/api/appointment/update',
    payload: { selectedLocation: to.selectedLocation ?? 'Aundh', appointmentToEdit, newDate: to.newDate ?? '2025-03-11', selectedTime: to.selectedTime },
    ...as(who),
  }) as Promise<Response>;

export const cancel = (app: FastifyInstance, who: Patient | null, userId: string, appointmentId: string) =>
  app.inject({ method: 'DELETE', url: `/api/appointment/delete/${userId}/${appointmentId}`, ...as(who) }) as Promise<Response>;

export const calendarOf = (app: FastifyInstance, who: Patient | null, appointmentId: string) =>
  app.inject({ method: 'GET', url: `/api/appointment/${appointmentId}/calendar.ics`, ...as(who) }) as Promise<Response>;

/**
 * Moves `clock` to where the consultation of `date` at `startTime` (clinic time) can be completed:
 * its join window's opening (JOIN_OPENS_MINUTES_BEFORE, 10 by default), unless it is past that.
 */
export function toCompletable(clock: TestClock, startTime: string, date = '2025-03-11', opensMinutesBefore = 10): void {
  const opens = new Date(`${date}T${startTime}:00+05:30`).getTime() - opensMinutesBefore * 60_000;
  if (clock.now().getTime() < opens) clock.advance(opens - clock.now().getTime());
}

export const staffCall = (app: FastifyInstance, who: Patient | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api/staff${url}`, ...(payload ? { payload } : {}), ...as(who) }) as Promise<Response>;

/** Presses Pay on the sandbox checkout of `checkoutPageUrl`; answers where the browser is sent. */
export async function pressPay(app: FastifyInstance, checkoutPageUrl: string): Promise<string | undefined> {
  const res = await app.inject({ method: 'POST', url: `${new URL(checkoutPageUrl).pathname}/pay` });
  return withoutOrderRef(res.headers.location as string | undefined, merchantOrderIdOf(checkoutPageUrl));
}

/** A result page's address without its payment reference, which must look like one of ours (SHCA-/SHCO-...). */
export function resultOf(location: unknown): string | undefined {
  if (typeof location !== 'string') return undefined;
  const ref = new URLSearchParams(location.split('?')[1] ?? '').get('order');
  if (ref === null || !/^SHC[AO]-\d{6}-[A-Za-z0-9_-]+$/.test(ref)) throw new Error(`the result page was not told which payment: ${location}`);
  return withoutOrderRef(location, ref);
}

/** The sandbox checkout page's payment reference: the last part of its path. */
export const merchantOrderIdOf = (checkoutPageUrl: string): string => decodeURIComponent(new URL(checkoutPageUrl).pathname.split('/').at(-1)!);

/**
 * The result page's address as the tests compare it: its `order` parameter must be this payment's
 * reference (the page asks the server about that payment), and is then left out.
 */
export function withoutOrderRef(location: string | undefined, merchantOrderId: string): string | undefined {
  if (location === undefined) return undefined;
  const [base, query = ''] = location.split('?') as [string, string?];
  const params = new URLSearchParams(query);
  if (params.get('order') !== merchantOrderId) throw new Error(`the result page was not told which payment (${merchantOrderId}): ${location}`);
  params.delete('order');
  return params.size > 0 ? `${base}?${params.toString()}` : base;
}

/**
 * Books and pays through the sandbox: a paid appointment (a Clinic Visit with Meera at Aundh, 11:00
 * unless told), its booking confirmation worked by `app`'s engine as a running server's worker
 * would (a send that fails is left to its retry, as there).
 */
export async function bookedAndPaid(app: FastifyInstance, who: Patient, choice: BookingChoice = {}) {
  const appointment = await booked(app, who, choice);
  const { checkoutPageUrl } = await checkout(app, who, appointment);
  const location = await pressPay(app, checkoutPageUrl);
  if (location !== `${publicUrl}/#/paymentsuccess`) throw new Error(`payment did not succeed: ${location}`);
  await app.jobs.engine.drain([mailSendQueue]);
  return appointment;
}

export const prescription = {
  complain: 'Dry cough for two weeks, worse at night',
  diagnosis: 'Acute bronchitis',
  remedies: [
    { medicineName: 'Bryonia alba', dosage: '4 pills', frequency: 'three times a day' },
    { medicineName: 'Drosera', dosage: '2 drops', frequency: 'at bedtime' },
  ],
  potency: '30C',
  duration: '10 days',
  pharmacyName: 'Sahaj Pharmacy, Aundh',
  pharmacyId: 'PH-7',
  instructions: 'No coffee or mint while taking the remedies.',
  showMedicine: true,
};
