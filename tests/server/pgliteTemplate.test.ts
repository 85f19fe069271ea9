/**
 * The embedded database's initdb template (server/db/pgliteTemplate.ts): a new DATA_DIR starts
 * from the build's tarball, an existing one never does, and a damaged tarball reads as none (initdb).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPGliteDir } from '../../server/db/pglite.js';
import { initdbTemplatePath, readInitdbTemplate, writeInitdbTemplate } from '../../server/db/pgliteTemplate.js';

const temp = mkdtempSync(path.join(os.tmpdir(), 'clinic-portal-initdb-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const noTemplate = () => {
  throw new Error('an existing database must not ask for the template');
};

describe('the initdb template of the embedded database', () => {
  let template = '';
  beforeAll(async () => {
    template = await writeInitdbTemplate(initdbTemplatePath(temp));
  }, 120_000);

  it("is named after the installed PGlite's version and read back whole; a missing one reads as none", () => {
    expect(path.basename(template)).toMatch(/^pglite-initdb-\d+\.\d+\.\d+[\w.-]*\.tar\.gz$/);
    // The tar itself, unpacked here (PGlite's own gunzip cannot report a damaged file, see the module).
    expect(readInitdbTemplate(template)?.size).toBeGreaterThan(readFileSync(template).length);
    expect(readInitdbTemplate(path.join(temp, 'none.tar.gz'))).toBeNull();
  });

  it("a new DATA_DIR starts from it, with the server's settings, and keeps what is written across a restart", async () => {
    const dir = path.join(temp, 'new', 'db');
    let asked = 0;
    const db = await openPGliteDir(dir, () => (asked++, readInitdbTemplate(template)));
    expect(asked).toBe(1);
    try {
      expect((await db.query<{ s: string }>(`select current_setting('shared_buffers') as s`)).rows[0]!.s).toBe('16MB');
      await db.exec('create table kept (note text); insert into kept values ($$from the template$$)');
    } finally {
      await db.close();
    }
    const again = await openPGliteDir(dir, noTemplate);
    try {
      expect((await again.query<{ note: string }>('select note from kept')).rows).toEqual([{ note: 'from the template' }]);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('a damaged tarball reads as none, so the database is made by initdb (as where no build has written one)', () => {
    const garbage = path.join(temp, 'garbage.tar.gz');
    writeFileSync(garbage, Buffer.from('not a tarball at all'.repeat(100)));
    expect(readInitdbTemplate(garbage)).toBeNull();
    const truncated = path.join(temp, 'truncated.tar.gz');
    writeFileSync(truncated, readFileSync(template).subarray(0, 50_000));
    expect(readInitdbTemplate(truncated)).toBeNull();
  });
});
