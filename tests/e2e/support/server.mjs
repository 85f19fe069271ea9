// Starts the production server (`node dist/server/main.js`, the bundle) as a child process on a free
// port, with its own DATA_DIR, and stops it. Used by the browser tests and by bench/.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, SERVER_MAIN } from './build.mjs';

export const READY_PATH = '/api/super/locations';

/** The server's entry; CLINIC_SERVER_MAIN points the tests at another one (then it is not built). */
export const SERVER_ENTRY = process.env.CLINIC_SERVER_MAIN ?? SERVER_MAIN;

/** A free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((resolvePromise, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePromise(port));
    });
  });
}

/** A new empty folder for DATA_DIR. */
export function tempDataDir(prefix = 'clinic-data-') {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Resident memory of a process in bytes (Linux), or null. */
export function rssBytes(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * @typedef {object} RunningServer
 * @property {string} url           base address, no trailing slash
 * @property {number} port
 * @property {number} pid
 * @property {string} dataDir
 * @property {number} readyMs       from spawn to the first 200 on READY_PATH
 * @property {() => string} output  what the server printed so far
 * @property {() => Promise<void>} stop  stops it (and removes a DATA_DIR it created)
 */

/**
 * `port`: listen there instead of on a free port of our choosing (a caller that must know the
 * address before the start, e.g. for PUBLIC_URL, takes one with freePort()).
 * @param {{ dataDir?: string, env?: NodeJS.ProcessEnv, timeoutMs?: number, keepDataDir?: boolean, pollMs?: number, port?: number }} [opts]
 * @returns {Promise<RunningServer>}
 */
export async function startServer(opts = {}) {
  const { timeoutMs = 180_000, pollMs = 50 } = opts; // a start takes seconds; a loaded 2-core machine can take a minute and more
  const port = opts.port ?? (await freePort());
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? tempDataDir();
  const env = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', ...opts.env, PORT: String(port), DATA_DIR: dataDir };
  // The server picks PGlite unless DATABASE_URL is set: never let a developer's setting leak in.
  if (!opts.env?.DATABASE_URL) delete env.DATABASE_URL;

  const t0 = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  /** @type {number | null} */
  let exitCode = null;
  let exited = false;
  const exitPromise = new Promise((r) => child.on('exit', (code, signal) => {
    exited = true;
    exitCode = code ?? (signal ? 128 : null);
    r(undefined);
  }));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const done = await Promise.race([exitPromise.then(() => true), sleep(10_000).then(() => false)]);
      if (!done) {
        child.kill('SIGKILL');
        await exitPromise;
      }
    }
    if (ownDir && !opts.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`the server exited (code ${exitCode}) before answering ${READY_PATH}:\n${output.trim()}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer ${READY_PATH} with 200 within ${timeoutMs / 1000}s:\n${output.trim()}`);
    }
    try {
      const res = await fetch(url + READY_PATH, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    await sleep(pollMs);
  }
  const readyMs = performance.now() - t0;
  return { url, port, pid: /** @type {number} */ (child.pid), dataDir, readyMs, output: () => output, stop };
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}
