/**
 * Observability, in process (app.inject): /healthz and /readyz, the request id, one
 * JSON log line per request and nothing personal in any line along a whole patient's path
 * (OTP, register, login, booking, payment), and the metrics: not on the public port without
 * METRICS_TOKEN, and moved by a booking and its payment.
 */
import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig, type Env } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { createMetrics, type Metrics } from '../../server/ops/metrics.js';
import { Drain } from '../../server/ops/drain.js';
import { MemoryMailer, TestClock, cheapCost, from, login, patient, post, register, sendCode, validateCode } from './accountsSupport.js';
import { pressPay } from './appointmentsSupport.js';
import { backends, noClientDir, useTestDatabases, testDataDir } from './helpers.js';
import { bookingBody, publicUrl } from './paymentSupport.js';

interface Built {
  app: FastifyInstance;
  db: Database;
  metrics: Metrics;
  lines: string[];
  mailer: MemoryMailer;
  drain: Drain;
}

const metricValue = (text: string, series: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

describe.each(backends)('observability on %s', (backend) => {
  const databases = useTestDatabases(backend);
  const clock = new TestClock();
  const open: FastifyInstance[] = [];
  let dataDir: string;

  beforeEach(() => {
    clock.reset();
    dataDir = testDataDir('clinic-portal-obs-');
  });
  afterEach(async () => {
    for (const app of open.splice(0)) await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function build(env: Env = {}, level: 'info' | 'trace' = 'info', wrap: (db: Database) => Database = (db) => db): Promise<Built> {
    const db = wrap(await databases.seeded());
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) } as unknown as NodeJS.WritableStream;
    const metrics = createMetrics();
    const mailer = new MemoryMailer();
    const drain = new Drain();
    const app = await buildApp({
      db,
      clientDir: noClientDir,
      logger: { level, stream },
      config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: publicUrl, ...env }),
      services: { now: clock.now, mailer, passwordCost: cheapCost },
      metrics,
      drain,
    });
    open.push(app);
    return { app, db, metrics, lines, mailer, drain };
  }

  describe('health', () => {
    it('/healthz answers without the database; /readyz checks it and the migrations', async () => {
      const { app, db, drain } = await build();
      // A migration this code has is missing from the database: not ready, and says which.
      const { rows } = await db.query<{ name: string }>('select name from schema_migrations order by name desc limit 1');
      const last = rows[0]!.name;
      await db.query('delete from schema_migrations where name = $1', [last]);
      const behind = await app.inject('/readyz');
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toEqual({ status: 'not ready', failures: { migrations: `not applied: ${last}` } });

      const health = await app.inject('/healthz');
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      expect(health.headers['cache-control']).toBe('no-store');

      await db.query(`insert into schema_migrations (name, checksum) values ($1, 'x')`, [last]);
      const ready = await app.inject('/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });

      // Draining (SIGTERM): load balancers are told to stop sending; liveness is unchanged.
      await drain.start(() => undefined);
      const draining = await app.inject('/readyz');
      expect(draining.statusCode).toBe(503);
      expect(draining.json().failures).toEqual({ shutdown: 'shutting down' });
      expect((await app.inject('/healthz')).statusCode).toBe(200);
    });

    it('/healthz keeps answering when the database is gone; /readyz says unreachable', async () => {
      let reachable = true;
      const gone = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
      const { app } = await build({}, 'info', (db) => ({
        ...db,
        query: (sql, params) => (reachable ? db.query(sql, params) : gone()),
      }));
      expect((await app.inject('/readyz')).statusCode).toBe(200);
      reachable = false;
      expect((await app.inject('/healthz')).statusCode).toBe(200);
      const res = await app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', failures: { database: 'unreachable' } });
    });
  });

  describe('request ids', () => {
    it('makes one per request, returns it, and puts it on that request\'s log line', async () => {
      const { app, lines } = await build();
      const a = await app.inject('/api/super/locations');
      const b = await app.inject('/api/super/locations');
      const idA = a.headers['x-request-id'] as string;
      expect(idA).toMatch(/^[0-9a-f-]{36}$/);
      expect(b.headers['x-request-id']).not.toBe(idA);
      const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.reqId === idA);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ msg: 'request completed', route: '/api/super/locations', statusCode: 200, req: { method: 'GET' } });
    });

    it('takes a well-formed X-Request-Id from a trusted proxy only', async () => {
      const untrusted = (await build()).app;
      const ignored = await untrusted.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' }, remoteAddress: '10.0.0.5' });
      expect(ignored.headers['x-request-id']).not.toBe('abc-123');

      const behindProxy = (await build({ TRUST_PROXY: '10.0.0.0/8' })).app;
      const taken = await behindProxy.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' }, remoteAddress: '10.0.0.5' });
      expect(taken.headers['x-request-id']).toBe('abc-123');
      const stranger = await behindProxy.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' }, remoteAddress: '203.0.113.9' });
      expect(stranger.headers['x-request-id']).not.toBe('abc-123');
      const malformed = await behindProxy.inject({ url: '/healthz', headers: { 'x-request-id': 'p@q.example' }, remoteAddress: '10.0.0.5' });
      expect(malformed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  it('logs nothing personal along a whole patient path (OTP, register, login, booking, payment)', async () => {
    const { app, lines, mailer } = await build({}, 'trace');
    const email = patient.email;
    expect((await sendCode(app, email)).statusCode).toBe(200);
    const otp = mailer.lastCode(email);
    expect((await validateCode(app, email, '000000')).statusCode).toBe(400); // a wrong code first
    expect((await validateCode(app, email, otp)).statusCode).toBe(200);
    expect((await register(app)).statusCode).toBe(200);
    expect((await login(app, email, 'wrong password here')).statusCode).toBe(401);
    const loggedIn = await login(app, email, patient.password);
    expect(loggedIn.statusCode).toBe(200);
    const token = loggedIn.json().token as string;
    const auth = { authorization: `Bearer ${token}` };
    const bad = await post(app, '/api/appointment/add', { ...bookingBody(), age: 'old' }, { headers: auth, ...from('203.0.113.1') });
    expect(bad.statusCode).toBe(400);
    const booked = await post(app, '/api/appointment/add', bookingBody(), { headers: auth });
    expect(booked.statusCode).toBe(200);
    const appointment = booked.json();
    expect((await app.inject({ url: `/api/auth/getUser/${encodeURIComponent(email)}`, headers: auth })).statusCode).toBe(200);
    const pay = await post(app, '/api/payment/create-appointment', { appointmentId: appointment._id, consultationAmount: appointment.consultationFee }, { headers: auth });
    expect(pay.statusCode).toBe(200);
    expect(await pressPay(app, pay.json().checkoutPageUrl)).toBe(`${publicUrl}/#/paymentsuccess`);
    expect((await post(app, '/api/auth/logout', undefined, { headers: auth })).statusCode).toBe(200);

    const logged = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    const personal = [
      email,
      encodeURIComponent(email),
      'asha.deshpande', // the address's local part, in any encoding
      'Asha',
      'Deshpande',
      '98765',
      '43210',
      patient.password,
      'wrong password here',
      otp,
      token,
    ];
    for (const value of personal) expect(logged, value).not.toContain(value);
    // Every line of a request carries its id, and each request has exactly one completion line.
    const parsed = lines.map((l) => JSON.parse(l) as { reqId?: string; msg: string; req?: unknown });
    const completions = parsed.filter((l) => l.msg === 'request completed');
    expect(completions.length).toBe(12);
    expect(completions.every((l) => typeof l.reqId === 'string')).toBe(true);
    expect(new Set(completions.map((l) => l.reqId)).size).toBe(completions.length);
    expect(parsed.filter((l) => l.req !== undefined).every((l) => typeof l.reqId === 'string')).toBe(true);
  });

  describe('metrics', () => {
    it('are not served on the public port without METRICS_TOKEN, and only to its bearer with it', async () => {
      const plain = (await build()).app;
      expect((await plain.inject('/metrics')).statusCode).toBe(404);
      expect((await plain.inject({ url: '/metrics', headers: { authorization: 'Bearer anything' } })).statusCode).toBe(404);

      const token = 'm'.repeat(40);
      const guarded = (await build({ METRICS_TOKEN: token })).app;
      expect((await guarded.inject('/metrics')).statusCode).toBe(404);
      expect((await guarded.inject({ url: '/metrics', headers: { authorization: `Bearer ${'x'.repeat(40)}` } })).statusCode).toBe(404);
      const res = await guarded.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toContain('clinic_http_requests_total');
    });

    it('a booking and its payment move the counters; routes are patterns, never raw URLs', async () => {
      const { app, db, metrics } = await build();
      const { rows } = await db.query<{ id: string }>(
        `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method)
         values ('m1@example.com', 'M', 'One', 30, 'female', '9876543210', 'google') returning id`,
      );
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'm1@example.com', password: 'x' } });
      expect(login.statusCode).toBe(401); // a Google account has no password; the count is what matters
      const { createServices } = await import('../../server/services/index.js');
      const { token } = await createServices(db, { now: clock.now }).sessions.issue(rows[0]!.id);
      const headers = { authorization: `Bearer ${token}` };

      const before = (await metrics.scrape()).body;
      expect(metricValue(before, 'clinic_bookings_total{outcome="booked"}')).toBe(0);

      const booked = await post(app, '/api/appointment/add', bookingBody(), { headers });
      expect(booked.statusCode).toBe(200);
      const again = await post(app, '/api/appointment/add', bookingBody({}, { email: 'other@example.com' }), {
        headers: { authorization: `Bearer ${(await createServices(db, { now: clock.now }).sessions.issue(await other(db))).token}` },
      });
      expect(again.statusCode).toBe(409);
      const { _id, consultationFee } = booked.json();
      const pay = await post(app, '/api/payment/create-appointment', { appointmentId: _id, consultationAmount: consultationFee }, { headers });
      expect(await pressPay(app, pay.json().checkoutPageUrl)).toBe(`${publicUrl}/#/paymentsuccess`);
      await app.inject({ url: `/api/auth/getUser/${encodeURIComponent('m1@example.com')}`, headers });

      const text = (await metrics.scrape()).body;
      expect(metricValue(text, 'clinic_bookings_total{outcome="booked"}')).toBe(1);
      expect(metricValue(text, 'clinic_bookings_total{outcome="slot_taken"}')).toBe(1);
      expect(metricValue(text, 'clinic_payments_total{outcome="checkout_opened"}')).toBe(1);
      expect(metricValue(text, 'clinic_payments_total{outcome="paid"}')).toBe(1);
      expect(metricValue(text, 'clinic_http_requests_total{method="POST",route="/api/appointment/add",status="200"}')).toBe(1);
      expect(metricValue(text, 'clinic_http_requests_total{method="POST",route="/api/appointment/add",status="409"}')).toBe(1);
      expect(text).toContain('route="/api/auth/getUser/:email"');
      expect(text).not.toContain('m1@example.com');
      expect(text).not.toContain('m1%40example.com');
      expect(metricValue(text, 'clinic_db_query_duration_seconds_count{kind="transaction"}')).toBeGreaterThan(0);
      expect(metricValue(text, 'clinic_db_query_duration_seconds_count{kind="query"}')).toBeGreaterThan(5);
      if (backend === 'postgres') expect(text).toMatch(/^clinic_db_pool_connections [1-9]/m);
    });
  });
});

async function other(db: Database): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method)
     values ('m2@example.com', 'M', 'Two', 30, 'female', '9876543211', 'google') returning id`,
  );
  return rows[0]!.id;
}
