/**
 * The server tests' own harness (seededPGlite.ts): a PGlite handed from one test to the next is
 * back in the template's state each time, whatever the test before did; a test's handle is dead
 * once it ended. The tests run in order and look at what the one before left.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.js';
import { useTestDatabases } from './helpers.js';

/** Every table's rows (as a hash), every sequence's value, and a session setting. */
async function stateOf(db: Database) {
  const { rows: tables } = await db.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const rows: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows: hash } = await db.query<{ h: string }>(`select coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as h from ${name} t`);
    rows[name] = hash[0]!.h;
  }
  const { rows: seqs } = await db.query<{ name: string; value: string | null }>(
    `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
  );
  const { rows: zone } = await db.query<{ timezone: string }>(`select current_setting('timezone') as timezone`);
  return { rows, sequences: seqs, timezone: zone[0]!.timezone };
}

describe('seeded PGlite databases, one test after another', () => {
  const databases = useTestDatabases('pglite');
  let seededState: Awaited<ReturnType<typeof stateOf>>;
  let leftOver: Database;

  it('a test changes rows, sequences and a session setting', async () => {
    const db = await databases.seeded();
    seededState = await stateOf(db);
    await db.query(
      `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method)
       values ('left.over@example.com', 'Left', 'Over', 30, 'female', '9876543210', 'google')`,
    );
    await db.query('delete from testimonials');
    await db.query(`select nextval('appointment_number_seq')`);
    await db.query(`set timezone = 'Pacific/Kiritimati'`);
    const changed = await stateOf(db);
    expect(changed.rows).not.toEqual(seededState.rows);
    expect(changed.sequences).not.toEqual(seededState.sequences);
    expect(changed.timezone).toBe('Pacific/Kiritimati');
    leftOver = db;
  });

  it('the next test finds the seeded state, and the last test’s handle no longer works', async () => {
    const db = await databases.seeded();
    expect(await stateOf(db)).toEqual(seededState);
    await expect(leftOver.query('select 1')).rejects.toThrow(/closed/);
  });

  it('a test changes the catalog', async () => {
    const db = await databases.seeded();
    await db.exec('create table left_over (a int); create schema left_over_schema');
  });

  it('the next test finds neither the table nor the schema', async () => {
    const db = await databases.seeded();
    const { rows } = await db.query(`select 1 from pg_class where relname = 'left_over' union all select 1 from pg_namespace where nspname = 'left_over_schema'`);
    expect(rows).toEqual([]);
    expect(await stateOf(db)).toEqual(seededState);
  });

  it('a test that closes its database itself', async () => {
    const db = await databases.seeded();
    await db.close();
    await expect(db.query('select 1')).rejects.toThrow(/closed/);
  });

  it('leaves the next test a working seeded one', async () => {
    expect(await stateOf(await databases.seeded())).toEqual(seededState);
  });
});
