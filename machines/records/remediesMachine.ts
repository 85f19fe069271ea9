/**
 * My Remedies (/myremedies): the account's prescriptions. Their documents (prescription
 * and receipts as PDF) are downloaded with ./documentDownloadMachine.ts, as everywhere else.
 *
 * Input: `{ token }`. Loading -> Loaded (the prescriptions, current ones first) or Failed;
 * `remedies.retry` from Failed loads again; a 401 fails as any other refusal (the request base
 * has ended the session: src/api/client.ts).
 *
 * Provided by the app: actor `loadRemedies` ({ token } -> RemediesAnswer), rejecting with an
 * ApiFailure.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { PrescriptionRecord, RemediesAnswer } from '../../contract/records.js';

export interface RemediesContext {
  token: string;
  prescriptions: PrescriptionRecord[];
}

export type RemediesEvent = { type: 'remedies.retry' };

export const remediesMachine = setup({
  types: {
    context: {} as RemediesContext,
    events: {} as RemediesEvent,
    input: {} as { token: string },
  },
  actors: {
    loadRemedies: fromPromise<RemediesAnswer, { token: string }>(() => Promise.reject(new Error('loadRemedies is provided by the app'))),
  },
}).createMachine({
  id: 'remedies',
  context: ({ input }) => ({ token: input.token, prescriptions: [] }),
  initial: 'Loading',
  states: {
    Loading: {
      description: 'Asks for the account\'s prescriptions.',
      tags: ['loading'],
      invoke: {
        src: 'loadRemedies',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'Loaded', actions: assign({ prescriptions: ({ event }) => event.output.prescriptions }) },
        onError: { target: 'Failed' },
      },
    },
    Loaded: { description: 'The prescriptions are shown (or the empty state when there are none).' },
    Failed: { description: 'The list could not be loaded; the person may try again.', on: { 'remedies.retry': 'Loading' } },
  },
});

type Snapshot = SnapshotFrom<typeof remediesMachine>;
export const selectIsLoading = (s: Snapshot) => s.matches('Loading');
export const selectFailed = (s: Snapshot) => s.matches('Failed');
export const selectPrescriptions = (s: Snapshot) => s.context.prescriptions;
