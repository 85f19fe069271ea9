/**
 * Web Push (contract/endpoints/push.ts): the clinic's public key, this device's subscription and
 * the account's kinds of notification. Each resolves to an Either (client.ts).
 */
import type * as t from 'io-ts';
import type { Either } from 'fp-ts/lib/Either.js';
import type { MessageAnswer } from '../../contract/auth.js';
import { pushEndpoints } from '../../contract/endpoints/push.js';
import type { PushChoices, PushKeyAnswer, PushSubscriptionRequest } from '../../contract/push.js';
import { apiClient, type ApiClient, type ApiFailure } from './client.js';

type Call<A> = Promise<Either<ApiFailure, A>>;

export function createPushApi({ call }: ApiClient) {
  return {
    key: (signal?: AbortSignal): Call<PushKeyAnswer> => call(pushEndpoints.key, { signal }),
    subscribe: (body: PushSubscriptionRequest, token: string, signal?: AbortSignal): Call<t.TypeOf<typeof MessageAnswer>> =>
      call(pushEndpoints.subscribe, { body, token, signal }),
    unsubscribe: (endpoint: string, token: string, signal?: AbortSignal): Call<t.TypeOf<typeof MessageAnswer>> =>
      call(pushEndpoints.unsubscribe, { body: { endpoint }, token, signal }),
    choices: (token: string, signal?: AbortSignal): Call<PushChoices> => call(pushEndpoints.choices, { token, signal }),
    saveChoices: (body: PushChoices, token: string, signal?: AbortSignal): Call<PushChoices> => call(pushEndpoints.saveChoices, { body, token, signal }),
  };
}

export const pushApi = createPushApi(apiClient);
