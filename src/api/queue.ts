/**
 * The queue's live side (contract/display.ts, server/queue/routes.ts): a waiting room's display
 * follows its location's queue by the link's key (no login); a patient follows their place in
 * today's queue (their bearer token); admins make, list and revoke display links. The streams are
 * Server-Sent Events read with fetch (src/api/chat.ts readEvents), as the chat's.
 */
import { isLeft, type Either } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { DisplaySnapshot, QueuePlace, type DisplayLink, type DisplayLinkCreated, type DisplayLinkRequest } from '../../contract/display.js';
import { displayEndpoints } from '../../contract/endpoints/display.js';
import type { ApiFailure } from '../../machines/failures.js';
import { decodeEvent, readEvents, type StreamEnd } from './chat.js';
import { apiClient, type ApiClient } from './client.js';

type Call<A> = Promise<Either<ApiFailure, A>>;

/** How a display's stream ended: as a chat stream's, or the link revoked (or never valid: a 404). */
export type DisplayStreamEnd = StreamEnd | { kind: 'revoked' };

export function createQueueApi(client: ApiClient) {
  const { call } = client;

  /** Opens `endpoint`'s stream and hands each `event` decoded with `codec` to `onValue` until it ends. */
  async function follow<A>(
    opened: Either<ApiFailure, Response>,
    event: string,
    codec: t.Decoder<unknown, A>,
    onValue: (value: A) => void,
    signal: AbortSignal,
  ): Promise<DisplayStreamEnd> {
    if (isLeft(opened)) return opened.left._tag === 'HttpFailure' && opened.left.status === 404 ? { kind: 'revoked' } : { kind: 'failed', failure: opened.left };
    const body = opened.right.body;
    if (!body) return { kind: 'failed', failure: { _tag: 'NetworkFailure', message: 'The stream has no body.' } };
    return readEvents<DisplayStreamEnd>(body, signal, (e) => {
      if (e.event === 'reconnect') return { kind: 'reconnect' };
      if (e.event === 'changed') return { kind: 'changed' };
      if (e.event === 'revoked') return { kind: 'revoked' };
      if (e.event !== event) return null;
      const decoded = decodeEvent(codec, e.data);
      if (isLeft(decoded)) return { kind: 'failed', failure: decoded.left };
      onValue(decoded.right);
      return null;
    });
  }

  return {
    /** GET /display/{key}/stream: a snapshot at once, then one per change, until it ends. */
    readDisplayStream: async (key: string, onSnapshot: (snapshot: DisplaySnapshot) => void, signal: AbortSignal): Promise<DisplayStreamEnd> =>
      follow(await client.open(displayEndpoints.stream, { params: { key }, signal, cache: 'no-store' }), 'queue', DisplaySnapshot, onSnapshot, signal),

    /** GET /appointment/{id}/queue. */
    fetchPlace: (appointmentId: string, token: string, signal?: AbortSignal): Call<QueuePlace> =>
      call(displayEndpoints.place, { params: { id: appointmentId }, token, signal }),

    /** GET /appointment/{id}/queue/stream: the place at once, then one per change of the line, until it ends. */
    readPlaceStream: async (appointmentId: string, token: string, onPlace: (place: QueuePlace) => void, signal: AbortSignal): Promise<DisplayStreamEnd> =>
      follow(await client.open(displayEndpoints.placeStream, { params: { id: appointmentId }, token, signal, cache: 'no-store' }), 'place', QueuePlace, onPlace, signal),

    listLinks: (token: string, signal?: AbortSignal): Call<DisplayLink[]> => call(displayEndpoints.links, { token, signal }),
    createLink: (body: DisplayLinkRequest, token: string, signal?: AbortSignal): Call<DisplayLinkCreated> =>
      call(displayEndpoints.createLink, { body, token, signal }),
    revokeLink: (id: string, token: string, signal?: AbortSignal): Call<DisplayLink> => call(displayEndpoints.revokeLink, { params: { id }, token, signal }),
  };
}

export type QueueApi = ReturnType<typeof createQueueApi>;

export const queueApi: QueueApi = createQueueApi(apiClient);
