/**
 * The patient's record (contract/records.ts): My Remedies, the documents (PDF, zip) and
 * closing the account, each an endpoint of contract/endpoints/records.ts. Files come with the
 * bearer token through the API client's `download`, as a Blob with the server's file name.
 */
import { left, type Either } from 'fp-ts/lib/Either.js';
import { otpEndpoints } from '../../contract/endpoints/auth.js';
import { mobileEndpoints } from '../../contract/endpoints/mobile.js';
import { matchEndpoint } from '../../contract/endpoint.js';
import { recordDocuments, recordEndpoints } from '../../contract/endpoints/records.js';
import { apiClient, type DownloadedFile } from './client.js';
import { withOfflineCopy, withOfflineFile } from '../pwa/offlineCopy.js';
import type { ApiFailure } from '../../machines/failures.js';

export type { DownloadedFile };

/**
 * GET a document under /api/records (e.g. `/appointments/{id}/prescription.pdf`) as a file. The
 * path must be one of the record's documents (contract/endpoints/records.ts); any other is refused
 * here, without a call.
 */
export async function downloadRecord(path: string, token: string, signal?: AbortSignal): Promise<Either<ApiFailure, DownloadedFile>> {
  const document = matchEndpoint(recordDocuments, 'GET', `/records${path}`);
  if (!document) {
    const errors = [{ field: 'path', message: 'is not a document of the record' }];
    return left({ _tag: 'DecodeFailure', message: `${path} is not a document of the record`, errors });
  }
  // The params are the ones the document's template matched in the path.
  // A document the patient opened is kept for offline use (src/pwa/offlineCopy.ts).
  return withOfflineFile(`documents${path}`, () => apiClient.download(document.endpoint, { params: document.params, token, signal } as never, 'document.pdf'));
}

/** My Remedies, kept for offline use (src/pwa/offlineCopy.ts). */
export const fetchRemedies = (token: string, signal?: AbortSignal) =>
  withOfflineCopy('remedies', 'remedies', recordEndpoints.remedies.answer, () => apiClient.call(recordEndpoints.remedies, { token, signal }));

export const fetchAccountDeletion = (token: string, signal?: AbortSignal) => apiClient.call(recordEndpoints.deletion, { token, signal });

export const sendDeletionCode = (email: string, signal?: AbortSignal) => apiClient.call(otpEndpoints.send, { body: { email }, signal });

/** The closing's code for an account without an email: a text to its verified number. */
export const textDeletionCode = (token: string, signal?: AbortSignal) =>
  apiClient.call(mobileEndpoints.sendCurrentPhoneCode, { body: { for: 'accountClose' }, token, signal });

export const deleteAccount = (otp: string, token: string, signal?: AbortSignal) =>
  apiClient.call(recordEndpoints.deleteAccount, { body: { otp }, token, signal });
