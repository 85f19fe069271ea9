/**
 * Passing freed slots on from two instances at once, on one PostgreSQL database (each instance its
 * own pool and job engine, as two processes would): a slot is never offered twice, and a patient is
 * never offered two slots at once, however the passes interleave. The slot's hold is claimed under
 * appointments_slot_key and the offer under waitlist_offers_open_slot_key and _open_entry_key
 * (034_waitlist.sql): the loser of a race is rolled back (the slot: held by the winner) or runs
 * again for the next entry in line (the entry: offered another slot meanwhile).
 * PostgreSQL only (TEST_DATABASE_URL): PGlite runs one statement at a time and would hide the race.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.js';
import type { SlotKey } from '../../server/waitlist/slots.js';
import { TestClock } from './accountsSupport.js';
import { bookedAndPaid, cancel } from './appointmentsSupport.js';
import { testDatabaseUrl, useTestDatabases } from './helpers.js';
import { appOver, patientIn, useInstances } from './jobsSupport.js';
import type { Patient } from './paymentSupport.js';
import { connectionTo, lockWaiters } from './pgLocks.js';
import { joinWaitlist } from './waitlistSupport.js';

const wednesday = '2025-03-12';

describe.runIf(testDatabaseUrl)('the waitlist on two instances over postgres', () => {
  // Collected (not run) without TEST_DATABASE_URL too: only ask for PostgreSQL when there is one.
  const databases = testDatabaseUrl ? useTestDatabases('postgres') : null;
  const instance = useInstances();

  /**
   * The test's database with `waiting` patients on Meera's waitlist (in that order) and `freed`
   * slots of Wednesday evening at Aundh booked, paid and cancelled (so queued to pass on), and two
   * instances over it.
   */
  async function setUp(waiting: number, freed: string[]) {
    const clock = new TestClock();
    const db = await databases!.seeded();
    const app = await appOver(db, clock.now);
    const patients: Patient[] = [];
    try {
      for (let i = 0; i < waiting; i++) {
        const p = await patientIn(db, clock.now, `waiting${i}`);
        const res = await joinWaitlist(app, p);
        if (res.statusCode !== 200) throw new Error(`join answered ${res.statusCode}: ${res.body}`);
        patients.push(p);
        clock.advance(1_000); // joined one after the other
      }
      for (const [i, startTime] of freed.entries()) {
        const holder = await patientIn(db, clock.now, `holder${i}`);
        const appointment = await bookedAndPaid(app, holder, { date: wednesday, startTime });
        expect((await cancel(app, holder, holder.id, appointment._id)).statusCode).toBe(200);
      }
    } finally {
      await app.close();
    }
    const { rows: doctors } = await db.query<{ id: string }>(`select id from doctors where email = 'meera.kulkarni@sahaj-clinic.example'`);
    const keys: SlotKey[] = freed.map((startTime) => ({ doctorId: doctors[0]!.id, date: wednesday, startTime }));
    return { db, patients, keys, a: await instance(db, clock.now), b: await instance(db, clock.now) };
  }

  /** Every open offer, and every hold on the freed slots, with whose they are. */
  async function outcome(db: Database) {
    const { rows: offers } = await db.query<{ user_id: string; slot: string; holder: string }>(
      `select e.user_id, to_char(o.start_time, 'HH24:MI') as slot, a.user_id as holder
         from waitlist_offers o join waitlist_entries e on e.id = o.entry_id join appointments a on a.id = o.appointment_id
        where o.status = 'open' order by o.start_time`,
    );
    const { rows: holds } = await db.query<{ slot: string; n: number }>(
      `select to_char(start_time, 'HH24:MI') as slot, count(*)::int as n from appointments
        where date = $1 and holds_slot group by start_time order by start_time`,
      [wednesday],
    );
    return { offers, holds };
  }

  /** Holds the first waiting entry's row locked on a connection of its own, until `release`. */
  async function holdFirstEntry(db: Database, patient: Patient) {
    const holder = await connectionTo(db);
    const watcher = await connectionTo(db);
    await holder.query('begin');
    await holder.query('select id from waitlist_entries where user_id = $1 for update', [patient.id]);
    return {
      /** Resolves once `count` passes wait for that entry. */
      waiters: (count: number) => lockWaiters(watcher, count),
      async release() {
        await holder.query('commit');
        await Promise.all([holder.end(), watcher.end()]);
      },
    };
  }

  it('two passes of one slot meeting at its first entry: one offers it, the other loses on the slot index and is rolled back', async () => {
    const { db, patients, keys, a, b } = await setUp(3, ['17:00']);
    const lock = await holdFirstEntry(db, patients[0]!);
    // Both have found the slot free and wait for the entry they will offer it to.
    const passes = [a.waitlist.passOn(keys[0]!), b.waitlist.passOn(keys[0]!)];
    await lock.waiters(2);
    await lock.release();
    expect((await Promise.all(passes)).sort()).toEqual(['lost', 'offered']);
    const { offers, holds } = await outcome(db);
    expect(offers).toEqual([{ user_id: patients[0]!.id, slot: '17:00', holder: patients[0]!.id }]);
    expect(holds).toEqual([{ slot: '17:00', n: 1 }]);
  });

  it('two slots passed on at once meeting at the same entry: it gets one, and the other goes to the next in line', async () => {
    const { db, patients, keys, a, b } = await setUp(3, ['17:00', '17:15']);
    const lock = await holdFirstEntry(db, patients[0]!);
    const passes = [a.waitlist.passOn(keys[0]!), b.waitlist.passOn(keys[1]!)];
    await lock.waiters(2);
    await lock.release();
    // The loser offered the first entry a second slot, failed on waitlist_offers_open_entry_key and ran again.
    expect(await Promise.all(passes)).toEqual(['offered', 'offered']);
    const { offers, holds } = await outcome(db);
    expect(offers.map((o) => o.user_id).sort()).toEqual([patients[0]!.id, patients[1]!.id].sort());
    for (const o of offers) expect(o.holder).toBe(o.user_id);
    expect(holds).toEqual([
      { slot: '17:00', n: 1 },
      { slot: '17:15', n: 1 },
    ]);
  });

  it('the same meeting without waitlist_offers_open_entry_key offers the first entry both slots: the race is real, the index holds it', async () => {
    const { db, patients, keys, a, b } = await setUp(3, ['17:00', '17:15']);
    await db.query('drop index waitlist_offers_open_entry_key');
    const lock = await holdFirstEntry(db, patients[0]!);
    const passes = [a.waitlist.passOn(keys[0]!), b.waitlist.passOn(keys[1]!)];
    await lock.waiters(2);
    await lock.release();
    expect(await Promise.all(passes)).toEqual(['offered', 'offered']);
    expect((await outcome(db)).offers.map((o) => o.user_id)).toEqual([patients[0]!.id, patients[0]!.id]);
  });

  it('five slots freed at once, each passed on by both instances together: one offer per slot and per patient, in the order they joined', async () => {
    const slots = ['17:00', '17:15', '17:30', '17:45', '18:00'];
    const { db, patients, keys, a, b } = await setUp(6, slots);
    const outcomes = await Promise.all(keys.flatMap((key) => [a.waitlist.passOn(key), b.waitlist.passOn(key), a.waitlist.passOn(key)]));
    expect(outcomes.filter((o) => o === 'offered')).toHaveLength(5);
    const { offers, holds } = await outcome(db);
    expect(offers.map((o) => o.slot)).toEqual(slots);
    for (const o of offers) expect(o.holder).toBe(o.user_id);
    // The five who joined first, one slot each; the sixth still waits, offered nothing.
    expect(offers.map((o) => o.user_id).sort()).toEqual(patients.slice(0, 5).map((p) => p.id).sort());
    expect(holds).toEqual(slots.map((slot) => ({ slot, n: 1 })));
  });
});
