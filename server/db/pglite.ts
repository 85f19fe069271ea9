/** The embedded database: PGlite (PostgreSQL compiled to WebAssembly) in one process. */
import { PGlite, type PGliteInterface, type Transaction } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Database, Queryable, QueryResult } from './database.js';
import { acquireDirLock } from './dir-lock.js';

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
  return {
    kind: 'pglite',
    ...queryable(pg),
    transaction: (fn) => pg.transaction((tx) => fn(queryable(tx))),
    // A checkpoint first, so the copy needs little WAL replay when it is loaded. The dump itself
    // runs between two statements (PGlite's query lock): a moment's crash-consistent image.
    async dumpDataDir() {
      await pg.exec('checkpoint');
      return pg.dumpDataDir('gzip');
    },
    async close() {
      if (!pg.closed) await pg.close();
      await onClose?.();
    },
  };
}

/**
 * Opens (or creates) the database in `dir`. PGlite does not stop a second process from opening
 * the same files, which would corrupt them, so a lock file next to the directory does.
 */
export async function openPGliteDir(dir: string): Promise<Database> {
  mkdirSync(path.dirname(dir), { recursive: true });
  const release = acquireDirLock(`${dir}.lock`, dir);
  try {
    const pg = await PGlite.create(dir);
    return pgliteDatabase(pg, release);
  } catch (error) {
    release();
    throw error;
  }
}
