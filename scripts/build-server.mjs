#!/usr/bin/env node
// `npm run build:server`: compiles the server (tsc -p tsconfig.server.json -> dist/node), then
// writes the embedded database's initdb tarball beside the compiled server/db/pgliteTemplate.js,
// so that a first start on an empty DATA_DIR loads it instead of running initdb (about 1.7 s
// less here; server/db/pgliteTemplate.ts). Exits non-zero when either step fails.
//
// `--template`: only writes the tarball, when the compiled server has none for the installed
// PGlite (`npm start` and the bench after a build that only ran tsc, such as the type-check's).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const templateOnly = process.argv.includes('--template');

let status = 0;
if (!templateOnly) {
  const tsc = spawnSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.server.json'], { cwd: ROOT, stdio: 'inherit' });
  status = tsc.status ?? 1;
  // Exit 2: type errors, but tsc emitted the server (the type-check reports the errors).
  if (status !== 0 && status !== 2) process.exit(status);
}

const { initdbTemplatePath, writeInitdbTemplate } = await import(pathToFileURL(join(ROOT, 'dist/node/server/db/pgliteTemplate.js')).href);
if (!templateOnly || !existsSync(initdbTemplatePath())) {
  const file = await writeInitdbTemplate();
  console.log(`build: the embedded database's initdb template, ${file.slice(ROOT.length + 1)}`);
}
process.exitCode = status;
