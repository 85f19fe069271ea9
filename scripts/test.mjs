#!/usr/bin/env node
// `npm test`: everything CI runs, and one summary line at the end.
//
//   typecheck   tsc -p tsconfig.json --noEmit, tsc -p tsconfig.server.json (one check each; the
//               second also writes the compiled server, dist/node, which e2e then only bundles)
//   unit        vitest project "unit"       (unit and machine tests)
//   component   vitest project "component"  (React views in jsdom)
//   server      vitest projects "server" and "server-isolated" (fastify.inject on PGlite; on
//                                            PostgreSQL too when TEST_DATABASE_URL is set)
//   e2e         vitest project "e2e"        (builds what is missing, real server, Chromium)
//
// The server suite's fuzz test (tests/server/fuzz.test.ts) writes .tmp/test-results/fuzz-<backend>.json;
// the summary prints its request count as `fuzz: N requests, N answers >= 500`, and with the unit
// suite a `machines: N/N states, M/M transitions walked` line (tests/machines/pathsSummary.mjs),
// both just before the last line.
//
// Two lanes run side by side, as neither keeps both cores busy alone (the server suite waits on
// PostgreSQL and child processes, the browser suite on pages): `server, component`, and
// `typecheck, unit, e2e`, each lane's suites one after another (the browser suite needs the
// type-check's dist/node; the lanes are balanced by CPU). With both lanes running, each suite's output goes to
// .tmp/test-results/<suite>.log and is printed whole when the suite ends; with one lane it
// streams as it comes.
//
// Each suite's summary line gives its wall time and its CPU time (user + system of every process
// it ran, scripts/cpu-of.mjs; the browser build's included in e2e's): on 2 cores shared by the two
// lanes, and with other work on the host, the CPU time is the steadier figure, and the one the
// lanes are balanced by (docs/performance.md, "Test run").
//
// `npm test -- unit server` runs only the named suites. The last line printed is always
// `N passed, N failed` (`, N skipped` when some were skipped), summed over every suite; the exit
// code is non-zero when anything failed or a suite could not run.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ROOT, buildReason, ensureBuilt } from '../tests/e2e/support/build.mjs';
import { endedChildrenCpuSeconds } from './cpu-of.mjs';
import { TEST_BROWSER_PATH } from '../tests/e2e/support/chromium.mjs';
import { clearMachinePaths, machinePathsLine } from '../tests/machines/pathsSummary.mjs';

const MINUTE = 60_000;
/** Lanes run at the same time; the suites of one lane one after another. */
const LANES = [['server', 'component'], ['typecheck', 'unit', 'e2e']];
const MAX_WORKERS = 2; // the machines have 2 cores
const RESULTS = join(ROOT, '.tmp/test-results');
const MACHINE_PATHS = join(RESULTS, 'machine-paths'); // written by the unit suite's path tests

const SUITES = {
  typecheck: { kind: 'tsc', timeoutMs: 6 * MINUTE },
  unit: { kind: 'vitest', timeoutMs: 10 * MINUTE },
  component: { kind: 'vitest', timeoutMs: 10 * MINUTE },
  // Both backends, the fuzz suite and the nginx walk; its files that mock a module run isolated
  // in a project of their own (vitest.config.ts).
  server: { kind: 'vitest', timeoutMs: 45 * MINUTE, projects: ['server', 'server-isolated'] },
  e2e: { kind: 'vitest', timeoutMs: 40 * MINUTE }, // 15 files at two widths: about 20 minutes here
};

/**
 * `cpuSeconds`: user + system CPU of the suite's processes; null when it could not be measured.
 * @typedef {{ name: string, passed: number, failed: number, skipped: number, seconds: number, cpuSeconds: number | null, note: string }} SuiteResult
 */

const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = requested.filter((s) => !(s in SUITES));
if (unknown.length) {
  console.error(`unknown suite(s): ${unknown.join(', ')}; known: ${Object.keys(SUITES).join(', ')}`);
  console.log('0 passed, 1 failed');
  process.exit(2);
}
const selected = requested.length ? Object.keys(SUITES).filter((s) => requested.includes(s)) : Object.keys(SUITES);

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    for (const child of children) killGroup(child);
    process.exit(130);
  });
}

function killGroup(child) {
  try {
    process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
  } catch {
    /* gone */
  }
}

/**
 * Runs a command with its output on our console (or kept, with `capture`, or written to the
 * suite's log, with `out`), its process group killed after timeoutMs, and measures its CPU time
 * (through scripts/cpu-of.mjs).
 * @param {string[]} command
 * @param {number} timeoutMs
 * @param {{ capture?: boolean, out?: Output }} [opts]
 * @returns {Promise<{ code: number | null, timedOut: boolean, output: string, cpuSeconds: number | null }>}
 */
function run(command, timeoutMs, { capture = false, out } = {}) {
  const cpuFile = join(RESULTS, `cpu-${process.pid}-${++runs}.json`);
  return new Promise((resolve) => {
    const [cmd, ...args] = [process.execPath, CPU_OF, cpuFile, ...command];
    const toFile = !capture && out?.fd !== undefined;
    const stdout = capture ? 'pipe' : toFile ? out.fd : 'inherit';
    const child = spawn(/** @type {string} */ (cmd), args, {
      cwd: ROOT,
      stdio: ['ignore', stdout, stdout],
      detached: true, // own process group, so a timeout takes its children too
      env: process.env,
    });
    children.add(child);
    let output = '';
    child.stdout?.on('data', (c) => (output += c));
    child.stderr?.on('data', (c) => (output += c));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      (out ?? console).log(`\n${command.join(' ')}: timed out after ${Math.round(timeoutMs / 1000)} s, stopping it`);
      killGroup(child);
    }, timeoutMs);
    child.on('error', (err) => {
      output += String(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      children.delete(child);
      killGroup(child); // anything it left behind in its group
      /** @type {number | null} */
      let cpuSeconds = null;
      try {
        cpuSeconds = JSON.parse(readFileSync(cpuFile, 'utf8')).cpu;
        rmSync(cpuFile);
      } catch {
        /* killed, or not Linux */
      }
      measuredCpu += (cpuSeconds ?? 0);
      resolve({ code, timedOut, output, cpuSeconds });
    });
  });
}

const bin = (name) => join(ROOT, 'node_modules/.bin', name);
const CPU_OF = join(ROOT, 'scripts/cpu-of.mjs');
let runs = 0;
/** CPU seconds of the commands run() has measured so far (to tell the browser build's own apart). */
let measuredCpu = 0;

/**
 * CPU seconds of what `fn` runs in child processes of its own, not through run(): this process's
 * ended children less the suites that run() measured meanwhile. Null off Linux.
 * @template T @param {() => Promise<T>} fn @returns {Promise<{ value: T, cpuSeconds: number | null }>}
 */
async function ownChildrenCpu(fn) {
  const before = endedChildrenCpuSeconds();
  const measuredBefore = measuredCpu;
  const value = await fn();
  const after = endedChildrenCpuSeconds();
  const cpuSeconds = before === null || after === null ? null : Math.max(0, after - before - (measuredCpu - measuredBefore));
  return { value, cpuSeconds };
}

/** @param {(number | null)[]} parts @returns {number | null} */
const sumCpu = (parts) => (parts.some((p) => p === null) ? null : parts.reduce((a, b) => /** @type {number} */ (a) + /** @type {number} */ (b), 0));

function banner(text) {
  console.log(`\n=== ${text} ${'='.repeat(Math.max(0, 74 - text.length))}`);
}

/**
 * Where a suite writes: the console, or (lanes side by side) its log file, printed when it ends.
 * @typedef {{ log: (line: string) => void, fd?: number, file?: string }} Output
 */

/** @returns {Output} */
function consoleOutput() {
  return { log: (line) => console.log(line) };
}

/** @param {string} name @returns {Output} */
function fileOutput(name) {
  const file = join(RESULTS, `${name}.log`);
  const fd = openSync(file, 'w');
  return { fd, file, log: (line) => writeSync(fd, `${line}\n`) };
}

/** @param {Output} out @returns {Promise<SuiteResult>} */
async function typecheck(out) {
  const started = Date.now();
  // The server project is checked by the same run that builds it (the browser tests' dist/node):
  // tsc writes its output even when there are type errors, which are reported here either way.
  const projects = [
    { name: 'tsconfig.json', args: ['--noEmit'] },
    { name: 'tsconfig.server.json', args: [] },
  ];
  const results = await Promise.all(
    projects.map((p) => run([bin('tsc'), '-p', p.name, ...p.args, '--pretty', 'false'], SUITES.typecheck.timeoutMs, { capture: true })),
  );
  let passed = 0;
  let failed = 0;
  results.forEach((r, i) => {
    const ok = r.code === 0;
    ok ? passed++ : failed++;
    const why = r.timedOut ? 'timed out' : ok ? 'no errors' : `exit code ${r.code}`;
    const project = /** @type {{ name: string, args: string[] }} */ (projects[i]);
    out.log(`${ok ? 'PASS' : 'FAIL'} tsc -p ${[project.name, ...project.args].join(' ')} (${why})`);
    if (!ok && r.output.trim()) out.log(r.output.trim().split('\n').map((l) => `  ${l}`).join('\n'));
  });
  const cpuSeconds = sumCpu(results.map((r) => r.cpuSeconds));
  return { name: 'typecheck', passed, failed, skipped: 0, seconds: (Date.now() - started) / 1000, cpuSeconds, note: '' };
}

/**
 * Reads vitest's JSON report into counts. A file that failed outside any test (import error,
 * failing hook) counts as one failure; so does a run that failed with no failing test.
 * @param {string} name
 * @param {string} reportPath
 * @param {{ code: number | null, timedOut: boolean }} exit
 * @param {number} started
 * @param {number | null} cpuSeconds
 * @returns {SuiteResult}
 */
function readVitestReport(name, reportPath, exit, started, cpuSeconds) {
  const seconds = (Date.now() - started) / 1000;
  /** @type {any} */
  let report;
  try {
    report = JSON.parse(readFileSync(reportPath, 'utf8'));
  } catch {
    const why = exit.timedOut ? 'timed out' : `exit code ${exit.code}, no report`;
    return { name, passed: 0, failed: 1, skipped: 0, seconds, cpuSeconds, note: `could not run (${why})` };
  }
  const passed = report.numPassedTests ?? 0;
  let failed = report.numFailedTests ?? 0;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const notes = [];
  for (const file of report.testResults ?? []) {
    const failedInside = (file.assertionResults ?? []).some((a) => a.status === 'failed');
    if (file.status === 'failed' && !failedInside) {
      failed++;
      notes.push(`${file.name.replace(ROOT + '/', '')} failed outside its tests`);
    }
  }
  if (exit.timedOut) {
    failed++;
    notes.push('timed out');
  } else if (exit.code !== 0 && failed === 0) {
    failed++;
    notes.push(`vitest exited with code ${exit.code}`);
  }
  if ((report.numTotalTests ?? 0) === 0 && notes.length === 0) notes.push('no test files');
  return { name, passed, failed, skipped, seconds, cpuSeconds, note: notes.join('; ') };
}

/** @param {string} name @param {Output} out @returns {Promise<SuiteResult>} */
async function vitestProject(name, out) {
  const started = Date.now();
  /** @type {number | null} */
  let buildCpu = 0;
  if (name === 'server') {
    if (process.env.TEST_DATABASE_URL) {
      out.log(`PostgreSQL suites: on (TEST_DATABASE_URL=${process.env.TEST_DATABASE_URL.replace(/\/\/([^:@/]*):[^@]*@/, '//$1:***@')})`);
    } else {
      out.log('PostgreSQL suites skipped: TEST_DATABASE_URL is not set');
    }
  }
  if (name === 'e2e') {
    if (!existsSync(TEST_BROWSER_PATH)) {
      out.log(`e2e could not run: ${TEST_BROWSER_PATH} is missing (apt-get install -y chromium chromium-headless-shell)`);
      return { name, passed: 0, failed: 1, skipped: 0, seconds: 0, cpuSeconds: 0, note: `could not run (${TEST_BROWSER_PATH} missing)` };
    }
    out.log(`e2e browser: ${TEST_BROWSER_PATH}`);
    if (buildReason('client') || buildReason('server') || buildReason('bundle')) {
      const builtAt = Date.now();
      const build = await ownChildrenCpu(() =>
        ensureBuilt({ log: (line) => out.log(line) }).then(
          () => null,
          (/** @type {unknown} */ err) => err,
        ),
      );
      buildCpu = build.cpuSeconds;
      if (build.value) {
        out.log(String(build.value instanceof Error ? build.value.message : build.value));
        return { name, passed: 0, failed: 1, skipped: 0, seconds: (Date.now() - started) / 1000, cpuSeconds: buildCpu, note: 'could not run (build failed)' };
      }
      out.log(`build: ${((Date.now() - builtAt) / 1000).toFixed(1)} s, CPU ${buildCpu === null ? '?' : buildCpu.toFixed(1)} s`);
    }
  }
  // A fuzz count left by an earlier run must not be printed as this run's.
  if (name === 'server') for (const file of fuzzReports()) rmSync(join(RESULTS, file), { force: true });
  if (name === 'unit') clearMachinePaths(MACHINE_PATHS);
  const reportPath = join(RESULTS, `${name}.json`);
  rmSync(reportPath, { force: true });
  const exit = await run(
    [
      process.execPath,
      join(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      ...(SUITES[/** @type {keyof typeof SUITES} */ (name)].projects ?? [name]).map((project) => `--project=${project}`),
      `--maxWorkers=${MAX_WORKERS}`,
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportPath}`,
    ],
    SUITES[/** @type {keyof typeof SUITES} */ (name)].timeoutMs,
    { out },
  );
  return readVitestReport(name, reportPath, exit, started, sumCpu([exit.cpuSeconds, buildCpu]));
}

/** The fuzz suite's reports (one a backend) in RESULTS. */
function fuzzReports() {
  return existsSync(RESULTS) ? readdirSync(RESULTS).filter((f) => /^fuzz-[a-z]+\.json$/.test(f)).sort() : [];
}

/** `fuzz: 812 requests (pglite 406, postgres 406), 0 answers >= 500`, or null when the fuzz suite did not run. */
function fuzzLine() {
  /** @type {{ backend: string, requests: number, serverErrors: number }[]} */
  const reports = [];
  for (const file of fuzzReports()) {
    try {
      reports.push(JSON.parse(readFileSync(join(RESULTS, file), 'utf8')));
    } catch {
      /* half written: the server suite's own result says it failed */
    }
  }
  if (reports.length === 0) return null;
  const requests = reports.reduce((n, r) => n + r.requests, 0);
  const errors = reports.reduce((n, r) => n + r.serverErrors, 0);
  return `fuzz: ${requests} requests (${reports.map((r) => `${r.backend} ${r.requests}`).join(', ')}), ${errors} answers >= 500`;
}

/**
 * Runs one suite; its output goes to `out`. Never throws: a suite that could not run is a failure.
 * @param {string} name @param {Output} out @returns {Promise<SuiteResult>}
 */
async function runSuite(name, out) {
  try {
    return name === 'typecheck' ? await typecheck(out) : await vitestProject(name, out);
  } catch (err) {
    out.log(`${name} could not run: ${err instanceof Error ? err.stack : String(err)}`);
    return { name, passed: 0, failed: 1, skipped: 0, seconds: 0, cpuSeconds: null, note: 'could not run' };
  }
}

mkdirSync(RESULTS, { recursive: true });
const lanes = LANES.map((lane) => lane.filter((s) => selected.includes(s))).filter((lane) => lane.length > 0);
const sideBySide = lanes.length > 1;
/** @type {Map<string, SuiteResult>} */
const byName = new Map();
const t0 = Date.now();
if (sideBySide) console.log(`running side by side: ${lanes.map((lane) => lane.join(' -> ')).join('  |  ')}`);
await Promise.all(
  lanes.map(async (lane) => {
    for (const name of lane) {
      if (!sideBySide) {
        banner(name);
        byName.set(name, await runSuite(name, consoleOutput()));
        continue;
      }
      const out = fileOutput(name);
      console.log(`[${((Date.now() - t0) / 1000).toFixed(0)} s] ${name} started (output: ${out.file?.replace(ROOT + '/', '')})`);
      const result = await runSuite(name, out);
      closeSync(/** @type {number} */ (out.fd));
      byName.set(name, result);
      banner(`${name} (ended at ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
      process.stdout.write(readFileSync(/** @type {string} */ (out.file), 'utf8'));
    }
  }),
);
/** @type {SuiteResult[]} */
const results = selected.map((name) => /** @type {SuiteResult} */ (byName.get(name)));

const total = results.reduce(
  (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);

banner('summary');
for (const r of results) {
  const counts = `${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`;
  const cpu = r.cpuSeconds === null ? '     ?' : r.cpuSeconds.toFixed(1).padStart(6);
  console.log(`${r.failed ? 'FAIL' : 'ok  '} ${r.name.padEnd(10)} ${counts.padEnd(34)} ${r.seconds.toFixed(1).padStart(6)} s, CPU ${cpu} s${r.note ? `  (${r.note})` : ''}`);
}
const wall = (Date.now() - t0) / 1000;
const cpuTotal = sumCpu(results.map((r) => r.cpuSeconds));
// The share of the cores' time the run used: near 100 % the run is CPU-bound, and only less work
// (not other lanes or workers) makes it shorter.
const busy = cpuTotal === null ? '' : `; CPU ${cpuTotal.toFixed(1)} s, ${((100 * cpuTotal) / (wall * availableParallelism())).toFixed(0)} % of ${availableParallelism()} cores`;
console.log(`total time ${wall.toFixed(1)} s${busy}`);
const fuzz = selected.includes('server') ? fuzzLine() : null;
if (fuzz) console.log(fuzz);
if (selected.includes('unit')) console.log(machinePathsLine(MACHINE_PATHS) ?? 'machines: no paths recorded');
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exitCode = total.failed > 0 ? 1 : 0;
