/**
 * Where "Back to the list" of an opened appointment goes: the list it was opened from, carried in
 * the link's router state. Only the console's own lists are taken; anything else is Today.
 */
const lists = ['/staff/today', '/staff/upcoming', '/staff/audit'] as const;
export type StaffListPath = (typeof lists)[number];

/** The router state of a link that opens an appointment from `list`. */
export const backTo = (list: StaffListPath): { readonly backTo: StaffListPath } => ({ backTo: list });

/** The list to go back to, from a location's router state (whatever put it there). */
export function backPathOf(state: unknown): StaffListPath {
  const wanted = typeof state === 'object' && state !== null ? (state as { backTo?: unknown }).backTo : undefined;
  return lists.find((path) => path === wanted) ?? '/staff/today';
}
