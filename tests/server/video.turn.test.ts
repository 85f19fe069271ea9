/**
 * The TURN credentials the portal hands out (server/video/turn.ts) against a real coturn
 * (Debian's package, as docs/operations.md configures it: use-auth-secret, static-auth-secret):
 * turnserver on a free port of this machine, and turnutils_uclient gets an allocation with a
 * join's credentials and relays through it; an expired credential and one made with another
 * secret are refused.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iceServersFor } from '../../server/video/turn.js';
import { freePort } from './processSupport.js';

const secret = 'a-coturn-static-auth-secret-for-tests';
const turnserver = '/usr/bin/turnserver';
const uclient = '/usr/bin/turnutils_uclient';

/** Runs turnutils_uclient once (an allocation, a channel, two messages to itself through the relay): its exit status. */
function allocate(port: number, username: string, credential: string): number {
  const run = spawnSync(uclient, ['-p', String(port), '-u', username, '-w', credential, '-n', '2', '-m', '1', '-y', '-c', '127.0.0.1'], { timeout: 20_000, encoding: 'utf8' });
  return run.status ?? -1;
}

describe('coturn accepts the portal TURN credentials', () => {
  let server: ChildProcess | null = null;
  let port = 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'clinic-turn-'));

  beforeAll(async () => {
    if (!existsSync(turnserver) || !existsSync(uclient)) throw new Error(`${turnserver} is missing: install Debian's coturn (apt-get install -y coturn)`);
    port = await freePort();
    const child = spawn(
      turnserver,
      [
        '-n',
        '--listening-ip', '127.0.0.1',
        '--relay-ip', '127.0.0.1',
        '--listening-port', String(port),
        '--min-port', '49152',
        '--max-port', '65535',
        '--use-auth-secret',
        '--static-auth-secret', secret,
        '--realm', 'clinic.test',
        '--no-tls', '--no-dtls', '--no-cli',
        // The test's peer is this machine; never in production (docs/operations.md).
        '--allow-loopback-peers',
        '--pidfile', path.join(dir, 'turnserver.pid'),
        '--db', path.join(dir, 'turndb'),
        '--log-file', 'stdout', '--simple-log',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    server = child;
    // Ready once its relay servers are made (its log says how many).
    await new Promise<void>((resolve, reject) => {
      let log = '';
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        log += chunk;
        if (/Total General servers/.test(log)) resolve();
      });
      child.once('exit', (code) => reject(new Error(`turnserver exited (${code}): ${log}`)));
    });
  });

  afterAll(() => {
    server?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('allocates with a join credential; refuses an expired one and one of another secret', () => {
    const turn = { urls: [`turn:127.0.0.1:${port}`], secret, ttlSeconds: 600 };
    const [fresh] = iceServersFor(turn, '3f2a7c1e-8d4b-4e6a-9b1c-2d3e4f5a6b7c.patient', new Date());
    expect(allocate(port, fresh!.username!, fresh!.credential!)).toBe(0);

    const [expired] = iceServersFor(turn, '3f2a7c1e-8d4b-4e6a-9b1c-2d3e4f5a6b7c.patient', new Date(Date.now() - 601_000));
    expect(allocate(port, expired!.username!, expired!.credential!)).not.toBe(0);

    const [forged] = iceServersFor({ ...turn, secret: 'another-secret-of-16-chars' }, 'x.patient', new Date());
    expect(allocate(port, forged!.username!, forged!.credential!)).not.toBe(0);
  });
});
