/**
 * The real calls of My Remedies and the account's data section (machines/records). Loaded with
 * their routes' chunks, never with the home page.
 */
import { accountRecordsMachine } from '../../machines/records/accountRecordsMachine';
import { remediesMachine } from '../../machines/records/remediesMachine';
import type { DeletionCodeTo } from '../../machines/records/accountRecordsMachine';
import { deleteAccount, fetchAccountDeletion, fetchRemedies, sendDeletionCode, textDeletionCode } from '../api/records';
import { fromApi } from './fromApi';
import { liveDownloadDocument as downloadDocument } from './liveDocuments';

// The one download helper (src/app/offerDownload.ts), passed on to the records views.
export { offerDownload } from './offerDownload';
export { liveDownloadDocument } from './liveDocuments';

export const liveRemediesActors = {
  loadRemedies: fromApi(({ token }: { token: string }, signal) => fetchRemedies(token, signal)),
} satisfies Parameters<typeof remediesMachine.provide>[0]['actors'];

export const liveAccountRecordsActors = {
  downloadDocument,
  loadDeletion: fromApi(({ token }: { token: string }, signal) => fetchAccountDeletion(token, signal)),
  sendCode: fromApi(({ to, token }: { to: DeletionCodeTo; token: string }, signal) =>
    to.kind === 'email' ? sendDeletionCode(to.email, signal) : textDeletionCode(token, signal),
  ),
  deleteAccount: fromApi(({ otp, token }: { otp: string; token: string }, signal) => deleteAccount(otp, token, signal)),
} satisfies Parameters<typeof accountRecordsMachine.provide>[0]['actors'];
