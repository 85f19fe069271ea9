/**
 * A client on another address gets no sign-in token, proved with one that really is there: a network namespace
 * joined to this one by a veth pair on a private /30 (10.213.x.y) made for this run. The server
 * listens on 0.0.0.0 with the development provider on (PUBLIC_URL 127.0.0.1, as a default
 * `npm start`); a Node client inside the namespace walks start -> /dev-idp -> callback -> exchange,
 * rewriting 127.0.0.1 to the server's veth address, and must come out with no token. The same walk
 * from loopback still signs in.
 *
 * Needs root and iproute2 (`ip netns`); CI runs as root. Elsewhere the tests are skipped, and say so.
 * Names are unique per run, and everything made is removed after the tests, also when they fail
 * (and at exit, should the hooks never run).
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type GoogleServer, startGoogleServer } from './googleBrowser.js';
import { useTestDatabases } from './helpers.js';

const run = promisify(execFile);
const walkScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'googleWalk.mjs');
const suffix = `${process.pid.toString(36)}${randomBytes(3).toString('hex')}`.slice(-9);

/** Why this machine cannot run the tests, or undefined when it can (it makes and removes a namespace to know). */
function whyNoNamespaces(): string | undefined {
  if (process.platform !== 'linux') return `network namespaces are Linux only (this is ${process.platform})`;
  if (process.getuid?.() !== 0) return 'making network namespaces needs root';
  const version = spawnSync('ip', ['-V'], { encoding: 'utf8' });
  if (version.error) return `the ip command (iproute2) is not available: ${version.error.message}`;
  const probe = `cpprobe-${suffix}`;
  const add = spawnSync('ip', ['netns', 'add', probe], { encoding: 'utf8' });
  if (add.status !== 0) return `ip netns add failed: ${add.stderr.trim() || `exit ${add.status}`}`;
  spawnSync('ip', ['netns', 'del', probe]);
  return undefined;
}

const cannot = whyNoNamespaces();
if (cannot) console.log(`[google.netns] skipped: ${cannot}`);

interface Walk {
  steps: Array<{ method: string; path: string; status: number }>;
  token: string | null;
  stoppedAt?: string;
}

describe.skipIf(cannot !== undefined)('the development provider, from another address (network namespace)', () => {
  const databases = useTestDatabases('pglite');
  const namespace = `clinic-gt-${suffix}`;
  const hostSide = `cg${suffix}h`.slice(0, 15);
  const nsSide = `cg${suffix}n`.slice(0, 15);
  // A /30 not on this machine yet: .1 is ours (host side), .2 the namespace's.
  let hostAddress = '';
  const made: string[] = [];
  const servers: GoogleServer[] = [];

  function cleanUp(): void {
    // Deleting one end of a veth pair deletes both; deleting the namespace drops what is left in it.
    if (made.includes('link')) spawnSync('ip', ['link', 'del', hostSide]);
    if (made.includes('netns')) spawnSync('ip', ['netns', 'del', namespace]);
    made.length = 0;
  }
  process.once('exit', cleanUp);

  beforeAll(() => {
    const inUse = execFileSync('ip', ['-4', '-o', 'addr', 'show'], { encoding: 'utf8' });
    let prefix = '';
    for (let tries = 0; tries < 20 && !prefix; tries++) {
      const candidate = `10.213.${randomBytes(1)[0]}.${(randomBytes(1)[0]! & 0xfc)}`;
      const [a, b, c, d] = candidate.split('.');
      if (!inUse.includes(` ${a}.${b}.${c}.${Number(d) + 1}/`) && !inUse.includes(` ${a}.${b}.${c}.${Number(d) + 2}/`)) prefix = candidate;
    }
    if (!prefix) throw new Error('no free 10.213.x.y/30 found');
    const [a, b, c, d] = prefix.split('.');
    hostAddress = `${a}.${b}.${c}.${Number(d) + 1}`;
    const nsAddress = `${a}.${b}.${c}.${Number(d) + 2}`;
    const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      ip('netns', 'add', namespace);
      made.push('netns');
      ip('link', 'add', hostSide, 'type', 'veth', 'peer', 'name', nsSide);
      made.push('link');
      ip('link', 'set', nsSide, 'netns', namespace);
      ip('addr', 'add', `${hostAddress}/30`, 'dev', hostSide);
      ip('link', 'set', hostSide, 'up');
      ip('netns', 'exec', namespace, 'ip', 'addr', 'add', `${nsAddress}/30`, 'dev', nsSide);
      ip('netns', 'exec', namespace, 'ip', 'link', 'set', nsSide, 'up');
      ip('netns', 'exec', namespace, 'ip', 'link', 'set', 'lo', 'up');
    } catch (error) {
      cleanUp();
      throw error;
    }
  });

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.app.close()));
  });

  afterAll(() => {
    cleanUp();
    process.removeListener('exit', cleanUp);
    // Nothing of this run is left behind.
    expect(spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' }).stdout).not.toContain(namespace);
    expect(spawnSync('ip', ['link', 'show', hostSide]).status).not.toBe(0);
  });

  async function serve(trustProxy = false): Promise<GoogleServer> {
    const server = await startGoogleServer(await databases.seeded(), { kind: 'development' }, { host: '0.0.0.0', trustProxy });
    servers.push(server);
    return server;
  }

  /** The walk from inside the namespace (`inNamespace`) or from this machine, to `base`. */
  async function walk(server: GoogleServer, base: string, { inNamespace = false, headers = {} } = {}): Promise<Walk> {
    const command = inNamespace ? ['ip', ['netns', 'exec', namespace, process.execPath, walkScript, base, server.publicUrl]] as const : [process.execPath, [walkScript, base, server.publicUrl]] as const;
    const { stdout } = await run(command[0], [...command[1]], {
      env: { ...process.env, WALK_HEADERS: JSON.stringify(headers) },
      timeout: 60_000,
    });
    return JSON.parse(stdout.trim().split('\n').pop()!) as Walk;
  }

  const port = (server: GoogleServer) => new URL(server.publicUrl).port;

  it('signs in from loopback, through the whole walk', async () => {
    const server = await serve();
    const result = await walk(server, server.publicUrl);
    expect(result.token, JSON.stringify(result)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.steps.at(-1)).toEqual({ method: 'POST', path: '/api/auth/google/exchange', status: 200 });
    expect(server.accounts.sessions.map((s) => s.token)).toEqual([result.token]);
  });

  it('gives a client on another address no token: refused (403) at the first step, nothing issued', async () => {
    const server = await serve();
    const result = await walk(server, `http://${hostAddress}:${port(server)}`, { inNamespace: true });
    expect(result.token).toBeNull();
    // It did reach the server (not a network failure) and was refused there.
    expect(result.steps).toEqual([{ method: 'GET', path: '/api/auth/google/start', status: 403 }]);
    expect(server.accounts.identities).toEqual([]);
    expect(server.accounts.sessions).toEqual([]);
  });

  it('refuses each later step too, and a forged X-Forwarded-For with TRUST_PROXY on', async () => {
    const server = await serve(true);
    const base = `http://${hostAddress}:${port(server)}`;
    const forged = { 'x-forwarded-for': '127.0.0.1' };
    expect((await walk(server, base, { inNamespace: true, headers: forged })).steps).toEqual([
      { method: 'GET', path: '/api/auth/google/start', status: 403 },
    ]);
    // Each step on its own, from inside the namespace, with curl: all refused.
    const curl = async (method: string, target: string, body?: string) => {
      const args = ['netns', 'exec', namespace, 'curl', '-s', '-o', '/dev/null', '-w', '%{http_code}', '-X', method, '-H', 'x-forwarded-for: 127.0.0.1'];
      if (body) args.push('-H', 'content-type: application/json', '--data', body);
      const { stdout } = await run('ip', [...args, `${base}${target}`], { timeout: 30_000 });
      return Number(stdout);
    };
    const hasCurl = spawnSync('curl', ['--version']).status === 0;
    if (!hasCurl) console.log('[google.netns] curl not installed: the single steps are checked by the walk only');
    else {
      expect(await curl('GET', '/dev-idp/.well-known/openid-configuration')).toBe(403);
      expect(await curl('GET', '/dev-idp/auth?client_id=clinic-portal-dev')).toBe(403);
      expect(await curl('GET', '/api/auth/google/callback?code=x&state=y')).toBe(403);
      expect(await curl('POST', '/api/auth/google/exchange', JSON.stringify({ code: 'A'.repeat(43) }))).toBe(403);
    }
    expect(server.accounts.sessions).toEqual([]);
    // The server still signs in this machine's browser.
    expect((await walk(server, server.publicUrl)).token).toBeTruthy();
  });
});
