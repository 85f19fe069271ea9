/** What has to happen to a database before the server answers: migrations, then the seed. */
import type { Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { readSeedFile, seedIfEmpty } from './seed/seed.js';

export interface StartupLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface Prepared {
  /** Migrations this start applied. */
  applied: string[];
  /** Whether this start filled an empty database from the seed file. */
  seeded: boolean;
}

/** Throws MigrationError or SeedError (with a message fit for the operator) when it cannot. */
export async function prepareDatabase(db: Database, options: { seedFile: string; log?: StartupLog }): Promise<Prepared> {
  const { applied, unknown } = await migrate(db);
  if (applied.length > 0) options.log?.info({ applied }, 'database migrated');
  if (unknown.length > 0) {
    options.log?.warn({ unknown }, 'the database has migrations this version does not know: a newer version ran on it');
  }
  const seeded = await seedIfEmpty(db, () => readSeedFile(options.seedFile));
  if (seeded) options.log?.info({ seedFile: options.seedFile }, 'empty database seeded');
  return { applied, seeded };
}
