/**
 * The consultation itself (contract/consultation.ts): where a Video or Call consultation
 * stands, with the join link while it is open, for the appointment's patient, its doctor and
 * admins; the doctor's "no answer" note. Each needs the bearer token; anybody else gets 404.
 */
import type { Either } from 'fp-ts/lib/Either.js';
import type { Consultation } from '../../contract/consultation.js';
import { consultationEndpoints } from '../../contract/endpoints/consultations.js';
import { apiClient, type ApiClient, type ApiFailure } from './client.js';

type Call<A> = Promise<Either<ApiFailure, A>>;

export function createConsultationsApi({ call }: ApiClient) {
  return {
    /** GET /appointment/{id}/consultation. */
    fetchConsultation: (appointmentId: string, token: string, signal?: AbortSignal): Call<Consultation> =>
      call(consultationEndpoints.consultation, { params: { id: appointmentId }, token, signal }),
    /** POST /staff/appointments/{id}/call/noanswer: the answer is the consultation with the note in its record. */
    noteNoAnswer: (appointmentId: string, note: string, token: string, signal?: AbortSignal): Call<Consultation> =>
      call(consultationEndpoints.noAnswer, { params: { id: appointmentId }, body: { note }, token, signal }),
  };
}

const consultationsApi = createConsultationsApi(apiClient);
export const { fetchConsultation, noteNoAnswer } = consultationsApi;
