/**
 * A signed-in patient's answers kept for offline use, in the personal cache (./personalCopies.ts),
 * and the mark "Offline copy. Last updated <time>" a page shows while it shows one.
 *
 * `withOfflineCopy` wraps a call of the API: an answer is kept (its JSON as the codec encodes it,
 * or a file's bytes) with the time it came; when the call gets no answer at all (a NetworkFailure:
 * offline, or no route to the server), the kept copy is given instead and its area marked as shown
 * offline since that time. A refusal (401, 404...) is never replaced by a copy. Nothing is kept
 * without a stored token (a logged-out visitor), and a copy written while the patient logged out
 * is removed again. docs/app.md.
 */
import { useSyncExternalStore } from 'react';
import { isLeft, isRight, right, type Either } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { ApiFailure } from '../../machines/failures';
import { personalCacheKey, personalCachePrefix } from './personalCopies';

/** What a page marks: its data came from the personal cache, kept at `savedAt` (ms). */
export type OfflineArea = 'account' | 'appointments' | 'remedies' | 'documents';

const shownOffline = new Map<OfflineArea, number>();
const listeners = new Set<() => void>();
let snapshot: ReadonlyMap<OfflineArea, number> = new Map();

function mark(area: OfflineArea, savedAt: number | null): void {
  if (savedAt === null) shownOffline.delete(area);
  else shownOffline.set(area, savedAt);
  snapshot = new Map(shownOffline);
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** When the area's data on screen was last updated, if it is an offline copy; null when it is live. */
export function useOfflineSince(area: OfflineArea): number | null {
  const marks = useSyncExternalStore(subscribe, () => snapshot, () => snapshot);
  return marks.get(area) ?? null;
}

const savedAtHeader = 'x-clinic-saved-at';

function storage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The personal cache's name, made at the first copy of a signed-in patient; null logged out or without Cache Storage. */
function cacheName(create: boolean): string | null {
  if (typeof caches === 'undefined' || storage('token') === null) return null;
  const id = storage(personalCacheKey);
  if (id) return personalCachePrefix + id;
  if (!create) return null;
  const made = crypto.randomUUID();
  try {
    localStorage.setItem(personalCacheKey, made);
  } catch {
    return null;
  }
  return personalCachePrefix + made;
}

const requestOf = (key: string) => new Request(new URL(`/offline-copy/${key.replace(/^\/+/, '')}`, location.origin).href);

async function keep(key: string, body: Blob | string, type: string, extra: Record<string, string> = {}): Promise<void> {
  const name = cacheName(true);
  if (!name) return;
  try {
    const cache = await caches.open(name);
    await cache.put(requestOf(key), new Response(body, { headers: { 'content-type': type, [savedAtHeader]: String(Date.now()), ...extra } }));
    // Logged out (or another patient) meanwhile: this copy is not theirs to keep.
    if (cacheName(false) !== name) await caches.delete(name);
  } catch {
    // Storage full or refused: the page works online as before.
  }
}

async function read(key: string): Promise<{ response: Response; savedAt: number } | null> {
  const name = cacheName(false);
  if (!name) return null;
  try {
    const response = await (await caches.open(name)).match(requestOf(key));
    if (!response) return null;
    return { response, savedAt: Number(response.headers.get(savedAtHeader)) || 0 };
  } catch {
    return null;
  }
}

/** A JSON call with its offline copy under `key` (the call's path), marked as `area` when the copy is shown. */
export async function withOfflineCopy<A>(
  area: OfflineArea,
  key: string,
  codec: t.Type<A, unknown, unknown>,
  run: () => Promise<Either<ApiFailure, A>>,
): Promise<Either<ApiFailure, A>> {
  const answer = await run();
  if (isRight(answer)) {
    mark(area, null);
    await keep(key, JSON.stringify(codec.encode(answer.right)), 'application/json');
    return answer;
  }
  if (answer.left._tag !== 'NetworkFailure') return answer;
  const copy = await read(key);
  if (!copy) return answer;
  try {
    const decoded = codec.decode(await copy.response.json());
    if (isLeft(decoded)) return answer;
    mark(area, copy.savedAt);
    return right(decoded.right);
  } catch {
    return answer;
  }
}

/** A file call (a prescription PDF) with its offline copy under `key`. */
export async function withOfflineFile<F extends { fileName: string; content: Blob }>(
  key: string,
  run: () => Promise<Either<ApiFailure, F>>,
): Promise<Either<ApiFailure, F | { fileName: string; content: Blob }>> {
  const answer = await run();
  if (isRight(answer)) {
    mark('documents', null);
    await keep(key, answer.right.content, answer.right.content.type || 'application/octet-stream', { 'x-clinic-file-name': encodeURIComponent(answer.right.fileName) });
    return answer;
  }
  if (answer.left._tag !== 'NetworkFailure') return answer;
  const copy = await read(key);
  if (!copy) return answer;
  mark('documents', copy.savedAt);
  const fileName = decodeURIComponent(copy.response.headers.get('x-clinic-file-name') ?? 'document.pdf');
  return right({ fileName, content: await copy.response.blob() });
}
