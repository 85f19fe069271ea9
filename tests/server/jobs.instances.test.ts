/**
 * Two server instances on one PostgreSQL database: each reminder is sent once,
 * whether both sweep and drain at the same moment or both run pg-boss's polling workers. Each
 * instance has its own connection pool, engine and mailbox, as two processes would.
 * PostgreSQL only (TEST_DATABASE_URL): the embedded database belongs to one process.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { openPostgres } from '../../server/db/postgres.js';
import { createServices } from '../../server/services/index.js';
import { cheapCost, MemoryMailer, TestClock } from './accountsSupport.js';
import { bookedAndPaid } from './appointmentsSupport.js';
import { noClientDir, testDatabaseUrl, useTestDatabases } from './helpers.js';
import { jobsOver, type TestJobs } from './jobsSupport.js';
import { publicUrl } from './paymentSupport.js';

describe.runIf(testDatabaseUrl)('two instances on postgres', () => {
  // Collected (not run) without TEST_DATABASE_URL too: only ask for PostgreSQL when there is one.
  const databases = testDatabaseUrl ? useTestDatabases('postgres') : null;
  const opened: { jobs: TestJobs[]; pools: Database[] } = { jobs: [], pools: [] };
  afterEach(async () => {
    for (const j of opened.jobs.splice(0)) await j.stop();
    for (const p of opened.pools.splice(0)) await p.close();
  });

  /** The test's database, three paid appointments on Wednesday at 17:00, 17:15 and 17:30, and two instances over it. */
  async function setUp(clock: TestClock) {
    const db = await databases!.seeded();
    const { rows } = await db.query<{ name: string }>('select current_database() as name');
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${rows[0]!.name}`;
    const app = await buildApp({
      db,
      clientDir: noClientDir,
      config: loadConfig({ PUBLIC_URL: publicUrl }),
      services: { now: clock.now, mailer: new MemoryMailer(), passwordCost: cheapCost },
    });
    const ids: string[] = [];
    try {
      for (const [i, time] of ['17:00', '17:15', '17:30'].entries()) {
        const { rows: users } = await db.query<{ id: string }>(
          `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method)
           values ($1, 'Asha', 'Patil', 30, 'female', '9876543210', 'google') returning id`,
          [`patient${i}@example.com`],
        );
        const { token } = await createServices(db, { now: clock.now }).sessions.issue(users[0]!.id);
        const patient = { id: users[0]!.id, email: `patient${i}@example.com`, token, headers: { authorization: `Bearer ${token}` } };
        ids.push((await bookedAndPaid(app, patient, { date: '2025-03-12', startTime: time }))._id);
      }
    } finally {
      await app.close();
    }
    const instance = async () => {
      const pool = await openPostgres({ connectionString: url.href, max: 4 });
      opened.pools.push(pool);
      const j = jobsOver(pool, clock.now);
      opened.jobs.push(j);
      return j;
    };
    return { db, ids, a: await instance(), b: await instance() };
  }

  it('sweeping and draining at the same moment: each reminder once', async () => {
    const clock = new TestClock();
    const { db, a, b } = await setUp(clock);
    await Promise.all([a.engine.prepare(), b.engine.prepare()]);
    clock.advance(7 * 3_600_000 + 30 * 60_000); // Tuesday 17:30: all three 24-hour reminders due
    const sweeps = await Promise.all([a.reminders.sweep(), b.reminders.sweep(), a.reminders.sweep(), b.reminders.sweep()]);
    expect(sweeps.reduce((n, s) => n + s.queued, 0)).toBe(3);
    const ran = await Promise.all([a.engine.drain(), b.engine.drain()]);
    expect(ran[0] + ran[1]).toBe(3);
    const sent = [...a.mailer.sent, ...b.mailer.sent];
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((m) => m.idempotencyKey)).size).toBe(3);
    const { rows } = await db.query<{ state: string; attempts: number }>('select state, attempts from reminder_sends');
    expect(rows).toEqual([1, 2, 3].map(() => ({ state: 'sent', attempts: 1 })));
  });

  it("both instances' polling workers running: each reminder once", async () => {
    const clock = new TestClock();
    const { db, a, b } = await setUp(clock);
    await Promise.all([a.engine.start({ workers: true }), b.engine.start({ workers: true })]);
    clock.advance(7 * 3_600_000 + 30 * 60_000);
    await Promise.all([a.reminders.sweep(), b.reminders.sweep()]);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from reminder_sends where state = 'sent'`);
      if (rows[0]!.n === 3 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // a second send would show by now
    const sent = [...a.mailer.sent, ...b.mailer.sent];
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((m) => m.idempotencyKey)).size).toBe(3);
  });
});
