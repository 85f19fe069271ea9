/**
 * The patient's ABHA (contract/abdm.ts): the one on file is shown (or none); it is added or changed
 * by typing the number or the address (checked with the contract's codec before any request), or
 * by a picture of the card's QR (read by the `readQr` call: the camera's photo or a chosen file),
 * which is saved at once when it is an ABHA card's; the one on file can be removed. The same chart
 * serves /account (the patient's own) and the desk (a patient's, `target`).
 *
 * Input: `{ token, target }`. Events: `abha.retry`, `abha.edit`, `abha.change` { field, value },
 * `abha.save`, `abha.cancel`, `abha.remove`, `abha.scan` { image }.
 * The app provides (each rejecting with an ApiFailure): `loadAbha`, `saveAbha` { request },
 * `removeAbha`, each with `{ token, target }`; `readQr` { image } -> the QR's text or null.
 * Effects: `notify` (emits `notice` { tone, notice }).
 */
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Abha, AbhaAnswer } from '../../contract/abdm.js';
import { serverWordsOr, type Tone } from '../shared/notices.js';
import {
  emptyDraft,
  initialAbhaContext,
  type AbhaContext,
  type AbhaEvent,
  type AbhaField,
  type AbhaInput,
  type AbhaNotice,
  type AbhaRequestFields,
  type QrProblem,
  type ReadQrInput,
  type SaveAbhaInput,
} from './context.js';
import { draftErrors, draftOf, requestOfDraft, requestOfQr, serverFieldErrors } from './guards.js';

const notProvided = () => Promise.reject(new Error('not provided'));
const failed = (error: unknown) => ({ tone: 'error' as Tone, notice: serverWordsOr<AbhaNotice>(error, { kind: 'somethingWentWrong' }) });

export const abhaMachine = setup({
  types: {} as {
    context: AbhaContext;
    events: AbhaEvent;
    input: AbhaInput;
    emitted: { type: 'notice'; tone: Tone; notice: AbhaNotice };
  },
  actors: {
    loadAbha: fromPromise<AbhaAnswer, AbhaInput>(notProvided),
    saveAbha: fromPromise<AbhaAnswer, SaveAbhaInput>(notProvided),
    removeAbha: fromPromise<AbhaAnswer, AbhaInput>(notProvided),
    readQr: fromPromise<string | null, ReadQrInput>(notProvided),
  },
  guards: {
    onFile: ({ context }) => context.abha !== null,
    draftFits: ({ context }) => Object.keys(draftErrors(context.draft)).length === 0,
    isCard: (_, params: { text: string | null }) => requestOfQr(params.text) !== null,
    namesField: (_, params: { error: unknown }) => Object.keys(serverFieldErrors(params.error)).length > 0,
  },
  actions: {
    storeAbha: assign({ abha: (_, params: { abha: Abha | null }) => params.abha, request: null, errors: {}, qrProblem: null }),
    fillDraft: assign({ draft: ({ context }) => draftOf(context), errors: {}, qrProblem: null }),
    change: assign({
      draft: ({ context }, params: { field: AbhaField; value: string }) => ({ ...context.draft, [params.field]: params.value }),
      errors: ({ context }, params: { field: AbhaField; value: string }) => {
        const { [params.field]: _dropped, ...rest } = context.errors;
        return rest;
      },
    }),
    showDraftErrors: assign({ errors: ({ context }) => draftErrors(context.draft) }),
    typedRequest: assign({ request: ({ context }): AbhaRequestFields => requestOfDraft(context.draft), qrProblem: null }),
    cardRequest: assign({ request: (_, params: { text: string | null }) => requestOfQr(params.text), qrProblem: null, errors: {} }),
    qrProblem: assign({ qrProblem: (_, params: { problem: QrProblem }) => params.problem }),
    showServerErrors: assign({ errors: (_, params: { error: unknown }) => serverFieldErrors(params.error) }),
    clearDraft: assign({ draft: emptyDraft, errors: {}, qrProblem: null, request: null }),
    notify: emit((_, params: { tone: Tone; notice: AbhaNotice }) => ({ type: 'notice' as const, ...params })),
  },
}).createMachine({
  id: 'abha',
  description: "A patient's ABHA: shown, typed or read from the card's QR, saved, replaced or removed.",
  context: ({ input }) => initialAbhaContext(input),
  initial: 'Loading',
  states: {
    Loading: {
      description: 'GET the ABHA on file (or none).',
      tags: ['loading'],
      invoke: {
        src: 'loadAbha',
        input: ({ context }) => ({ token: context.token, target: context.target }),
        onDone: { target: 'Showing', actions: { type: 'storeAbha', params: ({ event }) => ({ abha: event.output.abha }) } },
        onError: { target: 'Failed', actions: { type: 'notify', params: { tone: 'error', notice: { kind: 'loadFailed' } } } },
      },
    },
    Failed: {
      description: 'The ABHA could not be loaded: said, with a retry.',
      tags: ['failed'],
      on: { 'abha.retry': 'Loading' },
    },
    Showing: {
      description: 'The one on file (or none), with Add / Change, Remove and the card\'s QR.',
      tags: ['ready'],
      on: {
        'abha.edit': { target: 'Editing', actions: 'fillDraft' },
        'abha.remove': { guard: 'onFile', target: 'Removing' },
        'abha.scan': 'Reading',
      },
    },
    Editing: {
      description: 'The number and the address typed, each problem at its field; or the card\'s QR.',
      tags: ['ready', 'editing'],
      on: {
        'abha.change': { actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'abha.save': [{ guard: 'draftFits', target: 'Saving', actions: 'typedRequest' }, { actions: 'showDraftErrors' }],
        'abha.cancel': { target: 'Showing', actions: 'clearDraft' },
        'abha.scan': 'Reading',
      },
    },
    Reading: {
      description: 'The picture\'s QR read: an ABHA card\'s is saved at once; anything else is said at the scan field.',
      tags: ['ready', 'editing', 'busy'],
      invoke: {
        src: 'readQr',
        input: ({ event }) => ({ image: (event as Extract<AbhaEvent, { type: 'abha.scan' }>).image }),
        onDone: [
          {
            guard: { type: 'isCard', params: ({ event }) => ({ text: event.output }) },
            target: 'Saving',
            actions: { type: 'cardRequest', params: ({ event }) => ({ text: event.output }) },
          },
          {
            target: 'Editing',
            actions: { type: 'qrProblem', params: ({ event }) => ({ problem: event.output === null ? ('unreadable' as const) : ('notAbha' as const) }) },
          },
        ],
        onError: { target: 'Editing', actions: { type: 'qrProblem', params: { problem: 'unreadable' } } },
      },
    },
    Saving: {
      description: 'PUT the request; a refusal naming a field is shown there.',
      tags: ['ready', 'editing', 'busy'],
      invoke: {
        src: 'saveAbha',
        input: ({ context }) => ({ token: context.token, target: context.target, request: context.request! }),
        onDone: {
          target: 'Showing',
          actions: [{ type: 'storeAbha', params: ({ event }) => ({ abha: event.output.abha }) }, 'clearDraft', { type: 'notify', params: { tone: 'success', notice: { kind: 'saved' } } }],
        },
        onError: [
          {
            guard: { type: 'namesField', params: ({ event }) => ({ error: event.error }) },
            target: 'Editing',
            actions: { type: 'showServerErrors', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'Editing', actions: { type: 'notify', params: ({ event }) => failed(event.error) } },
        ],
      },
    },
    Removing: {
      description: 'DELETE the ABHA on file.',
      tags: ['ready', 'busy'],
      invoke: {
        src: 'removeAbha',
        input: ({ context }) => ({ token: context.token, target: context.target }),
        onDone: {
          target: 'Showing',
          actions: [{ type: 'storeAbha', params: { abha: null } }, { type: 'notify', params: { tone: 'success', notice: { kind: 'removed' } } }],
        },
        onError: { target: 'Showing', actions: { type: 'notify', params: ({ event }) => failed(event.error) } },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof abhaMachine>;
export type AbhaActor = ActorRefFrom<typeof abhaMachine>;
export const selectAbha = (s: Snapshot): Abha | null => s.context.abha;
export const selectAbhaDraft = (s: Snapshot) => s.context.draft;
export const selectAbhaErrors = (s: Snapshot) => s.context.errors;
export const selectQrProblem = (s: Snapshot): QrProblem | null => s.context.qrProblem;
export const selectAbhaLoading = (s: Snapshot): boolean => s.hasTag('loading');
export const selectAbhaFailed = (s: Snapshot): boolean => s.hasTag('failed');
export const selectAbhaBusy = (s: Snapshot): boolean => s.hasTag('busy');
export const selectAbhaEditing = (s: Snapshot): boolean => s.hasTag('editing');
