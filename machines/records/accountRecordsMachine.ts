/**
 * The patient's own data on /account: "Download my data" and "Delete my account".
 *
 * Input: `{ token, codeTo }`. Two parallel regions:
 * - Export: Idle -> Exporting on `data.export` (the zip of GET /records/export.zip), then Idle;
 *   the provided `offerDownload` saves it, `notifyFailure` says a failure.
 * - Deletion: Loading (what must happen first: paid appointments ahead, retention years) ->
 *   Blocked (some are ahead: the page lists them) or Ready; `deletion.sendCode` -> SendingCode
 *   (`codeTo`: POST /otp/send-otp to the account's own address, or for an account without an
 *   email a text to its verified number) -> CodeSent; `deletion.confirm` { otp } ->
 *   Deleting -> Deleted (final; `accountDeleted`), or back to CodeSent with the server's words
 *   (`error`). `deletion.cancel` from CodeSent goes back to Ready. A 401 fails as any refusal does:
 *   the request base has ended the session (src/api/client.ts).
 *
 * Provided by the app: actors `downloadDocument`, `loadDeletion`, `sendCode`, `deleteAccount`
 * (each rejecting with an ApiFailure), actions `offerDownload`, `notifyFailure`,
 * `accountDeleted`.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AccountDeletionAnswer } from '../../contract/records.js';
import { serverWordsOr } from '../shared/notices.js';
import type { DownloadedFile } from './documentDownloadMachine.js';

/** Where the code that confirms the closing goes: the account's email, or its verified number when it has no email. */
export type DeletionCodeTo = { kind: 'email'; email: string } | { kind: 'text'; phone: string };

export interface AccountRecordsContext {
  token: string;
  codeTo: DeletionCodeTo;
  deletion: AccountDeletionAnswer | null;
  /** The server's words for the last refusal, or '' for a failure without words; null: none. */
  error: string | null;
}

export type AccountRecordsEvent =
  | { type: 'data.export' }
  | { type: 'deletion.retry' }
  | { type: 'deletion.sendCode' }
  | { type: 'deletion.confirm'; otp: string }
  | { type: 'deletion.cancel' };

const serverText = (error: unknown): string => {
  const words = serverWordsOr(error, null);
  return words === null ? '' : words.text;
};

export const accountRecordsMachine = setup({
  types: {
    context: {} as AccountRecordsContext,
    events: {} as AccountRecordsEvent,
    input: {} as { token: string; codeTo: DeletionCodeTo },
  },
  actors: {
    downloadDocument: fromPromise<DownloadedFile, { path: string; token: string }>(() => Promise.reject(new Error('provided by the app'))),
    loadDeletion: fromPromise<AccountDeletionAnswer, { token: string }>(() => Promise.reject(new Error('provided by the app'))),
    sendCode: fromPromise<{ message: string }, { to: DeletionCodeTo; token: string }>(() => Promise.reject(new Error('provided by the app'))),
    deleteAccount: fromPromise<{ message: string }, { otp: string; token: string }>(() => Promise.reject(new Error('provided by the app'))),
  },
  actions: {
    offerDownload: (_args, _file: DownloadedFile) => {},
    notifyFailure: (_args, _params: { text: string }) => {},
    accountDeleted: () => {},
  },
  guards: {
    hasUpcoming: ({ context }) => (context.deletion?.upcomingPaid.length ?? 0) > 0,
  },
}).createMachine({
  id: 'accountRecords',
  type: 'parallel',
  context: ({ input }) => ({ token: input.token, codeTo: input.codeTo, deletion: null, error: null }),
  states: {
    Export: {
      initial: 'Idle',
      states: {
        Idle: { description: 'Nothing is being exported.', on: { 'data.export': 'Exporting' } },
        Exporting: {
          description: 'The zip of the account\'s data is being downloaded.',
          invoke: {
            src: 'downloadDocument',
            input: ({ context }) => ({ path: '/export.zip', token: context.token }),
            onDone: { target: 'Idle', actions: { type: 'offerDownload', params: ({ event }) => event.output } },
            onError: { target: 'Idle', actions: { type: 'notifyFailure', params: ({ event }) => ({ text: serverText(event.error) }) } },
          },
        },
      },
    },
    Deletion: {
      initial: 'Loading',
      states: {
        Loading: {
          description: 'Asks what must happen before the account can close.',
          invoke: {
            src: 'loadDeletion',
            input: ({ context }) => ({ token: context.token }),
            onDone: { target: 'Checking', actions: assign({ deletion: ({ event }) => event.output }) },
            onError: { target: 'Failed' },
          },
        },
        Checking: { description: 'Decides between Blocked and Ready.', always: [{ guard: 'hasUpcoming', target: 'Blocked' }, { target: 'Ready' }] },
        Failed: { description: 'The deletion section could not load.', on: { 'deletion.retry': 'Loading' } },
        Blocked: { description: 'Paid appointments are ahead: they are listed and must be dealt with first.' },
        Ready: {
          description: 'The retention is said; the person may ask for the code.',
          on: { 'deletion.sendCode': { target: 'SendingCode', actions: assign({ error: null }) } },
        },
        SendingCode: {
          description: "A fresh code is sent to the account's own address (or its verified number).",
          invoke: {
            src: 'sendCode',
            input: ({ context }) => ({ to: context.codeTo, token: context.token }),
            onDone: 'CodeSent',
            onError: { target: 'Ready', actions: assign({ error: ({ event }) => serverText(event.error) }) },
          },
        },
        CodeSent: {
          description: 'The person types the code and confirms.',
          on: {
            'deletion.confirm': { target: 'Deleting', actions: assign({ error: null }) },
            'deletion.cancel': { target: 'Ready', actions: assign({ error: null }) },
          },
        },
        Deleting: {
          description: 'Closes the account with the code.',
          invoke: {
            src: 'deleteAccount',
            input: ({ context, event }) => ({ otp: (event as { otp: string }).otp, token: context.token }),
            onDone: { target: 'Deleted', actions: 'accountDeleted' },
            onError: { target: 'CodeSent', actions: assign({ error: ({ event }) => serverText(event.error) }) },
          },
        },
        Deleted: { type: 'final', description: 'The account is closed; the app logs out.' },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof accountRecordsMachine>;
export const selectIsExporting = (s: Snapshot) => s.matches({ Export: 'Exporting' });
export const selectDeletion = (s: Snapshot) => s.context.deletion;
export const selectDeletionError = (s: Snapshot) => s.context.error;
export const selectDeletionStep = (s: Snapshot) => {
  const v = (s.value as { Deletion: string }).Deletion;
  return v as 'Loading' | 'Checking' | 'Failed' | 'Blocked' | 'Ready' | 'SendingCode' | 'CodeSent' | 'Deleting' | 'Deleted';
};
