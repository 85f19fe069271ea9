/**
 * The dispensary's stock desk: one location's stock (received, adjusted with a reason, its low
 * level set), the clinic's low-stock list, and the paid orders waiting at that location, each
 * with Dispense. After every change everything is loaded again (levels, low list and orders move
 * together). The server decides what is valid: a 400 naming a field is shown at the form's field,
 * a 409 (below zero, short of stock, not paid) is said in the server's words.
 *
 * Input: `{ token, locationId? }`. Events: `location.change` { locationId }, `list.retry`,
 * `list.refresh`, `stock.open` { kind: receive | adjust | lowAt, itemId }, `draft.change`
 * { field, value }, `draft.save`, `draft.cancel`, `order.dispense` { orderId }.
 * The app provides (each rejecting with an ApiFailure): `loadStock` { locationId, token } ->
 * StockView; `saveStock` { kind, itemId, locationId, amount, note, token }; `dispense`
 * { orderId, token }. Effects: `notify` (emits `notice` { tone, notice }) until provided.
 */
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { fieldErrorsOf } from '../failures.js';
import { serverWordsOr, type Tone } from '../shared/notices.js';
import {
  amountOf,
  emptyDraft,
  formErrors,
  initialStockContext,
  savedNotice,
  type DispenseInput,
  type LoadStockInput,
  type SaveStockInput,
  type StockContext,
  type StockEvent,
  type StockNotice,
  type StockView,
} from './stockContext.js';

const notProvided = () => Promise.reject(new Error('not provided'));
const failed = (error: unknown) => ({ tone: 'error' as Tone, notice: serverWordsOr<StockNotice>(error, { kind: 'somethingWentWrong' }) });

export const stockMachine = setup({
  types: {} as {
    context: StockContext;
    events: StockEvent;
    input: { token: string; locationId?: string | null };
    emitted: { type: 'notice'; tone: Tone; notice: StockNotice };
  },
  actors: {
    loadStock: fromPromise<StockView, LoadStockInput>(notProvided),
    saveStock: fromPromise<unknown, SaveStockInput>(notProvided),
    dispense: fromPromise<unknown, DispenseInput>(notProvided),
  },
  guards: {
    namesFields: (_, params: { error: unknown }) => Object.keys(formErrors(fieldErrorsOf(params.error))).length > 0,
  },
  actions: {
    storeView: assign((_, params: { view: StockView }) => ({ view: params.view, locationId: params.view.locationId })),
    storeLocation: assign({ locationId: (_, params: { locationId: string }) => params.locationId }),
    openForm: assign((_, params: { kind: 'receive' | 'adjust' | 'lowAt'; itemId: string }) => ({
      form: { kind: params.kind, itemId: params.itemId },
      draft: emptyDraft,
      fieldErrors: {},
    })),
    changeDraft: assign(({ context }, params: { field: 'amount' | 'note'; value: string }) => {
      const { [params.field]: _cleared, ...rest } = context.fieldErrors;
      return { draft: { ...context.draft, [params.field]: params.value }, fieldErrors: rest };
    }),
    closeForm: assign({ form: null, draft: emptyDraft, fieldErrors: {} }),
    showErrors: assign({ fieldErrors: (_, params: { error: unknown }) => formErrors(fieldErrorsOf(params.error)) }),
    storeDispensing: assign({ dispensing: (_, params: { orderId: string | null }) => params.orderId }),
    notify: emit((_, params: { tone: Tone; notice: StockNotice }) => ({ type: 'notice' as const, ...params })),
  },
}).createMachine({
  id: 'dispensaryStock',
  description: "One location's stock, the low list and the paid orders to dispense.",
  context: ({ input }) => initialStockContext(input),
  initial: 'Loading',
  states: {
    Loading: {
      description: 'GET /staff/stock, /staff/stock/low and /staff/dispensary/orders for the location.',
      tags: ['loading'],
      invoke: {
        src: 'loadStock',
        input: ({ context }) => ({ locationId: context.locationId, token: context.token }),
        onDone: { target: 'Ready', actions: { type: 'storeView', params: ({ event }) => ({ view: event.output }) } },
        onError: { target: 'Failed', actions: { type: 'notify', params: { tone: 'error', notice: { kind: 'loadFailed' } } } },
      },
    },
    Failed: {
      description: 'Nothing could be loaded: said, with a retry.',
      tags: ['failed'],
      on: { 'list.retry': 'Loading' },
    },
    Ready: {
      description: 'The stock, the low list and the orders are shown.',
      initial: 'Browsing',
      on: {
        'location.change': { target: '.Reloading', actions: [{ type: 'storeLocation', params: ({ event }) => ({ locationId: event.locationId }) }, 'closeForm'] },
        'list.refresh': { target: '.Reloading', actions: 'closeForm' },
      },
      states: {
        Browsing: {
          tags: ['ready'],
          on: {
            'stock.open': { target: 'Editing', actions: { type: 'openForm', params: ({ event }) => ({ kind: event.kind, itemId: event.itemId }) } },
            'order.dispense': { target: 'Dispensing', actions: { type: 'storeDispensing', params: ({ event }) => ({ orderId: event.orderId }) } },
          },
        },
        Reloading: {
          description: 'Loaded again (another location, a refresh, after a change), the last answer still shown.',
          tags: ['ready', 'loading'],
          invoke: {
            src: 'loadStock',
            input: ({ context }) => ({ locationId: context.locationId, token: context.token }),
            onDone: { target: 'Browsing', actions: { type: 'storeView', params: ({ event }) => ({ view: event.output }) } },
            onError: { target: 'Browsing', actions: { type: 'notify', params: { tone: 'error', notice: { kind: 'loadFailed' } } } },
          },
        },
        Editing: {
          description: 'Receive, adjust or the low level of one item, with what was typed.',
          tags: ['ready', 'editing'],
          on: {
            'stock.open': { actions: { type: 'openForm', params: ({ event }) => ({ kind: event.kind, itemId: event.itemId }) } },
            'draft.change': { actions: { type: 'changeDraft', params: ({ event }) => ({ field: event.field, value: event.value }) } },
            'draft.save': 'Saving',
            'draft.cancel': { target: 'Browsing', actions: 'closeForm' },
          },
        },
        Saving: {
          description: 'POST /staff/stock/receive, /adjust or PUT /staff/stock/low-at.',
          tags: ['ready', 'editing', 'saving'],
          invoke: {
            src: 'saveStock',
            input: ({ context }) => ({
              kind: context.form!.kind,
              itemId: context.form!.itemId,
              locationId: context.view?.locationId ?? '',
              amount: amountOf(context.draft.amount),
              note: context.draft.note,
              token: context.token,
            }),
            onDone: {
              target: 'Reloading',
              actions: [{ type: 'notify', params: ({ context }) => ({ tone: 'success' as Tone, notice: savedNotice(context.form!.kind) }) }, 'closeForm'],
            },
            onError: [
              {
                guard: { type: 'namesFields', params: ({ event }) => ({ error: event.error }) },
                target: 'Editing',
                actions: { type: 'showErrors', params: ({ event }) => ({ error: event.error }) },
              },
              { target: 'Editing', actions: { type: 'notify', params: ({ event }) => failed(event.error) } },
            ],
          },
        },
        Dispensing: {
          description: "POST /staff/orders/{id}/dispense: the order's items leave the stock, all or nothing.",
          tags: ['ready', 'dispensing'],
          invoke: {
            src: 'dispense',
            input: ({ context }) => ({ orderId: context.dispensing!, token: context.token }),
            onDone: {
              target: 'Reloading',
              actions: [{ type: 'notify', params: { tone: 'success', notice: { kind: 'dispensed' } } }, { type: 'storeDispensing', params: { orderId: null } }],
            },
            onError: {
              target: 'Browsing',
              actions: [{ type: 'notify', params: ({ event }) => failed(event.error) }, { type: 'storeDispensing', params: { orderId: null } }],
            },
          },
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof stockMachine>;
export type StockActor = ActorRefFrom<typeof stockMachine>;
export const selectStockView = (s: Snapshot): StockView | null => s.context.view;
export const selectStockFailed = (s: Snapshot): boolean => s.hasTag('failed');
export const selectStockLoading = (s: Snapshot): boolean => s.hasTag('loading');
export const selectStockForm = (s: Snapshot) => s.context.form;
export const selectStockDraft = (s: Snapshot) => s.context.draft;
export const selectStockErrors = (s: Snapshot) => s.context.fieldErrors;
export const selectStockSaving = (s: Snapshot): boolean => s.hasTag('saving');
export const selectDispensing = (s: Snapshot): string | null => (s.hasTag('dispensing') ? s.context.dispensing : null);
/** Changes are taken while the lists are shown and nothing is being saved or dispensed. */
export const selectStockIdle = (s: Snapshot): boolean => s.matches({ Ready: 'Browsing' }) || s.matches({ Ready: 'Editing' });
