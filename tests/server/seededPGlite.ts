/**
 * The server tests' seeded PGlite databases, one test at a time per worker. Loading a PGlite from
 * the template tarball costs 0.6-1.3 s of CPU; putting a used one back to the seeded state costs
 * a few hundredths of that. So a worker (its files share their modules, vitest.config.ts) keeps
 * the instance its last test used and resets it for the next, whichever file that test is in:
 *
 * - every table of the schema is emptied (DELETE: TRUNCATE gives each table and index new files,
 *   0.16 s a reset in PGlite's in-memory file system, where deleting a test's few rows costs next
 *   to nothing; a TRUNCATE of only the tables in use is refused by the foreign keys of the
 *   others) and refilled with the template's rows (COPY, in the same order); the deleted rows
 *   stay on file (PGlite has no autovacuum, and a VACUUM would give the planner statistics a
 *   fresh instance has not), so an instance is closed after RESETS_PER_INSTANCE tests, before
 *   its tables have grown much; the sequences get the template's values, and `discard all` drops
 *   the session's settings, LISTENs, advisory locks, prepared statements and temporary tables;
 * - the job engine's schema (`pgboss`, installed in the template as a first start leaves it) is
 *   put back the same way, its queues' partitions included: a test that starts the engine finds
 *   it installed and does not install it (0.2-0.3 s of CPU);
 * - a test whose work changed the catalog otherwise (a table, schema, function, role, setting),
 *   closed the database itself, or left it unusable, gets no reset: that instance is closed and
 *   the next test loads a fresh one;
 * - a test's handle stops working when the test ends (as a closed PGlite would), so a late query
 *   from its app cannot reach the next test's database.
 *
 * A second seeded() in one test gets a fresh instance, as before.
 */
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';

/** What a fresh instance holds: compared (catalog) and restored (rows, sequences) after each test. */
interface SeededState {
  /** Every table of the app's and the job engine's schemas: emptied after each test. */
  tables: string[];
  rows: { table: string; data: Blob }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  catalog: string;
}

// Every object a test could add or change besides rows: user relations and their columns and
// constraints, functions, types, schemas, triggers, roles, settings of this database and of
// roles, extensions. PostgreSQL's put-back (seededPostgres.ts) checks the same: the other test
// databases' own settings are not this one's.
export const CATALOG = `select md5(concat_ws('|',
  (select string_agg(concat_ws(',', oid, relname, relnamespace, relkind, relnatts), ';' order by oid) from pg_class where oid >= 16384),
  (select string_agg(concat_ws(',', attrelid, attnum, attname, atttypid, attnotnull, atthasdef, attisdropped), ';' order by attrelid, attnum) from pg_attribute where attrelid >= 16384),
  (select string_agg(concat_ws(',', oid, conname, contype, conrelid), ';' order by oid) from pg_constraint where oid >= 16384),
  (select string_agg(concat_ws(',', oid, proname, md5(prosrc)), ';' order by oid) from pg_proc where oid >= 16384),
  (select string_agg(concat_ws(',', oid, typname), ';' order by oid) from pg_type where oid >= 16384),
  (select string_agg(concat_ws(',', oid, nspname), ';' order by oid) from pg_namespace),
  (select string_agg(concat_ws(',', oid, tgname, tgenabled), ';' order by oid) from pg_trigger),
  (select string_agg(concat_ws(',', oid, rolname), ';' order by oid) from pg_authid),
  (select string_agg(array_to_string(setconfig, ','), ';' order by setdatabase, setrole) from pg_db_role_setting
     where setdatabase in (0, (select oid from pg_database where datname = current_database()))),
  (select string_agg(extname, ';' order by oid) from pg_extension)
)) as catalog`;

async function catalogOf(pg: PGliteInterface): Promise<string> {
  return (await pg.query<{ catalog: string }>(CATALOG)).rows[0]!.catalog;
}

async function seededStateOf(pg: PGliteInterface): Promise<SeededState> {
  // Partitioned tables (the engine's jobs, one partition a queue) hold no rows of their own and
  // COPY cannot read them: they are truncated with the others, their partitions copied.
  const { rows: tables } = await pg.query<{ name: string; partitioned: boolean }>(
    `select format('%I.%I', n.nspname, c.relname) as name, c.relkind = 'p' as partitioned
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'pgboss') and c.relkind in ('r', 'p') order by 1`,
  );
  const rows: SeededState['rows'] = [];
  for (const { name, partitioned } of tables) {
    if (partitioned) continue;
    const { rows: count } = await pg.query<{ n: number }>(`select count(*)::int as n from ${name}`);
    if (count[0]!.n === 0) continue;
    const { blob } = await pg.query(`copy ${name} to '/dev/blob'`);
    rows.push({ table: name, data: blob! });
  }
  const { rows: names } = await pg.query<{ name: string }>(
    `select format('%I.%I', schemaname, sequencename) as name from pg_sequences where schemaname in ('public', 'pgboss') order by 1`,
  );
  const sequences: SeededState['sequences'] = [];
  for (const { name } of names) {
    const { rows: seq } = await pg.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${name}`);
    sequences.push({ name, lastValue: seq[0]!.last_value, isCalled: seq[0]!.is_called });
  }
  return { tables: tables.map((t) => t.name), rows, sequences, catalog: await catalogOf(pg) };
}

/** Tests an instance serves before it is closed (see the top of the file). */
const RESETS_PER_INSTANCE = 30;
const resetsOf = new WeakMap<PGliteInterface, number>();

/** Puts a used instance back to the seeded state; false when it cannot be (then close it). */
async function resetToSeeded(pg: PGliteInterface, state: SeededState): Promise<boolean> {
  if (pg.closed) return false;
  try {
    await pg.exec('discard all'); // fails inside a transaction left open: no reset
    // Anything else the test changed (a queue of another configuration's included) fails the check.
    if ((await catalogOf(pg)) !== state.catalog) return false;
    const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
    const done = (resetsOf.get(pg) ?? 0) + 1;
    if (done > RESETS_PER_INSTANCE) return false;
    resetsOf.set(pg, done);
    // Replica mode: no foreign-key checks (nor the schema's triggers, none of which is ALWAYS)
    // while the tables are emptied and refilled in any order.
    await pg.exec(
      [
        'set session_replication_role = replica',
        ...state.tables.map((table) => `delete from ${table}`),
        ...state.sequences.map((s) => `select setval(${literal(s.name)}, ${s.lastValue}, ${s.isCalled})`),
      ].join(';\n'),
    );
    for (const { table, data } of state.rows) await pg.query(`copy ${table} from '/dev/blob'`, [], { blob: data });
    await pg.exec('reset session_replication_role');
    return true;
  } catch {
    return false;
  }
}

/**
 * The instance as the test sees it: every call throws once the test has ended, as on a closed
 * PGlite; the test's own close() really closes it (and it is not reused).
 */
function handleFor(pg: PGlite): { pg: PGliteInterface; end: () => Promise<void>; closedByTest: () => boolean } {
  let ended = false;
  let closedByTest = false;
  const channels = new Set<string>();
  const handle = new Proxy(pg, {
    get(target, key) {
      if (key === 'closed') return ended || target.closed;
      if (key === 'close') {
        return async () => {
          closedByTest = true;
          if (!target.closed) await target.close();
        };
      }
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (ended) throw new Error('PGlite is closed (this test has ended)');
        if (key === 'listen') channels.add(args[0] as string);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    pg: handle,
    async end() {
      ended = true;
      for (const channel of channels) if (!pg.closed) await pg.unlisten(channel).catch(() => undefined);
    },
    closedByTest: () => closedByTest,
  };
}

/**
 * The seeded PGlite instances of a worker, one pool a template (`tarball`): the instance a test
 * gave back waits, reset, for the next test of any file the worker runs, and is closed with the
 * worker. Tests run one at a time in a worker, so one instance waits at most.
 */
export function seededPGlitePool(tarball: () => Promise<Blob>) {
  let pool = pools.get(tarball);
  if (!pool) pools.set(tarball, (pool = {}));
  const shared = pool;

  return {
    /** An instance in the seeded state and what gives it back after the test. */
    async take(): Promise<{ pg: PGliteInterface; giveBack: () => Promise<void> }> {
      let pg = shared.idle;
      shared.idle = undefined;
      if (!pg) {
        pg = await PGlite.create({ loadDataDir: await tarball() });
        shared.state ??= seededStateOf(pg); // read from the first instance, before any test touched it
        await shared.state;
      }
      const instance = pg;
      const handle = handleFor(instance);
      return {
        pg: handle.pg,
        async giveBack() {
          await handle.end();
          if (!handle.closedByTest() && !shared.idle && (await resetToSeeded(instance, await shared.state!))) shared.idle = instance;
          else if (!instance.closed) await instance.close();
        },
      };
    },
  };
}

const pools = new Map<() => Promise<Blob>, { idle?: PGlite; state?: Promise<SeededState> }>();
