/**
 * Puts a used PostgreSQL test database back to the seeded template's state, as seededPGlite.ts
 * does for PGlite: copying the template (CREATE DATABASE ... TEMPLATE writes its ~10 MB through
 * the WAL) and dropping the copy cost PostgreSQL about 115 ms a test; emptying and refilling the
 * tables costs a fraction of it.
 *
 * - The state (every table's rows as JSON, the sequences, a digest of the catalog) is read from
 *   a fresh copy before any test touched it, once per worker.
 * - After the test, what is still connected to the database is ended (as DROP ... WITH (FORCE)
 *   would), the catalog is compared, every table of the app's and the job engine's schemas is
 *   emptied (DELETE) and refilled, the sequences set, in one transaction; then the database is renamed,
 *   so a connection the test left behind cannot reach the next test's data by its name.
 * - A test that changed the catalog (a table, function, role, setting of its database...) gets no
 *   put-back: the caller drops that database and copies the template again.
 */
import pg from 'pg';
import { CATALOG } from './seededPGlite.js';

export interface PostgresSeededState {
  /** The tables that hold rows (partitions, not their partitioned parents): emptied after each test. */
  tables: string[];
  inserts: { sql: string; rows: string }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  catalog: string;
}

async function catalogOf(c: pg.Client): Promise<string> {
  return (await c.query<{ catalog: string }>(CATALOG)).rows[0]!.catalog;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** What the seeded database `url` holds (read before any test used it). */
export async function postgresSeededStateOf(url: string): Promise<PostgresSeededState> {
  const c = await connect(url);
  try {
    // Partitioned tables (the engine's jobs, a partition a queue) hold no rows of their own: their
    // partitions are emptied and refilled.
    const { rows: tables } = await c.query<{ name: string; partitioned: boolean; columns: string | null }>(
      `select format('%I.%I', n.nspname, t.relname) as name, t.relkind = 'p' as partitioned,
              (select string_agg(quote_ident(a.attname), ', ' order by a.attnum) from pg_attribute a
                where a.attrelid = t.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
         from pg_class t join pg_namespace n on n.oid = t.relnamespace
        where n.nspname in ('public', 'pgboss') and t.relkind in ('r', 'p') order by 1`,
    );
    const inserts: PostgresSeededState['inserts'] = [];
    const filled = tables.filter((t) => !t.partitioned && t.columns);
    for (const { name, columns } of filled) {
      const { rows } = await c.query<{ rows: string | null }>(`select json_agg(t)::text as rows from (select ${columns} from ${name}) t`);
      if (rows[0]!.rows === null) continue;
      // Generated columns are computed again; identity columns keep the template's values.
      inserts.push({
        sql: `insert into ${name} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${name}, $1::json)`,
        rows: rows[0]!.rows,
      });
    }
    const { rows: names } = await c.query<{ name: string }>(
      `select format('%I.%I', schemaname, sequencename) as name from pg_sequences where schemaname in ('public', 'pgboss') order by 1`,
    );
    const sequences: PostgresSeededState['sequences'] = [];
    for (const { name } of names) {
      const { rows } = await c.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${name}`);
      sequences.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
    }
    return { tables: filled.map((t) => t.name), inserts, sequences, catalog: await catalogOf(c) };
  } finally {
    await c.end();
  }
}

/**
 * Puts database `name` back to `state` and renames it `newName`; false when it cannot be (the
 * caller drops it). `url(db)` is the address of a database, `adminUrl` another database's.
 */
export async function resetPostgresToSeeded(
  name: string,
  newName: string,
  state: PostgresSeededState,
  url: (database: string) => string,
  adminUrl: string,
): Promise<boolean> {
  // Waits (up to 5 s each) for the ended backends to be gone.
  const endOthers = (c: pg.Client, database: string) =>
    c.query('select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
  try {
    const c = await connect(url(name));
    try {
      await endOthers(c, name);
      if ((await catalogOf(c)) !== state.catalog) return false;
      const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
      // Replica mode: no foreign-key checks or triggers while the tables are refilled in any order.
      // DELETE, not TRUNCATE: truncating the 70-odd tables made new files for each and its
      // indexes, 0.5-0.6 s; deleting the few hundred rows takes 15 ms (autovacuum takes the rest).
      await c.query(
        [
          'begin',
          'set local session_replication_role = replica',
          ...state.tables.map((table) => `delete from ${table}`),
          ...state.sequences.map((s) => `select setval(${literal(s.name)}, ${s.lastValue}, ${s.isCalled})`),
        ].join(';\n'),
      );
      for (const insert of state.inserts) await c.query(insert.sql, [insert.rows]);
      await c.query('commit');
    } finally {
      await c.end();
    }
    const a = await connect(adminUrl);
    try {
      // A backend that was just closing may still be listed for a moment: end it and try again.
      for (let attempt = 1; ; attempt++) {
        await endOthers(a, name);
        try {
          await a.query(`alter database ${name} rename to ${newName}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt === 20) throw error;
        }
      }
    } finally {
      await a.end();
    }
    return true;
  } catch {
    return false;
  }
}
