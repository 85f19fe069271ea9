/**
 * The admin machines' actors, made from the API's calls: each resolves with the answer or rejects
 * with the ApiFailure (an OrphanFailure for a 409 of the ORPHAN RULE); an aborted call is dropped
 * (src/app/abortable.ts).
 */
import type { Either } from 'fp-ts/lib/Either.js';
import type { Draft, LoadInput, RemoveInput, ReorderInput, SaveInput } from '../../../machines/staffAdmin/adminListMachine';
import { orReject } from '../../api/auth';
import type { ApiFailure } from '../../api/client';
import type { ListCalls } from '../../api/staffAdmin';
import { fromAbortablePromise } from '../../app/abortable';

export function call<TOutput, TInput>(run: (input: TInput, signal: AbortSignal) => Promise<Either<ApiFailure, TOutput>>) {
  return fromAbortablePromise<TOutput, TInput>(({ input, signal }) => orReject(run(input, signal)));
}

/** A call whose answer is reshaped before the machine sees it (e.g. `{ message, schedule }` to `{ message }`). */
export function callMapped<TAnswer, TOutput, TInput>(
  run: (input: TInput, signal: AbortSignal) => Promise<Either<ApiFailure, TAnswer>>,
  map: (answer: TAnswer) => TOutput,
) {
  return fromAbortablePromise<TOutput, TInput>(({ input, signal }) => orReject(run(input, signal)).then(map));
}

/** A list's five calls as the admin list machine's actors; `payload` makes the call's body of the form. */
export function listActors<Item, Payload, Answer extends { message: string }>(calls: ListCalls<Item, Payload, Answer>, payload: (draft: Draft) => Payload) {
  return {
    loadItems: call(({ token }: LoadInput, signal) => calls.fetch(token, signal)),
    saveItem: callMapped(
      ({ id, draft, token }: SaveInput, signal) =>
        id === null ? calls.add(payload(draft), token, signal) : calls.update(id, payload(draft), token, signal),
      ({ message }: Answer) => ({ message }),
    ),
    removeItem: call(({ id, token }: RemoveInput, signal) => calls.remove(id, token, signal)),
    reorderItems: call(({ ids, token }: ReorderInput, signal) => calls.reorder(ids, token, signal)),
  };
}
