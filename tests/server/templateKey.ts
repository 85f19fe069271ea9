/**
 * The key of a prepared test database (PGlite tarball, PostgreSQL template, the browser tests'
 * DATA_DIR): it changes whenever the prepared database could differ, i.e. the migrations, the
 * seed file, the code writing them, or PGlite itself.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsDir, packageRoot } from '../../server/paths.js';

export const demoSeedFile = path.join(packageRoot, 'server', 'seed', 'demo-clinic.json');

export function templateKey(): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(migrationsDir).map((f) => path.join(migrationsDir, f)),
    demoSeedFile,
    ...['server/db/migrate.ts', 'server/seed/seed.ts', 'server/seed/codec.ts', 'server/startup.ts'].map((f) =>
      path.join(packageRoot, f),
    ),
    path.join(packageRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'),
  ].sort();
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * What PostgreSQL's template adds to the seeded database (tests/server/helpers.ts): the job
 * engine's schema and queues, so the engine's code and pg-boss's version.
 */
export function jobEngineKey(): string {
  const hash = createHash('sha256');
  const files = [
    ...['engine.ts', 'index.ts', 'config.ts', 'keyedMails.ts', 'purge.ts', 'reminders.ts', 'reconcile.ts'].map((f) => path.join(packageRoot, 'server', 'jobs', f)),
    path.join(packageRoot, 'server', 'queue', 'nextInLine.ts'),
    path.join(packageRoot, 'server', 'waitlist', 'jobs.ts'),
    path.join(packageRoot, 'node_modules', 'pg-boss', 'package.json'),
  ].sort();
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 8);
}
