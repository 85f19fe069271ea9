/**
 * Who hears that the server refused a call's bearer token (401): the login expired or was
 * revoked. The request base (./client.ts) tells every listener of each such answer; the session's
 * provider listens (src/app/account.tsx) and ends the session, once, for every machine. A call
 * without a token (a login with a wrong password) is no session's end and is not told.
 *
 * Apart from the request base so that the session's provider, on the home page, can listen
 * without loading the request base and its codecs (they load with the first call).
 */
import type { HttpFailure } from '../../machines/failures.js';

const listeners = new Set<(failure: HttpFailure) => void>();

/** Hears every 401 to a call that carried a token; returns the function that stops hearing. */
export function onLoginRefused(listener: (failure: HttpFailure) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The request base's side: a call's token was refused with this failure. */
export function tellLoginRefused(failure: HttpFailure): void {
  listeners.forEach((listener) => listener(failure));
}
