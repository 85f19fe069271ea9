/**
 * One admin list with its form: load the list (for a query, e.g. the appointments'
 * day, doctor and location), add or edit one item in a form, save it, delete one after a
 * confirmation, move one up or down. Every admin section that is "a list and a form" is one of
 * these (machines/staffAdmin/lists.ts makes each with its own draft fields).
 *
 * The form is a draft of text fields (`Draft`): what the person typed, kept as typed. The app's
 * save actor turns it into the call's payload; the server decodes it and answers 400 naming the
 * bad fields, which are shown next to them (`selectFieldErrors`) while the draft stays. Nothing is
 * lost on a failure: the form stays open with what was typed.
 *
 * Input: `{ token, query? }`. Events:
 * - `list.retry` (after a failed load), `list.refresh`, `query.change` { query } (loads again);
 * - `item.add`, `item.edit` { id }, `draft.change` { field, value }, `draft.save`, `draft.cancel`;
 * - `item.delete` { id }, then `delete.confirm` or `delete.dismiss`;
 * - `item.move` { id, offset: -1 | 1 };
 * - `conflict.handled` { appointmentId }: one appointment of a 409 `affected` list was moved or cancelled.
 * Edits, deletes and moves are taken only while the list is shown and nothing is being saved.
 *
 * The app provides (`machine.provide({ actors })`), each rejecting with an ApiFailure:
 * - `loadItems` { token, query } -> Item[]
 * - `saveItem` { id (null: a new one), draft, token } -> { message }
 * - `removeItem` { id, token } -> { message }
 * - `reorderItems` { ids, token } -> Item[]
 * After a save or a delete the list is loaded again (counts and order come from the server).
 *
 * Effects, actions the app provides (src/staff/admin/provider.ts): `notify` (emits `notice`),
 * `announceSaved` (emits `item.saved`); until provided
 * they are emitted, as the machine's tests read them (`actor.on(...)`).
 * Emitted: `notice` { tone, notice } (a toast: the server's own words, or a kind below),
 * `item.saved` { id } (id null for a new item).
 * A 401 takes the ordinary failure path: the request base ends the session (src/api/client.ts).
 * Notice kinds: saved, deleted (the server said nothing), loadFailed, saveFailed, deleteFailed,
 * reorderFailed, checkFields (a 400 naming fields, without words).
 */
import { initialListContext, reordered, type AdminListOptions, type ListItem } from './adminListContext.js';
import { failureNotice, notice, spoken } from './adminListEvents.js';
import { listSetup, type ListSetup } from './adminListSetup.js';

export function createAdminListMachine<Item extends ListItem>(options: AdminListOptions<Item>) {
  const { id, description, emptyDraft } = options;
  const s = listSetup<Item>(options);
  return s.createMachine({
    id,
    description,
    context: ({ input }) => initialListContext<Item>(input, emptyDraft),
    initial: 'Loading',
    states: {
      Loading: loadingState(s),
      Failed: {
        description: 'The list could not be loaded: the failure is said, with a retry.',
        tags: ['failed'],
        on: {
          'list.retry': 'Loading',
          'query.change': { target: 'Loading', actions: { type: 'storeQuery', params: ({ event }) => ({ query: event.query }) } },
        },
      },
      Ready: {
        description: 'The list is shown.',
        initial: 'Browsing',
        states: {
          Browsing: browsingState(s, id),
          Editing: {
            description: 'The form is open with what was typed; the fields the server refused say why.',
            tags: ['ready', 'editing'],
            on: {
              'draft.change': { actions: { type: 'changeDraft', params: ({ event }) => ({ field: event.field, value: event.value }) } },
              'draft.save': 'Saving',
              'draft.cancel': { target: 'Browsing', actions: 'closeForm' },
              'conflict.handled': { actions: { type: 'dropHandled', params: ({ event }) => ({ appointmentId: event.appointmentId }) } },
            },
          },
          Saving: savingState(s, id),
          ConfirmingDelete: {
            description: 'Asking whether to delete the item.',
            tags: ['ready', 'confirmingDelete'],
            on: {
              'delete.confirm': 'Deleting',
              'delete.dismiss': { target: 'Browsing', actions: 'clearDelete' },
            },
          },
          Deleting: deletingState(s, id),
          Reordering: reorderingState(s),
        },
      },
    },
  });
}

/** Loading the list (the first time, and again after every change). */
function loadingState<Item extends ListItem>(s: ListSetup<Item>) {
  return s.createStateConfig({
    description:
      'Fetching the list (for the query). A list already shown stays while it loads again. A new query meanwhile starts the load again for it (the older call is dropped), so a filter changed during a load is never lost.',
    tags: ['loading'],
    on: {
      'query.change': {
        target: 'Loading',
        reenter: true,
        actions: { type: 'storeQuery', params: ({ event }) => ({ query: event.query }) },
      },
    },
    invoke: {
      src: 'loadItems',
      input: ({ context }) => ({ token: context.token, query: context.query }),
      onDone: { target: 'Ready', actions: { type: 'storeItems', params: ({ event }) => ({ items: event.output }) } },
      onError: [
        {
          target: 'Failed',
          actions: { type: 'notify', params: ({ event }) => failureNotice(event.error, 'loadFailed') },
        },
      ],
    },
  });
}

/** The list shown, nothing open. */
function browsingState<Item extends ListItem>(s: ListSetup<Item>, id: string) {
  return s.createStateConfig({
    description: 'Nothing open: add, edit, delete or move an item, or load the list again.',
    tags: ['ready'],
    on: {
      'list.refresh': `#${id}.Loading`,
      'query.change': {
        target: `#${id}.Loading`,
        actions: { type: 'storeQuery', params: ({ event }) => ({ query: event.query }) },
      },
      'item.add': { target: 'Editing', actions: 'openNew' },
      'item.edit': {
        guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
        target: 'Editing',
        actions: { type: 'openExisting', params: ({ event }) => ({ id: event.id }) },
      },
      'item.delete': {
        guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
        target: 'ConfirmingDelete',
        actions: { type: 'markDelete', params: ({ event }) => ({ id: event.id }) },
      },
      'item.move': {
        guard: { type: 'canMove', params: ({ event }) => ({ id: event.id, offset: event.offset }) },
        target: 'Reordering',
      },
    },
  });
}

/** Saving the form. */
function savingState<Item extends ListItem>(s: ListSetup<Item>, id: string) {
  return s.createStateConfig({
    description: 'Saving the form. On success the form closes and the list loads again; on failure the form stays as typed.',
    tags: ['ready', 'editing', 'saving'],
    invoke: {
      src: 'saveItem',
      input: ({ context }) => ({ id: context.form?.id ?? null, draft: context.draft, token: context.token }),
      onDone: {
        target: `#${id}.Loading`,
        actions: [
          { type: 'notify', params: ({ event }) => notice('success', spoken(event.output.message, { kind: 'saved' })) },
          'announceSaved',
          'closeForm',
        ],
      },
      onError: [
        {
          guard: { type: 'namesFields', params: ({ event }) => ({ error: event.error }) },
          target: 'Editing',
          actions: [
            { type: 'storeFieldErrors', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: ({ event }) => failureNotice(event.error, 'checkFields') },
          ],
        },
        {
          guard: { type: 'isOrphanConflict', params: ({ event }) => ({ error: event.error }) },
          target: 'Editing',
          actions: [
            { type: 'storeConflict', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: ({ event }) => failureNotice(event.error, 'saveFailed') },
          ],
        },
        {
          target: 'Editing',
          actions: { type: 'notify', params: ({ event }) => failureNotice(event.error, 'saveFailed') },
        },
      ],
    },
  });
}

/** Deleting one item. */
function deletingState<Item extends ListItem>(s: ListSetup<Item>, id: string) {
  return s.createStateConfig({
    description: 'Deleting the item; the server may refuse (a location in use), and says why.',
    tags: ['ready', 'deleting'],
    invoke: {
      src: 'removeItem',
      input: ({ context }) => ({ id: context.pendingDelete ?? '', token: context.token }),
      onDone: {
        target: `#${id}.Loading`,
        actions: [{ type: 'notify', params: ({ event }) => notice('success', spoken(event.output.message, { kind: 'deleted' })) }, 'clearDelete'],
      },
      onError: [
        {
          target: 'Browsing',
          actions: [
            { type: 'notify', params: ({ event }) => failureNotice(event.error, 'deleteFailed') },
            'clearDelete',
          ],
        },
      ],
    },
  });
}

/** Saving a new order. */
function reorderingState<Item extends ListItem>(s: ListSetup<Item>) {
  return s.createStateConfig({
    description: 'Saving the new order; the list comes back in the order the server keeps.',
    tags: ['ready', 'reordering'],
    invoke: {
      src: 'reorderItems',
      input: ({ context, event }) => ({
        ids: (event.type === 'item.move' ? reordered(context.items, event.id, event.offset) : null) ?? context.items.map((i) => i._id),
        token: context.token,
      }),
      onDone: { target: 'Browsing', actions: { type: 'storeItems', params: ({ event }) => ({ items: event.output }) } },
      onError: [
        {
          target: 'Browsing',
          actions: { type: 'notify', params: ({ event }) => failureNotice(event.error, 'reorderFailed') },
        },
      ],
    },
  });
}

export type AdminListMachine<Item extends ListItem> = ReturnType<typeof createAdminListMachine<Item>>;

/**
 * The one statechart every list section runs (locations, doctors, fees, site content, accounts,
 * refunds: machines/staffAdmin/lists.ts makes each with its own form), exported so that
 * `npm run machines` draws it once for analysts. The app itself uses the sections' machines.
 */
export const adminListMachine = createAdminListMachine<ListItem>({
  id: 'adminList',
  description: 'A staff console list: load, add or edit in a form, save (400 marks fields, 409 lists affected bookings), delete after confirming, reorder.',
  emptyDraft: {},
  toDraft: () => ({}),
});
