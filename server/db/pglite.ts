/** The embedded database: PGlite (PostgreSQL compiled to WebAssembly) in one process. */
import { PGlite, type PGliteInterface, type Transaction } from '@electric-sql/pglite';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { writeSignal, type Database, type Queryable, type QueryResult } from './database.js';
import { makePrivate, privateFolderMode } from './dataDir.js';
import { acquireDirLock } from './dir-lock.js';
import { readInitdbTemplate } from './pgliteTemplate.js';

type PGliteQueryable = Pick<PGliteInterface | Transaction, 'query' | 'exec'>;

function queryable(pg: PGliteQueryable): Queryable {
  return {
    async query<R extends object>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const result = await pg.query<R>(sql, [...params]);
      return { rows: result.rows, rowCount: Math.max(result.rows.length, result.affectedRows ?? 0) };
    },
    async exec(sql: string): Promise<void> {
      await pg.exec(sql);
    },
  };
}

/** Wraps an open PGlite instance (tests wrap clones of a prepared one). */
export function pgliteDatabase(pg: PGliteInterface, onClose?: () => void | Promise<void>): Database {
  const base = queryable(pg);
  const writes = writeSignal();
  const script = async (sql: string) => {
    const results = await pg.exec(sql);
    const last = results.at(-1);
    return { rows: (last?.rows ?? []) as Record<string, unknown>[], rowCount: Math.max(last?.rows.length ?? 0, last?.affectedRows ?? 0) };
  };
  return {
    kind: 'pglite',
    ...writes.queryable(base),
    transaction: (fn) => writes.watch(() => pg.transaction((tx) => fn(queryable(tx)))),
    script: (sql) => writes.watch(() => script(sql)),
    onWrite: writes.onWrite,
    unsignalled: { ...base, script },
    // A checkpoint first, so the copy needs little WAL replay when it is loaded. The dump itself
    // runs between two statements (PGlite's query lock): a moment's crash-consistent image.
    async dumpDataDir() {
      await pg.exec('checkpoint');
      return pg.dumpDataDir('gzip');
    },
    async listen(channel, onPayload) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
      const unlisten = await pg.listen(channel, onPayload);
      return async () => {
        if (!pg.closed) await unlisten();
      };
    },
    async close() {
      if (!pg.closed) await pg.close();
      await onClose?.();
    },
  };
}

/**
 * PostgreSQL settings of the server's embedded database. shared_buffers: PGlite's
 * default 128 MB is kept in the process's memory once touched; a clinic's database is a few MB
 * and its files stay in the operating system's cache, so 16 MB costs no speed and ~110 MiB less
 * resident memory (docs/performance.md).
 */
const serverSettings = ['-c', 'shared_buffers=16MB'];

/**
 * Opens (or creates) the database in `dir`. PGlite does not stop a second process from opening
 * the same files, which would corrupt them, so a lock file next to the directory does. Its files
 * are made the server's user's only once it is open and once it is closed: PGlite gives files the
 * modes PostgreSQL asks for, whatever the umask (db/dataDir.ts).
 */
export async function openPGliteDir(dir: string, template: () => Blob | null = readInitdbTemplate): Promise<Database> {
  mkdirSync(path.dirname(dir), { recursive: true, mode: privateFolderMode });
  const release = acquireDirLock(`${dir}.lock`, dir);
  try {
    const startParams = [...PGlite.defaultStartParams, ...serverSettings];
    // A new database starts from the build's initdb tarball when there is one (pgliteTemplate.ts).
    const initdb = existsSync(dir) && readdirSync(dir).length > 0 ? null : template();
    const pg = await PGlite.create(dir, initdb ? { startParams, loadDataDir: initdb } : { startParams });
    // Opening wrote files with PostgreSQL's modes (0666 for a new cluster, 0644 for the relation
    // cache's), not the umask's: private again, now and after the last ones written at close.
    try {
      makePrivate(dir);
    } catch (error) {
      await pg.close();
      throw error;
    }
    return pgliteDatabase(pg, () => {
      try {
        makePrivate(dir);
      } finally {
        release();
      }
    });
  } catch (error) {
    release();
    throw error;
  }
}

export class RestoreRefused extends Error {}

/**
 * Loads a backup (a tarball of dumpDataDir, gzipped or not) into `dir`, under the same lock as
 * a server, so never under a running one. A non-empty `dir` is refused unless `replace`; then it
 * is kept aside as `dir.before-restore-<time>` (answered), and put back if the load fails.
 */
export async function restorePGliteDir(dir: string, backup: Blob, replace: boolean, now = new Date()): Promise<{ keptAside: string | null }> {
  mkdirSync(path.dirname(dir), { recursive: true, mode: privateFolderMode });
  const release = acquireDirLock(`${dir}.lock`, dir);
  let keptAside: string | null = null;
  try {
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      if (!replace) throw new RestoreRefused(`${dir} already holds a database. Add --force to replace it (it is kept aside, not deleted).`);
      keptAside = `${dir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dir, keptAside);
    }
    try {
      const pg = await PGlite.create(dir, { loadDataDir: backup });
      try {
        await pg.query('select count(*) from schema_migrations');
      } finally {
        await pg.close();
      }
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      if (keptAside) renameSync(keptAside, dir);
      keptAside = null;
      throw new RestoreRefused(`The file is not a backup of the clinic's database (${error instanceof Error ? error.message : String(error)}). Nothing was changed.`);
    }
    // Loading the tarball set its files' modes (0666): the server's user's only again.
    makePrivate(dir);
    return { keptAside };
  } finally {
    release();
  }
}
