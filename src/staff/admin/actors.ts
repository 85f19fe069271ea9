/**
 * The admin machines' actors, made from the API's calls: each resolves with the answer or rejects
 * with the ApiFailure (an OrphanFailure for a 409 of the ORPHAN RULE); an aborted call is dropped
 * (src/app/abortable.ts).
 */
import type { Either } from 'fp-ts/lib/Either.js';
import { orReject } from '../../api/auth';
import type { ApiFailure } from '../../api/client';
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
