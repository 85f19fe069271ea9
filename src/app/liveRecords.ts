/**
 * The real calls of My Remedies and the account's data section (machines/records). Loaded with
 * their routes' chunks, never with the home page.
 */
import { accountRecordsMachine } from '../../machines/records/accountRecordsMachine';
import { remediesMachine } from '../../machines/records/remediesMachine';
import { deleteAccount, downloadRecord, fetchAccountDeletion, fetchRemedies, sendDeletionCode } from '../api/records';
import { fromApi } from './fromApi';

// The one download helper (src/app/offerDownload.ts), passed on to the records views.
export { offerDownload } from './offerDownload';

const downloadDocument = fromApi(({ path, token }: { path: string; token: string }, signal) => downloadRecord(path, token, signal));

export const liveRemediesActors = {
  loadRemedies: fromApi(({ token }: { token: string }, signal) => fetchRemedies(token, signal)),
  downloadDocument,
} satisfies Parameters<typeof remediesMachine.provide>[0]['actors'];

export const liveAccountRecordsActors = {
  downloadDocument,
  loadDeletion: fromApi(({ token }: { token: string }, signal) => fetchAccountDeletion(token, signal)),
  sendCode: fromApi(({ email }: { email: string }, signal) => sendDeletionCode(email, signal)),
  deleteAccount: fromApi(({ otp, token }: { otp: string; token: string }, signal) => deleteAccount(otp, token, signal)),
} satisfies Parameters<typeof accountRecordsMachine.provide>[0]['actors'];
