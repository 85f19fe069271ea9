/**
 * The promise actors the app gives its machines (the site-options load, the account calls):
 * `fromPromise`, except that a call whose actor was stopped never settles.
 *
 * xstate aborts a promise actor's `signal` when the actor stops, and our API client then rejects
 * with the abort (src/api/client.ts: "aborting is not a failure"). Normally nobody hears that
 * rejection: the actor is stopped. But an actor can be stopped and started again as the same
 * object: under React's StrictMode (every development build) the app mounts, unmounts and mounts
 * again, and @xstate/react stops the root actor on that unmount and starts it again with the
 * snapshot it had, so each running promise actor is started again (a second call, a new signal).
 * The first call's promise belongs to the same actor object: xstate took its abort for the
 * restarted actor's failure (the site options showed "We could not load the clinic details.
 * signal is aborted without reason"; a stored login token went unverified).
 *
 * A call whose signal aborted answers nobody any more, so its outcome is dropped here, whatever
 * it is; the call that replaced it answers.
 */
import { fromPromise, type NonReducibleUnknown, type PromiseActorLogic } from 'xstate';

export function fromAbortablePromise<TOutput, TInput = NonReducibleUnknown>(
  call: (args: { readonly input: TInput; readonly signal: AbortSignal }) => Promise<TOutput>,
): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        // Through a promise, so that a call that throws at once is a rejection too.
        new Promise<TOutput>((settle) => settle(call({ input, signal }))).then(
          (output) => {
            if (!signal.aborted) resolve(output);
          },
          (error: unknown) => {
            if (!signal.aborted) reject(error);
          },
        );
      }),
  );
}
