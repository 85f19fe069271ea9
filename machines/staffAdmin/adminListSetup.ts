/**
 * The admin list's setup: its types, the calls the app provides (declared here with their types;
 * the real ones come from the app, so these must never run), its guards and its actions, for one
 * kind of item and its form. The chart is ./adminListMachine.ts.
 */
import { fromPromise, setup } from 'xstate';
import { affectedOf, hasFieldErrors } from '../failures.js';
import { adminListActions } from './adminListActions.js';
import {
  reordered,
  type AdminListContext,
  type AdminListInput,
  type AdminListOptions,
  type ListItem,
  type LoadInput,
  type RemoveInput,
  type ReorderInput,
  type SaveAnswer,
  type SaveInput,
} from './adminListContext.js';
import type { AdminListEmitted, AdminListEvent } from './adminListEvents.js';

export function listSetup<Item extends ListItem>({ emptyDraft, toDraft }: Pick<AdminListOptions<Item>, 'emptyDraft' | 'toDraft'>) {
  return setup({
    types: {} as {
      context: AdminListContext<Item>;
      events: AdminListEvent;
      input: AdminListInput;
      emitted: AdminListEmitted;
      tags: 'loading' | 'failed' | 'ready' | 'editing' | 'saving' | 'confirmingDelete' | 'deleting' | 'reordering';
    },
    actors: {
      loadItems: fromPromise<Item[], LoadInput>(() => Promise.reject(new Error('not provided'))),
      saveItem: fromPromise<SaveAnswer, SaveInput>(() => Promise.reject(new Error('not provided'))),
      removeItem: fromPromise<SaveAnswer, RemoveInput>(() => Promise.reject(new Error('not provided'))),
      reorderItems: fromPromise<Item[], ReorderInput>(() => Promise.reject(new Error('not provided'))),
    },
    guards: {
      isListed: ({ context }, params: { id: string }) => context.items.some((item) => item._id === params.id),
      canMove: ({ context }, params: { id: string; offset: -1 | 1 }) => reordered(context.items, params.id, params.offset) !== null,
      namesFields: (_, params: { error: unknown }) => hasFieldErrors(params.error),
      isOrphanConflict: (_, params: { error: unknown }) => affectedOf(params.error) !== null,
    },
    actions: adminListActions<Item>({ emptyDraft, toDraft }),
  });
}

export type ListSetup<Item extends ListItem> = ReturnType<typeof listSetup<Item>>;
