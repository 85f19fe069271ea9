/**
 * Applies server/db/migrations/NNN_name.sql in order, each in its own transaction, and records
 * them in schema_migrations. Several instances may start at once on PostgreSQL: every step
 * takes the same transaction-scoped advisory lock and re-checks what is applied under it, so
 * each migration runs exactly once and the others wait, then skip it.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsDir } from '../paths.js';
import type { Database, Queryable } from './database.js';

export interface Migration {
  /** The file name, e.g. 001_site.sql: its order and its identity. */
  name: string;
  sql: string;
  checksum: string;
}

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

const fileName = /^(\d{3})_[a-z0-9_]+\.sql$/;

// An arbitrary constant that names "this application's migrations" among advisory locks.
const migrationLockKey = 424_242_001;

function checksum(sql: string): string {
  // Line endings normalised, so a checkout on Windows does not look like an edited migration.
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

export function loadMigrations(dir: string = migrationsDir): Migration[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
  const seen = new Set<string>();
  return files.map((name) => {
    const match = fileName.exec(name);
    if (!match) throw new MigrationError(`Migration file ${name} must be named NNN_lower_case_name.sql`);
    if (seen.has(match[1]!)) throw new MigrationError(`Two migrations share the number ${match[1]}`);
    seen.add(match[1]!);
    const sql = readFileSync(path.join(dir, name), 'utf8');
    return { name, sql, checksum: checksum(sql) };
  });
}

async function lock(tx: Queryable): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [migrationLockKey]);
}

export interface MigrateResult {
  /** Migrations applied by this call, in order. */
  applied: string[];
  /** Migrations recorded in the database that this code does not have (a newer version ran). */
  unknown: string[];
}

export async function migrate(db: Database, migrations: Migration[] = loadMigrations()): Promise<MigrateResult> {
  await db.transaction(async (tx) => {
    await lock(tx);
    await tx.exec(`create table if not exists schema_migrations (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`);
  });

  const recorded = async (q: Queryable) =>
    new Map(
      (await q.query<{ name: string; checksum: string }>('select name, checksum from schema_migrations')).rows.map(
        (r) => [r.name, r.checksum],
      ),
    );

  const before = await recorded(db);
  const applied: string[] = [];
  for (const migration of migrations) {
    if (!before.has(migration.name)) {
      const ran = await db.transaction(async (tx) => {
        await lock(tx);
        // Another instance may have applied it while we waited for the lock.
        const done = await tx.query('select 1 from schema_migrations where name = $1', [migration.name]);
        if (done.rowCount > 0) return false;
        try {
          await tx.exec(migration.sql);
        } catch (error) {
          throw new MigrationError(`Migration ${migration.name} failed: ${(error as Error).message}`);
        }
        await tx.query('insert into schema_migrations (name, checksum) values ($1, $2)', [
          migration.name,
          migration.checksum,
        ]);
        return true;
      });
      if (ran) applied.push(migration.name);
    } else if (before.get(migration.name) !== migration.checksum) {
      throw new MigrationError(
        `Migration ${migration.name} was changed after it was applied to this database. ` +
          'Restore the original file and put the change in a new migration.',
      );
    }
  }

  const known = new Set(migrations.map((m) => m.name));
  return { applied, unknown: [...before.keys()].filter((name) => !known.has(name)) };
}
