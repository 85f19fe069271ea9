/**
 * What every live stream of the server shares (the chat's, server/chat; the queue's,
 * server/queue): the count of open streams against their caps, one LISTEN per channel and
 * instance, and the start of a Server-Sent Events answer with its timers.
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { Database } from '../db/database.js';

/** A place among the open streams, held from admission until the stream ends. */
export interface StreamTicket {
  release(): void;
}

/**
 * The process's open-file limit (Linux: /proc/self/limits, the soft limit), or null where it
 * cannot be read or is unlimited.
 */
export function openFileLimit(read: () => string = () => readFileSync('/proc/self/limits', 'utf8')): number | null {
  try {
    const line = read()
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    return soft !== undefined && /^\d+$/.test(soft) ? Number(soft) : null;
  } catch {
    return null;
  }
}

/** The total cap in force: the setting, but at most half the open-file limit (the rest for everything else). */
export function effectiveTotal(setting: number, fileLimit: number | null): number {
  return fileLimit === null ? setting : Math.max(1, Math.min(setting, Math.floor(fileLimit / 2)));
}

/** One new stream's claim: its group (a conversation of an account, a display link, an account) and cap, its client address, the caps. */
export interface Admission<K extends string> {
  group: { kind: K; id: string; cap: number };
  address: string;
  perClient: number;
  total: number;
}

/**
 * The count of admitted streams (from admission, before they are tracked, until they end) per
 * group, per client address and in all. A new one is checked and counted in one synchronous
 * step, so streams asked for at once cannot pass a cap together; `release` gives the place back, once.
 */
export function streamAdmissions<K extends string>(fileLimit: number | null) {
  const counts = new Map<string, number>();
  let admitted = 0;
  const count = (key: string) => counts.get(key) ?? 0;
  const move = (key: string, by: number) => {
    const n = count(key) + by;
    if (n > 0) counts.set(key, n);
    else counts.delete(key);
  };

  return function admit(a: Admission<K>): StreamTicket | K | 'client' | 'total' {
    const group = `${a.group.kind} ${a.group.id}`;
    const client = `client ${a.address}`;
    if (count(group) >= a.group.cap) return a.group.kind;
    if (count(client) >= a.perClient) return 'client';
    if (admitted >= effectiveTotal(a.total, fileLimit)) return 'total';
    move(group, 1);
    move(client, 1);
    admitted += 1;
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        move(group, -1);
        move(client, -1);
        admitted -= 1;
      },
    };
  };
}

/**
 * LISTEN on `channel`, once per instance (PostgreSQL: one dedicated client, server/db/postgres.ts;
 * PGlite: its in-process listen), started on first need; a failed start is reported and tried
 * again at the next need. `onReconnect`: the connection came back after it was lost.
 */
export function channelListener(db: Database, channel: string, onPayload: (payload: string) => void, onReconnect: () => void, onError: (error: unknown) => void) {
  let listening: Promise<(() => Promise<void>) | null> | null = null;
  return {
    ensure(): Promise<(() => Promise<void>) | null> {
      listening ??= db.listen ? db.listen(channel, onPayload, onReconnect) : Promise.resolve(null);
      listening.catch((error: unknown) => {
        onError(error);
        listening = null;
      });
      return listening;
    },
    async stop(): Promise<void> {
      const current = listening;
      listening = null;
      const unlisten = await current?.catch(() => null);
      await unlisten?.();
    },
  };
}

export const eventStreamHead = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
  // nginx: do not buffer this answer (docs/nginx.conf also turns buffering off for the path).
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
};

/**
 * Starts a Server-Sent Events answer on `raw`: the head, the browser's retry delay, a comment
 * every keepAliveMs so proxies and phones keep the connection, `recheck` every recheckMs, and
 * `onClose` when the browser goes. Answers what stops the timers.
 */
export function startEventStream(
  raw: ServerResponse,
  write: (chunk: string) => void,
  timers: { keepAliveMs: number; recheckMs: number; recheck: () => void; onClose: () => void },
): () => void {
  raw.writeHead(200, eventStreamHead);
  write('retry: 2000\n: open\n\n');
  const keepAlive = setInterval(() => write(': keep-alive\n\n'), timers.keepAliveMs);
  keepAlive.unref();
  const recheck = setInterval(timers.recheck, timers.recheckMs);
  recheck.unref();
  raw.on('close', timers.onClose);
  return () => {
    clearInterval(keepAlive);
    clearInterval(recheck);
  };
}

/** An instance's open streams of one kind: tracked while they run, all ended at a shutdown. */
export function openStreams<S extends { end(): void }>() {
  const streams = new Set<S>();
  return {
    /** Answers the function that takes it out again. */
    track(stream: S): () => void {
      streams.add(stream);
      return () => streams.delete(stream);
    },
    /** Each open stream (a copy: a stream may end while it is called). */
    list: (): S[] => [...streams],
    get size(): number {
      return streams.size;
    },
    /** The graceful shutdown: every open stream ends. */
    endAll(): void {
      for (const s of [...streams]) s.end();
    },
  };
}
