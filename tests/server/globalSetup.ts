/**
 * Once per `vitest run` of the server projects, before any file: the embedded database's initdb
 * template where the server build leaves it (dist/server, server/db/pgliteTemplate.ts), when no
 * build has written it yet, as on a clean clone (the server lane starts before anything is built).
 * The servers and CLIs the tests start as child processes on an empty DATA_DIR then load it, as
 * a built installation does, instead of each running PGlite's initdb (about 1.7 s of CPU a start).
 * The path without the file (initdb) is tested in tests/server/pgliteTemplate.test.ts.
 */
import { existsSync } from 'node:fs';
import { initdbTemplatePath, writeInitdbTemplate } from '../../server/db/pgliteTemplate.js';

export default async function setup(): Promise<void> {
  if (!existsSync(initdbTemplatePath())) await writeInitdbTemplate();
}
