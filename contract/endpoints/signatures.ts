/** A doctor's signature image (contract/signatures.ts): raw image bytes up, a PNG down (204: none on file). */
import { endpoint, PassThrough } from '../endpoint.js';
import { SignatureAnswer, SignatureParams } from '../signatures.js';

export const signatureEndpoints = {
  signature: endpoint({ method: 'GET', path: '/staff/doctors/:id/signature', params: SignatureParams, answer: PassThrough, kind: 'file', accept: 'image/png' }),
  putSignature: endpoint({ method: 'PUT', path: '/staff/doctors/:id/signature', params: SignatureParams, answer: SignatureAnswer }),
  deleteSignature: endpoint({ method: 'DELETE', path: '/staff/doctors/:id/signature', params: SignatureParams, answer: SignatureAnswer }),
};
