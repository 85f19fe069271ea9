/**
 * The doctor's pharmacy order form (docs/orders.md), invoked by the consultation machine once the
 * appointment is Completed and has no order (machines/consultation). The doctor picks items from
 * the catalogue (search), or writes a line by hand for what it lacks, chooses the location that
 * fills it and pickup or home delivery, sees the total the server prices (the preview), and sends.
 *
 * Actors the app provides (src/staff/liveStaff.ts):
 * - `loadPharmacies` { token } -> Pharmacy[] (GET /staff/pharmacies)
 * - `searchCatalogue` { query, locationId, token } -> CatalogueHit[]: the items of the dispensary's search (GET /staff/catalogue/search?q=&locationId=), names starting with the query, each with its stock at the order's location
 * - `previewOrder` { appointmentId, order, token } -> OrderPreview (POST .../order/preview)
 * - `placeOrder` { appointmentId, order, token } -> { message, appointment } (POST .../order)
 *
 * Any change to the draft drops the preview: what is sent is what was last priced or checked
 * again. A 400 keeps the draft and shows the server's words on its fields; a 409 (an order made
 * meanwhile, the consultation changed) ends the form with `conflict`, so the consultation loads
 * the appointment again. The output: { answer } once placed.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { CatalogueHit } from '../../contract/catalogue.js';
import type { OrderPreview, Pharmacy, StaffOrderRequest } from '../../contract/pharmacyOrder.js';
import {
  checkOrderDraft,
  failureTextOf,
  initialOrderContext,
  isConflictFailure,
  itemLabel,
  type OrderContext,
  type OrderEvent,
  type OrderInput,
  type OrderOutput,
  refusalsOf,
  requestOf,
} from './context.js';

const notProvided = () => Promise.reject(new Error('not provided'));
type Placed = { message: string; appointment: AppointmentRecord };

/** How long the search waits after the last keystroke before it asks. */
export const searchDelayMs = 250;

const edited = { preview: null, failure: null, failed: false } as const;

export const orderSetup = setup({
  types: {} as { context: OrderContext; events: OrderEvent; input: OrderInput; output: OrderOutput },
  actors: {
    loadPharmacies: fromPromise<Pharmacy[], { token: string }>(notProvided),
    searchCatalogue: fromPromise<CatalogueHit[], { query: string; locationId: string; token: string }>(notProvided),
    previewOrder: fromPromise<OrderPreview, { appointmentId: string; order: StaffOrderRequest; token: string }>(notProvided),
    placeOrder: fromPromise<Placed, { appointmentId: string; order: StaffOrderRequest; token: string }>(notProvided),
  },
  guards: {
    draftHasProblems: ({ context }) => !checkOrderDraft(context).ok,
    queryIsBlank: ({ event }) => event.type === 'search.changed' && event.query.trim().length < 2,
    hasQuery: ({ context }) => context.query.trim().length >= 2,
    isConflict: (_, params: { error: unknown }) => isConflictFailure(params.error),
  },
  delays: { search: searchDelayMs },
  actions: {
    storePharmacies: assign(({ context }, params: { pharmacies: Pharmacy[] }) => ({
      pharmacies: params.pharmacies,
      locationId: context.locationId || (params.pharmacies[0]?._id ?? ''),
      failed: false,
    })),
    storeQuery: assign({ query: ({ event }) => (event.type === 'search.changed' ? event.query : '') }),
    clearResults: assign({ results: [] }),
    storeResults: assign({ results: (_, params: { results: CatalogueHit[] }) => params.results }),
    edit: assign(({ context, event }) => {
      switch (event.type) {
        case 'item.picked': {
          // The same item again adds one to its line rather than a second line.
          const same = context.lines.find((l) => l.itemId === event.item.id);
          const lines = same
            ? context.lines.map((l) => (l === same ? { ...l, quantity: String(Math.min(99, (Number(l.quantity) || 0) + 1)) } : l))
            : [...context.lines, { key: context.nextKey, itemId: event.item.id, name: itemLabel(event.item), cataloguePrice: event.item.price, price: '', quantity: '1' }];
          return { ...edited, lines, nextKey: context.nextKey + 1, query: '', results: [], problems: {}, refusals: {} };
        }
        case 'line.handAdded':
          return { ...edited, lines: [...context.lines, { key: context.nextKey, itemId: null, name: '', cataloguePrice: null, price: '', quantity: '1' }], nextKey: context.nextKey + 1, problems: {}, refusals: {} };
        case 'line.changed':
          return { ...edited, lines: context.lines.map((l) => (l.key === event.key ? { ...l, [event.field]: event.value } : l)) };
        case 'line.removed':
          // Lines moved: problems named by line place would point at the wrong ones.
          return { ...edited, lines: context.lines.filter((l) => l.key !== event.key), problems: {}, refusals: {} };
        case 'location.chosen':
          return { ...edited, locationId: event.locationId };
        case 'fulfilment.chosen':
          return { ...edited, fulfilment: event.fulfilment };
        case 'address.changed':
          return { ...edited, deliveryAddress: event.value };
        case 'mode.chosen':
          return { ...edited, paymentMode: event.paymentMode };
        default:
          return {};
      }
    }),
    showProblems: assign({
      problems: ({ context }) => {
        const checked = checkOrderDraft(context);
        return checked.ok ? {} : checked.problems;
      },
      refusals: {},
    }),
    clearProblems: assign({ problems: {}, refusals: {}, failure: null, failed: false }),
    storePreview: assign({ preview: (_, params: { preview: OrderPreview }) => params.preview }),
    storeFailure: assign((_, params: { error: unknown }) => {
      const refusals = refusalsOf(params.error);
      return {
        refusals,
        problems: Object.fromEntries(Object.keys(refusals).map((field) => [field, 'refused' as const])),
        failure: failureTextOf(params.error),
        failed: true,
      };
    }),
    loadFailed: assign({ failed: true }),
    storePlaced: assign({ placed: (_, params: { placed: Placed }) => params.placed }),
  },
});

const edits = {
  'item.picked': { target: 'Drafting', actions: 'edit' },
  'line.handAdded': { target: 'Drafting', actions: 'edit' },
  'line.changed': { target: 'Drafting', actions: 'edit' },
  'line.removed': { target: 'Drafting', actions: 'edit' },
  'location.chosen': { target: 'Drafting', actions: 'edit' },
  'fulfilment.chosen': { target: 'Drafting', actions: 'edit' },
  'address.changed': { target: 'Drafting', actions: 'edit' },
  'mode.chosen': { target: 'Drafting', actions: 'edit' },
} as const;

const sent = ({ context }: { context: OrderContext }) => ({ appointmentId: context.appointmentId, order: requestOf(context), token: context.token });
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

export const orderMachine = orderSetup.createMachine({
  id: 'order',
  description: 'The pharmacy order form: items from the catalogue (or by hand), the location, pickup or delivery, the priced total, then sent.',
  context: ({ input }) => initialOrderContext(input),
  initial: 'Loading',
  states: {
    Loading: {
      description: 'GET /staff/pharmacies: the locations an order is filled at.',
      invoke: {
        src: 'loadPharmacies',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'Editing', actions: { type: 'storePharmacies', params: ({ event }) => ({ pharmacies: event.output }) } },
        onError: { target: 'LoadFailed', actions: 'loadFailed' },
      },
    },
    LoadFailed: {
      description: 'The locations could not be loaded: Try again.',
      on: { 'order.retry': 'Loading' },
    },
    Editing: {
      type: 'parallel',
      states: {
        Search: {
          description: 'The catalogue search beside the form: asked a moment after the last keystroke.',
          initial: 'Idle',
          on: {
            'search.changed': [
              { guard: 'queryIsBlank', target: '.Idle', actions: ['storeQuery', 'clearResults'] },
              { target: '.Waiting', actions: 'storeQuery' },
            ],
            // The results show the stock at the order's location: another location asks again
            // (the old results go, so no count is shown beside the wrong location's name).
            'location.chosen': { guard: 'hasQuery', target: '.Waiting', actions: 'clearResults' },
          },
          states: {
            Idle: {},
            Waiting: { after: { search: 'Searching' } },
            Searching: {
              tags: ['searching'],
              invoke: {
                src: 'searchCatalogue',
                input: ({ context }) => ({ query: context.query.trim(), locationId: context.locationId, token: context.token }),
                onDone: { target: 'Idle', actions: { type: 'storeResults', params: ({ event }) => ({ results: event.output }) } },
                onError: { target: 'Idle', actions: 'clearResults' },
              },
            },
          },
        },
        Form: {
          initial: 'Drafting',
          states: {
            Drafting: {
              description: 'The draft as typed; Check the total prices it on the server.',
              on: {
                ...edits,
                'order.preview': [
                  { guard: 'draftHasProblems', actions: 'showProblems' },
                  { target: 'Previewing', actions: 'clearProblems' },
                ],
              },
            },
            Previewing: {
              description: 'POST /staff/appointments/{id}/order/preview: the lines, tax, delivery fee and total as the server prices them.',
              tags: ['busy'],
              invoke: {
                src: 'previewOrder',
                input: sent,
                onDone: { target: 'Reviewing', actions: { type: 'storePreview', params: ({ event }) => ({ preview: event.output }) } },
                onError: { target: 'Drafting', actions: { type: 'storeFailure', params: errorOf } },
              },
            },
            Reviewing: {
              description: 'The priced order shown; Send places it; any change goes back to the draft.',
              on: { ...edits, 'order.place': 'Placing' },
            },
            Placing: {
              description: 'POST /staff/appointments/{id}/order.',
              tags: ['busy'],
              invoke: {
                src: 'placeOrder',
                input: sent,
                onDone: { target: '#order.Placed', actions: { type: 'storePlaced', params: ({ event }) => ({ placed: event.output }) } },
                onError: [
                  { guard: { type: 'isConflict', params: errorOf }, target: '#order.Conflict', actions: { type: 'storeFailure', params: errorOf } },
                  { target: 'Drafting', actions: { type: 'storeFailure', params: errorOf } },
                ],
              },
            },
          },
        },
      },
    },
    Placed: { type: 'final' },
    Conflict: { type: 'final' },
  },
  output: ({ context }) => (context.placed ? { answer: context.placed } : { conflict: true, message: context.failure }),
});
