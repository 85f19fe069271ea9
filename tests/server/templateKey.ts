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
