/** The public check of a printed prescription's code (contract/verify.ts): no login; rate-limited per client. */
import { endpoint } from '../endpoint.js';
import { VerifyAnswer, VerifyParams } from '../verify.js';

export const verifyEndpoints = {
  verify: endpoint({ method: 'GET', path: '/verify/:code', params: VerifyParams, answer: VerifyAnswer }),
};
