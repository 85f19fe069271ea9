/**
 * Operations, with the real server as a child process on the embedded database:
 * graceful shutdown (a slow request in flight finishes after SIGTERM, new connections are
 * refused, exit 0, DATA_DIR/db.lock released), metrics on the loopback operations port only,
 * and `npm run clinic -- backup` while it serves -> `restore` into a fresh DATA_DIR -> start ->
 * the booking made before the backup is there.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { createMetrics } from '../../server/ops/metrics.js';
import { startOpsServer } from '../../server/ops/server.js';
import { runClinicCommand } from '../../server/cli.js';
import type { Env } from '../../server/config.js';
import { pgliteDir } from '../../server/db/open.js';
import { bookFirstFreeSlot, call, logIn, type ServerProcess, signUp, startServer } from './processSupport.js';

const temp = mkdtempSync(path.join(os.tmpdir(), 'clinic-portal-ops-'));
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const server of running) await server.stop('SIGKILL');
  rmSync(temp, { recursive: true, force: true });
});

async function clinic(args: string[], env: Env) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runClinicCommand(args, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { status, out: out.join('\n'), err: err.join('\n') };
}

async function serve(dataDir: string, extra: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServer({ DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: '20', ...extra });
  running.push(server);
  return server;
}

/** Whether a new TCP connection to the port is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

describe('the server process (embedded database)', () => {
  const dataDir = path.join(temp, 'first');
  const restoredDir = path.join(temp, 'restored');
  const backupFile = path.join(temp, 'clinic-backup.tar.gz');
  const email = 'ops.patient@example.com';
  let bookingId = '';

  it('serves metrics on the loopback operations port only; backs up while serving; drains on SIGTERM', { timeout: 240_000 }, async () => {
    const server = await serve(dataDir);
    expect(server.opsPort).not.toBeNull();
    expect((await call(server.url, 'GET', '/healthz')).status).toBe(200);
    expect((await call(server.url, 'GET', '/readyz')).body).toEqual({ status: 'ready' });

    const token = await signUp(server.url, [server], email);
    bookingId = (await bookFirstFreeSlot(server.url, token, email))._id;

    // Metrics: not on the public port; on the operations port, with the booking counted.
    expect((await call(server.url, 'GET', '/metrics')).status).toBe(404);
    const metrics = await fetch(`http://127.0.0.1:${server.opsPort}/metrics`);
    const text = await metrics.text();
    expect(text).toMatch(/^clinic_bookings_total\{outcome="booked"\} 1$/m);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_resident_memory_bytes');
    // The operations port's backup needs the token of DATA_DIR/ops.json.
    expect((await fetch(`http://127.0.0.1:${server.opsPort}/backup`, { method: 'POST' })).status).toBe(401);

    // Backup while the server runs (it holds the database: the command asks it).
    const backup = await clinic(['backup', backupFile], { DATA_DIR: dataDir });
    expect(backup.err).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.out).toContain(`taken by the running server (pid ${server.child.pid})`);
    expect(statSync(backupFile).size).toBeGreaterThan(100_000);
    expect((statSync(backupFile).mode & 0o777).toString(8)).toBe('600');
    expect((await clinic(['backup', backupFile], { DATA_DIR: dataDir })).status).toBe(1); // never overwritten silently
    // Restore is refused under a running server.
    const underServer = await clinic(['restore', backupFile, '--force'], { DATA_DIR: dataDir });
    expect(underServer.status).toBe(1);
    expect(underServer.err).toContain('is in use by another server');

    // A slow request in flight: its body is sent half now, half after SIGTERM. `Expect:
    // 100-continue` makes the server say when it has the request (its headers parsed, the route
    // waiting for the body), so SIGTERM comes after that however loaded the machine is.
    const body = JSON.stringify({ email: 'slow.request@example.com' });
    let newConnectionRefused: boolean | undefined;
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: '/api/otp/send-otp',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (c: string) => (text += c)).on('end', () => resolve({ status: res.statusCode!, body: text }));
        },
      );
      req.on('error', reject);
      req.once('continue', () => {
        req.write(body.slice(0, 10));
        server.child.kill('SIGTERM');
        void server.waitForLine(/"msg":"shutting down"/).then(async () => {
          // Nobody new gets in once the listener has closed (asked until it has, within the grace).
          for (const started = Date.now(); !(newConnectionRefused = await refused(server.port)) && Date.now() - started < 10_000; ) {
            await new Promise((r) => setTimeout(r, 50));
          }
          req.end(body.slice(10));
        }, reject);
      });
      req.flushHeaders();
    });
    const slow = await answer;
    expect(newConnectionRefused).toBe(true);
    expect(slow.status).toBe(200);
    expect(await server.exited).toBe(0);
    expect(server.lines.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
    expect(existsSync(`${pgliteDir(dataDir)}.lock`)).toBe(false);
    expect(existsSync(path.join(dataDir, 'ops.json'))).toBe(false);
  });

  it('restore refuses a non-empty DATA_DIR without --force, loads the backup into a fresh one, and the booking is there', { timeout: 240_000 }, async () => {
    expect(bookingId).not.toBe('');
    // The stopped first server's DATA_DIR holds a database: refused without --force.
    const refusedRestore = await clinic(['restore', backupFile], { DATA_DIR: dataDir });
    expect(refusedRestore.status).toBe(1);
    expect(refusedRestore.err).toContain('already holds a database. Add --force');

    const restored = await clinic(['restore', backupFile], { DATA_DIR: restoredDir });
    expect(restored.err).toBe('');
    expect(restored.status).toBe(0);

    const server = await serve(restoredDir);
    const token = await logIn(server.url, email);
    const list = await call(server.url, 'GET', `/api/auth/getUser/${encodeURIComponent(email)}`, undefined, token);
    expect(list.status).toBe(200);
    expect((list.body as { _id: string }[]).map((a) => a._id)).toEqual([bookingId]);
    expect(await server.stop()).toBe(0);
  });

  it('on PostgreSQL, backup and restore point to pg_dump and pg_restore', async () => {
    const env = { DATABASE_URL: 'postgres://clinic@db.internal:5432/clinic', DATA_DIR: path.join(temp, 'pg') };
    const backup = await clinic(['backup', path.join(temp, 'x.tar.gz')], env);
    expect(backup.status).toBe(1);
    expect(backup.err).toContain('pg_dump --format=custom');
    const restore = await clinic(['restore', backupFile], env);
    expect(restore.status).toBe(1);
    expect(restore.err).toContain('pg_restore');
  });
});

describe('the operations port', () => {
  it('a taken METRICS_PORT stops the start with a message naming the variable', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const unused = () => Promise.reject(new Error('unused'));
    const db: Database = { kind: 'postgres', query: unused, exec: unused, transaction: unused, close: async () => {} };
    try {
      const start = startOpsServer({
        config: { port, host: '127.0.0.1', token: null },
        metrics: createMetrics(),
        db,
        dataDir: null,
        log: Fastify({ logger: false }).log,
      });
      await expect(start).rejects.toBeInstanceOf(ConfigError);
      await expect(start).rejects.toThrow(`Cannot listen on the operations port 127.0.0.1:${port} (EADDRINUSE): set another METRICS_PORT`);
    } finally {
      taken.close();
    }
  });
});
