/**
 * The patient's record (contract/records.ts): My Remedies, the documents (PDF, zip) and
 * closing the account. Files are fetched with the bearer token and handed back as a Blob with the
 * server's file name; JSON through the request helper.
 */
import { left, right } from 'fp-ts/lib/Either.js';
import { MessageAnswer } from '../../contract/auth.js';
import { AccountDeletionAnswer, RemediesAnswer } from '../../contract/records.js';
import type { ApiFailure } from '../../machines/failures.js';
import { apiClient, attachmentFileName, httpFailureOfText as httpFailure, isAbortError } from './client.js';

export type DownloadedFile = { fileName: string; content: Blob };

const root = () => (import.meta.env.VITE_API_BASE ?? '/api').replace(/\/+$/, '');

/** GET a document under /api/records (e.g. `/appointments/{id}/prescription.pdf`) as a file. */
export async function downloadRecord(path: string, token: string, signal?: AbortSignal) {
  try {
    const response = await fetch(`${root()}/records${path}`, {
      headers: { Accept: 'application/pdf, application/zip, application/json', Authorization: `Bearer ${token}` },
      signal,
    });
    if (!response.ok) return left(httpFailure(response.status, await response.text()));
    const content = await response.blob();
    return right<ApiFailure, DownloadedFile>({ fileName: attachmentFileName(response.headers.get('content-disposition'), 'document.pdf'), content });
  } catch (error) {
    if (signal?.aborted && isAbortError(signal.reason)) throw signal.reason;
    return left<ApiFailure, DownloadedFile>({ _tag: 'NetworkFailure', message: error instanceof Error ? error.message : String(error) });
  }
}

export const fetchRemedies = (token: string, signal?: AbortSignal) => apiClient.request(RemediesAnswer, '/records/remedies', { token, signal });

export const fetchAccountDeletion = (token: string, signal?: AbortSignal) =>
  apiClient.request(AccountDeletionAnswer, '/records/account/deletion', { token, signal });

export const sendDeletionCode = (email: string, signal?: AbortSignal) =>
  apiClient.request(MessageAnswer, '/otp/send-otp', { method: 'POST', body: { email }, signal });

export const deleteAccount = (otp: string, token: string, signal?: AbortSignal) =>
  apiClient.request(MessageAnswer, '/records/account/delete', { method: 'POST', body: { otp }, token, signal });
