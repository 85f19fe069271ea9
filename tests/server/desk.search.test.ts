/**
 * The desk's patient search can be an index search in every form, on every backend: each statement
 * the search runs, planned with sequential scans priced out (enable_seqscan = off), reads users,
 * appointments and queue_entries only through the indexes it is written for. A statement whose
 * expression no longer matches its index (say reverse(phone_digits) written another way) falls
 * back to a scan of the table here. The times at 100k patients are the bench's (npm run bench --
 * scale).
 */
import { describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../server/db/database.js';
import { searchByName, searchByPhone, searchByVisit } from '../../server/desk/patientsRepository.js';
import { backends, useTestDatabases } from './helpers.js';

interface PlanNode {
  'Node Type': string;
  'Actual Rows'?: number;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/**
 * What a plan reads: `index <name>` for a range or a key of an index, `whole <name>` for an index
 * read from end to end (no condition), `scan <table>` for a table read whole.
 */
function reads(node: PlanNode, found = new Set<string>()): Set<string> {
  if (node['Index Name']) found.add(`${node['Index Cond'] ? 'index' : 'whole'} ${node['Index Name']}`);
  if (node['Node Type'] === 'Seq Scan') found.add(`scan ${node['Relation Name']}`);
  for (const child of node.Plans ?? []) reads(child, found);
  return found;
}

/** The statements `search` runs, each explained with sequential scans priced out. */
async function planned(db: Database, search: (q: Queryable) => Promise<unknown>): Promise<string[]> {
  const seen: { sql: string; params: unknown[] }[] = [];
  await search({ query: (sql: string, params: unknown[] = []) => (seen.push({ sql, params }), db.query(sql, params)) } as Queryable);
  const found = new Set<string>();
  for (const { sql, params } of seen) {
    await db.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, params);
      const plan = rows[0]!['QUERY PLAN'];
      const [top] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
      reads(top!.Plan, found);
    });
  }
  // The seed's few doctors are read whole by any plan: they are not what the search looks through.
  return [...found].filter((r) => !/ (doctors|doctors_pkey)$/.test(r)).sort();
}

/** The most rows any index scan of the statements `search` runs gave, run with EXPLAIN ANALYZE. */
async function mostRowsOfAnIndex(db: Database, search: (q: Queryable) => Promise<unknown>): Promise<number> {
  const seen: { sql: string; params: unknown[] }[] = [];
  await search({ query: (sql: string, params: unknown[] = []) => (seen.push({ sql, params }), db.query(sql, params)) } as Queryable);
  let most = 0;
  const walk = (node: PlanNode) => {
    if (node['Index Name'] && /^users_/.test(node['Index Name'])) most = Math.max(most, node['Actual Rows'] ?? 0);
    for (const child of node.Plans ?? []) walk(child);
  };
  for (const { sql, params } of seen) {
    const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${sql}`, params);
    const plan = rows[0]!['QUERY PLAN'];
    walk(((typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[])[0]!.Plan);
  }
  return most;
}

describe.each(backends)('the desk search on %s', (backend) => {
  const t = useTestDatabases(backend);

  it('reads a name, a phone number and its last digits, an appointment number and a token through their indexes', async () => {
    const db = await t.seeded();
    // Some thousands of patients, so that a range is cheaper than reading an index whole.
    await db.query(
      `insert into users (first_name, last_name, age, gender, phone_number, sign_in_method)
       select 'Name' || n, 'Surname' || n, 30, 'female', (9000000000 + n * 7919)::text, 'desk' from generate_series(1, 3000) as n`,
    );
    await db.query('analyze users');
    // A patient's no-shows are counted through one of appointments' indexes by person: the
    // planner takes the partial one of visits seen (the owner's view's) where it is smaller.
    const noShows = expect.stringMatching(/^index appointments_(user|seen)_idx$/);
    expect(await planned(db, (q) => searchByName(q, 'asha ka', 20))).toEqual([noShows, 'index users_name_idx']);
    expect(await planned(db, (q) => searchByName(q, 'kale', 20))).toEqual([noShows, 'index users_last_name_idx', 'index users_name_idx']);
    expect(await planned(db, (q) => searchByPhone(q, '9822012345', 20))).toEqual([noShows, 'index users_phone_digits_idx']);
    expect(await planned(db, (q) => searchByPhone(q, '2345', 20))).toEqual([noShows, 'index users_phone_digits_idx', 'index users_phone_digits_rev_idx']);
    expect(await planned(db, (q) => searchByVisit(q, { appointmentNumber: 'SHC-25-000123' }))).toEqual([
      'index appointments_number_key',
      noShows,
      'index users_pkey',
    ]);
    const token = await planned(db, (q) => searchByVisit(q, { token: 12, day: '2025-03-11' }));
    expect(token.filter((r) => r.startsWith('scan '))).toEqual([]);
    expect(token).toContain('index queue_entries_day_token_idx');
  });

  it('orders a name\'s hits by the name as it matched, each once, and stops after the first of each index', async () => {
    const db = await t.seeded();
    const people = [
      ['Zoya', 'Kulkarni'],
      ['Kulkarni', 'Apte'],
      ['Asha', 'Kulkarni'],
      ['Kulkarni', 'Kulkarni'],
      ['Ajay', 'Kulkarni'],
      ['Asha', 'Kale'],
    ];
    for (const [first, last] of people) {
      await db.query(`insert into users (first_name, last_name, age, gender, phone_number, sign_in_method) values ($1, $2, 30, 'female', '9822012345', 'desk')`, [first, last]);
    }
    const names = async (text: string, limit = 20) => (await searchByName(db, text, limit)).map((p) => `${p.firstName} ${p.lastName}`);
    // A surname's hits as "last first", a first name's as "first last", merged in one order.
    expect(await names('kulk')).toEqual(['Ajay Kulkarni', 'Kulkarni Apte', 'Asha Kulkarni', 'Kulkarni Kulkarni', 'Zoya Kulkarni']);
    expect(await names('kulk', 2)).toEqual(['Ajay Kulkarni', 'Kulkarni Apte', 'Asha Kulkarni']);
    expect(await names('asha')).toEqual(['Asha Kale', 'Asha Kulkarni']);
    expect(await names('kulkarni k')).toEqual(['Kulkarni Kulkarni']);

    // Thousands share the start "surname": each index gives its first rows in order, no more.
    await db.query(
      `insert into users (first_name, last_name, age, gender, phone_number, sign_in_method)
       select 'Name' || n, 'Surname' || n, 30, 'female', (9000000000 + n * 7919)::text, 'desk' from generate_series(1, 3000) as n`,
    );
    await db.query('analyze users');
    expect(await mostRowsOfAnIndex(db, (q) => searchByName(q, 'surname', 20))).toBeLessThanOrEqual(21);
    expect(await mostRowsOfAnIndex(db, (q) => searchByName(q, 'name1', 20))).toBeLessThanOrEqual(21);
    expect(await searchByName(db, 'surname', 20)).toHaveLength(21);
  });
});
