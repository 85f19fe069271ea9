// A bare Fastify: the floor an API figure is compared with, on the same machine in the same run.
// It answers one route with a fixed JSON body (serialized per request, as a handler returning an
// object is), with no database, no validation, no logging. It runs as its own process, as the real
// server does, so that it never shares an event loop with the load generator.
//
//   startBareFastify({ path: '/api/x/:id', body: [...] }) -> { url, pid, stop() }
//
// Run directly (`node bench/lib/bare-fastify.mjs`), it reads BARE_PATH, BARE_BODY (JSON) and PORT
// from its environment, listens on 127.0.0.1 and prints `listening <port>` once it does.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);

/**
 * @param {{ path: string, body: unknown, timeoutMs?: number }} opts
 * @returns {Promise<{ url: string, port: number, pid: number, stop: () => Promise<void> }>}
 */
export function startBareFastify({ path, body, timeoutMs = 30_000 }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [self], {
      env: { ...process.env, NODE_ENV: 'production', BARE_PATH: path, BARE_BODY: JSON.stringify(body), PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let exited = false;
    const exit = new Promise((r) => child.on('exit', () => ((exited = true), r(undefined))));
    const stop = async () => {
      if (exited) return;
      child.kill('SIGTERM');
      const done = await Promise.race([exit.then(() => true), new Promise((r) => setTimeout(() => r(false), 5_000))]);
      if (!done) {
        child.kill('SIGKILL');
        await exit;
      }
    };
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the bare Fastify did not listen within ${timeoutMs / 1000}s:\n${output}`));
    }, timeoutMs);
    child.stderr.on('data', (c) => (output += c));
    child.stdout.on('data', (c) => {
      output += c;
      const m = /listening (\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        const port = Number(m[1]);
        resolve({ url: `http://127.0.0.1:${port}`, port, pid: /** @type {number} */ (child.pid), stop });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the bare Fastify exited (code ${code}):\n${output}`));
    });
  });
}

if (process.argv[1] === self) {
  const { default: Fastify } = await import('fastify');
  const body = JSON.parse(process.env.BARE_BODY ?? '[]');
  const app = Fastify({ logger: false });
  app.get(process.env.BARE_PATH ?? '/', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return body;
  });
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
  const address = app.server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
  const close = () => app.close().then(() => process.exit(0));
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
}
