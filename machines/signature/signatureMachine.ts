/**
 * A doctor's signature image (the staff console's "My signature"; an admin's for any doctor):
 * the one on file is shown (or none), a chosen file is checked and previewed, then uploaded
 * (replacing the one on file) or dropped; the one on file can be removed. The server re-encodes
 * the upload (contract/signatures.ts); its 400 on `signature` is shown at the file field.
 *
 * Input: `{ token, doctorId }`. Events: `signature.retry`, `file.choose` { file }, `upload.send`,
 * `upload.cancel`, `signature.remove`.
 * The app provides (each rejecting with an ApiFailure): `loadSignature` { doctorId, token } ->
 * the PNG, or null when none is on file; `putSignature` { doctorId, file, token };
 * `removeSignature` { doctorId, token }. Effects: `notify` (emits `notice` { tone, notice }).
 */
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { fieldErrorsOf } from '../failures.js';
import { serverWordsOr, type Tone } from '../shared/notices.js';
import {
  fileProblem,
  initialSignatureContext,
  type LoadSignatureInput,
  type PutSignatureInput,
  type SignatureContext,
  type SignatureEvent,
  type SignatureFile,
  type SignatureNotice,
  type SignatureProblem,
} from './signatureContext.js';

const notProvided = () => Promise.reject(new Error('not provided'));
const failed = (error: unknown) => ({ tone: 'error' as Tone, notice: serverWordsOr<SignatureNotice>(error, { kind: 'somethingWentWrong' }) });
const fieldWords = (error: unknown): string | undefined => fieldErrorsOf(error).signature;

export const signatureMachine = setup({
  types: {} as {
    context: SignatureContext;
    events: SignatureEvent;
    input: LoadSignatureInput;
    emitted: { type: 'notice'; tone: Tone; notice: SignatureNotice };
  },
  actors: {
    loadSignature: fromPromise<Blob | null, LoadSignatureInput>(notProvided),
    putSignature: fromPromise<unknown, PutSignatureInput>(notProvided),
    removeSignature: fromPromise<unknown, LoadSignatureInput>(notProvided),
  },
  guards: {
    fileFits: (_, params: { file: SignatureFile }) => fileProblem(params.file) === null,
    onFile: ({ context }) => context.image !== null,
    namesField: (_, params: { error: unknown }) => fieldWords(params.error) !== undefined,
  },
  actions: {
    storeImage: assign({ image: (_, params: { image: Blob | null }) => params.image }),
    storeFile: assign({ file: (_, params: { file: SignatureFile }) => params.file, problem: null }),
    refuseFile: assign({ file: null, problem: (_, params: { file: SignatureFile }) => fileProblem(params.file) }),
    showProblem: assign({ problem: (_, params: { error: unknown }): SignatureProblem => ({ kind: 'server', text: fieldWords(params.error) ?? '' }) }),
    dropFile: assign({ file: null, problem: null }),
    notify: emit((_, params: { tone: Tone; notice: SignatureNotice }) => ({ type: 'notice' as const, ...params })),
  },
}).createMachine({
  id: 'signature',
  description: "A doctor's signature image: shown, chosen and previewed, uploaded, replaced or removed.",
  context: ({ input }) => initialSignatureContext(input),
  initial: 'Loading',
  on: {
    'file.choose': [
      {
        guard: { type: 'fileFits', params: ({ event }) => ({ file: event.file }) },
        target: '.Previewing',
        actions: { type: 'storeFile', params: ({ event }) => ({ file: event.file }) },
      },
      { target: '.Showing', actions: { type: 'refuseFile', params: ({ event }) => ({ file: event.file }) } },
    ],
  },
  states: {
    Loading: {
      description: 'GET /staff/doctors/{id}/signature: the PNG on file, or none (404).',
      tags: ['loading'],
      on: { 'file.choose': {} },
      invoke: {
        src: 'loadSignature',
        input: ({ context }) => ({ doctorId: context.doctorId, token: context.token }),
        onDone: { target: 'Showing', actions: { type: 'storeImage', params: ({ event }) => ({ image: event.output }) } },
        onError: { target: 'Failed', actions: { type: 'notify', params: { tone: 'error', notice: { kind: 'loadFailed' } } } },
      },
    },
    Failed: {
      description: 'The signature could not be loaded: said, with a retry.',
      tags: ['failed'],
      on: { 'signature.retry': 'Loading', 'file.choose': {} },
    },
    Showing: {
      description: 'The one on file (or none), with the file field; a refused file says why at the field.',
      tags: ['ready'],
      on: { 'signature.remove': { guard: 'onFile', target: 'Removing' } },
    },
    Previewing: {
      description: 'A chosen file, previewed beside the one on file, to upload or drop.',
      tags: ['ready', 'previewing'],
      on: {
        'upload.send': 'Uploading',
        'upload.cancel': { target: 'Showing', actions: 'dropFile' },
      },
    },
    Uploading: {
      description: 'PUT /staff/doctors/{id}/signature with the file\'s bytes; then the one on file is loaded again.',
      tags: ['ready', 'previewing', 'busy'],
      on: { 'file.choose': {} },
      invoke: {
        src: 'putSignature',
        input: ({ context }) => ({ doctorId: context.doctorId, file: context.file!, token: context.token }),
        onDone: { target: 'Loading', actions: ['dropFile', { type: 'notify', params: { tone: 'success', notice: { kind: 'saved' } } }] },
        onError: [
          {
            guard: { type: 'namesField', params: ({ event }) => ({ error: event.error }) },
            target: 'Previewing',
            actions: { type: 'showProblem', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'Previewing', actions: { type: 'notify', params: ({ event }) => failed(event.error) } },
        ],
      },
    },
    Removing: {
      description: 'DELETE /staff/doctors/{id}/signature.',
      tags: ['ready', 'busy'],
      on: { 'file.choose': {} },
      invoke: {
        src: 'removeSignature',
        input: ({ context }) => ({ doctorId: context.doctorId, token: context.token }),
        onDone: {
          target: 'Showing',
          actions: [{ type: 'storeImage', params: { image: null } }, { type: 'notify', params: { tone: 'success', notice: { kind: 'removed' } } }],
        },
        onError: { target: 'Showing', actions: { type: 'notify', params: ({ event }) => failed(event.error) } },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof signatureMachine>;
export type SignatureActor = ActorRefFrom<typeof signatureMachine>;
export const selectSignatureImage = (s: Snapshot): Blob | null => s.context.image;
export const selectSignatureFile = (s: Snapshot): SignatureFile | null => s.context.file;
export const selectSignatureProblem = (s: Snapshot): SignatureProblem | null => s.context.problem;
export const selectSignatureLoading = (s: Snapshot): boolean => s.hasTag('loading');
export const selectSignatureFailed = (s: Snapshot): boolean => s.hasTag('failed');
export const selectSignatureBusy = (s: Snapshot): boolean => s.hasTag('busy');
export const selectSignaturePreviewing = (s: Snapshot): boolean => s.hasTag('previewing');
