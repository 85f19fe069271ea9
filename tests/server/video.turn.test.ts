/**
 * The TURN credentials the portal hands out (server/video/turn.ts) against a real coturn
 * (Debian's package, as docs/operations.md configures it: use-auth-secret, static-auth-secret):
 * turnserver on a free port of this machine (tests/e2e/support/coturn.ts), and turnutils_uclient gets an allocation with a
 * join's credentials and relays through it; an expired credential and one made with another
 * secret are refused.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iceServersFor } from '../../server/video/turn.js';
import { startCoturn, type Coturn } from '../e2e/support/coturn.js';

const secret = 'a-coturn-static-auth-secret-for-tests';
const uclient = '/usr/bin/turnutils_uclient';

/** Runs turnutils_uclient once (an allocation, a channel, two messages to itself through the relay): its exit status. */
function allocate(port: number, username: string, credential: string): number {
  const run = spawnSync(uclient, ['-p', String(port), '-u', username, '-w', credential, '-n', '2', '-m', '1', '-y', '-c', '127.0.0.1'], { timeout: 20_000, encoding: 'utf8' });
  return run.status ?? -1;
}

describe('coturn accepts the portal TURN credentials', () => {
  let server: Coturn | null = null;
  let port = 0;

  beforeAll(async () => {
    if (!existsSync(uclient)) throw new Error(`${uclient} is missing: install Debian's coturn (apt-get install -y coturn)`);
    server = await startCoturn(secret);
    port = server.port;
  });

  afterAll(() => server?.stop());

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
