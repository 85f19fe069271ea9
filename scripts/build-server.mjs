#!/usr/bin/env node
// `npm run build:server`: the production server in three steps. Exits non-zero when one fails.
//   1. tsc -p tsconfig.server.json -> dist/node (the compiled tree, one file per module);
//   2. esbuild bundles it from dist/node/server/main.js -> dist/server/main.js, with the packages
//      it can carry (all but a few that read files beside themselves). A restart no longer
//      resolves, reads and compiles some 650 modules one by one: about 0.2 s of its 0.95 s here
//      (the restart budget of 1 s; docs/performance.md);
//   3. the embedded database's initdb tarball beside the bundle, so that a first start on an empty
//      DATA_DIR loads it instead of running initdb (about 1.7 s less; server/db/pgliteTemplate.ts).
//
// `--compile`: step 1 only. `--bundle`: steps 2 and 3 from the dist/node there is (the test run's
// type-check writes it). `--template`: step 3 only. Step 3 rewrites the tarball on a whole build
// only; otherwise it writes it when the build has none for the installed PGlite.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BUNDLE_DIR = join(ROOT, 'dist/server');
const only = ['--compile', '--bundle', '--template'].find((flag) => process.argv.includes(flag));
const steps = {
  compile: !only || only === '--compile',
  bundle: !only || only === '--bundle',
  template: only !== '--compile',
};

// Left out of the bundle, loaded from node_modules as they are: PGlite reads its WebAssembly and
// file-system image beside its own module, sharp is a native addon, pdfkit reads its font
// metrics from its own folder, pg-native is pg's optional native driver (not installed). The
// development sign-in provider and the mailer are loaded on first use only, and stay whole.
const EXTERNAL = ['@electric-sql/pglite', 'sharp', 'pdfkit', 'pg-native', 'oidc-provider', 'nodemailer'];

let status = 0;
if (steps.compile) {
  const tsc = spawnSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.server.json'], { cwd: ROOT, stdio: 'inherit' });
  status = tsc.status ?? 1;
  // Exit 2: type errors, but tsc emitted the server (the type-check reports the errors).
  if (status !== 0 && status !== 2) process.exit(status);
}

if (steps.bundle) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(ROOT, 'dist/node/server/main.js')],
    outfile: join(BUNDLE_DIR, 'main.js'),
    bundle: true,
    // One file: with splitting, a package imported with import() that is CommonJS (the password
    // checker's) loses its named exports; the modules loaded on first use are only parsed.
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    // The CommonJS packages inside still call require() (node: built-ins, the externals).
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    // Stack traces name the bundle's lines; NODE_OPTIONS=--enable-source-maps maps them back.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (steps.template) {
  const { initdbTemplatePath, writeInitdbTemplate } = await import(pathToFileURL(join(ROOT, 'dist/node/server/db/pgliteTemplate.js')).href);
  if (!only || !existsSync(initdbTemplatePath())) {
    const file = await writeInitdbTemplate();
    console.log(`build: the embedded database's initdb template, ${file.slice(ROOT.length + 1)}`);
  }
}
process.exitCode = status;
