/**
 * The patient's waitlist (contract/endpoints/waitlist.ts): GET and POST /waitlist, DELETE
 * /waitlist/{id}, POST /waitlist/{id}/decline, each with the bearer token; each resolves to an
 * Either (client.ts). A 400 names the bad fields (`errors`); 409 'waitlist.overlap' and
 * 'waitlist.noOffer' say why; somebody else's entry is 404. GET /waitlist/stream follows the list
 * live (Server-Sent Events read with fetch, as the chat's: src/api/chat.ts readEvents).
 */
import type * as t from 'io-ts';
import type { Either } from 'fp-ts/lib/Either.js';
import type { MessageAnswer } from '../../contract/auth.js';
import { waitlistEndpoints } from '../../contract/endpoints/waitlist.js';
import { isLeft } from 'fp-ts/lib/Either.js';
import { WaitlistList, type WaitlistEntry, type WaitlistJoinRequest } from '../../contract/waitlist.js';
import { decodeEvent, readEvents, type StreamEnd } from './chat.js';
import { apiClient, type ApiClient, type ApiFailure } from './client.js';

type Call<A> = Promise<Either<ApiFailure, A>>;
export type WaitlistJoinFields = t.OutputOf<typeof WaitlistJoinRequest>;

export function createWaitlistApi(client: ApiClient) {
  const { call } = client;
  return {
    listWaitlist: (token: string, signal?: AbortSignal): Call<WaitlistList> => call(waitlistEndpoints.list, { token, signal }),
    joinWaitlist: (body: WaitlistJoinFields, token: string, signal?: AbortSignal): Call<WaitlistEntry> =>
      call(waitlistEndpoints.join, { body, token, signal }),
    leaveWaitlist: (id: string, token: string, signal?: AbortSignal): Call<MessageAnswer> => call(waitlistEndpoints.leave, { params: { id }, token, signal }),
    declineOffer: (id: string, token: string, signal?: AbortSignal): Call<WaitlistEntry> => call(waitlistEndpoints.decline, { params: { id }, token, signal }),

    /** GET /waitlist/stream: the list at once, then one each time it changes, until the stream ends. */
    async readWaitlistStream(token: string, onList: (list: WaitlistList) => void, signal: AbortSignal): Promise<StreamEnd> {
      const opened = await client.open(waitlistEndpoints.stream, { token, signal, cache: 'no-store' });
      if (isLeft(opened)) return { kind: 'failed', failure: opened.left };
      const body = opened.right.body;
      if (!body) return { kind: 'failed', failure: { _tag: 'NetworkFailure', message: 'The stream has no body.' } };
      return readEvents(body, signal, (e) => {
        if (e.event === 'reconnect') return { kind: 'reconnect' };
        if (e.event === 'changed') return { kind: 'changed' };
        if (e.event !== 'waitlist') return null;
        const decoded = decodeEvent(WaitlistList, e.data);
        if (isLeft(decoded)) return { kind: 'failed', failure: decoded.left };
        onList(decoded.right);
        return null;
      });
    },
  };
}

export const waitlistApi = createWaitlistApi(apiClient);
