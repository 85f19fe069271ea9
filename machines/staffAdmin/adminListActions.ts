/**
 * What an admin list stores, and its effects: `notify` and `announceSaved` are
 * provided by the app (src/staff/admin/provider.ts); until then they are emitted, so the
 * machine's tests and the inspector see them.
 */
import { assign, emit } from 'xstate';
import type { NoticeEvent } from '../shared/notices.js';
import { affectedOf, fieldErrorsOf } from '../failures.js';
import type { AdminListContext, AdminListOptions, Draft, ListItem } from './adminListContext.js';
import type { AdminListEmitted, AdminListEvent, AdminListNotice } from './adminListEvents.js';

/** The actions of one list, whose form starts from `emptyDraft` (new) or `toDraft(item)` (existing). */
export function adminListActions<Item extends ListItem>({ emptyDraft, toDraft }: Pick<AdminListOptions<Item>, 'emptyDraft' | 'toDraft'>) {
  type Context = AdminListContext<Item>;
  type Event = AdminListEvent;
  const closed = { form: null, draft: emptyDraft, fieldErrors: {}, conflict: null };
  return {
    storeItems: assign<Context, Event, { items: Item[] }, Event, never>({ items: (_, params) => params.items }),
    storeQuery: assign<Context, Event, { query: Draft }, Event, never>({ query: (_, params) => params.query }),
    openNew: assign<Context, Event, undefined, Event, never>({ form: { id: null }, draft: emptyDraft, fieldErrors: {}, conflict: null }),
    openExisting: assign<Context, Event, { id: string }, Event, never>(({ context }, params) => {
      const item = context.items.find((i) => i._id === params.id);
      return { form: { id: params.id }, draft: item ? toDraft(item) : emptyDraft, fieldErrors: {}, conflict: null };
    }),
    closeForm: assign<Context, Event, undefined, Event, never>(closed),
    changeDraft: assign<Context, Event, { field: string; value: string }, Event, never>(({ context }, params) => {
      const { [params.field]: _fixed, ...otherErrors } = context.fieldErrors;
      return { draft: { ...context.draft, [params.field]: params.value }, fieldErrors: otherErrors };
    }),
    storeFieldErrors: assign<Context, Event, { error: unknown }, Event, never>({ fieldErrors: (_, params) => fieldErrorsOf(params.error) }),
    storeConflict: assign<Context, Event, { error: unknown }, Event, never>({ conflict: (_, params) => affectedOf(params.error) }),
    dropHandled: assign<Context, Event, { appointmentId: string }, Event, never>({
      conflict: ({ context }, params) => {
        const left = (context.conflict ?? []).filter((a) => a._id !== params.appointmentId);
        return left.length > 0 ? left : null;
      },
    }),
    markDelete: assign<Context, Event, { id: string }, Event, never>({ pendingDelete: (_, params) => params.id }),
    clearDelete: assign<Context, Event, undefined, Event, never>({ pendingDelete: null }),
    notify: emit<Context, Event, NoticeEvent<AdminListNotice>, Event, AdminListEmitted>((_, params) => params),
    announceSaved: emit<Context, Event, undefined, Event, AdminListEmitted>(({ context }) => ({
      type: 'item.saved' as const,
      id: context.form?.id ?? null,
    })),
  };
}
