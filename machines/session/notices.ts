/**
 * What the account machines (session, login, registration, forgot password and the email code
 * they share) tell a person, as data. Machines never hold text a person reads: they emit
 * `{ type: 'notice', tone, notice }`, and the views map each `notice.kind` to the catalog's words
 * (spec §8, word for word); a `server` notice carries the server's own words instead.
 *
 * Each machine file lists its kinds and the message each stands for.
 */

import type { FieldError } from '../../contract/errors.js';

/** 'success' for a toast with role="status", 'error' for one with role="alert". */
export type Tone = 'success' | 'error';

export type NoticeEvent<N> = { type: 'notice'; tone: Tone; notice: N };

/**
 * The server's own words (an HTTP failure whose body had a readable `message`), and, for a form
 * that shows them under its fields, the 400's `errors` naming each field (serverWordsWithFields).
 */
export type ServerNotice = { kind: 'server'; text: string; fieldErrors?: readonly FieldError[] };

/**
 * How a call failed, read from what a provided actor rejects with: an ApiFailure
 * (src/api/client.ts) when the app provides the real actors, anything at all if one broke.
 * - `refused`: the server answered with an error status; `text` is its message when it sent a
 *   readable one (not the client's generic "The server answered with status N.").
 * - `unanswered`: no answer (network, timeout), an answer that is not what the contract says,
 *   or an error that is not an ApiFailure.
 */
export type CallFailure = { kind: 'refused'; status: number; text: string | null } | { kind: 'unanswered' };

export function describeFailure(error: unknown): CallFailure {
  const failure = error as { _tag?: unknown; status?: unknown; message?: unknown; generic?: unknown } | null;
  if (failure?._tag !== 'HttpFailure' || typeof failure.status !== 'number') return { kind: 'unanswered' };
  const text =
    failure.generic !== true && typeof failure.message === 'string' && failure.message.trim() !== ''
      ? failure.message
      : null;
  return { kind: 'refused', status: failure.status, text };
}

/** The server's words as a notice when it sent some, else the given notice. */
export function serverWordsOr<N>(error: unknown, otherwise: N): N | ServerNotice {
  const failure = describeFailure(error);
  return failure.kind === 'refused' && failure.text !== null ? { kind: 'server', text: failure.text } : otherwise;
}

/** serverWordsOr, keeping the fields a 400 named (`{ field: 'password', ... }`) for the form to mark. */
export function serverWordsWithFields<N>(error: unknown, otherwise: N): N | ServerNotice {
  const notice = serverWordsOr(error, otherwise);
  const errors = (error as { errors?: unknown } | null)?.errors;
  if (notice === otherwise || !Array.isArray(errors)) return notice;
  const fieldErrors = errors.filter(
    (e): e is FieldError => typeof (e as FieldError | null)?.field === 'string' && typeof (e as FieldError).message === 'string',
  );
  return fieldErrors.length > 0 ? { ...(notice as ServerNotice), fieldErrors } : notice;
}

/** A form field counts as filled when it has a non-space character. */
export const isBlank = (value: string | null | undefined): boolean => (value ?? '').trim() === '';
