/** Where the server keeps and finds its files and its database: DATA_DIR, DATABASE_URL, SEED_FILE, CLIENT_DIR. */
import { problem, settings, variable } from './env.js';
import { dirOrFile } from './variables.js';

export interface StorageConfig {
  /** Absolute. Holds the embedded database (DATA_DIR/db) and, later, the mail outbox. */
  dataDir: string;
  /** null: the embedded PGlite database under dataDir. */
  databaseUrl: string | null;
}

/** null when unset. Never echoes the value: it may hold a password. */
const postgresUrl = (name: string) =>
  variable(name, (value) => {
    if (value === undefined) return null;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return problem(`${name} must be a URL like postgres://user:password@host:5432/database`);
    }
    if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
      return problem(`${name} must start with postgres:// or postgresql://`);
    }
    if (url.hostname === '' || url.pathname.replace('/', '') === '') {
      return problem(`${name} must name a host and a database, like postgres://user:password@host:5432/database`);
    }
    return value;
  });

export const storageSettings = settings('storage', (_env, { take }) => ({
  storage: {
    dataDir: take(dirOrFile('DATA_DIR', 'data'), ''),
    databaseUrl: take(postgresUrl('DATABASE_URL'), null),
  } satisfies StorageConfig,
  /** Absolute path of the clinic's seed file, read at start when the database is empty. */
  seedFile: take(dirOrFile('SEED_FILE', 'server/seed/demo-clinic.json'), ''),
  /** Absolute path of the built single-page app (vite build output). */
  clientDir: take(dirOrFile('CLIENT_DIR', 'dist/client'), ''),
}));
