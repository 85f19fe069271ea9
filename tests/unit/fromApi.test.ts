import { left, right, type Either } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { ApiFailure } from '../../machines/failures.js';
import { answerOf, fromApi, loadOnce } from '../../src/app/fromApi.js';

const refused: ApiFailure = { _tag: 'HttpFailure', status: 409, message: 'This slot was just taken.' };

/** Runs a promise actor to its end: its output, or what it rejected with. */
async function settle<T>(logic: Parameters<typeof createActor>[0], input: unknown): Promise<{ output?: T; error?: unknown }> {
  const actor = createActor(logic, { input } as never);
  actor.start();
  try {
    return { output: (await toPromise(actor)) as T };
  } catch (error) {
    return { error };
  }
}

describe('fromApi', () => {
  it('resolves with the Right answer and gives the call its input and the abort signal', async () => {
    let seen: { input: unknown; signal: unknown } | null = null;
    const logic = fromApi(async (input: { id: string }, signal): Promise<Either<ApiFailure, string>> => {
      seen = { input, signal };
      return right(`answer ${input.id}`);
    });
    expect(await settle(logic, { id: 'a1' })).toEqual({ output: 'answer a1' });
    expect(seen!.input).toEqual({ id: 'a1' });
    expect(seen!.signal).toBeInstanceOf(AbortSignal);
  });

  it('rejects with the Left ApiFailure itself, so a guard reads its status', async () => {
    const logic = fromApi(async (): Promise<Either<ApiFailure, string>> => left(refused));
    expect((await settle(logic, {})).error).toBe(refused);
  });

  it('reshapes the answer with map', async () => {
    const logic = fromApi(
      async (): Promise<Either<ApiFailure, { message: string; extra: number }>> => right({ message: 'Saved.', extra: 1 }),
      ({ message }) => ({ message }),
    );
    expect(await settle(logic, {})).toEqual({ output: { message: 'Saved.' } });
  });

  it('turns anything else that goes wrong before an answer (a module that cannot load) into a NetworkFailure', async () => {
    const logic = fromApi(async (): Promise<Either<ApiFailure, string>> => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    expect((await settle(logic, {})).error).toEqual({ _tag: 'NetworkFailure', message: 'Failed to fetch dynamically imported module' });
  });

  it('drops the outcome of a call whose actor was stopped', async () => {
    let finish: (value: Either<ApiFailure, string>) => void = () => {};
    const logic = fromApi((_input: unknown, signal) => {
      signal.addEventListener('abort', () => finish(left(refused)));
      return new Promise<Either<ApiFailure, string>>((resolve) => (finish = resolve));
    });
    const actor = createActor(logic, { input: {} });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.stop();
    await Promise.resolve();
    await Promise.resolve();
    expect(errors).toEqual([]);
    expect(actor.getSnapshot().status).toBe('stopped');
  });
});

describe('answerOf', () => {
  it('resolves with the Right value, rejects with the Left failure and passes an abort on', async () => {
    await expect(answerOf(Promise.resolve(right(42)))).resolves.toBe(42);
    await expect(answerOf(Promise.resolve(left(refused)))).rejects.toBe(refused);
    const abort = new DOMException('aborted', 'AbortError');
    await expect(answerOf(Promise.reject(abort))).rejects.toBe(abort);
  });
});

describe('loadOnce', () => {
  it('loads once, and again after a load that failed', async () => {
    let calls = 0;
    const load = loadOnce(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return { n: calls };
    });
    await expect(load()).rejects.toThrow('offline');
    expect(await load()).toEqual({ n: 2 });
    expect(await load()).toEqual({ n: 2 });
    expect(calls).toBe(2);
  });
});
