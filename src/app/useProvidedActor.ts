/**
 * The one hook the providers' actors are made with (but the session's, which writes these lines out
 * so that the home page's entry chunk does not grow: docs/architecture.md): the machine is provided once, on the first
 * render (`provide`), and its effects read the view's callbacks through `latest`, so they always
 * call the ones of the last render without the machine being provided, or the actor started,
 * again. One actor per mount: `useActorRef` takes the options (the input) of the first render.
 */
import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import type { Actor, AnyActorLogic } from 'xstate';

/** The view's callbacks as of its last render. */
export interface Latest<T> {
  readonly current: T;
}

/**
 * The provided logic, made once, and the view's `callbacks` as of the last render (`latest`), which
 * the effects read as `latest.current` (so may a hook's own effect on unmount).
 */
export function useProvidedLogic<TLogic extends AnyActorLogic, T = undefined>(
  provide: (latest: Latest<T>) => TLogic,
  callbacks?: T,
): readonly [TLogic, Latest<T>] {
  const latest = useRef(callbacks as T);
  latest.current = callbacks as T;
  const [logic] = useState(() => provide(latest));
  return [logic, latest];
}

/** `useActorRef`'s options for a logic (the input required when the logic has one). */
type ActorRefOptions<TLogic extends AnyActorLogic> = Parameters<typeof useActorRef<TLogic>>[1];

/** The actor of the provided logic, for as long as the component is mounted (see the top). */
export function useProvidedActor<TLogic extends AnyActorLogic, T = undefined>(
  provide: (latest: Latest<T>) => TLogic,
  options: ActorRefOptions<TLogic>,
  callbacks?: T,
): Actor<TLogic> {
  const [logic] = useProvidedLogic(provide, callbacks);
  return (useActorRef as (logic: TLogic, options: ActorRefOptions<TLogic>) => Actor<TLogic>)(logic, options);
}
