/**
 * Real-time delivery of chat messages, across instances.
 *
 * A posted message is written, then announced with NOTIFY on the channel `chat_message` in the
 * same transaction (so the announcement goes out only if the message is committed). The payload is
 * ids only, `{"a": appointment id, "m": message id}`: no text or personal data travels through
 * the notification. Every instance LISTENs once (PostgreSQL: one dedicated client per instance,
 * server/db/postgres.ts; PGlite: its in-process listen) and pokes the open streams of that
 * appointment; each stream then reads the messages after the last id it sent from the table.
 * So a stream never sends a message twice or out of order (one read at a time per stream, ids
 * only grow), and never misses one: it subscribes before it replays what came after the
 * browser's Last-Event-ID, after a lost LISTEN connection every stream reads again, and within a
 * conversation ids grow in commit order (messages are written under the appointment's row lock,
 * repositories/chat.ts lockConversation), so no message commits behind one already sent.
 *
 * Bounds (docs/operations.md): the hub counts this instance's streams per account and
 * conversation, per client address and in all, and admits a new one only below each cap
 * (CHAT_STREAMS_*); the total never exceeds half the process's open-file limit, so health checks,
 * the database and ordinary requests always find a descriptor.
 *
 * Lifetime (docs/operations.md, "Security"): a stream lives no longer than the session and the
 * part (patient, doctor, admin) that opened it. A session's end or a role change is announced on
 * the same channel, `{"u": account id}` (030_chat_delivery_limits.sql); that account's streams
 * stop sending at once and ask again (`recheck`); each stream also asks every streamRecheckMs,
 * which catches a session that expired and any change without an announcement.
 */
import type { Database } from '../db/database.js';
import { channelListener, openFileLimit, openStreams, streamAdmissions, type StreamTicket } from '../live/streams.js';

export { effectiveTotal, openFileLimit, type StreamTicket } from '../live/streams.js';

export const chatChannel = 'chat_message';

type Poke = () => void;

/** How often an open stream asks again whether its session and part still hold. */
export const streamRecheckMs = 60_000;

export interface ChatStream {
  appointmentId: string;
  /** The account that opened it. */
  userId: string;
  /** Ends the stream with a `reconnect` event (the graceful shutdown). */
  end(): void;
  /** Ends the stream with a `changed` event: the appointment's state changed (024), load it again. */
  changed(): void;
  /** Stops sending until the session and part that opened the stream are checked again; ends it if they are gone. */
  recheck(): void;
}

/** The caps on open streams of one instance (CHAT_STREAMS_*, server/consultation/config.ts). */
export interface StreamCaps {
  perConversation: number;
  perClient: number;
  total: number;
}

/** Why a stream was not admitted: the account's tabs on this conversation, the client address, or the instance. */
export type StreamRefusal = 'conversation' | 'client' | 'total';

/**
 * A place for a new stream of `userId` on `appointmentId` from `address`, or why not: counted per
 * account and conversation, per client address and in all (server/live/streams.ts).
 */
function chatAdmissions(fileLimit: number | null) {
  const admit = streamAdmissions<'conversation'>(fileLimit);
  return (key: { userId: string; appointmentId: string; address: string }, caps: StreamCaps): StreamTicket | StreamRefusal =>
    admit({ group: { kind: 'conversation', id: `${key.userId} ${key.appointmentId}`, cap: caps.perConversation }, address: key.address, perClient: caps.perClient, total: caps.total });
}

/** `poke` among the appointment's subscribers; answers the function that takes it out again. */
function addSubscriber(subscribers: Map<string, Set<Poke>>, appointmentId: string, poke: Poke): () => void {
  let set = subscribers.get(appointmentId);
  if (!set) subscribers.set(appointmentId, (set = new Set()));
  set.add(poke);
  return () => {
    set.delete(poke);
    if (set.size === 0 && subscribers.get(appointmentId) === set) subscribers.delete(appointmentId);
  };
}

/** What a notice on the channel says: an account's session or role changed, an appointment's state changed, or a new message. */
type ChannelNotice = { account: string } | { changed: string } | { message: string } | { video: string } | null;

/** What a stream follows: the chat's messages, or the video call's signalling (services/video.ts). */
export type StreamTopic = 'chat' | 'video';

function readNotice(payload: string): ChannelNotice {
  let notice: { a?: unknown; s?: unknown; u?: unknown; v?: unknown };
  try {
    notice = JSON.parse(payload) as { a?: unknown; s?: unknown; u?: unknown; v?: unknown };
  } catch {
    return null;
  }
  // An account's session ended or its role changed (030_chat_delivery_limits.sql).
  if (typeof notice.u === 'string') return { account: notice.u };
  if (typeof notice.a !== 'string') return null;
  // The appointment itself changed (completed, cancelled, moved, paid: 024_chat_state_notices.sql).
  if (notice.s !== undefined) return { changed: notice.a };
  // A video call's signalling message (049_video_signalling.sql).
  return notice.v !== undefined ? { video: notice.a } : { message: notice.a };
}

export function createChatHub(db: Database, onError: (error: unknown, task: string) => void, fileLimit: number | null = openFileLimit()) {
  const subscribers = new Map<string, Set<Poke>>();
  const videoSubscribers = new Map<string, Set<Poke>>();
  const streams = openStreams<ChatStream>();
  const admit = chatAdmissions(fileLimit);

  // After a lost LISTEN connection nothing announced meanwhile is known: every stream reads
  // again, and asks again whether its session and part still hold.
  const pokeAll = () => {
    for (const set of [...subscribers.values(), ...videoSubscribers.values()]) for (const poke of set) poke();
    for (const s of streams.list()) s.recheck();
  };

  function onPayload(payload: string): void {
    const notice = readNotice(payload);
    if (!notice) return;
    if ('account' in notice) {
      for (const s of streams.list()) if (s.userId === notice.account) s.recheck();
    } else if ('changed' in notice) {
      for (const s of streams.list()) if (s.appointmentId === notice.changed) s.changed();
    } else if ('video' in notice) {
      for (const poke of videoSubscribers.get(notice.video) ?? []) poke();
    } else {
      for (const poke of subscribers.get(notice.message) ?? []) poke();
    }
  }

  const listener = channelListener(db, chatChannel, onPayload, pokeAll, (error) => onError(error, 'chat LISTEN'));
  const ensureListening = () => listener.ensure();

  return {
    /** Starts listening (once per instance); the app calls it at start so the first stream is quick. */
    start: () => ensureListening().then(() => undefined),

    /** Calls `poke` whenever a message (`topic` video: a signalling message) of this appointment is committed (on any instance). */
    async subscribe(appointmentId: string, poke: Poke, topic: StreamTopic = 'chat'): Promise<() => void> {
      await ensureListening();
      return addSubscriber(topic === 'video' ? videoSubscribers : subscribers, appointmentId, poke);
    },

    /** Inside the transaction that wrote the message: sent at its commit. */
    async announce(tx: Pick<Database, 'query'>, appointmentId: string, messageId: string, topic: StreamTopic = 'chat'): Promise<void> {
      const notice = topic === 'video' ? { a: appointmentId, v: messageId } : { a: appointmentId, m: messageId };
      await tx.query('select pg_notify($1, $2)', [chatChannel, JSON.stringify(notice)]);
      // A database without listen (none today) still reaches this instance's streams.
      if (!db.listen) setImmediate(() => onPayload(JSON.stringify(notice)));
    },


    /** A place for a new stream, or why not (chatAdmissions). */
    admit,

    track: streams.track,

    /** Open streams on this instance (metrics, bench). */
    get openStreams(): number {
      return streams.size;
    },

    /** The graceful shutdown: every open stream gets `reconnect` and ends; the browser goes elsewhere. */
    endAll: streams.endAll,

    async close(): Promise<void> {
      streams.endAll();
      await listener.stop();
    },
  };
}
export type ChatHub = ReturnType<typeof createChatHub>;
