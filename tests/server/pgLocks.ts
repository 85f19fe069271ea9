/**
 * Interleaving transactions on PostgreSQL, for the race tests (payment.test.ts,
 * scheduleRace.test.ts). PGlite runs one query at a time in one process, so only PostgreSQL can
 * show a race. To hold a transaction half way, a `holder` connection locks a row that transaction
 * is about to write; `lockWaiters` on a `watcher` connection tells when the others wait for it.
 */
import pg from 'pg';
import { afterEach } from 'vitest';
import type { Database } from '../../server/db/database.js';
import { testDatabaseUrl } from './helpers.js';

/** A connection of its own to the test's database, outside the app's pool. */
export async function connectionTo(db: Database): Promise<pg.Client> {
  const { rows } = await db.query<{ name: string }>('select current_database() as name');
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${rows[0]!.name}`;
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  return client;
}

/** Resolves once `count` sessions of this database wait for a lock (the race is set up). */
export async function lockWaiters(client: pg.Client, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n >= count) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]!.n} sessions wait for a lock, expected ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * For a describe block: answers a function that opens a `holder` and a `watcher` connection to a
 * test's database, both ended after each test. Call it after the block's useAppointmentsApp, so
 * that they end before the test's database is dropped.
 */
export function useLockConnections(): (db: Database) => Promise<{ holder: pg.Client; watcher: pg.Client }> {
  const clients: pg.Client[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.end()));
  });
  return async (db) => {
    const holder = await connectionTo(db);
    const watcher = await connectionTo(db);
    clients.push(holder, watcher);
    return { holder, watcher };
  };
}
