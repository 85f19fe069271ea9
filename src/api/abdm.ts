/**
 * The patient's ABHA (contract/endpoints/abdm.ts): the caller's own, or a patient's at the desk.
 * Each with the bearer token; each resolves to an Either (client.ts).
 */
import type { Either } from 'fp-ts/lib/Either.js';
import type { AbhaAnswer } from '../../contract/abdm.js';
import { abdmEndpoints } from '../../contract/endpoints/abdm.js';
import type { AbhaRequestFields, AbhaTarget } from '../../machines/abha/context.js';
import { apiClient, type ApiClient, type ApiFailure } from './client.js';

type Call<A> = Promise<Either<ApiFailure, A>>;

export type AbdmApi = {
  /** GET /account/abha or /desk/patients/{id}/abha. */
  abha(target: AbhaTarget, token: string, signal?: AbortSignal): Call<AbhaAnswer>;
  /** PUT: the number, the address or both; 400 / 409 naming the field. */
  putAbha(target: AbhaTarget, body: AbhaRequestFields, token: string, signal?: AbortSignal): Call<AbhaAnswer>;
  /** DELETE: the one on file removed. */
  removeAbha(target: AbhaTarget, token: string, signal?: AbortSignal): Call<AbhaAnswer>;
};

export function createAbdmApi({ call }: ApiClient): AbdmApi {
  return {
    abha: (target, token, signal) =>
      target.kind === 'own' ? call(abdmEndpoints.abha, { token, signal }) : call(abdmEndpoints.deskAbha, { params: { id: target.patientId }, token, signal }),
    putAbha: (target, body, token, signal) =>
      target.kind === 'own'
        ? call(abdmEndpoints.putAbha, { body, token, signal })
        : call(abdmEndpoints.putDeskAbha, { params: { id: target.patientId }, body, token, signal }),
    removeAbha: (target, token, signal) =>
      target.kind === 'own'
        ? call(abdmEndpoints.removeAbha, { token, signal })
        : call(abdmEndpoints.removeDeskAbha, { params: { id: target.patientId }, token, signal }),
  };
}

export const abdmApi = createAbdmApi(apiClient);
