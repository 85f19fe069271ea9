import { useRef } from 'react';

/**
 * The latest value of something a long-lived actor's provided actions read (props, router hooks):
 * the actor is made once, its effects run later, with what the view holds then.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
