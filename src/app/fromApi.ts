/**
 * The one actor creator over the request helper. `fromApi(call)` turns an API call (an Either,
 * src/api/client.ts) into a promise actor that resolves with the answer or rejects with the
 * `ApiFailure` itself, which the machines' guards read (machines/failures.ts). The actor's abort
 * signal goes on to fetch, and what a call answers after its actor stopped is dropped (./abortable.ts).
 *
 * A call may fetch its API module first (`async (input, signal) => (await api()).login(input, signal)`
 * with `api = loadOnce(() => import('../api/auth'))`), so the home page's first JavaScript carries
 * none of them. Whatever else goes wrong before an answer (a module that cannot load offline) is a
 * NetworkFailure, so an actor's error is always an ApiFailure.
 */
import type { Either } from 'fp-ts/lib/Either.js';
import type { PromiseActorLogic } from 'xstate';
import type { ApiFailure } from '../../machines/failures';
import { fromAbortablePromise } from './abortable';

/** One API call: the input the machine gives, the actor's abort signal. */
export type ApiCall<TInput, TAnswer> = (input: TInput, signal: AbortSignal) => Promise<Either<ApiFailure, TAnswer>>;

export function fromApi<TOutput, TInput = unknown>(call: ApiCall<TInput, TOutput>): PromiseActorLogic<TOutput, TInput>;
/** A call whose answer is reshaped before the machine sees it (`{ message, schedule }` to `{ message }`). */
export function fromApi<TAnswer, TOutput, TInput = unknown>(
  call: ApiCall<TInput, TAnswer>,
  map: (answer: TAnswer) => TOutput,
): PromiseActorLogic<TOutput, TInput>;
export function fromApi<TAnswer, TOutput, TInput>(
  call: ApiCall<TInput, TAnswer>,
  map?: (answer: TAnswer) => TOutput,
): PromiseActorLogic<TOutput | TAnswer, TInput> {
  return fromAbortablePromise<TOutput | TAnswer, TInput>(async ({ input, signal }) => {
    const answer = await answerOf(call(input, signal));
    return map ? map(answer) : answer;
  });
}

/**
 * The answer of a call, or a rejection with its ApiFailure: for the few calls that are not an
 * actor's (the payment page's checkout origins). An abort still rejects with the abort.
 */
export async function answerOf<A>(call: Promise<Either<ApiFailure, A>>): Promise<A> {
  let result: Either<ApiFailure, A>;
  try {
    result = await call;
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name === 'AbortError') throw error;
    const failure: ApiFailure = { _tag: 'NetworkFailure', message: error instanceof Error ? error.message : String(error) };
    throw failure;
  }
  if (result._tag === 'Left') throw result.left;
  return result.right;
}

/** A module fetched once, when first needed; a fetch that failed (offline) is tried again on the next call. */
export function loadOnce<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
