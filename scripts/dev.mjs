#!/usr/bin/env node
// `npm run dev`: the API in watch mode (tsx watch server/main.ts on DEV_API_PORT, 3001) behind
// vite's dev server with hot reload (http://localhost:5173, which proxies /api to the API).
// Ctrl-C stops both; if one of them stops, so does the other.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'node_modules/.bin');
const apiPort = process.env.DEV_API_PORT?.trim() || '3001';
const vitePort = '5173'; // vite.config.ts

const children = [
  {
    name: 'api',
    command: [join(BIN, 'tsx'), 'watch', '--clear-screen=false', 'server/main.ts'],
    env: {
      ...process.env,
      PORT: apiPort,
      // Only vite talks to it.
      HOST: process.env.HOST?.trim() || '127.0.0.1',
      // People open vite's address: links the server writes (mails, later) must point there.
      PUBLIC_URL: process.env.PUBLIC_URL?.trim() || `http://localhost:${vitePort}`,
    },
  },
  {
    name: 'vite',
    command: [join(BIN, 'vite')],
    env: { ...process.env, DEV_API_PORT: apiPort },
  },
].map((spec) => {
  const [cmd, ...args] = spec.command;
  // Own process groups: a Ctrl-C reaches each once, through us.
  const child = spawn(cmd, args, { cwd: ROOT, env: spec.env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  child.on('error', (error) => {
    console.error(`[dev] could not start ${spec.name}: ${error.message}`);
    stop('SIGTERM', 1);
  });
  child.on('exit', (code, signal) => {
    child.exited = true;
    if (!stopping) {
      console.error(`[dev] ${spec.name} stopped (${signal ?? `exit code ${code}`}); stopping the rest`);
      stop('SIGTERM', code || 1);
    } else if (children.every((c) => c.exited)) {
      process.exit(exitCode);
    }
  });
  return child;
});

console.log(`[dev] site with hot reload: http://localhost:${vitePort}  (API on http://127.0.0.1:${apiPort}; Ctrl-C stops both)`);

let stopping = false;
let exitCode = 0;
function stop(signal, code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of children) {
    if (!child.exited) {
      try {
        // Only the child itself: tsx watch passes it on to the server once; a signal to the
        // whole group would reach the server twice, and a second signal means "exit now".
        child.kill(signal);
      } catch {
        // already gone
      }
    }
  }
  // Whatever does not stop in time is killed, with its whole process group.
  setTimeout(() => {
    for (const child of children) {
      try {
        if (!child.exited) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    process.exit(exitCode || 1);
  }, 12_000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop('SIGTERM', 0));
