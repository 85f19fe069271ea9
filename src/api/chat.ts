/**
 * A Chat appointment's conversation (contract/chat.ts, server/routes/chat.ts): load it,
 * send a text or a photo, mark messages read, fetch a photo, and read the live stream.
 *
 * Every call names its endpoint (contract/endpoints/chat.ts) to the API client: a photo goes up as
 * its raw bytes (`content-type: image/*`) with a JSON answer, a photo comes down as a JPEG, and the
 * stream is Server-Sent Events.
 * An `EventSource` cannot send the bearer token (and a token in the address would end up in
 * logs), so the stream is read with fetch and a stream reader, parsed here (`SseParser`), resumed
 * with `Last-Event-ID`.
 */
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { ChatMessage, type ChatConversation, type ChatUnread } from '../../contract/chat.js';
import { chatEndpoints } from '../../contract/endpoints/chat.js';
import { describeErrors, summarizeErrors } from '../../contract/report.js';
import type { ApiFailure } from '../../machines/failures.js';
import { apiClient, isAbortError, type ApiClient } from './client.js';

type Call<A> = Promise<Either<ApiFailure, A>>;

/** The types the server takes as a photo; anything else goes as bytes and the server decides from them. */
const photoTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);

/** What the file picker offers: the server's formats by type and by name (a phone may give HEIC without a type). */
export const chatPhotoAccept = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif';

/** One Server-Sent Event: its type ('message' unless named), its data, the last event id seen. */
export type SseEvent = { event: string; data: string; id: string };

/**
 * Server-Sent Events as the HTML standard parses them: lines end with CR LF, LF or CR; a blank
 * line ends an event; `:` starts a comment; `data` lines are joined with LF; `id` is kept for the
 * events after it. Chunks may cut a line (or a CR LF) anywhere.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private type = '';
  private lastId = '';
  private pendingCr = false;

  /** Feeds a chunk of text; returns the events it completed. */
  push(chunk: string): SseEvent[] {
    let text = chunk;
    // A CR at the end of the last chunk and an LF at the start of this one are one line end.
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = text.endsWith('\r');
    this.buffer += text;
    const events: SseEvent[] = [];
    const lines = this.buffer.split(/\r\n|\r|\n/);
    this.buffer = lines.pop() ?? '';
    for (const line of lines) {
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  private line(line: string): SseEvent | null {
    if (line === '') {
      const event = this.data.length > 0 ? { event: this.type || 'message', data: this.data.join('\n'), id: this.lastId } : null;
      this.data = [];
      this.type = '';
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.type = value;
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
    return null;
  }
}

/** What the stream tells its reader. */
export interface StreamHandlers {
  /** A message, decoded with the contract's codec. */
  onMessage: (message: ChatMessage) => void;
}

/**
 * How a stream ended: `reconnect` (the server asked: it is shutting down), `changed` (the
 * appointment was completed, cancelled, moved or paid: load the conversation again), `ended` (the
 * connection closed), or a failure (refused before it started, or broken, or an event that is not
 * a message). An abort by the caller rejects with the abort, as the request helper does.
 */
export type StreamEnd = { kind: 'reconnect' } | { kind: 'changed' } | { kind: 'ended' } | { kind: 'failed'; failure: ApiFailure };

export function createChatApi(client: ApiClient) {
  const { call } = client;
  return {
    /** GET /appointment/{id}/chat. */
    fetchChat: (appointmentId: string, token: string, signal?: AbortSignal): Call<ChatConversation> =>
      call(chatEndpoints.conversation, { params: { id: appointmentId }, token, signal }),

    /** POST /appointment/{id}/chat/messages; `clientId`: the text's own id, the same on every attempt (a repeat is kept once). */
    postText: (appointmentId: string, text: string, token: string, signal?: AbortSignal, clientId?: string): Call<ChatMessage> =>
      call(chatEndpoints.postText, { params: { id: appointmentId }, body: clientId ? { text, clientId } : { text }, token, signal }),

    /** POST /appointment/{id}/chat/read: every message up to `upTo` read. */
    markRead: (appointmentId: string, upTo: string, token: string, signal?: AbortSignal): Call<ChatUnread> =>
      call(chatEndpoints.read, { params: { id: appointmentId }, body: { upTo }, token, signal }),

    /** POST /appointment/{id}/chat/photos: the photo's bytes as they are; the server re-encodes them. */
    postPhoto(appointmentId: string, photo: Blob, token: string, signal?: AbortSignal): Call<ChatMessage> {
      const type = photoTypes.has(photo.type) ? photo.type : 'application/octet-stream';
      return call(chatEndpoints.postPhoto, { params: { id: appointmentId }, content: { data: photo, type }, token, signal });
    },

    /** GET /appointment/{id}/chat/photos/{photoId}: the JPEG, to show through an object URL. */
    async fetchPhoto(appointmentId: string, photoId: string, token: string, signal?: AbortSignal): Call<Blob> {
      const answer = await client.open(chatEndpoints.photo, { params: { id: appointmentId, photoId }, token, signal });
      return isLeft(answer) ? answer : right(await answer.right.blob());
    },

    /**
     * GET /appointment/{id}/chat/stream after `after` (the last message id the reader has; '0':
     * from the start), until it ends, fails or `signal` aborts.
     */
    async readStream(appointmentId: string, after: string, token: string, handlers: StreamHandlers, signal: AbortSignal): Promise<StreamEnd> {
      const headers: Record<string, string> = after === '0' ? {} : { 'Last-Event-ID': after };
      const answer = await client.open(chatEndpoints.stream, { params: { id: appointmentId }, token, signal, headers, cache: 'no-store' });
      return readMessageStream(answer, signal, ChatMessage, handlers.onMessage);
    },
  };
}

/**
 * An opened stream of `message` events (the chat's, the video's signalling: src/api/video.ts),
 * each decoded with `codec` and handed to `onMessage`, until `reconnect`, `changed`, its end or a
 * failure (a refusal before it started, a broken connection, an event that does not decode).
 */
export async function readMessageStream<M>(
  answer: Either<ApiFailure, Response>,
  signal: AbortSignal,
  codec: t.Decoder<unknown, M>,
  onMessage: (message: M) => void,
): Promise<StreamEnd> {
  if (isLeft(answer)) return { kind: 'failed', failure: answer.left };
  const body = answer.right.body;
  if (!body) return { kind: 'failed', failure: { _tag: 'NetworkFailure', message: 'The stream has no body.' } };
  return readEvents(body, signal, (event) => {
    if (event.event === 'reconnect') return { kind: 'reconnect' };
    if (event.event === 'changed') return { kind: 'changed' };
    if (event.event !== 'message') return null;
    const decoded = decodeEvent(codec, event.data);
    if (isLeft(decoded)) return { kind: 'failed', failure: decoded.left };
    onMessage(decoded.right);
    return null;
  });
}

/**
 * Reads a Server-Sent Events body until it ends (`ended`), or `handle` says an event ended it;
 * a broken connection is a failure; an abort by the caller rejects with the abort.
 */
export async function readEvents<End extends { kind: string } = StreamEnd>(
  body: ReadableStream<BufferSource>,
  signal: AbortSignal,
  handle: (event: SseEvent) => End | StreamEnd | null,
): Promise<End | StreamEnd> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new SseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { kind: 'ended' };
      for (const event of parser.push(value)) {
        const end = handle(event);
        if (end) return end;
      }
    }
  } catch (error) {
    if (signal.aborted && isAbortError(signal.reason)) throw signal.reason;
    return { kind: 'failed', failure: { _tag: 'NetworkFailure', message: error instanceof Error ? error.message : String(error) } };
  } finally {
    // Ends the connection when we stop early (reconnect, a bad event); a no-op once it ended.
    reader.cancel().catch(() => undefined);
  }
}

/** An event's data decoded with `codec`; a DecodeFailure naming what is wrong otherwise. */
export function decodeEvent<A>(codec: t.Decoder<unknown, A>, data: string): Either<ApiFailure, A> {
  const decoded = codec.decode(parseOrUndefined(data));
  if (!isLeft(decoded)) return decoded;
  const errors = describeErrors(decoded.left);
  return left({ _tag: 'DecodeFailure', message: summarizeErrors(errors), errors });
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export type ChatApi = ReturnType<typeof createChatApi>;

export const chatApi: ChatApi = createChatApi(apiClient);
