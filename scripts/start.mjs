#!/usr/bin/env node
// `npm start`: builds what is missing or older than its sources, then runs the production
// server (`node dist/server/main.js`) in the foreground. Ctrl-C (or SIGTERM) stops it
// gracefully. Configuration is the server's environment variables (docs/operations.md).
//
//   client  dist/client/index.html  <- npx vite build            (src, public, contract...)
//   server  dist/server/main.js     <- scripts/build-server.mjs: tsc -p tsconfig.server.json
//                                      (server, contract) -> dist/node, bundled by esbuild, and the
//                                      embedded database's initdb tarball
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'node_modules/.bin');
const SERVER_MAIN = join(ROOT, 'dist/server/main.js');

const parts = [
  {
    name: 'client',
    output: join(ROOT, 'dist/client/index.html'),
    inputs: ['src', 'contract', 'machines', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'],
    command: [join(BIN, 'vite'), 'build', '--logLevel', 'warn'],
  },
  {
    name: 'server',
    output: SERVER_MAIN,
    inputs: ['server', 'contract', 'tsconfig.server.json', 'scripts/build-server.mjs', 'package-lock.json'],
    command: [process.execPath, join(ROOT, 'scripts/build-server.mjs')],
  },
];

/** Newest modification time under a path (tests excluded); 0 when it does not exist. */
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
    if (entry.name === 'node_modules' || entry.name.startsWith('.') || /\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

function buildReason(part) {
  if (!existsSync(part.output)) return `${part.output.slice(ROOT.length + 1)} is missing`;
  const newest = Math.max(...part.inputs.map((p) => newestMtime(join(ROOT, p))));
  return newest > statSync(part.output).mtimeMs ? 'its sources changed since the last build' : null;
}

function run(command, env) {
  return new Promise((resolvePromise) => {
    const [cmd, ...args] = command;
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', env });
    child.on('error', (error) => resolvePromise({ code: -1, error }));
    child.on('close', (code) => resolvePromise({ code }));
  });
}

// The same lock file as the test and bench builds (tests/e2e/support/build.mjs): one build
// at a time writes dist/.
const LOCK = join(ROOT, '.tmp/build.lock');

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function withBuildLock(fn) {
  mkdirSync(dirname(LOCK), { recursive: true });
  let waiting = false;
  for (;;) {
    try {
      writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      let holder = 0;
      try {
        holder = Number(readFileSync(LOCK, 'utf8').trim());
      } catch {
        continue; // released meanwhile
      }
      if (!holder || !alive(holder)) {
        rmSync(LOCK, { force: true });
        continue;
      }
      if (!waiting) console.log(`Waiting for another build (pid ${holder}) to finish...`);
      waiting = true;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(LOCK, { force: true });
  }
}

async function buildWhatIsMissing() {
  await withBuildLock(async () => {
    for (const part of parts) {
      const reason = buildReason(part); // asked again under the lock: another build may have just done it
      if (!reason) continue;
      console.log(`Building the ${part.name} (${reason})...`);
      const started = Date.now();
      // A production build, whatever NODE_ENV the caller has.
      const result = await run(part.command, { ...process.env, NODE_ENV: 'production' });
      if (result.code !== 0 || !existsSync(part.output)) {
        const why = result.error ? result.error.message : `exit code ${result.code}`;
        console.error(`\nThe ${part.name} build failed (${why}); the server was not started.`);
        process.exit(1);
      }
      console.log(`Built the ${part.name} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    }
  });
}

function publicUrl() {
  const port = process.env.PORT?.trim() || '3000';
  return process.env.PUBLIC_URL?.trim() || `http://localhost:${port}`;
}

await buildWhatIsMissing();

console.log(`Starting the clinic portal at ${publicUrl()} (Ctrl-C to stop)`);
// Its own process group, so a Ctrl-C reaches it once, through us, not twice (terminal and us).
const server = spawn(process.execPath, [SERVER_MAIN], {
  cwd: ROOT,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { NODE_ENV: 'production', ...process.env },
  detached: true,
});

// npm forwards the terminal's signal as well, so the same signal can arrive twice at once:
// pass one on per second. A second Ctrl-C later makes the server exit without waiting.
let lastForwarded = 0;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (Date.now() - lastForwarded < 1000) return;
    lastForwarded = Date.now();
    try {
      server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
    } catch {
      // already gone
    }
  });
}
// If we go away for any other reason, the server goes too.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});

server.on('error', (error) => {
  console.error(`Could not run the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
});
