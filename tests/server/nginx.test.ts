/**
 * Several instances behind a real reverse proxy. Debian's nginx runs docs/nginx.conf
 * (only the listen port, the instances' ports and the log path changed) in the foreground, in
 * front of two server processes on one PostgreSQL database (TEST_DATABASE_URL); a patient signs
 * up, books and pays (sandbox provider) through it, and both instances answer some of it.
 * Skipped, saying so in its name, when nginx is not installed or TEST_DATABASE_URL is unset.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../server/paths.js';
import { testDatabaseUrl } from './helpers.js';
import { bookFirstFreeSlot, call, freePort, type ServerProcess, signUp, startServer } from './processSupport.js';
import { resultOf } from './appointmentsSupport.js';

const nginxBinary = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((p) => spawnSync(p, ['-v']).status === 0);
const skipReason = !nginxBinary
  ? 'SKIPPED: nginx is not installed (apt-get install nginx)'
  : !testDatabaseUrl
    ? 'SKIPPED: TEST_DATABASE_URL is not set (two instances need PostgreSQL)'
    : null;

/** docs/nginx.conf with this test's ports and paths, inside a whole nginx configuration. */
function nginxConfig(dir: string, listenPort: number, instancePorts: [number, number]): string {
  let site = readFileSync(path.join(packageRoot, 'docs', 'nginx.conf'), 'utf8');
  const swap = (from: string, to: string) => {
    if (!site.includes(from)) throw new Error(`docs/nginx.conf no longer has "${from}"`);
    site = site.replace(from, to);
  };
  swap('listen 80;', `listen 127.0.0.1:${listenPort};`);
  swap('server 127.0.0.1:3001', `server 127.0.0.1:${instancePorts[0]}`);
  swap('server 127.0.0.1:3002', `server 127.0.0.1:${instancePorts[1]}`);
  swap('/var/log/nginx/clinic-portal.access.log', path.join(dir, 'access.log'));
  const temp = (name: string) => path.join(dir, name);
  return `daemon off;
worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${site}
}
`;
}

describe('docs/nginx.conf for the chat', () => {
  const conf = readFileSync(path.join(packageRoot, 'docs', 'nginx.conf'), 'utf8');
  /** The body of the location block whose regex matches `uri` (the first, as nginx picks regexes in order). */
  const locationFor = (uri: string): string | null => {
    for (const m of conf.matchAll(/location ~ (\S+) \{([^}]*)\}/g)) if (new RegExp(m[1]!).test(uri)) return m[2]!;
    return null;
  };
  it('does not buffer the chat stream and reads it for long; lets 10 MB photos through', () => {
    const stream = locationFor('/api/appointment/0b7c3a5e-1111-4222-8333-944445555666/chat/stream');
    expect(stream).toMatch(/proxy_buffering off;/);
    expect(stream).toMatch(/proxy_read_timeout 1h;/);
    expect(locationFor('/api/appointment/0b7c3a5e-1111-4222-8333-944445555666/chat/photos')).toMatch(/client_max_body_size 12m;/);
    expect(locationFor('/api/appointment/0b7c3a5e-1111-4222-8333-944445555666/chat/messages')).toBeNull();
    // The staff console's live queue too.
    expect(locationFor('/api/desk/queue/stream')).toBe(stream);
  });
});

describe.skipIf(skipReason !== null)(`two instances on PostgreSQL behind nginx${skipReason ? ` (${skipReason})` : ''}`, () => {
  // Made in the test, not here: a skipped suite's body still runs, its afterAll does not.
  let dir = '';
  const database = `cp_nginx_${process.pid}`;
  const servers: ServerProcess[] = [];
  let nginx: ChildProcess | undefined;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    for (const server of servers) await server.stop();
    if (testDatabaseUrl) await admin(`drop database if exists ${database} with (force)`);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('walks sign-up, booking and payment through nginx; the proxy\'s request id reaches the app\'s log', { timeout: 300_000 }, async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'clinic-portal-nginx-'));
    await admin(`create database ${database}`);
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${database}`;
    const [proxyPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    const env = (port: number) => ({
      PORT: String(port),
      DATABASE_URL: url.href,
      DATA_DIR: path.join(dir, `data-${port}`),
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: '127.0.0.1',
      METRICS_PORT: '0',
    });
    // Both start on the empty database at once: migrations and the seed take turns.
    servers.push(...(await Promise.all([startServer(env(portA)), startServer(env(portB))])));

    for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, name));
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(conf, nginxConfig(dir, proxyPort, [portA, portB]));
    const test = spawnSync(nginxBinary!, ['-t', '-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], { encoding: 'utf8' });
    expect(test.status, test.stderr).toBe(0);
    nginx = spawn(nginxBinary!, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], { stdio: 'ignore' });
    for (let i = 0; i < 50; i++) {
      try {
        if ((await call(publicUrl, 'GET', '/healthz')).status === 200) break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }

    const health = await call(publicUrl, 'GET', '/healthz');
    expect(health.status).toBe(200);
    // nginx's $request_id (32 hex digits) is taken by the app, which makes UUIDs itself.
    expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    expect((await call(publicUrl, 'GET', '/metrics')).status).toBe(404);

    const email = 'nginx.patient@example.com';
    const token = await signUp(publicUrl, servers, email);
    const appointment = await bookFirstFreeSlot(publicUrl, token, email);
    const pay = await call(publicUrl, 'POST', '/api/payment/create-appointment', { appointmentId: appointment._id, consultationAmount: appointment.consultationFee }, token);
    expect(pay.status).toBe(200);
    const checkoutPage = new URL(pay.body.checkoutPageUrl as string);
    expect(checkoutPage.origin).toBe(publicUrl);
    expect((await call(publicUrl, 'GET', checkoutPage.pathname)).status).toBe(200);
    const paid = await call(publicUrl, 'POST', `${checkoutPage.pathname}/pay`);
    expect(paid.status).toBe(303);
    expect(resultOf(paid.headers.get('location'))).toBe(`${publicUrl}/#/paymentsuccess`);
    const list = await call(publicUrl, 'GET', `/api/auth/getUser/${encodeURIComponent(email)}`, undefined, token);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ _id: appointment._id, appointmentPaymentStatus: 'paid' })]);

    // Both instances served part of it, and each request's id is the proxy's, on both sides.
    const completed = (server: ServerProcess) =>
      server.lines.filter((l) => l.includes('"msg":"request completed"')).map((l) => JSON.parse(l) as { reqId: string; req: { remoteAddress: string } });
    const [a, b] = servers.map(completed) as [ReturnType<typeof completed>, ReturnType<typeof completed>];
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    // nginx writes a request's access line once it has sent the answer: the last one may still be
    // on its way when the client has it.
    const ids = [...a, ...b].map((l) => l.reqId);
    await expect
      .poll(() => {
        const log = readFileSync(path.join(dir, 'access.log'), 'utf8');
        // The list's line too: the app may not have logged that request yet when `ids` was read.
        return ids.every((id) => log.includes(`rid=${id}`)) && log.includes('"GET /api/auth/getUser/[email]" 200');
      }, { timeout: 5_000 })
      .toBe(true);
    const accessLog = readFileSync(path.join(dir, 'access.log'), 'utf8');
    for (const line of [...a, ...b]) {
      expect(line.reqId).toMatch(/^[0-9a-f]{32}$/);
      expect(accessLog).toContain(`rid=${line.reqId}`);
    }
    expect(accessLog).not.toContain(email);
    expect(accessLog).toContain('"GET /api/auth/getUser/[email]" 200');
  });
});

if (skipReason) {
  // Said once more on the console, so a reader of the run sees it without the skipped list.
  console.warn(`tests/server/nginx.test.ts: ${skipReason}`);
}
