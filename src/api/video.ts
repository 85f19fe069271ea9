/**
 * The portal's own video (contract/video.ts, server/routes/consultations.ts): take this side's
 * seat, read the signalling stream, send the other side a message, admit the patient, switch to a
 * Call. The stream is read as the chat's is (fetch with the bearer token, ./chat.ts readEvents),
 * resumed with `Last-Event-ID`.
 */
import type { Either } from 'fp-ts/lib/Either.js';
import type { Consultation } from '../../contract/consultation.js';
import { consultationEndpoints } from '../../contract/endpoints/consultations.js';
import { VideoSignal, type VideoJoin, type VideoSent, type VideoSignalKind } from '../../contract/video.js';
import type { ApiFailure } from '../../machines/failures.js';
import { readMessageStream, type StreamEnd } from './chat.js';
import { apiClient, type ApiClient } from './client.js';

type Call<A> = Promise<Either<ApiFailure, A>>;

export function createVideoApi(client: ApiClient) {
  const { call } = client;
  return {
    join: (appointmentId: string, tab: string, token: string, signal?: AbortSignal): Call<VideoJoin> =>
      call(consultationEndpoints.videoJoin, { params: { id: appointmentId }, body: { tab }, token, signal }),

    send: (appointmentId: string, tab: string, kind: VideoSignalKind, body: Record<string, unknown>, token: string): Call<VideoSent> =>
      call(consultationEndpoints.videoSignal, { params: { id: appointmentId }, body: { tab, kind, body }, token }),

    admit: (appointmentId: string, tab: string, token: string): Call<VideoSent> =>
      call(consultationEndpoints.videoAdmit, { params: { id: appointmentId }, body: { tab }, token }),

    switchToCall: (appointmentId: string, tab: string, token: string): Call<Consultation> =>
      call(consultationEndpoints.videoSwitch, { params: { id: appointmentId }, body: { tab }, token }),

    /** The stream of this side's signalling messages after `after`, until it ends, fails or `signal` aborts. */
    async readStream(appointmentId: string, tab: string, after: string, token: string, onSignal: (s: VideoSignal) => void, signal: AbortSignal): Promise<StreamEnd> {
      const headers: Record<string, string> = after === '0' ? {} : { 'Last-Event-ID': after };
      const answer = await client.open(consultationEndpoints.videoStream, { params: { id: appointmentId }, query: { tab }, token, signal, headers, cache: 'no-store' });
      return readMessageStream(answer, signal, VideoSignal, onSignal);
    },
  };
}

export type VideoApi = ReturnType<typeof createVideoApi>;
export const videoApi: VideoApi = createVideoApi(apiClient);
