/**
 * What one instance hears of the queues, and its open queue streams (docs/queue-display.md).
 *
 * Every change to a queue (check-in, call, done, no-show, back: server/desk) runs NOTIFY on
 * `queue_changed` with `{"l": location id, "d": doctor id}` in its own transaction, so it is told
 * at commit only; a display link's revocation tells `{"x": display id}`, a session's end
 * `{"u": user id}` (033_queue_display.sql), a change to a patient's waitlist (a slot offered to
 * them, an offer over: server/waitlist) `{"w": user id}`. Ids only, never a name. Every instance LISTENs once
 * (PostgreSQL: one dedicated client per instance, server/db/postgres.ts; PGlite: its in-process
 * listen) and then
 * - reads the location's and the doctor's queue again, once each, for all the streams on them
 *   (feeds.ts: `l:` a location's displays, `d:` a doctor's patients' places, `q:` a doctor's
 *   line as the staff console shows it, `w:` a patient's waitlist for their open My appointments
 *   pages, server/waitlist/live.ts), and each stream sends its view if it changed;
 * - asks the revoked display's streams, or the account's (a patient's place and waitlist, a staff
 *   member's queue), whether they may go on (they end if not);
 * - hands the doctor to `onQueueChange` (the "next but one" texts: nextInLine.ts).
 * After a lost LISTEN connection nothing told meanwhile is known: every feed is read again and
 * every stream asks again. The clinic's day turning over reads every feed again too.
 *
 * Bounds (server/live/streams.ts): per display link, per account (patient or staff), per client
 * address, in all.
 */
import { clinicToday } from '../../contract/clinicTime.js';
import type { Database } from '../db/database.js';
import { channelListener, openFileLimit, openStreams, streamAdmissions } from '../live/streams.js';
import { createFeeds } from './feeds.js';
import { queueChannel } from './repository.js';

/** How often an open stream asks again whether it may go on, without being told to. */
export const queueRecheckMs = 60_000;
/** How often the hub looks whether the clinic's day turned over. */
const dayCheckMs = 30_000;

/** The groups the queue's streams are counted in: a display link's, an account's. */
type QueueRefusalGroup = 'display' | 'account';
/** Why a stream was not admitted. */
export type QueueRefusal = QueueRefusalGroup | 'client' | 'total';

export interface QueueStreamHandle {
  /** A display's stream (its link's id), a patient's (their place, their waitlist) or a staff member's (their account's id). */
  kind: 'display' | 'patient' | 'staff';
  id: string;
  /** Ends the stream with a `reconnect` event (the graceful shutdown). */
  end(): void;
  /** Stops sending until the stream may go on is checked again; ends it if not. */
  recheck(): void;
}

type Notice = { l?: unknown; d?: unknown; x?: unknown; u?: unknown; w?: unknown };

function readNotice(payload: string): Notice | null {
  try {
    const notice = JSON.parse(payload) as unknown;
    return notice !== null && typeof notice === 'object' ? (notice as Notice) : null;
  } catch {
    return null;
  }
}

/** What a notice on the channel makes this instance do. */
function noticeHandler(
  feeds: ReturnType<typeof createFeeds>,
  recheck: (match: (s: QueueStreamHandle) => boolean) => void,
  onQueueChange: ((doctorId: string) => void) | undefined,
): (payload: string) => void {
  return (payload) => {
    const notice = readNotice(payload);
    if (!notice) return;
    if (typeof notice.x === 'string') recheck((s) => s.kind === 'display' && s.id === notice.x);
    if (typeof notice.u === 'string') recheck((s) => s.kind !== 'display' && s.id === notice.u);
    if (typeof notice.l === 'string') feeds.refresh(`l:${notice.l}`);
    if (typeof notice.w === 'string') feeds.refresh(`w:${notice.w}`);
    if (typeof notice.d === 'string') {
      feeds.refresh(`d:${notice.d}`);
      feeds.refresh(`q:${notice.d}`);
      onQueueChange?.(notice.d);
    }
  };
}

export interface QueueHubOptions {
  db: Database;
  now: () => Date;
  onError: (error: unknown, task: string) => void;
  /** A doctor's queue changed (told on any instance). */
  onQueueChange?: (doctorId: string) => void;
  fileLimit?: number | null;
}

export function createQueueHub(options: QueueHubOptions) {
  const { db, now, onError } = options;
  const feeds = createFeeds(onError);
  const streams = openStreams<QueueStreamHandle>();
  const admit = streamAdmissions<QueueRefusalGroup>(options.fileLimit === undefined ? openFileLimit() : options.fileLimit);
  let day = clinicToday(now());
  let dayTimer: NodeJS.Timeout | undefined;

  const recheck = (match: (s: QueueStreamHandle) => boolean) => {
    for (const s of streams.list()) if (match(s)) s.recheck();
  };

  const onPayload = noticeHandler(feeds, recheck, options.onQueueChange);

  const everything = () => {
    feeds.refreshAll();
    recheck(() => true);
  };

  const listener = channelListener(db, queueChannel, onPayload, everything, (error) => onError(error, 'queue LISTEN'));
  const ensureListening = () => listener.ensure();

  return {
    /** Starts listening (once per instance) and watching the clinic's day; the app calls it at start. */
    async start(): Promise<void> {
      await ensureListening();
      if (dayTimer) return;
      dayTimer = setInterval(() => {
        const today = clinicToday(now());
        if (today !== day) {
          day = today;
          feeds.refreshAll();
        }
      }, dayCheckMs);
      dayTimer.unref();
    },

    /** Listens to a feed: `key` is `l:<location id>`, `d:<doctor id>`, `q:<doctor id>` or `w:<user id>` (their waitlist), read with `load`. */
    async subscribe<T>(key: `l:${string}` | `d:${string}` | `q:${string}` | `w:${string}`, load: () => Promise<T>, listener: (value: T) => void): Promise<() => void> {
      await ensureListening();
      return feeds.subscribe(key, load, listener);
    },

    /** A place for a new stream within the caps, or why not. */
    admit,

    track: streams.track,

    /** Open streams on this instance (bench, metrics). */
    get openStreams(): number {
      return streams.size;
    },

    /** The graceful shutdown: every open stream gets `reconnect` and ends. */
    endAll: streams.endAll,

    async close(): Promise<void> {
      clearInterval(dayTimer);
      dayTimer = undefined;
      streams.endAll();
      await listener.stop();
    },
  };
}
export type QueueHub = ReturnType<typeof createQueueHub>;
