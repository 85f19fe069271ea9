/**
 * Two transactions booking the same days in opposite orders (A then B, B then A) wait on each
 * other in the kept daily figures (migrations 053, 057): PostgreSQL ends one of them (40P01), as
 * the bare connections below show. Through the app's database (server/db/postgres.ts) the one
 * ended runs again, so both finish, and the kept figures equal plain SQL. PostgreSQL only: the
 * embedded database has one connection, so nothing waits.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../server/db/database.js';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { seedIds } from './deskSupport.js';
import { backends } from './helpers.js';
import { patients, pay, visit } from './insightsSupport.js';

const confirmed = `(booked_via <> 'online' or payment_status in ('paid', 'due', 'refund') or status in ('Completed', 'Missed') or (status = 'Cancelled' and hold_expires_at is null))`;

describe.runIf(backends.includes('postgres'))('postgres', () => {
  const t = useAppointmentsApp('postgres');

  /** A paid booking of `user` with Dr `doctor` on `date`, and its payment, in one go. */
  const book = async (db: Queryable, user: string, doctor: string, location: string, date: string) => {
    const id = await visit(db as Database, { user, doctor, location, date, via: 'desk', status: 'Booked' });
    await pay(db as Database, { appointment: id, user, paise: 50000, provider: 'counter', method: 'cash', settled: `${date}T10:00:00+05:30` });
  };
  const pause = (db: Queryable) => db.query('select pg_sleep(0.2)');

  it('two transactions writing the same days in opposite orders: bare, one is ended as a deadlock; through the app both finish', async () => {
    const ids = await seedIds(t.db());
    const [p1, p2, p3, p4] = await patients(t.db(), 4);
    const [a, b] = ['2025-02-03', '2025-02-04'];
    // The days' kept rows exist already, so each first write takes its row and holds it.
    await book(t.db(), p1!, ids.meera, ids.aundh, a);
    await book(t.db(), p1!, ids.meera, ids.aundh, b);

    const { rows } = await t.db().query<{ db: string }>('select current_database() as db');
    const address = new URL(process.env.TEST_DATABASE_URL!);
    address.pathname = `/${rows[0]!.db}`;
    const bare = async (user: string, first: string, second: string) => {
      const client = new pg.Client({ connectionString: address.toString() });
      await client.connect();
      try {
        await client.query('begin');
        await book(client as unknown as Queryable, user, ids.meera, ids.aundh, first);
        await pause(client as unknown as Queryable);
        await book(client as unknown as Queryable, user, ids.meera, ids.aundh, second);
        await client.query('commit');
        return 'committed';
      } catch (error) {
        await client.query('rollback');
        return (error as { code?: string }).code;
      } finally {
        await client.end();
      }
    };
    expect((await Promise.all([bare(p2!, a, b), bare(p3!, b, a)])).sort()).toEqual(['40P01', 'committed']);

    const app = (user: string, first: string, second: string) =>
      t.db().transaction(async (tx) => {
        await book(tx, user, ids.meera, ids.aundh, first);
        await pause(tx);
        await book(tx, user, ids.meera, ids.aundh, second);
      });
    await Promise.all([app(p3!, a, b), app(p4!, b, a)]);

    // 2 + 1 (the bare pair's committed one) + 2 + 2 bookings on each of the two days' rows.
    const kept = await t.db().query<{ n: number }>(`select coalesce(sum(n), 0)::int as n from insights_visits where day in ($1::date, $2::date)`, [a, b]);
    const plain = await t.db().query<{ n: number }>(`select count(*)::int as n from appointments where date in ($1::date, $2::date) and ${confirmed}`, [a, b]);
    expect(kept.rows[0]!.n).toBe(plain.rows[0]!.n);
    expect(plain.rows[0]!.n).toBe(8);
    const money = await t.db().query<{ paise: string }>(`select coalesce(sum(paise), 0)::text as paise from insights_money where day in ($1::date, $2::date)`, [a, b]);
    expect(Number(money.rows[0]!.paise)).toBe(8 * 50000);
  });
});
