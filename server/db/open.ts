/** Picks the database from configuration: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
import path from 'node:path';
import type { Config } from '../config.js';
import type { Database } from './database.js';
import { openPGliteDir } from './pglite.js';
import { openPostgres } from './postgres.js';

/** The embedded database's files. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'db');
}

export function openDatabase(
  storage: Config['storage'],
  onIdleError?: (error: Error) => void,
): Promise<Database> {
  return storage.databaseUrl
    ? openPostgres({ connectionString: storage.databaseUrl, ...(onIdleError ? { onIdleError } : {}) })
    : openPGliteDir(pgliteDir(storage.dataDir));
}
