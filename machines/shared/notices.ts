/**
 * What the machines tell a person, as data, shared by every flow. Machines never hold text a
 * person reads: they emit
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

// How a call failed is read in one place for every machine (../failures.ts).
import { serverWordsOr } from '../failures.js';
export { describeFailure, serverWordsOr, type CallFailure } from '../failures.js';

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
