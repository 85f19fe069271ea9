/**
 * The follow-up of a completed appointment (contract/endpoints/followUps.ts): the offer, Book all,
 * cancel all, and the series' .ics, each with the bearer token; each resolves to an Either
 * (client.ts). Somebody else's appointment is 404 'followUp.notFound'; 409 'followUp.slotTaken'
 * and 'followUp.alreadyBooked' say why Book all booked nothing.
 */
import type { Either } from 'fp-ts/lib/Either.js';
import { followUpEndpoints } from '../../contract/endpoints/followUps.js';
import type { FollowUpOffer, FollowUpSlot } from '../../contract/followUps.js';
import { apiClient, type ApiClient, type ApiFailure, type DownloadedFile } from './client.js';

type Call<A> = Promise<Either<ApiFailure, A>>;

export function createFollowUpApi(client: ApiClient) {
  const { call } = client;
  return {
    loadFollowUp: (id: string, token: string, signal?: AbortSignal): Call<FollowUpOffer> => call(followUpEndpoints.offer, { params: { id }, token, signal }),
    bookFollowUp: (id: string, occurrences: FollowUpSlot[], token: string, consentText?: string, signal?: AbortSignal): Call<FollowUpOffer> =>
      call(followUpEndpoints.book, { params: { id }, body: { occurrences, ...(consentText ? { consentText } : {}) }, token, signal }),
    cancelFollowUp: (id: string, token: string, signal?: AbortSignal): Call<FollowUpOffer> => call(followUpEndpoints.cancelAll, { params: { id }, token, signal }),
    downloadFollowUpCalendar: (id: string, token: string, signal?: AbortSignal): Call<DownloadedFile> =>
      client.download(followUpEndpoints.calendar, { params: { id }, token, signal }, 'follow-up.ics'),
  };
}

export const followUpApi = createFollowUpApi(apiClient);
