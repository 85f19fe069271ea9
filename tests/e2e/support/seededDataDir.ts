// The demo clinic's database, migrated and seeded by the server's own prepareDatabase (what a
// first start does), built once per schema and kept in the OS temp directory like the server
// tests' template (tests/server/templateKey.ts). Every browser-test server starts on a copy of
// it: a warm start of a few seconds' less work than migrating and seeding an empty DATA_DIR.
// Empty starts themselves are tested in tests/server (seed.test.ts, database.test.ts).
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteDir } from '../../../server/db/open';
import { selfSignedFileName, selfSignedPem } from '../../../server/documents/signing';
import { defaultRecordsConfig } from '../../../server/records/config';
import { openPGliteDir } from '../../../server/db/pglite';
import { prepareDatabase } from '../../../server/startup';
import { demoSeedFile, templateKey } from '../../server/templateKey';

const cacheDir = join(tmpdir(), 'clinic-portal-test-db');

let template: Promise<string> | undefined;

/** The template DATA_DIR, built when missing. */
function seededTemplateDir(): Promise<string> {
  template ??= (async () => {
    const dir = join(cacheDir, `e2e-data-${templateKey()}`);
    if (existsSync(join(dir, 'db', 'PG_VERSION'))) return withSigningKey(dir);
    // Built aside and renamed: a server never starts on half a database.
    const draft = `${dir}.${process.pid}.draft`;
    rmSync(draft, { recursive: true, force: true });
    mkdirSync(draft, { recursive: true });
    const db = await openPGliteDir(pgliteDir(draft));
    try {
      await prepareDatabase(db, { seedFile: demoSeedFile });
    } finally {
      await db.close();
    }
    rmSync(`${pgliteDir(draft)}.lock`, { force: true });
    try {
      renameSync(draft, dir);
      removeStaleTemplates(dir);
    } catch {
      // Another test file built it first: use theirs.
      rmSync(draft, { recursive: true, force: true });
    }
    return withSigningKey(dir);
  })();
  return template;
}

/**
 * The template with the prescriptions' self-signed key a first start leaves (0600, copied with
 * its mode): each browser-test server then reads it instead of making an RSA key (0.3-0.5 s of
 * CPU). Written aside and renamed, so a copy never has half a file.
 */
function withSigningKey(dir: string): string {
  const file = join(dir, selfSignedFileName);
  if (existsSync(file)) return dir;
  const draft = `${file}.${process.pid}.draft`;
  writeFileSync(draft, selfSignedPem(defaultRecordsConfig.clinic.name), { mode: 0o600 });
  renameSync(draft, file);
  return dir;
}

/** Templates of older schemas, an hour after they were built. */
function removeStaleTemplates(current: string): void {
  for (const entry of readdirSync(cacheDir)) {
    const path = join(cacheDir, entry);
    if (path === current || !entry.startsWith('e2e-data-')) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > 60 * 60 * 1000) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed meanwhile.
    }
  }
}

/** Fills an empty DATA_DIR with a copy of the seeded demo clinic. */
export async function copySeededDataDir(dataDir: string): Promise<void> {
  cpSync(await seededTemplateDir(), dataDir, { recursive: true });
}
