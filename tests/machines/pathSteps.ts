/** What a path step checks of a machine's emitted events, shared by the newer path tests. */
import { expect } from 'vitest';
import { noticeWords, settle } from './accountFakes.js';

/** A notice as its kind (or 'server: <words>'), any other emitted event as its type. */
export function emittedWords(events: ReadonlyArray<{ type: string }>): string[] {
  return events.flatMap((e) => (e.type === 'notice' ? noticeWords([e]) : [e.type]));
}

/**
 * Makes the model's event executors: each acts on the real actor, lets its calls settle, and
 * expects exactly `emits[type]` to have been emitted by the step.
 */
export function stepper<TType extends string>(take: () => ReadonlyArray<{ type: string }>, emits: Record<TType, readonly string[]>) {
  return (type: TType, act: () => void | Promise<void>) => async () => {
    take();
    await act();
    await settle();
    expect(emittedWords(take()), type).toEqual(emits[type]);
  };
}
