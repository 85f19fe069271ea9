/**
 * One chat stream: Server-Sent Events on a hijacked response, fed by the hub (./hub.ts) with a
 * poke for each committed message of its appointment, a recheck when its session or part may have
 * ended, and a change of the appointment's state.
 */
import type { ServerResponse } from 'node:http';
import { startEventStream } from '../live/streams.js';
import { streamRecheckMs, type ChatHub, type StreamTicket, type StreamTopic } from './hub.js';

export interface StreamOptions<M extends { id: string }> {
  raw: ServerResponse;
  hub: ChatHub;
  appointmentId: string;
  /** The account that opened the stream. */
  userId: string;
  /** Its place among the open streams (hub.admit), given back when the stream ends. */
  ticket: StreamTicket;
  /** The last id the browser has ('0': none). */
  after: string;
  /** Messages after an id, oldest first, at most a page. */
  load: (after: string) => Promise<M[]>;
  /** Whether the session and the part that opened the stream still hold (and the chat is still live). */
  stillAllowed: () => Promise<boolean>;
  keepAliveMs: number;
  /** What it follows: the chat's messages (the default) or a video call's signalling. */
  topic?: StreamTopic;
  /** A message after which the stream ends (the video's `replaced`: another tab took the seat). */
  isLast?: (message: M) => boolean;
  /** How often the stream asks `stillAllowed` without being told to (streamRecheckMs). */
  recheckMs?: number;
  onError: (error: unknown) => void;
}

/** What one stream has sent and has still to do. `held` while a check is due: no message goes out until it passed. */
interface StreamState {
  last: string;
  closed: boolean;
  held: boolean;
  working: boolean;
  due: { check: boolean; read: boolean; changed: boolean };
}

/**
 * The stream's one worker: does what is due, one task at a time, in this order: a check of the
 * session and part, reading and sending the messages after the last one sent, ending after a
 * change of state. Answers the function that starts it (it does nothing while it runs already).
 */
function streamWorker<M extends { id: string }>(
  o: StreamOptions<M>,
  s: StreamState,
  write: (chunk: string) => void,
  endWith: (event: 'reconnect' | 'changed') => void,
  fail: (error: unknown) => void,
  endAfterLast: () => void,
): () => void {
  const drainMessages = async () => {
    for (;;) {
      const page = await o.load(s.last);
      // A check asked for meanwhile (a logout, say): this page may hold what the session may no
      // longer see; it is read again once the check passed.
      if (s.closed || s.held) return;
      for (const m of page) {
        write(`id: ${m.id}\nevent: message\ndata: ${JSON.stringify(m)}\n\n`);
        s.last = m.id;
        if (o.isLast?.(m)) return endAfterLast();
      }
      if (page.length === 0) return;
    }
  };

  return () => {
    if (s.working || s.closed) return;
    s.working = true;
    void (async () => {
      try {
        while (!s.closed) {
          if (s.due.check) {
            s.due.check = false;
            if (!(await o.stillAllowed())) return endWith('changed');
            if (!s.due.check) s.held = false;
          } else if (s.due.read) {
            s.due.read = false;
            await drainMessages();
          } else if (s.due.changed) {
            // The messages committed before the change (one whose notice came before this
            // instance listened, say) are sent first, then `changed`.
            await drainMessages();
            return endWith('changed');
          } else {
            return;
          }
        }
      } catch (error) {
        fail(error);
      } finally {
        s.working = false;
      }
    })();
  };
}

/**
 * Serves one Server-Sent Events stream on a hijacked response: `message` events with the message
 * id as the event id, a comment every keepAliveMs so proxies and phones keep the connection, and
 * a `reconnect` event before the server ends it (a `changed` event when the appointment's state
 * changed, or the session or part that opened the stream ended: the browser loads the
 * conversation again and so learns its new state, or that it may no longer). Its work is done by
 * one `streamWorker`.
 */
export async function serveChatStream<M extends { id: string }>(o: StreamOptions<M>): Promise<void> {
  const { raw } = o;
  const s: StreamState = { last: o.after, closed: false, held: false, working: false, due: { check: false, read: false, changed: false } };

  const write = (chunk: string) => {
    if (!s.closed) raw.write(chunk);
  };

  let unsubscribe: () => void = () => undefined;
  let untrack: () => void = () => undefined;
  let stopTimers: () => void = () => undefined;

  const finish = () => {
    if (s.closed) return;
    s.closed = true;
    stopTimers();
    unsubscribe();
    untrack();
    o.ticket.release();
  };

  const endWith = (event: 'reconnect' | 'changed') => {
    write(`event: ${event}\ndata: {}\n\n`);
    finish();
    raw.end();
  };

  const work = streamWorker(
    o,
    s,
    write,
    endWith,
    (error) => {
      finish();
      o.onError(error);
    },
    () => {
      finish();
      raw.end();
    },
  );
  const poke = () => {
    s.due.read = true;
    work();
  };
  const recheck = () => {
    s.held = true;
    s.due.check = true;
    s.due.read = true; // what a check interrupted is read again after it
    work();
  };
  const changed = () => {
    s.due.changed = true;
    work();
  };

  try {
    stopTimers = startEventStream(raw, write, { keepAliveMs: o.keepAliveMs, recheckMs: o.recheckMs ?? streamRecheckMs, recheck, onClose: finish });
    // The browser may have gone while the stream was being checked: its `close` came before anyone
    // listened, and its place must be given back now.
    if (raw.destroyed) return finish();
    untrack = o.hub.track({ appointmentId: o.appointmentId, userId: o.userId, end: () => endWith('reconnect'), changed, recheck });
    unsubscribe = await o.hub.subscribe(o.appointmentId, poke, o.topic ?? 'chat');
  } catch (error) {
    finish();
    throw error;
  }
  if (s.closed) unsubscribe();
  poke();
}
