/**
 * One admin list's input, context and the calls' inputs and answers, with the options each
 * section gives the one chart (machines/staffAdmin/lists.ts).
 */
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { FieldErrors } from '../failures.js';

export type { FieldErrors };
export type ListItem = { readonly _id: string };
/** A form's fields as typed. */
export type Draft = Readonly<Record<string, string>>;

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

/** A list as it starts: nothing loaded, the form closed. */
export const initialListContext = <Item extends ListItem>(input: AdminListInput, emptyDraft: Draft): AdminListContext<Item> => ({
  token: input.token,
  query: input.query ?? {},
  items: [],
  form: null,
  draft: emptyDraft,
  fieldErrors: {},
  conflict: null,
  pendingDelete: null,
});

/** The ids in their new order after moving `id` by `offset`, or null when it cannot move that way. */
export function reordered(items: readonly ListItem[], id: string, offset: -1 | 1): string[] | null {
  const from = items.findIndex((item) => item._id === id);
  const to = from + offset;
  if (from < 0 || to < 0 || to >= items.length) return null;
  const ids = items.map((item) => item._id);
  [ids[from], ids[to]] = [ids[to] as string, ids[from] as string];
  return ids;
}
