/**
 * Chat consultations: the conversation of a Chat appointment between its patient and
 * its doctor; admins read it for audit. server/routes/chat.ts.
 *
 *   GET  /appointment/{id}/chat                       -> ChatConversation (state, messages, unread)
 *   POST /appointment/{id}/chat/messages              ChatTextRequest -> ChatMessage
 *   POST /appointment/{id}/chat/photos                the image's bytes (content-type image/*) -> ChatMessage
 *   GET  /appointment/{id}/chat/photos/{photoId}      the re-encoded JPEG (cache-control: private, no-store)
 *   POST /appointment/{id}/chat/read                  ChatReadRequest -> ChatUnread
 *   GET  /appointment/{id}/chat/stream                Server-Sent Events: `message` events (data: ChatMessage,
 *                                                     id: the message id), resumed after Last-Event-ID
 *
 * 401 without a live token; 404 for anybody but the appointment's patient, its doctor and admins,
 * and for an appointment that is not a Chat.
 *
 * Within one conversation message ids grow in commit order (server/db/migrations/030): a message
 * with a larger id was committed after every message with a smaller one, so "after this id" (the
 * stream's Last-Event-ID, a read mark) never skips one. The stream answers 409 unless the chat is
 * open or in its follow-up, and 429 past its caps (CHAT_STREAMS_*, docs/operations.md); it ends
 * with a `changed` event when the appointment changes and when the session or the part in the
 * appointment that opened it ends (docs/operations.md, "Security").
 */
import * as t from 'io-ts';
import { Id, textProblem } from './primitives.js';

/** Longest text message, in characters. */
export const chatTextMax = 2000;
/** Largest photo upload, in bytes (10 MB). */
export const chatPhotoMaxBytes = 10 * 1024 * 1024;
/** Largest photo as stored and served, in bytes (1 MB): the server re-encodes smaller until it fits. */
export const chatPhotoStoredMaxBytes = 1024 * 1024;
/** Longest side of a stored photo, in pixels: plenty for a doctor's screen. */
export const chatPhotoMaxSide = 2048;

/**
 * Where the conversation stands at the server's clock:
 * - unavailable: cancelled or unpaid (nothing can be written);
 * - upcoming: before `opensAt` (JOIN_OPENS_MINUTES_BEFORE before the start);
 * - open: from `opensAt` until the doctor completes the consultation;
 * - followup: completed, open for follow-up questions until `followUpUntil` (CHAT_FOLLOWUP_HOURS);
 * - readonly: after that: readable, no more messages.
 */
export const ChatState = t.keyof({ unavailable: null, upcoming: null, open: null, followup: null, readonly: null }, 'ChatState');
export type ChatState = t.TypeOf<typeof ChatState>;

/** A message id: digits (a bigint as text), also the SSE event id. */
export interface ChatMessageIdBrand {
  readonly ChatMessageId: unique symbol;
}
export const ChatMessageId = new t.Type<t.Branded<string, ChatMessageIdBrand>, string, unknown>(
  'ChatMessageId',
  (u): u is t.Branded<string, ChatMessageIdBrand> => typeof u === 'string' && /^(0|[1-9][0-9]{0,17})$/.test(u),
  (u, c) =>
    typeof u === 'string' && /^(0|[1-9][0-9]{0,17})$/.test(u)
      ? t.success(u as t.Branded<string, ChatMessageIdBrand>)
      : t.failure(u, c, 'must be a message id'),
  (a) => a,
);
export type ChatMessageId = t.TypeOf<typeof ChatMessageId>;

/** Text that may have line breaks, with at least one non-space character, at most chatTextMax. */
export const ChatText = new t.Type<string, string, unknown>(
  'ChatText',
  (u): u is string => typeof u === 'string' && u.trim().length > 0 && textProblem(u, { max: chatTextMax, multiline: true }) === null,
  (u, c) => {
    if (typeof u !== 'string' || u.trim().length === 0) return t.failure(u, c, 'is required');
    const problem = textProblem(u, { max: chatTextMax, multiline: true });
    return problem === null ? t.success(u) : t.failure(u, c, problem);
  },
  (a) => a,
);

export const ChatMessage = t.type(
  {
    id: t.string,
    from: t.keyof({ patient: null, doctor: null }),
    text: t.string,
    /** The photo's address under /api (fetch it with the bearer token), or null. */
    photo: t.union([t.type({ id: t.string, url: t.string, width: t.number, height: t.number }), t.null]),
    /** ISO instant. */
    at: t.string,
  },
  'ChatMessage',
);
export type ChatMessage = t.TypeOf<typeof ChatMessage>;

export const ChatConversation = t.type(
  {
    appointmentId: t.string,
    as: t.keyof({ patient: null, doctor: null, admin: null }),
    state: ChatState,
    /** True when the caller may post now (patient or doctor, state open or followup). */
    canWrite: t.boolean,
    opensAt: t.string,
    /** ISO instant the follow-up ends; null before completion. */
    followUpUntil: t.union([t.string, t.null]),
    doctorName: t.string,
    messages: t.array(ChatMessage),
    /** Messages from the other party after the caller's last read one (0 for admins). */
    unread: t.number,
  },
  'ChatConversation',
);
export type ChatConversation = t.TypeOf<typeof ChatConversation>;

/**
 * A text message. `clientId`: the id the app made for this message (a UUID), sent again when it
 * repeats a send whose answer it never got; the server then answers the message it already has.
 */
export const ChatTextRequest = t.intersection([t.type({ text: ChatText }), t.partial({ clientId: Id })], 'ChatTextRequest');
export type ChatTextRequest = t.TypeOf<typeof ChatTextRequest>;

/** Marks every message up to `upTo` (included) read. */
export const ChatReadRequest = t.type({ upTo: ChatMessageId }, 'ChatReadRequest');
export type ChatReadRequest = t.TypeOf<typeof ChatReadRequest>;

export const ChatUnread = t.type({ unread: t.number }, 'ChatUnread');
export type ChatUnread = t.TypeOf<typeof ChatUnread>;

export const ChatPhotoParams = t.type({ id: Id, photoId: Id }, 'ChatPhotoParams');
