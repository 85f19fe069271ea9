/**
 * The admin list machine's actors, made from a list's API calls with `fromApi` (src/app/fromApi.ts):
 * each resolves with the answer or rejects with the ApiFailure (an OrphanFailure for a 409 of
 * the ORPHAN RULE).
 */
import type { Draft, LoadInput, RemoveInput, ReorderInput, SaveInput } from '../../../machines/staffAdmin/adminListContext';
import type { ListCalls } from '../../api/staffAdmin';
import { fromApi } from '../../app/fromApi';

/** A list's five calls as the admin list machine's actors; `payload` makes the call's body of the form. */
export function listActors<Item, Payload, Answer extends { message: string }>(calls: ListCalls<Item, Payload, Answer>, payload: (draft: Draft) => Payload) {
  return {
    loadItems: fromApi(({ token }: LoadInput, signal) => calls.list(token, signal)),
    saveItem: fromApi(
      ({ id, draft, token }: SaveInput, signal) =>
        id === null ? calls.add(payload(draft), token, signal) : calls.update(id, payload(draft), token, signal),
      ({ message }: Answer) => ({ message }),
    ),
    removeItem: fromApi(({ id, token }: RemoveInput, signal) => calls.remove(id, token, signal)),
    reorderItems: fromApi(({ ids, token }: ReorderInput, signal) => calls.reorder(ids, token, signal)),
  };
}
