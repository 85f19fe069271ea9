/**
 * gettimeslot's day-plan cache (server/services/dayPlanCache.ts): served without a
 * query while nothing is written, and emptied by every kind of write, from this instance
 * (Database.onWrite) and from elsewhere (the triggers of migration 019 and LISTEN day_plans).
 *
 * "Elsewhere" on PostgreSQL is a second connection pool on the same database, as another server
 * instance (or the payment service running alone, or psql) would be: its writes reach the app only
 * through NOTIFY. PGlite has one process and one connection, so there the writer is the app's own
 * database object.
 *
 * The test clock starts on Tuesday 11 March 2025 at 10:00 in the clinic; Meera works at Aundh.
 */
import { describe, expect, it, vi } from 'vitest';
import { jobsOver } from './jobsSupport.js';
import type { FastifyInstance } from 'fastify';
import { isReadOnly, type Database } from '../../server/db/database.js';
import { createDayPlanCache } from '../../server/services/dayPlanCache.js';
import type { DayPlan } from '../../server/services/schedule.js';
import { minute } from './accountsSupport.js';
import { backends } from './helpers.js';
import { booked, eventually, kavita, meera, slotMap, slotsOf, today, useBookingApp, withPostgresInstance } from './paymentSupport.js';

const plan = (id: string): DayPlan => ({
  doctor: { id, name: 'Dr. X', email: 'x@example.com', type: 'clinic', slotMinutes: 15 },
  online: false,
  locationId: 'l',
  onLeave: false,
  starts: ['09:00'],
  holders: [],
});

/** A database stand-in with the two things the cache uses: LISTEN and onWrite. */
function fakeDatabase() {
  const listeners: { payload?: (p: string) => void; reconnect?: () => void; lost?: () => void } = {};
  const writes = new Set<() => void>();
  const db = {
    listen: async (_channel: string, payload: (p: string) => void, reconnect?: () => void, lost?: () => void) => {
      Object.assign(listeners, { payload, reconnect, lost });
      return async () => undefined;
    },
    onWrite: (listener: () => void) => {
      writes.add(listener);
      return () => void writes.delete(listener);
    },
  } as unknown as Database;
  return { db, notice: () => listeners.payload!('appointments'), lost: () => listeners.lost!(), reconnect: () => listeners.reconnect!(), write: () => writes.forEach((w) => w()) };
}

describe('the day-plan cache', () => {
  it('caches nothing until it listens, then reads each key once, also for requests that miss together', async () => {
    const cache = createDayPlanCache();
    const fake = fakeDatabase();
    const load = vi.fn(async () => plan('a'));
    await cache.get('k', load);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
    await cache.start(fake.db);
    load.mockClear();
    const answers = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(answers.map((p) => p?.doctor.id)).toEqual(['a', 'a', 'a']);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is emptied by a notice and by a write of this process, and keeps nothing read while one came', async () => {
    const cache = createDayPlanCache();
    const fake = fakeDatabase();
    await cache.start(fake.db);
    const load = vi.fn(async () => plan('a'));
    await cache.get('k', load);
    fake.notice();
    await cache.get('k', load);
    fake.write();
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(3);

    // A read that began before a write's notice may predate the write: answered, not kept.
    let finish!: (p: DayPlan) => void;
    const slow = vi.fn(() => new Promise<DayPlan>((resolve) => (finish = resolve)));
    fake.notice();
    const pending = cache.get('k', slow);
    fake.notice();
    finish(plan('old'));
    expect((await pending)?.doctor.id).toBe('old');
    const fresh = vi.fn(async () => plan('new'));
    expect((await cache.get('k', fresh))?.doctor.id).toBe('new');
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('serves nothing while LISTEN is lost, starts empty when it is back, and drops entries after maxAgeMs', async () => {
    let now = 0;
    const cache = createDayPlanCache({ maxAgeMs: 1_000, clock: () => now });
    const fake = fakeDatabase();
    await cache.start(fake.db);
    const load = vi.fn(async () => plan('a'));
    await cache.get('k', load);
    fake.lost();
    await cache.get('k', load);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(3);
    fake.reconnect();
    await cache.get('k', load);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(4);
    now += 1_000;
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(5);
  });

  it("counts every statement but a plain select as a write (the adapters' onWrite)", () => {
    const reads = ['select 1', '\n  SELECT * from doctors', '-- why\nselect 1', '\n  with recursive walk (d) as (select 1 union all select d + 1 from walk where d < 3) select * from walk'];
    expect(reads.map(isReadOnly)).toEqual([true, true, true, true]);
    const writes = [
      'update doctors set active = false',
      'with x as (update doctors set active = false returning id) select * from x',
      'WITH x AS (DELETE FROM doctor_leave RETURNING id) SELECT 1',
      'insert into doctor_leave values (1)',
      '(select 1)',
    ];
    expect(writes.map(isReadOnly)).toEqual([false, false, false, false, false]);
  });

  it('past maxAgeMs answers the kept plan while one read refreshes it, and waits for the read past twice that; a failed read drops it', async () => {
    let now = 0;
    const cache = createDayPlanCache({ maxAgeMs: 1_000, clock: () => now });
    await cache.start(fakeDatabase().db);
    await cache.get('k', async () => plan('old'));
    now += 1_500;
    let finish!: (p: DayPlan) => void;
    const slow = vi.fn(() => new Promise<DayPlan>((resolve) => (finish = resolve)));
    expect((await cache.get('k', slow))?.doctor.id).toBe('old');
    expect((await cache.get('k', slow))?.doctor.id).toBe('old');
    expect(slow).toHaveBeenCalledTimes(1);
    finish(plan('new'));
    await new Promise((r) => setTimeout(r, 0));
    expect((await cache.get('k', slow))?.doctor.id).toBe('new');

    now += 2_500;
    const failing = vi.fn(async (): Promise<DayPlan> => {
      throw new Error('database gone');
    });
    await expect(cache.get('k', failing)).rejects.toThrow('database gone');
    const fresh = vi.fn(async () => plan('fresh'));
    expect((await cache.get('k', fresh))?.doctor.id).toBe('fresh');
    now += 1_500;
    await cache.get('k', failing).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 0));
    expect((await cache.get('k', fresh))?.doctor.id).toBe('fresh');
    expect(fresh).toHaveBeenCalledTimes(2);
  });

  it('keeps at most maxEntries, the oldest going first', async () => {
    const cache = createDayPlanCache({ maxEntries: 2 });
    await cache.start(fakeDatabase().db);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => plan(key));
    expect(cache.size()).toBe(2);
    const load = vi.fn(async () => plan('a'));
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe.each(backends)('gettimeslot from the day-plan cache on %s', (backend) => {
  const t = useBookingApp(backend);

  /**
   * Another writer on the same database: PostgreSQL, its own pool and a second app over it (a
   * second instance); PGlite, the app's own database object and a second app over it.
   */
  async function elsewhere(use: (other: { db: Database; app: FastifyInstance }) => Promise<void>): Promise<void> {
    if (backend === 'pglite') return use({ db: t.db(), app: await t.anotherInstance() });
    return withPostgresInstance(t, use);
  }

  const aundh = (date = today) => slotMap(t.app(), meera.email, 'Aundh', date);

  it('answers a repeated gettimeslot without a query', async () => {
    await aundh();
    const spy = vi.spyOn(t.db(), 'query');
    try {
      expect((await aundh())['11:00']).toBe('free');
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it("the job engine's own statements (pg-boss fetching from its queues) leave the cache as it was", async () => {
    const jobs = jobsOver(t.db(), t.clock.now);
    try {
      await jobs.engine.start({ workers: false });
      await aundh();
      // Every queue asked for work: pg-boss's fetch is an update in its own schema.
      expect(await jobs.engine.drain()).toBe(0);
      const spy = vi.spyOn(t.db(), 'query');
      try {
        expect((await aundh())['11:00']).toBe('free');
        expect(spy).not.toHaveBeenCalled();
      } finally {
        spy.mockRestore();
      }
    } finally {
      await jobs.stop();
    }
  });

  it('a booking on another instance shows at once on this one; its hold lapses with the clock; payment, move and cancel show too', async () => {
    await elsewhere(async (other) => {
      expect((await aundh())['11:00']).toBe('free');
      const appointment = await booked(other.app, await t.patient(), { startTime: '11:00' });
      await eventually(async () => expect((await aundh())['11:00']).toBe('booked'));

      // The hold lapses with time, not with a write: the cached plan is judged at answer time.
      t.clock.advance(16 * minute);
      expect((await aundh())['11:00']).toBe('free');
      // Paid after all (as a late confirmation settles it): held again.
      await other.db.query(`update appointments set payment_status = 'paid' where id = $1`, [appointment._id]);
      await eventually(async () => expect((await aundh())['11:00']).toBe('booked'));

      // Moved to 12:00 (as the staff console's move does).
      await other.db.query(`update appointments set start_time = '12:00' where id = $1`, [appointment._id]);
      await eventually(async () => expect(await aundh()).toMatchObject({ '11:00': 'free', '12:00': 'booked' }));

      // Cancelled.
      await other.db.query(`update appointments set status = 'Cancelled', holds_slot = false where id = $1`, [appointment._id]);
      await eventually(async () => expect((await aundh())['12:00']).toBe('free'));
    });
  });

  it("a change of hours, online hours, leave or the doctor's standing on another instance shows", async () => {
    await elsewhere(async (other) => {
      const doctor = (email: string) => `(select id from doctors where email = '${email}')`;
      expect(Object.keys(await aundh())).toContain('18:45');
      await other.db.query(`update doctor_hours set end_time = '18:00' where doctor_id = ${doctor(meera.email)} and weekday = 2 and end_time = '19:00'`);
      await eventually(async () => expect(Object.keys(await aundh())).not.toContain('18:45'));

      const online = async () => {
        const res = await t.app().inject(`/api/doctor/onlinetimeslot/${encodeURIComponent(kavita.email)}/2025-03-12`);
        return (res.json() as { time: string }[]).map((s) => s.time);
      };
      const before = await online();
      expect(before.length).toBeGreaterThan(0);
      await other.db.query(`delete from doctor_online_hours where doctor_id = ${doctor(kavita.email)} and weekday = 3`);
      await eventually(async () => expect(await online()).toEqual([]));

      expect((await aundh('2025-03-12'))['17:00']).toBe('free');
      await other.db.query(`insert into doctor_leave (doctor_id, from_date, to_date) values (${doctor(meera.email)}, '2025-03-12', '2025-03-12')`);
      await eventually(async () => expect((await aundh('2025-03-12'))['17:00']).toBe('unavailable'));

      await other.db.query(`update doctors set active = false where email = $1`, [meera.email]);
      await eventually(async () => expect((await slotsOf(t.app(), meera.email, 'Aundh', today)).statusCode).toBe(404));
    });
  });
});
