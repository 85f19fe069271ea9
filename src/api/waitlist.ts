/**
 * The patient's waitlist (contract/endpoints/waitlist.ts): GET and POST /waitlist, DELETE
 * /waitlist/{id}, POST /waitlist/{id}/decline, each with the bearer token; each resolves to an
 * Either (client.ts). A 400 names the bad fields (`errors`); 409 'waitlist.overlap' and
 * 'waitlist.noOffer' say why; somebody else's entry is 404.
 */
import type * as t from 'io-ts';
import type { Either } from 'fp-ts/lib/Either.js';
import type { MessageAnswer } from '../../contract/auth.js';
import { waitlistEndpoints } from '../../contract/endpoints/waitlist.js';
import type { WaitlistEntry, WaitlistJoinRequest, WaitlistList } from '../../contract/waitlist.js';
import { apiClient, type ApiClient, type ApiFailure } from './client.js';

type Call<A> = Promise<Either<ApiFailure, A>>;
export type WaitlistJoinFields = t.OutputOf<typeof WaitlistJoinRequest>;

export function createWaitlistApi({ call }: ApiClient) {
  return {
    listWaitlist: (token: string, signal?: AbortSignal): Call<WaitlistList> => call(waitlistEndpoints.list, { token, signal }),
    joinWaitlist: (body: WaitlistJoinFields, token: string, signal?: AbortSignal): Call<WaitlistEntry> =>
      call(waitlistEndpoints.join, { body, token, signal }),
    leaveWaitlist: (id: string, token: string, signal?: AbortSignal): Call<MessageAnswer> => call(waitlistEndpoints.leave, { params: { id }, token, signal }),
    declineOffer: (id: string, token: string, signal?: AbortSignal): Call<WaitlistEntry> => call(waitlistEndpoints.decline, { params: { id }, token, signal }),
  };
}

export const waitlistApi = createWaitlistApi(apiClient);
