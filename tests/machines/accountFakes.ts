/**
 * Fakes shared by the account machines' tests: the failures the API client gives (the real
 * actors reject with them), a fromPromise actor whose every call the test answers by hand, and a
 * recorder of what an actor emits.
 */
import { fromPromise, type AnyActorRef } from 'xstate';

/** No answer: what `request` gives when fetch throws. */
export const unanswered = { _tag: 'NetworkFailure', message: 'Failed to fetch' } as const;
/** An answer that is not what the contract says. */
export const undecodable = { _tag: 'DecodeFailure', message: 'user: is required', errors: [] } as const;
/** The server answered with an error status and this message. */
export const refused = (status: number, message: string) => ({ _tag: 'HttpFailure', status, message }) as const;
/** The server answered with an error status but no readable message (a proxy's page). */
export const refusedPlainly = (status: number) =>
  ({ _tag: 'HttpFailure', status, message: `The server answered with status ${status}.`, generic: true }) as const;

export type Call<TInput, TOutput> = {
  input: TInput;
  signal: AbortSignal;
  resolve: (output: TOutput) => void;
  reject: (error: unknown) => void;
};

/** A fromPromise actor that records each call and settles only when the test says so. */
export function answeredByHand<TOutput, TInput>() {
  const calls: Array<Call<TInput, TOutput>> = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) => new Promise<TOutput>((resolve, reject) => calls.push({ input, signal, resolve, reject })),
  );
  const latest = (): Call<TInput, TOutput> => {
    const call = calls.at(-1);
    if (!call) throw new Error('the machine made no call');
    return call;
  };
  return { logic, calls, latest };
}

/** Lets a settled promise reach the actor that awaits it. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Everything the actor emits, in order; `take()` returns what came since the last take. */
export function recordEmitted<E extends { type: string }>(actor: AnyActorRef) {
  const all: E[] = [];
  let taken = 0;
  actor.on('*', (event: E) => all.push(event));
  return {
    all,
    take: (): E[] => {
      const fresh = all.slice(taken);
      taken = all.length;
      return fresh;
    },
    notices: () => all.filter((e) => e.type === 'notice'),
  };
}

/**
 * The kinds of some emitted notices, with the words where a notice carries them: a server notice
 * reads 'server: <text>'; a refused email code 'otpRefused: <text>', or 'otpRefused' when the
 * server sent none (the view then shows the catalog's 'Invalid email OTP...').
 */
export function noticeWords(events: ReadonlyArray<{ type: string }>): string[] {
  return events
    .filter((e): e is { type: 'notice'; notice: { kind: string; text?: string | null } } & { type: string } => e.type === 'notice')
    .map(({ notice }) => {
      if (notice.kind === 'server') return `server: ${notice.text}`;
      if (notice.kind === 'otpRefused') return notice.text == null ? 'otpRefused' : `otpRefused: ${notice.text}`;
      return notice.kind;
    });
}
