/**
 * My Remedies (/myremedies, issue 14): the account's prescriptions, and downloading their
 * documents (prescription and receipts as PDF).
 *
 * Input: `{ token }`. Two parallel regions:
 * - List: Loading -> Loaded (the prescriptions, current ones first) or Failed; `remedies.retry`
 *   from Failed loads again.
 * - Download: Idle -> Downloading on `document.download` { path } (a path under /api/records);
 *   one at a time. Done: the provided `offerDownload` saves the file. Failed: `notifyFailure`
 *   with the server's words or null (the view's text); 401: `sessionExpired`.
 *
 * Provided by the app: actors `loadRemedies` ({ token } -> RemediesAnswer) and `downloadDocument`
 * ({ path, token } -> { fileName, content }), each rejecting with an ApiFailure; actions
 * `offerDownload`, `notifyFailure`, `sessionExpired`.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { PrescriptionRecord, RemediesAnswer } from '../../contract/records.js';
import { isUnauthorized } from '../failures.js';
import { serverWordsOr } from '../session/notices.js';

export type DownloadedFile = { fileName: string; content: Blob };

export interface RemediesContext {
  token: string;
  prescriptions: PrescriptionRecord[];
  /** The document being downloaded (its path), or null. */
  downloading: string | null;
}

export type RemediesEvent = { type: 'remedies.retry' } | { type: 'document.download'; path: string };

const serverText = (error: unknown): string | null => {
  const words = serverWordsOr(error, null);
  return words === null ? null : words.text;
};

export const remediesMachine = setup({
  types: {
    context: {} as RemediesContext,
    events: {} as RemediesEvent,
    input: {} as { token: string },
  },
  actors: {
    loadRemedies: fromPromise<RemediesAnswer, { token: string }>(() => Promise.reject(new Error('loadRemedies is provided by the app'))),
    downloadDocument: fromPromise<DownloadedFile, { path: string; token: string }>(() =>
      Promise.reject(new Error('downloadDocument is provided by the app')),
    ),
  },
  actions: {
    offerDownload: (_args, _file: DownloadedFile) => {},
    notifyFailure: (_args, _params: { text: string | null }) => {},
    sessionExpired: () => {},
  },
  guards: { isUnauthorized },
}).createMachine({
  id: 'remedies',
  type: 'parallel',
  context: ({ input }) => ({ token: input.token, prescriptions: [], downloading: null }),
  states: {
    List: {
      initial: 'Loading',
      states: {
        Loading: {
          description: 'Asks for the account\'s prescriptions.',
          tags: ['loading'],
          invoke: {
            src: 'loadRemedies',
            input: ({ context }) => ({ token: context.token }),
            onDone: { target: 'Loaded', actions: assign({ prescriptions: ({ event }) => event.output.prescriptions }) },
            onError: [
              { guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) }, actions: 'sessionExpired', target: 'Failed' },
              { target: 'Failed' },
            ],
          },
        },
        Loaded: { description: 'The prescriptions are shown (or the empty state when there are none).' },
        Failed: { description: 'The list could not be loaded; the person may try again.', on: { 'remedies.retry': 'Loading' } },
      },
    },
    Download: {
      initial: 'Idle',
      states: {
        Idle: {
          description: 'No document is being fetched.',
          on: { 'document.download': { target: 'Downloading', actions: assign({ downloading: ({ event }) => event.path }) } },
        },
        Downloading: {
          description: 'Fetches one document with the bearer token.',
          invoke: {
            src: 'downloadDocument',
            input: ({ context }) => ({ path: context.downloading!, token: context.token }),
            onDone: { target: 'Idle', actions: [{ type: 'offerDownload', params: ({ event }) => event.output }, assign({ downloading: null })] },
            onError: [
              {
                guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                target: 'Idle',
                actions: ['sessionExpired', assign({ downloading: null })],
              },
              {
                target: 'Idle',
                actions: [{ type: 'notifyFailure', params: ({ event }) => ({ text: serverText(event.error) }) }, assign({ downloading: null })],
              },
            ],
          },
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof remediesMachine>;
export const selectIsLoading = (s: Snapshot) => s.matches({ List: 'Loading' });
export const selectFailed = (s: Snapshot) => s.matches({ List: 'Failed' });
export const selectPrescriptions = (s: Snapshot) => s.context.prescriptions;
export const selectDownloading = (s: Snapshot) => s.context.downloading;
