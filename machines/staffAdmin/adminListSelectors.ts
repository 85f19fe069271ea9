/** What the admin list views read of a list (any section's: the selectors take any Item). */
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { FieldErrors } from '../failures.js';
import type { AdminListContext, Draft, ListItem } from './adminListContext.js';

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
