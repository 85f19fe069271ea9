#!/usr/bin/env node
// `npm run bench`: prints every figure with its budget and OK / OVER (above a maximum) / UNDER
// (below a minimum). A budget never fails the run; a figure that could not be measured does
// (exit code 1). `npm run bench -- bundle coldstart` runs only the named figures.
// The latest results are saved to bench/results/latest.json (git-ignored).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, ensureBuilt } from '../tests/e2e/support/build.mjs';
import * as server from '../tests/e2e/support/server.mjs';
import FIGURES from './figures/index.mjs';

/**
 * @typedef {{ max?: number, min?: number }} Budget
 * @typedef {{ name: string, value: number, unit: string, display: string, budget?: Budget }} Figure
 * @typedef {{ figures: Figure[], details?: unknown }} FigureResult
 * @typedef {object} Context
 * @property {string} root              the project folder
 * @property {string} resultsDir        bench/results
 * @property {(line: string) => void} log
 * @property {typeof server.startServer} startServer   the production server, fresh DATA_DIR
 * @property {typeof server} server     the server helpers (startServer, tempDataDir, rssBytes, ...)
 * @property {Record<string, FigureResult>} results   what earlier figures of this run returned
 */

const here = dirname(fileURLToPath(import.meta.url));
const resultsDir = join(here, 'results');
mkdirSync(resultsDir, { recursive: true });

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((id) => !FIGURES.some((f) => f.id === id));
if (unknown.length) {
  console.error(`unknown figure(s): ${unknown.join(', ')}; known: ${FIGURES.map((f) => f.id).join(', ')}`);
  process.exit(2);
}
const selected = FIGURES.filter((f) => wanted.length === 0 || wanted.includes(f.id));

/** @param {Figure} f */
function verdict(f) {
  if (!f.budget) return { text: '', over: false };
  // A budget in bytes reads like its figure, in MiB.
  const shown = (limit) => (f.unit === 'bytes' ? `${(limit / 2 ** 20).toFixed(0)} MiB` : limit);
  if (f.budget.max !== undefined) {
    const over = f.value > f.budget.max;
    return { text: `budget <= ${shown(f.budget.max)}  ${over ? 'OVER' : 'OK'}`, over };
  }
  if (f.budget.min !== undefined) {
    const under = f.value < f.budget.min;
    return { text: `budget >= ${shown(f.budget.min)}  ${under ? 'UNDER' : 'OK'}`, over: under };
  }
  return { text: '', over: false };
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

const log = (line) => console.log(line);
const started = Date.now();
console.log(`bench: node ${process.version}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, commit ${gitCommit() ?? 'unknown'}`);

if (selected.some((f) => f.needsBuild)) {
  const { built } = await ensureBuilt({ log });
  if (built.length === 0) log('build: dist/ is up to date');
  // The cold start is measured as `npm start` runs it: with the initdb template (the bundle step
  // writes it; this writes it again if it was removed since).
  if (!process.env.CLINIC_SERVER_MAIN) execFileSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs'), '--template'], { stdio: 'inherit' });
}

/** @type {Context} */
const ctx = { root: ROOT, resultsDir, log, startServer: server.startServer, server, results: {} };
const errors = [];
const rows = [];
for (const figure of selected) {
  console.log(`\n== ${figure.title}`);
  const t0 = Date.now();
  try {
    const result = await figure.run(ctx);
    ctx.results[figure.id] = result;
    for (const f of result.figures) rows.push({ figure: figure.id, ...f, verdict: verdict(f) });
    console.log(`   (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (err) {
    const message = err instanceof Error ? err.stack ?? err.message : String(err);
    errors.push({ figure: figure.id, message });
    console.log(`   ERROR: could not measure ${figure.id}:\n${message}`);
  }
}

console.log('\n== Figures');
const width = Math.max(...rows.map((r) => r.name.length), 10);
for (const r of rows) console.log(`${r.name.padEnd(width)}  ${r.display.padStart(10)}  ${r.verdict.text}`);
for (const e of errors) console.log(`${e.figure.padEnd(width)}  ${'ERROR'.padStart(10)}`);
const over = rows.filter((r) => r.verdict.over).length;
console.log(`\n${rows.length} figures, ${over} outside budget, ${errors.length} not measured, ${((Date.now() - started) / 1000).toFixed(0)} s`);

writeFileSync(
  join(resultsDir, 'latest.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      commit: gitCommit(),
      node: process.version,
      cores: cpus().length,
      figures: rows.map(({ verdict: v, ...r }) => ({ ...r, status: v.text ? (v.over ? (r.budget?.max !== undefined ? 'OVER' : 'UNDER') : 'OK') : null })),
      errors,
      details: Object.fromEntries(Object.entries(ctx.results).map(([id, r]) => [id, r.details ?? null])),
    },
    null,
    2,
  ) + '\n',
);
console.log(`saved bench/results/latest.json`);
process.exitCode = errors.length ? 1 : 0;
