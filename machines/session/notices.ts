/**
 * What the account machines (session, login, registration, forgot password and the email code
 * they share) tell a person, as data. Machines never hold text a person reads: they emit
 * `{ type: 'notice', tone, notice }`, and the views map each `notice.kind` to the catalog's words
 * (spec §8, word for word); a `server` notice carries the server's own words instead.
 *
 * Each machine file lists its kinds and the message each stands for.
 */

/** 'success' for a toast with role="status", 'error' for one with role="alert". */
export type Tone = 'success' | 'error';

export type NoticeEvent<N> = { type: 'notice'; tone: Tone; notice: N };

/** The server's own words (an HTTP failure whose body had a readable `message`). */
export type ServerNotice = { kind: 'server'; text: string };

// How a call failed is read in one place for every machine (../failures.ts).
export { describeFailure, serverWordsOr, type CallFailure } from '../failures.js';

/** A form field counts as filled when it has a non-space character. */
export const isBlank = (value: string | null | undefined): boolean => (value ?? '').trim() === '';
