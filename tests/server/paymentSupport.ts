/**
 * Shared by the booking and payment suites (slots, booking, payment*, concurrency): an app over a
 * fresh seeded database per test with a clock the test moves, patients made directly in SQL
 * with a session token (no mail, no scrypt), and the calls of the booking flow.
 *
 * The clock starts at 2025-03-11T04:30:00Z: Tuesday 11 March 2025, 10:00 in the clinic (IST).
 * On Tuesdays Dr. Meera Kulkarni works at Aundh 09:00-13:00 and 15:00-19:00 in 15-minute slots.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { rmSync } from 'node:fs';
import { afterEach, beforeEach } from 'vitest';
import { emptyMedicines } from '../../contract/appointments.js';
import { buildApp } from '../../server/app.js';
import { type Env, loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { openPostgres } from '../../server/db/postgres.js';
import { createServices } from '../../server/services/index.js';
import { MemoryMailer, TestClock, cheapCost, minute } from './accountsSupport.js';
import { type Backend, noClientDir, testDatabaseUrl, useTestDatabases, testDataDir } from './helpers.js';

export { minute, TestClock };

export type Response = LightMyRequestResponse;

export const publicUrl = 'http://localhost:3000';

export const meera = { email: 'meera.kulkarni@sahaj-clinic.example', name: 'Dr. Meera Kulkarni' };
export const kavita = { email: 'kavita.iyer@sahaj-clinic.example', name: 'Dr. Kavita Iyer' };
/** Tuesday, the clock's first day. */
export const today = '2025-03-11';

export interface BookingApp {
  app(): FastifyInstance;
  db(): Database;
  clock: TestClock;
  /** A patient account (made in SQL) and a live session token for it. */
  patient(name?: string): Promise<Patient>;
  /** Another app (instance) over the same database and clock, closed after the test. */
  anotherInstance(): Promise<FastifyInstance>;
}

export interface Patient {
  id: string;
  email: string;
  token: string;
  headers: { authorization: string };
}

/**
 * `env`: extra configuration (PAYMENT_PROVIDER, PHONEPE_*...), read when each test's app is
 * built, so a suite can point it at a fake started in beforeAll.
 */
export function useBookingApp(backend: Backend, env: () => Env = () => ({})): BookingApp {
  const databases = useTestDatabases(backend);
  const clock = new TestClock();
  let current: { db: Database; apps: FastifyInstance[]; dataDir: string } | undefined;
  let patients = 0;

  const build = (db: Database, dataDir: string) =>
    buildApp({
      db,
      clientDir: noClientDir,
      logger: false,
      config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: publicUrl, ...env() }),
      services: { now: clock.now, mailer: new MemoryMailer(), passwordCost: cheapCost },
    });

  beforeEach(async () => {
    clock.reset();
    patients = 0;
    const db = await databases.seeded();
    const dataDir = testDataDir('clinic-portal-booking-');
    current = { db, dataDir, apps: [await build(db, dataDir)] };
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

  return {
    app: () => get().apps[0]!,
    db: () => get().db,
    clock,
    async patient(name = `patient${++patients}`) {
      const db = get().db;
      const email = `${name}@example.com`;
      const { rows } = await db.query<{ id: string }>(
        `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method)
         values ($1, $2, 'Patil', 30, 'female', '9876543210', 'google') returning id`,
        [email, name],
      );
      const id = rows[0]!.id;
      const { token } = await createServices(db, { now: clock.now }).sessions.issue(id);
      return { id, email, token, headers: { authorization: `Bearer ${token}` } };
    },
    async anotherInstance() {
      const { db, dataDir, apps } = get();
      const app = await build(db, dataDir);
      apps.push(app);
      return app;
    },
  };
}

/**
 * A second instance over the test's PostgreSQL database, with its own pool, as another server
 * (or the payment service running alone, or psql) would be: its writes reach the test's app
 * only through NOTIFY. Closed after `use`.
 */
export async function withPostgresInstance(t: BookingApp, use: (other: { db: Database; app: FastifyInstance }) => Promise<void>): Promise<void> {
  const name = (await t.db().query<{ name: string }>('select current_database() as name')).rows[0]!.name;
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${name}`;
  const db = await openPostgres({ connectionString: url.href, max: 2 });
  const dataDir = testDataDir('clinic-portal-instance-');
  const app = await buildApp({
    db,
    clientDir: noClientDir,
    logger: false,
    config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: publicUrl }),
    services: { now: t.clock.now, mailer: new MemoryMailer(), passwordCost: cheapCost },
  });
  try {
    await use({ db, app });
  } finally {
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Waits for `check` to pass (a notice from another connection takes a moment), at most 5 s: under the caches' 10 s age limit, so a lost notice fails. */
export async function eventually(check: () => Promise<void>): Promise<void> {
  const until = Date.now() + 5_000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/* ------------------------------------------------------------ API calls */

export const slotsOf = (app: FastifyInstance, doctorEmail: string, location: string, date: string, patient?: Patient) =>
  app.inject({
    method: 'GET',
    url: `/api/doctor/gettimeslot/${encodeURIComponent(doctorEmail)}/${encodeURIComponent(location)}/${date}`,
    headers: patient ? patient.headers : {},
  }) as Promise<Response>;

/** The slot list as { 'HH:mm': status }. */
export async function slotMap(
  app: FastifyInstance,
  doctorEmail: string,
  location: string,
  date: string,
  patient?: Patient,
): Promise<Record<string, string>> {
  const res = await slotsOf(app, doctorEmail, location, date, patient);
  if (res.statusCode !== 200) throw new Error(`gettimeslot answered ${res.statusCode}: ${res.body}`);
  return Object.fromEntries((res.json() as { time: string; status: string }[]).map((s) => [s.time, s.status]));
}

export interface BookingChoice {
  doctorEmail?: string;
  location?: string;
  date?: string;
  startTime?: string;
  consultationType?: string;
}

/** The spec's create payload, as the booking popup sends it. */
export function bookingBody(choice: BookingChoice = {}, extra: Record<string, unknown> = {}) {
  return {
    firstName: 'Asha',
    lastName: 'Deshpande',
    email: 'asha.deshpande@example.com',
    phoneNumber: '+91 98765-43210',
    age: 34,
    gender: 'female',
    date: choice.date ?? today,
    doctorName: 'whatever the client says',
    doctorEmail: choice.doctorEmail ?? meera.email,
    // Chat, Video and Call are booked online only: with no location given they go
    // online ('', see meeraOnlineToo); a clinic's default type is a Clinic Visit, online's Video.
    location: choice.location ?? (choice.consultationType && choice.consultationType !== 'Clinic Visit' ? '' : 'Aundh'),
    consultationType: choice.consultationType ?? (choice.location === '' ? 'Video' : 'Clinic Visit'),
    startTime: choice.startTime ?? '11:00',
    appointmentPaymentStatus: 'failed',
    appointmentPaymentId: null,
    medicines: emptyMedicines,
    // The teleconsultation consent the popup shows for Chat, Video and Call (ignored for a Clinic Visit).
    consentText: teleconsultationConsent,
    ...extra,
  };
}

/** The consent's words as the booking popup sends them (src/i18n/messages.ts booking.consent). */
export const teleconsultationConsent =
  'I agree to a teleconsultation: the doctor will see me by chat, video or call, not in person, and may ask me to visit a clinic if needed.';

export const book = (app: FastifyInstance, patient: Patient | null, choice: BookingChoice = {}, extra: Record<string, unknown> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/appointment/add',
    payload: bookingBody(choice, extra),
    headers: patient ? patient.headers : {},
  }) as Promise<Response>;

/** Books and fails the test unless it worked; answers the record. */
export async function booked(app: FastifyInstance, patient: Patient, choice: BookingChoice = {}) {
  const res = await book(app, patient, choice);
  if (res.statusCode !== 200) throw new Error(`appointment/add answered ${res.statusCode}: ${res.body}`);
  return res.json() as { _id: string; appointmentId: string; consultationFee: number; [k: string]: unknown };
}

export const payAppointment = (app: FastifyInstance, patient: Patient | null, appointmentId: string, consultationAmount: number) =>
  app.inject({
    method: 'POST',
    url: '/api/payment/create-appointment',
    payload: { appointmentId, consultationAmount },
    headers: patient ? patient.headers : {},
  }) as Promise<Response>;

export async function checkout(app: FastifyInstance, patient: Patient, appointment: { _id: string; consultationFee: number }) {
  const res = await payAppointment(app, patient, appointment._id, appointment.consultationFee);
  if (res.statusCode !== 200) throw new Error(`create-appointment answered ${res.statusCode}: ${res.body}`);
  return res.json() as { merchantOrderId: string; checkoutPageUrl: string };
}

export const post = (app: FastifyInstance, url: string, extra: Partial<InjectOptions> = {}) =>
  app.inject({ method: 'POST', url, ...extra }) as Promise<Response>;

/** An appointment's row, as the database has it. */
export async function appointmentRow(db: Database, id: string) {
  const { rows } = await db.query<{
    payment_status: string;
    payment_id: string | null;
    holds_slot: boolean;
    hold_expires_at: Date | null;
    status: string;
  }>('select payment_status, payment_id, holds_slot, hold_expires_at, status from appointments where id = $1', [id]);
  return rows[0]!;
}

export async function paymentRow(db: Database, merchantOrderId: string) {
  const { rows } = await db.query<{ status: string; settled_at: Date | null; provider_transaction_id: string | null }>(
    'select status, settled_at, provider_transaction_id from payments where merchant_order_id = $1',
    [merchantOrderId],
  );
  return rows[0]!;
}

export const messageOf = (res: Response) => (res.json() as { message: string }).message;

/**
 * A fixture for tests whose point is a teleconsultation with Dr. Meera (chat, join link, consent,
 * "Online (Video)"): Chat, Video and Call are booked online only, and the seed gives her
 * clinic hours only, so she also consults online on `weekday` (0 Sunday ... 6 Saturday; default
 * Tuesday, the tests' today) from `start` to `end`. Book with `location: ''`.
 */
export async function meeraOnlineToo(db: Database, weekday = 2, start = '09:00', end = '13:00'): Promise<void> {
  await db.query(
    // Once per day: a test may set up several consultations.
    `insert into doctor_online_hours (doctor_id, weekday, start_time, end_time)
     select d.id, $2, $3, $4 from doctors d
      where d.email = $1 and not exists (select 1 from doctor_online_hours o where o.doctor_id = d.id and o.weekday = $2)`,
    [meera.email, weekday, start, end],
  );
}
