/**
 * One queue stream: Server-Sent Events on a hijacked response, fed by a feed of the hub
 * (./hub.ts): each value is turned into the stream's view and sent as an `event` when it differs
 * from the last one sent, so a change elsewhere in the clinic sends nothing here. While the hub
 * asks the stream to check whether it may go on (a revoked link, an ended session) nothing is
 * sent; a check that fails ends the stream with `endEvent`. A view that is `final` (the patient's
 * visit is over) is the stream's last.
 */
import type { ServerResponse } from 'node:http';
import { startEventStream, type StreamTicket } from '../live/streams.js';
import { queueRecheckMs, type QueueHub, type QueueStreamHandle } from './hub.js';

export interface QueueStreamOptions<V> {
  raw: ServerResponse;
  hub: QueueHub;
  /** Who the stream is for, as the hub's notices name it. */
  handle: Pick<QueueStreamHandle, 'kind' | 'id'>;
  /** Its place among the open streams (hub.admit), given back when the stream ends. */
  ticket: StreamTicket;
  /** The name of the events carrying a view: `queue` (a display), `place` (a patient). */
  event: string;
  /** The event that ends a stream that may no longer go on: `revoked`, `changed`. */
  endEvent: string;
  /** Subscribes `send` to the stream's feed, turned into its view; answers the unsubscribe. */
  subscribe: (send: (view: V) => void) => Promise<() => void>;
  /** After this view the stream ends. */
  final?: (view: V) => boolean;
  stillAllowed: () => Promise<boolean>;
  keepAliveMs: number;
  recheckMs?: number;
  onError: (error: unknown) => void;
}

interface StreamState<V> {
  closed: boolean;
  /** While a check is due or running: nothing is sent, the last view waits in `pending`. */
  held: boolean;
  checking: boolean;
  again: boolean;
  /** The last view sent, as JSON. */
  last: string;
  pending: { view: V } | null;
}

/** The stream's check: one at a time, once more when asked again while it ran; `fail` when it may not go on. */
function checker<V>(
  s: StreamState<V>,
  stillAllowed: () => Promise<boolean>,
  then: { fail: () => void; pass: () => void; error: (error: unknown) => void },
): () => void {
  return () => {
    s.held = true;
    if (s.checking) {
      s.again = true;
      return;
    }
    s.checking = true;
    void (async () => {
      try {
        do {
          s.again = false;
          if (!(await stillAllowed())) return then.fail();
        } while (s.again && !s.closed);
        s.held = false;
        then.pass();
      } catch (error) {
        then.error(error);
      } finally {
        s.checking = false;
      }
    })();
  };
}

export async function serveQueueStream<V>(o: QueueStreamOptions<V>): Promise<void> {
  const { raw } = o;
  const s: StreamState<V> = { closed: false, held: false, checking: false, again: false, last: '', pending: null };
  let unsubscribe: () => void = () => undefined;
  let untrack: () => void = () => undefined;
  let stopTimers: () => void = () => undefined;

  const write = (chunk: string) => {
    if (!s.closed) raw.write(chunk);
  };
  const finish = () => {
    if (s.closed) return;
    s.closed = true;
    stopTimers();
    unsubscribe();
    untrack();
    o.ticket.release();
  };
  const endWith = (event: string | null) => {
    if (event !== null) write(`event: ${event}\ndata: {}\n\n`);
    finish();
    raw.end();
  };

  const send = (view: V) => {
    if (s.closed) return;
    if (s.held) {
      s.pending = { view };
      return;
    }
    s.pending = null;
    const json = JSON.stringify(view);
    if (json !== s.last) {
      s.last = json;
      write(`event: ${o.event}\ndata: ${json}\n\n`);
    }
    if (o.final?.(view)) endWith(null);
  };

  const recheck = checker(s, o.stillAllowed, {
    fail: () => endWith(o.endEvent),
    pass: () => s.pending && send(s.pending.view),
    error: (error) => {
      finish();
      o.onError(error);
    },
  });

  try {
    stopTimers = startEventStream(raw, write, { keepAliveMs: o.keepAliveMs, recheckMs: o.recheckMs ?? queueRecheckMs, recheck, onClose: finish });
    // The browser may have gone while the stream was being checked: its place is given back now.
    if (raw.destroyed) return finish();
    untrack = o.hub.track({ ...o.handle, end: () => endWith('reconnect'), recheck });
    unsubscribe = await o.subscribe(send);
  } catch (error) {
    finish();
    throw error;
  }
  if (s.closed) unsubscribe();
}
