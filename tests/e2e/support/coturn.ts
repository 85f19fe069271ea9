// Debian's coturn for the suites that relay through it (tests/server/video.turn.test.ts,
// tests/e2e/video.test.ts): `turnserver` on a free port of this machine with the TURN REST
// credentials scheme (use-auth-secret, static-auth-secret) as docs/operations.md configures it;
// and a UDP relay in front of it that can cut one side of a call off, the way a dropped network
// would (`startTurnCut`).
import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server.mjs';

export const TURNSERVER = '/usr/bin/turnserver';

export interface Coturn {
  port: number;
  stop: () => void;
}

/** Starts turnserver on 127.0.0.1 (UDP and TCP, no TLS) with `secret`; resolves once its relay servers are made. */
export async function startCoturn(secret: string): Promise<Coturn> {
  if (!existsSync(TURNSERVER)) throw new Error(`${TURNSERVER} is missing: install Debian's coturn (apt-get install -y coturn)`);
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'clinic-turn-'));
  const child: ChildProcess = spawn(
    TURNSERVER,
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
      // The tests' peers are this machine; never in production (docs/operations.md).
      '--allow-loopback-peers',
      '--pidfile', path.join(dir, 'turnserver.pid'),
      '--db', path.join(dir, 'turndb'),
      '--log-file', 'stdout', '--simple-log',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stop = () => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Ready once its relay servers are made (its log says how many).
    await new Promise<void>((resolve, reject) => {
      let log = '';
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        if (log.length < 100_000) log += chunk;
        if (/Total General servers/.test(log)) resolve();
      });
      child.stderr!.resume();
      child.once('exit', (code) => reject(new Error(`turnserver exited (${code}): ${log}`)));
    });
  } catch (error) {
    stop();
    throw error;
  }
  return { port, stop };
}

/** The USERNAME attribute of a STUN message (RFC 8489), or null (not STUN, or none). */
export function stunUsername(msg: Buffer): string | null {
  if (msg.length < 20 || (msg[0]! & 0xc0) !== 0 || msg.readUInt32BE(4) !== 0x2112a442) return null;
  let at = 20;
  while (at + 4 <= msg.length) {
    const type = msg.readUInt16BE(at);
    const length = msg.readUInt16BE(at + 2);
    if (type === 0x0006 && at + 4 + length <= msg.length) return msg.toString('utf8', at + 4, at + 4 + length);
    at += 4 + Math.ceil(length / 4) * 4;
  }
  return null;
}

export interface TurnCut {
  /** Where the browsers reach the TURN server (UDP). */
  port: number;
  /** Drops every datagram of the flows whose TURN username ends with `.${side}` (the portal's `<expiry>:<appointment>.<side>`), both ways. */
  cut: (side: 'patient' | 'doctor') => void;
  /** Lets them through again. */
  restore: () => void;
  stop: () => void;
}

/**
 * A UDP relay on 127.0.0.1 in front of coturn: each client address gets its own socket towards
 * coturn; a flow is known as a side's by the first TURN username it sends (its allocation's),
 * and a cut side's flows are dropped, new allocations included, until `restore`.
 */
export async function startTurnCut(turnPort: number): Promise<TurnCut> {
  const front = createSocket('udp4');
  const flows = new Map<string, { back: Socket; user: string | null }>();
  let cutSide: string | null = null;
  const isCut = (user: string | null) => cutSide !== null && user !== null && user.endsWith(`.${cutSide}`);
  front.on('message', (msg, from) => {
    const key = `${from.address}:${from.port}`;
    let flow = flows.get(key);
    if (!flow) {
      const back = createSocket('udp4');
      const made = { back, user: null as string | null };
      back.on('message', (answer) => {
        if (!isCut(made.user)) front.send(answer, from.port, from.address);
      });
      back.bind(0, '127.0.0.1');
      flows.set(key, made);
      flow = made;
    }
    flow.user ??= stunUsername(msg);
    if (isCut(flow.user)) return;
    flow.back.send(msg, turnPort, '127.0.0.1');
  });
  await new Promise<void>((resolve) => front.bind(0, '127.0.0.1', resolve));
  return {
    port: front.address().port,
    cut: (side) => {
      cutSide = side;
    },
    restore: () => {
      cutSide = null;
    },
    stop: () => {
      for (const { back } of flows.values()) back.close();
      front.close();
    },
  };
}
