/**
 * A doctor's signature image (contract/endpoints/signatures.ts): the PNG on file (null when the
 * server answers 204 No Content: none), the chosen file's bytes up as they are (the server
 * re-encodes them), and its removal. Each needs the staff member's bearer token; the console loads
 * this module with its own chunk.
 */
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js';
import { signatureEndpoints } from '../../contract/endpoints/signatures.js';
import type { SignatureAnswer } from '../../contract/signatures.js';
import { apiClient, type ApiClient, type ApiFailure } from './client.js';

type Call<A> = Promise<Either<ApiFailure, A>>;

/** The types the server takes by name; anything else goes as bytes and the server decides from them. */
const imageTypes = new Set(['image/png', 'image/jpeg', 'image/webp']);

export function createSignatureApi(client: ApiClient) {
  return {
    /** GET /staff/doctors/{id}/signature: the PNG, or null when none is on file. */
    async image(doctorId: string, token: string, signal?: AbortSignal): Call<Blob | null> {
      const answer = await client.open(signatureEndpoints.signature, { params: { id: doctorId }, token, signal, cache: 'no-store' });
      if (isLeft(answer)) return answer;
      return right(answer.right.status === 204 ? null : await answer.right.blob());
    },
    /** PUT /staff/doctors/{id}/signature with the file's bytes. */
    put(doctorId: string, file: Blob, token: string, signal?: AbortSignal): Call<SignatureAnswer> {
      const type = imageTypes.has(file.type) ? file.type : 'application/octet-stream';
      return client.call(signatureEndpoints.putSignature, { params: { id: doctorId }, content: { data: file, type }, token, signal });
    },
    /** DELETE /staff/doctors/{id}/signature. */
    remove(doctorId: string, token: string, signal?: AbortSignal): Call<SignatureAnswer> {
      return client.call(signatureEndpoints.deleteSignature, { params: { id: doctorId }, token, signal });
    },
  };
}

export const signatureApi = createSignatureApi(apiClient);
