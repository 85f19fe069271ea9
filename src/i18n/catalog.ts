/**
 * The catalogs' common machinery: the type a catalog gets from its English texts, and
 * the small store that holds the catalog in use so that another language can replace English at
 * run time (Hindi and Marathi, each loaded lazily, of the same shape).
 *
 * A catalog is written once, as its English object; its type is `Catalog<typeof en>`: the same
 * keys, every text a `string` and every function the same parameters returning a string, all
 * read-only. A second language is then `const hi: Messages = {...}`: a missing or an extra key,
 * or a function with other parameters, fails to type-check (tests/unit/catalogShape.typecheck.ts).
 */
import { useSyncExternalStore } from 'react';

/** The type of a catalog whose English texts are `T`: strings widened, functions kept, read-only. */
export type Catalog<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : T extends readonly (infer E)[]
      ? readonly Catalog<E>[]
      : { readonly [K in keyof T]: Catalog<T[K]> };

/** The catalog in use, English until `set` replaces it (a language switch). */
export interface CatalogStore<T> {
  readonly get: () => T;
  readonly set: (next: T) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

export function createCatalog<T>(english: T): CatalogStore<T> {
  let current = english;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (next) => {
      current = next;
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Reads a catalog in a view; the view renders again when the language changes. */
export function useCatalog<T>(store: CatalogStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

