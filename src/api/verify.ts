/** GET /verify/{code}: the public check of a printed prescription's code (contract/verify.ts). */
import { isLeft } from 'fp-ts/lib/Either.js';
import { verifyEndpoints } from '../../contract/endpoints/verify.js';
import type { VerifyAnswer } from '../../contract/verify.js';
import { apiClient, type ApiClient } from './client.js';

export type VerifyApi = {
  /** The code's answer; rejects with the ApiFailure (a 429 carries `status`), or the abort reason. */
  verify(code: string, signal: AbortSignal): Promise<VerifyAnswer>;
};

export function createVerifyApi({ call }: ApiClient): VerifyApi {
  return {
    async verify(code, signal) {
      const answer = await call(verifyEndpoints.verify, { params: { code: code as never }, signal });
      if (isLeft(answer)) throw answer.left;
      return answer.right;
    },
  };
}

export const verifyApi: VerifyApi = createVerifyApi(apiClient);
