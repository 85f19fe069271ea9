/**
 * Once per `vitest run` of the server projects, before any file: the embedded database's initdb
 * template where the server build leaves it (dist/server, server/db/pgliteTemplate.ts), when no
 * build has written it yet, as on a clean clone (the server lane starts before anything is built).
 * The servers and CLIs the tests start as child processes on an empty DATA_DIR then load it, as
 * a built installation does, instead of each running PGlite's initdb (about 1.7 s of CPU a start).
 * The path without the file (initdb) is tested in tests/server/pgliteTemplate.test.ts.
 * Before and after the run, the PostgreSQL test databases that ended workers left are dropped.
 */
import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { initdbTemplatePath, writeInitdbTemplate } from '../../server/db/pgliteTemplate.js';

export default async function setup(): Promise<() => Promise<void>> {
  if (!existsSync(initdbTemplatePath())) await writeInitdbTemplate();
  await dropDatabasesOfEndedWorkers();
  return dropDatabasesOfEndedWorkers;
}

/**
 * A worker keeps its last seeded PostgreSQL database for its next test (tests/server/helpers.ts),
 * and leaves it when it ends; a run that was killed leaves more. Before and after a run, the test
 * databases (`cp_test_<pid>_...`) of processes no longer running, and after it those of this
 * run's own workers (which may not have exited yet), are dropped; those of another run going on
 * at the same time are not.
 */
async function dropDatabasesOfEndedWorkers(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname ~ '^cp_test_[0-9]+_'`);
    for (const { datname } of rows) {
      const pid = Number(/^cp_test_(\d+)_/.exec(datname)![1]);
      if (!running(pid) || parentOf(pid) === process.pid) await client.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await client.end();
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The parent's pid (Linux's /proc), or null. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}
