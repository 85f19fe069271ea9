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
 * `announceSaved` (emits `item.saved`), `tellExpired` (emits `session.expired`); until provided
 * they are emitted, as the machine's tests read them (`actor.on(...)`).
 * Emitted: `notice` { tone, notice } (a toast: the server's own words, or a kind below),
 * `item.saved` { id } (id null for a new item), `session.expired` (a 401).
 * Notice kinds: saved, deleted (the server said nothing), loadFailed, saveFailed, deleteFailed,
 * reorderFailed, checkFields (a 400 naming fields, without words).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments.js';
import { serverWordsOr, type NoticeEvent, type ServerNotice, type Tone } from '../session/notices.js';
import { affectedOf, fieldErrorsOf, hasFieldErrors, isUnauthorized, type FieldErrors } from '../failures.js';

export type { FieldErrors };
export type ListItem = { readonly _id: string };
/** A form's fields as typed. */
export type Draft = Readonly<Record<string, string>>;

export type AdminListNotice =
  | { kind: 'saved' }
  | { kind: 'deleted' }
  | { kind: 'loadFailed' }
  | { kind: 'saveFailed' }
  | { kind: 'deleteFailed' }
  | { kind: 'reorderFailed' }
  | { kind: 'checkFields' }
  | ServerNotice;

type FailureKind = 'loadFailed' | 'saveFailed' | 'deleteFailed' | 'reorderFailed' | 'checkFields';

export type AdminListEmitted =
  | NoticeEvent<AdminListNotice>
  | { type: 'item.saved'; id: string | null }
  | { type: 'session.expired' };

export type AdminListEvent =
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | { type: 'query.change'; query: Draft }
  | { type: 'item.add' }
  | { type: 'item.edit'; id: string }
  | { type: 'draft.change'; field: string; value: string }
  | { type: 'draft.save' }
  | { type: 'draft.cancel' }
  | { type: 'item.delete'; id: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.dismiss' }
  | { type: 'item.move'; id: string; offset: -1 | 1 }
  | { type: 'conflict.handled'; appointmentId: string };

export type AdminListInput = { token: string; query?: Draft };

export interface AdminListContext<Item extends ListItem> {
  token: string;
  query: Draft;
  items: Item[];
  /** The form: null when closed; `id` null while adding. */
  form: { id: string | null } | null;
  draft: Draft;
  fieldErrors: FieldErrors;
  /** The live bookings a 409 named (ORPHAN RULE): move or cancel them, then save again. */
  conflict: AppointmentRecord[] | null;
  /** The item waiting for (or going through) its delete. */
  pendingDelete: string | null;
}

export type SaveAnswer = { message: string };
export type LoadInput = { token: string; query: Draft };
export type SaveInput = { id: string | null; draft: Draft; token: string };
export type RemoveInput = { id: string; token: string };
export type ReorderInput = { ids: string[]; token: string };

export interface AdminListOptions<Item extends ListItem> {
  readonly id: string;
  readonly description: string;
  /** The form of a new item. */
  readonly emptyDraft: Draft;
  /** The form of an existing item. */
  readonly toDraft: (item: Item) => Draft;
}

const notice = (tone: Tone, n: AdminListNotice): NoticeEvent<AdminListNotice> => ({ type: 'notice', tone, notice: n });
const spoken = (message: string, otherwise: AdminListNotice): AdminListNotice =>
  message.trim() === '' ? otherwise : { kind: 'server', text: message };
const failureNotice = (error: unknown, kind: FailureKind) => notice('error', serverWordsOr<AdminListNotice>(error, { kind }));

/** The ids in their new order after moving `id` by `offset`, or null when it cannot move that way. */
export function reordered(items: readonly ListItem[], id: string, offset: -1 | 1): string[] | null {
  const from = items.findIndex((item) => item._id === id);
  const to = from + offset;
  if (from < 0 || to < 0 || to >= items.length) return null;
  const ids = items.map((item) => item._id);
  [ids[from], ids[to]] = [ids[to] as string, ids[from] as string];
  return ids;
}

export function createAdminListMachine<Item extends ListItem>(options: AdminListOptions<Item>) {
  const { id, description, emptyDraft, toDraft } = options;
  return setup({
    types: {} as {
      context: AdminListContext<Item>;
      events: AdminListEvent;
      input: AdminListInput;
      emitted: AdminListEmitted;
      tags: 'loading' | 'failed' | 'ready' | 'editing' | 'saving' | 'confirmingDelete' | 'deleting' | 'reordering';
    },
    actors: {
      // Declared here with their types; the real ones come from the app, so these must never run.
      loadItems: fromPromise<Item[], LoadInput>(() => Promise.reject(new Error('not provided'))),
      saveItem: fromPromise<SaveAnswer, SaveInput>(() => Promise.reject(new Error('not provided'))),
      removeItem: fromPromise<SaveAnswer, RemoveInput>(() => Promise.reject(new Error('not provided'))),
      reorderItems: fromPromise<Item[], ReorderInput>(() => Promise.reject(new Error('not provided'))),
    },
    guards: {
      isListed: ({ context }, params: { id: string }) => context.items.some((item) => item._id === params.id),
      canMove: ({ context }, params: { id: string; offset: -1 | 1 }) => reordered(context.items, params.id, params.offset) !== null,
      isUnauthorized,
      namesFields: (_, params: { error: unknown }) => hasFieldErrors(params.error),
      isOrphanConflict: (_, params: { error: unknown }) => affectedOf(params.error) !== null,
    },
    actions: {
      storeItems: assign({ items: (_, params: { items: Item[] }) => params.items }),
      storeQuery: assign({ query: (_, params: { query: Draft }) => params.query }),
      openNew: assign({ form: { id: null }, draft: emptyDraft, fieldErrors: {}, conflict: null }),
      openExisting: assign(({ context }, params: { id: string }) => {
        const item = context.items.find((i) => i._id === params.id);
        return { form: { id: params.id }, draft: item ? toDraft(item) : emptyDraft, fieldErrors: {}, conflict: null };
      }),
      closeForm: assign({ form: null, draft: emptyDraft, fieldErrors: {}, conflict: null }),
      changeDraft: assign(({ context }, params: { field: string; value: string }) => {
        const { [params.field]: _fixed, ...otherErrors } = context.fieldErrors;
        return { draft: { ...context.draft, [params.field]: params.value }, fieldErrors: otherErrors };
      }),
      storeFieldErrors: assign({ fieldErrors: (_, params: { error: unknown }) => fieldErrorsOf(params.error) }),
      storeConflict: assign({ conflict: (_, params: { error: unknown }) => affectedOf(params.error) }),
      dropHandled: assign({
        conflict: ({ context }, params: { appointmentId: string }) => {
          const left = (context.conflict ?? []).filter((a) => a._id !== params.appointmentId);
          return left.length > 0 ? left : null;
        },
      }),
      markDelete: assign({ pendingDelete: (_, params: { id: string }) => params.id }),
      clearDelete: assign({ pendingDelete: null }),
      // The effects: the app provides them (src/staff/admin/provider.ts); until then they are
      // emitted, so the machine's tests and the inspector see them.
      notify: emit((_, params: NoticeEvent<AdminListNotice>) => params),
      announceSaved: emit(({ context }) => ({ type: 'item.saved' as const, id: context.form?.id ?? null })),
      tellExpired: emit({ type: 'session.expired' as const }),
    },
  }).createMachine({
    id,
    description,
    context: ({ input }) => ({
      token: input.token,
      query: input.query ?? {},
      items: [],
      form: null,
      draft: emptyDraft,
      fieldErrors: {},
      conflict: null,
      pendingDelete: null,
    }),
    initial: 'Loading',
    states: {
      Loading: {
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
              guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
              target: 'Failed',
              actions: 'tellExpired',
            },
            {
              target: 'Failed',
              actions: { type: 'notify', params: ({ event }) => failureNotice(event.error, 'loadFailed') },
            },
          ],
        },
      },
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
          Browsing: {
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
          },
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
          Saving: {
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
                  guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                  target: 'Editing',
                  actions: ['tellExpired', { type: 'notify', params: ({ event }) => failureNotice(event.error, 'saveFailed') }],
                },
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
          },
          ConfirmingDelete: {
            description: 'Asking whether to delete the item.',
            tags: ['ready', 'confirmingDelete'],
            on: {
              'delete.confirm': 'Deleting',
              'delete.dismiss': { target: 'Browsing', actions: 'clearDelete' },
            },
          },
          Deleting: {
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
                  guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                  target: 'Browsing',
                  actions: ['tellExpired', 'clearDelete'],
                },
                {
                  target: 'Browsing',
                  actions: [
                    { type: 'notify', params: ({ event }) => failureNotice(event.error, 'deleteFailed') },
                    'clearDelete',
                  ],
                },
              ],
            },
          },
          Reordering: {
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
                  guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                  target: 'Browsing',
                  actions: 'tellExpired',
                },
                {
                  target: 'Browsing',
                  actions: { type: 'notify', params: ({ event }) => failureNotice(event.error, 'reorderFailed') },
                },
              ],
            },
          },
        },
      },
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

/** What the selectors read of a list's snapshot (any Item). */
export interface AdminListView<Item extends ListItem> {
  readonly context: AdminListContext<Item>;
  hasTag(tag: string): boolean;
}

export type ListStatus = 'loading' | 'failed' | 'empty' | 'ready';

export const selectItems = <Item extends ListItem>(s: AdminListView<Item>): Item[] => s.context.items;
/** The first load, a failed load, an empty list or a list to show (shown while it loads again). */
export function selectListStatus<Item extends ListItem>(s: AdminListView<Item>): ListStatus {
  if (s.hasTag('failed')) return 'failed';
  if (s.hasTag('loading') && s.context.items.length === 0) return 'loading';
  return s.context.items.length === 0 ? 'empty' : 'ready';
}
export const selectIsLoading = <Item extends ListItem>(s: AdminListView<Item>): boolean => s.hasTag('loading');
export const selectQuery = <Item extends ListItem>(s: AdminListView<Item>): Draft => s.context.query;
/** The open form: undefined when closed, null while adding, else the item's id. */
export const selectFormId = <Item extends ListItem>(s: AdminListView<Item>): string | null | undefined =>
  s.hasTag('editing') ? (s.context.form?.id ?? null) : undefined;
export const selectDraft = <Item extends ListItem>(s: AdminListView<Item>): Draft => s.context.draft;
export const selectFieldErrors = <Item extends ListItem>(s: AdminListView<Item>): FieldErrors => s.context.fieldErrors;
export const selectConflict = <Item extends ListItem>(s: AdminListView<Item>): AppointmentRecord[] | null => s.context.conflict;
export const selectIsSaving = <Item extends ListItem>(s: AdminListView<Item>): boolean => s.hasTag('saving');
/** The item whose delete is being asked about (or done). */
export const selectPendingDelete = <Item extends ListItem>(s: AdminListView<Item>): string | null => s.context.pendingDelete;
export const selectIsConfirmingDelete = <Item extends ListItem>(s: AdminListView<Item>): boolean => s.hasTag('confirmingDelete');
export const selectIsDeleting = <Item extends ListItem>(s: AdminListView<Item>): boolean => s.hasTag('deleting');
export const selectIsReordering = <Item extends ListItem>(s: AdminListView<Item>): boolean => s.hasTag('reordering');
/** Add, edit, delete and move are taken now (the list is shown, nothing open or under way). */
export const selectCanChange = <Item extends ListItem>(s: AdminListView<Item>): boolean =>
  s.hasTag('ready') && !s.hasTag('editing') && !s.hasTag('confirmingDelete') && !s.hasTag('deleting') && !s.hasTag('reordering');
