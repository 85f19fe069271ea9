/**
 * Two server instances on one PostgreSQL database: each reminder is sent once,
 * whether both sweep and drain at the same moment or both run pg-boss's polling workers. Each
 * instance has its own connection pool, engine and mailbox, as two processes would.
 * PostgreSQL only (TEST_DATABASE_URL): the embedded database belongs to one process.
 */
import { describe, expect, it } from 'vitest';
import { TestClock } from './accountsSupport.js';
import { bookedAndPaid } from './appointmentsSupport.js';
import { testDatabaseUrl, useTestDatabases } from './helpers.js';
import { appOver, patientIn, useInstances } from './jobsSupport.js';

describe.runIf(testDatabaseUrl)('two instances on postgres', () => {
  // Collected (not run) without TEST_DATABASE_URL too: only ask for PostgreSQL when there is one.
  const databases = testDatabaseUrl ? useTestDatabases('postgres') : null;
  const instance = useInstances();

  /** The test's database, three paid appointments on Wednesday at 17:00, 17:15 and 17:30, and two instances over it. */
  async function setUp(clock: TestClock) {
    const db = await databases!.seeded();
    const app = await appOver(db, clock.now);
    const ids: string[] = [];
    try {
      for (const [i, time] of ['17:00', '17:15', '17:30'].entries()) {
        const patient = await patientIn(db, clock.now, `patient${i}`);
        ids.push((await bookedAndPaid(app, patient, { date: '2025-03-12', startTime: time }))._id);
      }
    } finally {
      await app.close();
    }
    return { db, ids, a: await instance(db, clock.now), b: await instance(db, clock.now) };
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
