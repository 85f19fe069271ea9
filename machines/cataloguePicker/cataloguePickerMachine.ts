/**
 * The doctor's catalogue picker, a combobox on a remedy row's name: what is typed stays the
 * remedy's name (free text is always allowed); from two characters on, the catalogue's live items
 * starting with it are looked up (GET /staff/catalogue/search, with the stock at the location
 * when one is known) and offered; choosing one makes the name the item's, in capitals with its
 * potency ("ARNICA MONTANA 30C"), and remembers the item. Typing again after a choice forgets it
 * (the name is the doctor's own again). A new keystroke drops the answer of the one before.
 *
 * Input: `{ token, locationId, text, itemId }`. Events: `text.change` { text },
 * `highlight.next`, `highlight.previous`, `highlight.choose`, `item.choose` { itemId },
 * `list.close`. The app provides `searchCatalogue` { q, locationId, token } -> CatalogueHit[],
 * rejecting with an ApiFailure. Emitted: `chosen` { itemId, text } for the form's row.
 */
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CatalogueHit } from '../../contract/catalogue.js';

/** Fewer characters than this are not looked up (one letter matches half the catalogue). */
export const pickerMinLength = 2;

/** The remedy's name as the prescription prints it: the item's name in capitals, then its potency. */
export const remedyNameOf = (item: Pick<CatalogueHit, 'name' | 'potency'>): string =>
  [item.name.trim().toUpperCase(), item.potency.trim()].filter((part) => part !== '').join(' ');

export type PickerEvent =
  | { type: 'text.change'; text: string }
  | { type: 'highlight.next' }
  | { type: 'highlight.previous' }
  | { type: 'highlight.choose' }
  | { type: 'item.choose'; itemId: string }
  | { type: 'list.close' };

export interface PickerContext {
  token: string;
  locationId: string | null;
  text: string;
  /** The catalogue item the name was picked from; null for a name typed freely. */
  itemId: string | null;
  hits: CatalogueHit[];
  /** The highlighted hit; -1 none. */
  active: number;
}

export type PickerInput = { token: string; locationId: string | null; text: string; itemId: string | null };
export type SearchInput = { q: string; locationId: string | null; token: string };

const notProvided = () => Promise.reject(new Error('not provided'));
const searchable = (text: string) => text.trim().length >= pickerMinLength;

export const cataloguePickerMachine = setup({
  types: {} as {
    context: PickerContext;
    events: PickerEvent;
    input: PickerInput;
    emitted: { type: 'chosen'; itemId: string; text: string };
  },
  actors: { searchCatalogue: fromPromise<CatalogueHit[], SearchInput>(notProvided) },
  guards: {
    searchable: ({ event }) => event.type === 'text.change' && searchable(event.text),
    hasHighlight: ({ context }) => context.active >= 0 && context.active < context.hits.length,
    knownHit: ({ context, event }) => event.type === 'item.choose' && context.hits.some((hit) => hit.id === event.itemId),
  },
  actions: {
    storeText: assign({ text: ({ event }) => (event.type === 'text.change' ? event.text : ''), itemId: null }),
    storeHits: assign({ hits: (_, params: { hits: CatalogueHit[] }) => params.hits, active: -1 }),
    clearHits: assign({ hits: [], active: -1 }),
    moveHighlight: assign({
      active: ({ context }, params: { by: 1 | -1 }) =>
        context.hits.length === 0 ? -1 : (context.active + params.by + context.hits.length + (context.active < 0 && params.by < 0 ? 1 : 0)) % context.hits.length,
    }),
    choose: assign(({ context }, params: { itemId: string }) => {
      const hit = context.hits.find((h) => h.id === params.itemId)!;
      return { text: remedyNameOf(hit), itemId: hit.id, hits: [], active: -1 };
    }),
    tellChosen: emit(({ context }) => ({ type: 'chosen' as const, itemId: context.itemId!, text: context.text })),
  },
}).createMachine({
  id: 'cataloguePicker',
  description: "A remedy's name typed freely or picked from the catalogue.",
  context: ({ input }) => ({ ...input, hits: [], active: -1 }),
  initial: 'Closed',
  on: {
    'text.change': [
      { guard: 'searchable', target: '.Searching', reenter: true, actions: 'storeText' },
      { target: '.Closed', actions: ['storeText', 'clearHits'] },
    ],
  },
  states: {
    Closed: { description: 'The name as typed or picked; no list.' },
    Searching: {
      description: 'GET /staff/catalogue/search for what is typed; the list shown before stays until it answers.',
      tags: ['open', 'searching'],
      invoke: {
        src: 'searchCatalogue',
        input: ({ context }) => ({ q: context.text.trim(), locationId: context.locationId, token: context.token }),
        onDone: { target: 'Open', actions: { type: 'storeHits', params: ({ event }) => ({ hits: event.output }) } },
        onError: { target: 'Unavailable', actions: 'clearHits' },
      },
      on: { 'list.close': { target: 'Closed', actions: 'clearHits' } },
    },
    Open: {
      description: 'The items found (or none), one highlighted by the arrow keys.',
      tags: ['open'],
      on: {
        'highlight.next': { actions: { type: 'moveHighlight', params: { by: 1 } } },
        'highlight.previous': { actions: { type: 'moveHighlight', params: { by: -1 } } },
        'highlight.choose': {
          guard: 'hasHighlight',
          target: 'Closed',
          actions: [{ type: 'choose', params: ({ context }) => ({ itemId: context.hits[context.active]!.id }) }, 'tellChosen'],
        },
        'item.choose': { guard: 'knownHit', target: 'Closed', actions: [{ type: 'choose', params: ({ event }) => ({ itemId: event.itemId }) }, 'tellChosen'] },
        'list.close': { target: 'Closed', actions: 'clearHits' },
      },
    },
    Unavailable: {
      description: 'The catalogue could not be searched: said under the field; the name is typed freely.',
      on: { 'list.close': 'Closed' },
    },
  },
});

type Snapshot = SnapshotFrom<typeof cataloguePickerMachine>;
export type PickerActor = ActorRefFrom<typeof cataloguePickerMachine>;
export const selectPickerText = (s: Snapshot): string => s.context.text;
export const selectPickerHits = (s: Snapshot): CatalogueHit[] => s.context.hits;
export const selectPickerActive = (s: Snapshot): number => s.context.active;
export const selectPickerOpen = (s: Snapshot): boolean => s.hasTag('open');
export const selectPickerSearching = (s: Snapshot): boolean => s.hasTag('searching');
export const selectPickerUnavailable = (s: Snapshot): boolean => s.matches('Unavailable');
export const selectPickerItemId = (s: Snapshot): string | null => s.context.itemId;
