// Builds what the production server needs, once: the client (vite build -> dist/client), the
// compiled server (scripts/build-server.mjs: tsc -p tsconfig.server.json -> dist/node) and its
// bundle (scripts/build-server.mjs --bundle: dist/server/main.js, what `npm start` runs, and the
// embedded database's initdb tarball). Used by the browser tests, scripts/test.mjs
// and bench/, so it is plain ESM with JSDoc types (see build.d.mts). The type-check step of
// scripts/test.mjs writes dist/node itself; then only the bundle is left to make here.
//
// A part is built when its output is missing, or when a source file is newer than that output
// (so a stale dist/ from an older checkout is not tested). CLINIC_BUILD=always forces a build,
// CLINIC_BUILD=never uses whatever dist/ holds. CLINIC_CLIENT_DIR (a built client elsewhere) and
// CLINIC_SERVER_MAIN (a built server entry elsewhere) are used as they are, never built.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const CLIENT_INDEX = join(ROOT, 'dist/client/index.html');
/** The compiled tree's entry (tsc), which the bundle is made from. */
export const SERVER_COMPILED = join(ROOT, 'dist/node/server/main.js');
/** The production server: the bundle. */
export const SERVER_MAIN = join(ROOT, 'dist/server/main.js');

const BIN = join(ROOT, 'node_modules/.bin');

/** @typedef {'client' | 'server' | 'bundle'} Part */
/** @type {Record<Part, { output: string, inputs: string[], command: string[], timeoutMs: number }>} */
const PARTS = {
  client: {
    output: CLIENT_INDEX,
    inputs: ['src', 'contract', 'machines', 'public', 'index.html', 'vite.config.ts', 'scripts/vite', 'package-lock.json'],
    command: [join(BIN, 'vite'), 'build', '--logLevel', 'warn'],
    timeoutMs: 10 * 60_000,
  },
  server: {
    output: SERVER_COMPILED,
    inputs: ['server', 'contract', 'tsconfig.server.json', 'package-lock.json'],
    command: [process.execPath, join(ROOT, 'scripts/build-server.mjs'), '--compile'],
    timeoutMs: 10 * 60_000,
  },
  bundle: {
    output: SERVER_MAIN,
    inputs: ['dist/node', 'scripts/build-server.mjs', 'package-lock.json'],
    command: [process.execPath, join(ROOT, 'scripts/build-server.mjs'), '--bundle'],
    timeoutMs: 5 * 60_000,
  },
};

/** Newest modification time (ms) of a file or of any file under a folder; 0 when absent. */
function newestMtime(path) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    if (/\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/**
 * Why a part needs building, or null when its output is there and fresh.
 * @param {Part} part
 * @returns {string | null}
 */
export function buildReason(part) {
  const mode = process.env.CLINIC_BUILD ?? 'stale';
  const { output, inputs } = PARTS[part];
  if (!existsSync(output)) return `${relative(output)} is missing`;
  if (mode === 'never') return null;
  if (mode === 'always') return 'CLINIC_BUILD=always';
  const built = statSync(output).mtimeMs;
  const newest = Math.max(...inputs.map((p) => newestMtime(join(ROOT, p))));
  return newest > built ? `sources are newer than ${relative(output)}` : null;
}

function relative(path) {
  return path.startsWith(ROOT + '/') ? path.slice(ROOT.length + 1) : path;
}

/**
 * Runs a command from the project root, its output going to our stderr (so a test reporter's
 * stdout stays readable), killed with its process group after timeoutMs.
 * @param {string[]} command
 * @param {{ timeoutMs: number, env?: NodeJS.ProcessEnv, quiet?: boolean }} opts
 * @returns {Promise<{ code: number | null, output: string, timedOut: boolean }>}
 */
export function run(command, { timeoutMs, env, quiet = false }) {
  return new Promise((resolvePromise) => {
    const [cmd, ...args] = command;
    const child = spawn(/** @type {string} */ (cmd), args, {
      cwd: ROOT,
      env: env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    let timedOut = false;
    const onData = (/** @type {Buffer} */ chunk) => {
      output += chunk.toString();
      if (!quiet) process.stderr.write(chunk);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolvePromise({ code: -1, output: output + String(err), timedOut });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, output, timedOut });
    });
  });
}

const LOCK = join(ROOT, '.tmp/build.lock');

function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One build at a time across processes (a test run and a bench run, say). */
async function withLock(fn) {
  mkdirSync(dirname(LOCK), { recursive: true });
  const deadline = Date.now() + 20 * 60_000;
  for (;;) {
    try {
      writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      const holder = Number(readFileSync(LOCK, 'utf8').trim());
      if (!holder || !pidAlive(holder)) {
        rmSync(LOCK, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`build lock ${LOCK} held by pid ${holder} for too long`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(LOCK, { force: true });
  }
}

/**
 * Builds the parts that are missing or stale. Throws with the build's output when a build fails.
 * @param {{ log?: (line: string) => void }} [opts]
 * @returns {Promise<{ built: string[], ms: number }>}
 */
export async function ensureBuilt({ log = (line) => process.stderr.write(line + '\n') } = {}) {
  const started = Date.now();
  return withLock(async () => {
    /** @type {string[]} */
    const built = [];
    for (const part of /** @type {const} */ (['client', 'server', 'bundle'])) {
      if (part !== 'client' && process.env.CLINIC_SERVER_MAIN) continue;
      if (part === 'client' && process.env.CLINIC_CLIENT_DIR) continue;
      const reason = buildReason(part);
      if (!reason) continue;
      const { command, timeoutMs } = PARTS[part];
      log(`build: ${part} (${reason}): ${command.map(relative).join(' ')}`);
      const t0 = Date.now();
      // A production build whatever the caller runs under (vitest sets NODE_ENV=test, and vite
      // then builds React's development bundle).
      const result = await run(command, { timeoutMs, quiet: true, env: { ...process.env, NODE_ENV: 'production' } });
      // tsc still emits on type errors (exit 2); the type-check step reports those, and the
      // browser tests can run on what was emitted.
      const typeErrorsOnly = part === 'server' && result.code === 2 && existsSync(PARTS[part].output);
      if (typeErrorsOnly) log(`build: server emitted with type errors:\n${result.output.trim()}`);
      else if (result.code !== 0 || !existsSync(PARTS[part].output)) {
        const why = result.timedOut ? `timed out after ${timeoutMs / 1000}s` : `exit code ${result.code}`;
        throw new Error(`build of the ${part} failed (${why}):\n${result.output.trim()}`);
      }
      log(`build: ${part} done in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
      built.push(part);
    }
    return { built, ms: Date.now() - started };
  });
}
