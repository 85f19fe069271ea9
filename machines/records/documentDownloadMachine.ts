/**
 * Downloading a document of the patient's record: a prescription or a receipt as PDF,
 * one at a time, with the bearer token. Used wherever those documents are offered: My Remedies,
 * a Completed appointment's card on My Appointment, and the staff console's appointment.
 *
 * Input: `{ token }`. Idle -> Downloading on `document.download` { path } (a path under
 * /api/records, e.g. `/appointments/{id}/prescription.pdf`); another download waits until this
 * one ends. Done: the provided `offerDownload` saves the file. Failed: `notifyFailure` with the
 * server's words or null (the view's own text), a 401 too (the request base has ended the
 * session: src/api/client.ts).
 *
 * Provided by the app: actor `downloadDocument` ({ path, token } -> { fileName, content }),
 * rejecting with an ApiFailure; actions `offerDownload`, `notifyFailure`.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { serverWordsOr } from '../shared/notices.js';

export type DownloadedFile = { fileName: string; content: Blob };

export interface DocumentDownloadContext {
  token: string;
  /** The document being downloaded (its path), or null. */
  downloading: string | null;
}

export type DocumentDownloadEvent = { type: 'document.download'; path: string };

const serverText = (error: unknown): string | null => {
  const words = serverWordsOr(error, null);
  return words === null ? null : words.text;
};

export const documentDownloadMachine = setup({
  types: {
    context: {} as DocumentDownloadContext,
    events: {} as DocumentDownloadEvent,
    input: {} as { token: string },
  },
  actors: {
    downloadDocument: fromPromise<DownloadedFile, { path: string; token: string }>(() =>
      Promise.reject(new Error('downloadDocument is provided by the app')),
    ),
  },
  actions: {
    offerDownload: (_args, _file: DownloadedFile) => {},
    notifyFailure: (_args, _params: { text: string | null }) => {},
  },
}).createMachine({
  id: 'documentDownload',
  context: ({ input }) => ({ token: input.token, downloading: null }),
  initial: 'Idle',
  states: {
    Idle: {
      description: 'No document is being fetched.',
      on: { 'document.download': { target: 'Downloading', actions: assign({ downloading: ({ event }) => event.path }) } },
    },
    Downloading: {
      description: 'Fetches one document with the bearer token; another download waits until it ends.',
      tags: ['busy'],
      invoke: {
        src: 'downloadDocument',
        input: ({ context }) => ({ path: context.downloading!, token: context.token }),
        onDone: { target: 'Idle', actions: [{ type: 'offerDownload', params: ({ event }) => event.output }, assign({ downloading: null })] },
        onError: {
          target: 'Idle',
          actions: [{ type: 'notifyFailure', params: ({ event }) => ({ text: serverText(event.error) }) }, assign({ downloading: null })],
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof documentDownloadMachine>;
export const selectDownloading = (s: Snapshot) => s.context.downloading;
