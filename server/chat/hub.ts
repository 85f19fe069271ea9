/**
 * Real-time delivery of chat messages (issue 13), across instances.
 *
 * A posted message is written, then announced with NOTIFY on the channel `chat_message` in the
 * same transaction (so the announcement goes out only if the message is committed). The payload is
 * ids only, `{"a": appointment id, "m": message id}`: no text or personal data travels through
 * the notification. Every instance LISTENs once (PostgreSQL: one dedicated client per instance,
 * server/db/postgres.ts; PGlite: its in-process listen) and pokes the open streams of that
 * appointment; each stream then reads the messages after the last id it sent from the table.
 * So a stream never sends a message twice or out of order (one read at a time per stream, ids
 * only grow), and never misses one: it subscribes before it replays what came after the
 * browser's Last-Event-ID, and after a lost LISTEN connection every stream reads again.
 */
import type { ServerResponse } from 'node:http';
import type { Database } from '../db/database.js';

export const chatChannel = 'chat_message';

type Poke = () => void;

export interface ChatStream {
  appointmentId: string;
  /** Ends the stream with a `reconnect` event (the graceful shutdown). */
  end(): void;
  /** Ends the stream with a `changed` event: the appointment's state changed (024), load it again. */
  changed(): void;
}

export function createChatHub(db: Database, onError: (error: unknown, task: string) => void) {
  const subscribers = new Map<string, Set<Poke>>();
  const streams = new Set<ChatStream>();
  let listening: Promise<(() => Promise<void>) | null> | null = null;

  const pokeAll = () => {
    for (const set of subscribers.values()) for (const poke of set) poke();
  };

  function onPayload(payload: string): void {
    let notice: { a?: unknown; s?: unknown };
    try {
      notice = JSON.parse(payload) as { a?: unknown; s?: unknown };
    } catch {
      return;
    }
    const appointmentId = notice.a;
    if (typeof appointmentId !== 'string') return;
    // The appointment itself changed (completed, cancelled, moved, paid: 024_chat_state_notices.sql).
    if (notice.s !== undefined) {
      for (const s of [...streams]) if (s.appointmentId === appointmentId) s.changed();
      return;
    }
    for (const poke of subscribers.get(appointmentId) ?? []) poke();
  }

  function ensureListening(): Promise<(() => Promise<void>) | null> {
    listening ??= db.listen ? db.listen(chatChannel, onPayload, pokeAll) : Promise.resolve(null);
    listening.catch((error: unknown) => {
      onError(error, 'chat LISTEN');
      listening = null;
    });
    return listening;
  }

  return {
    /** Starts listening (once per instance); the app calls it at start so the first stream is quick. */
    start: () => ensureListening().then(() => undefined),

    /** Calls `poke` whenever a message of this appointment is committed (on any instance). */
    async subscribe(appointmentId: string, poke: Poke): Promise<() => void> {
      await ensureListening();
      let set = subscribers.get(appointmentId);
      if (!set) subscribers.set(appointmentId, (set = new Set()));
      set.add(poke);
      return () => {
        set.delete(poke);
        if (set.size === 0 && subscribers.get(appointmentId) === set) subscribers.delete(appointmentId);
      };
    },

    /** Inside the transaction that wrote the message: sent at its commit. */
    async announce(tx: Pick<Database, 'query'>, appointmentId: string, messageId: string): Promise<void> {
      await tx.query('select pg_notify($1, $2)', [chatChannel, JSON.stringify({ a: appointmentId, m: messageId })]);
      // A database without listen (none today) still reaches this instance's streams.
      if (!db.listen) setImmediate(() => onPayload(JSON.stringify({ a: appointmentId })));
    },

    track(stream: ChatStream): () => void {
      streams.add(stream);
      return () => streams.delete(stream);
    },

    /** Open streams on this instance (metrics, bench). */
    get openStreams(): number {
      return streams.size;
    },

    /** The graceful shutdown: every open stream gets `reconnect` and ends; the browser goes elsewhere. */
    endAll(): void {
      for (const s of [...streams]) s.end();
    },

    async close(): Promise<void> {
      for (const s of [...streams]) s.end();
      const current = listening;
      listening = null;
      const unlisten = await current?.catch(() => null);
      await unlisten?.();
    },
  };
}
export type ChatHub = ReturnType<typeof createChatHub>;

export interface StreamOptions<M extends { id: string }> {
  raw: ServerResponse;
  hub: ChatHub;
  appointmentId: string;
  /** The last id the browser has ('0': none). */
  after: string;
  /** Messages after an id, oldest first, at most a page. */
  load: (after: string) => Promise<M[]>;
  keepAliveMs: number;
  onError: (error: unknown) => void;
}

/**
 * Serves one Server-Sent Events stream on a hijacked response: `message` events with the message
 * id as the event id, a comment every keepAliveMs so proxies and phones keep the connection, and
 * a `reconnect` event before the server ends it (a `changed` event when the appointment's state
 * changed: the browser loads the conversation again and so learns its new state).
 */
export async function serveChatStream<M extends { id: string }>(o: StreamOptions<M>): Promise<void> {
  const { raw } = o;
  let last = o.after;
  let closed = false;
  let queue = Promise.resolve();
  let again = false;
  let running = false;

  const write = (chunk: string) => {
    if (!closed) raw.write(chunk);
  };

  const drainMessages = async () => {
    for (;;) {
      const page = await o.load(last);
      if (closed) return;
      for (const m of page) {
        write(`id: ${m.id}\nevent: message\ndata: ${JSON.stringify(m)}\n\n`);
        last = m.id;
      }
      if (page.length === 0) return;
    }
  };

  // One read at a time; a poke while reading asks for one more read after it.
  const poke = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    queue = queue
      .then(async () => {
        do {
          again = false;
          await drainMessages();
        } while (again && !closed);
      })
      .catch((error: unknown) => o.onError(error))
      .finally(() => {
        running = false;
      });
  };

  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    // nginx: do not buffer this answer (docs/nginx.conf also turns buffering off for the path).
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  write('retry: 2000\n: open\n\n');

  let unsubscribe: () => void = () => undefined;
  let untrack: () => void = () => undefined;
  const keepAlive = setInterval(() => write(': keep-alive\n\n'), o.keepAliveMs);
  keepAlive.unref();

  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    unsubscribe();
    untrack();
  };
  raw.on('close', finish);

  const endWith = (event: 'reconnect' | 'changed') => {
    write(`event: ${event}\ndata: {}\n\n`);
    finish();
    raw.end();
  };
  // A change of state ends the stream after one more read: the messages committed before it (one
  // whose notice came before this instance listened, say) are sent first, then `changed`.
  const changed = () => {
    queue = queue
      .then(drainMessages)
      .catch((error: unknown) => o.onError(error))
      .then(() => endWith('changed'));
  };
  untrack = o.hub.track({ appointmentId: o.appointmentId, end: () => endWith('reconnect'), changed });
  unsubscribe = await o.hub.subscribe(o.appointmentId, poke);
  if (closed) unsubscribe();
  poke();
}
