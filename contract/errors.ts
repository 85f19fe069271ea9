/**
 * The one error shape every failing API answer has: `{ code, message, params?, errors? }`.
 *
 * - `code` names the refusal and never changes with its wording (`booking.slotTaken`,
 *   `auth.invalidCredentials`...): a client words a refusal by its code, never by matching its English.
 * - `message` is the refusal in English, fit to read (the spec's messages word for word).
 * - `params` are the values a message was made with (`{ minutes: 5 }` for "try again in 5 minutes"),
 *   so a client can put them in its own words.
 * - `errors` is present on 400 answers and names each bad field.
 */
import * as t from 'io-ts';

export const FieldError = t.type({ field: t.string, message: t.string }, 'FieldError');
export type FieldError = t.TypeOf<typeof FieldError>;

/** A refusal's values by name: numbers stay numbers, anything else is text. */
export const ErrorParams = t.record(t.string, t.union([t.string, t.number]), 'ErrorParams');
export type ErrorParams = t.TypeOf<typeof ErrorParams>;

export const ApiError = t.intersection(
  [t.type({ code: t.string, message: t.string }), t.partial({ params: ErrorParams, errors: t.array(FieldError) })],
  'ApiError',
);
export type ApiError = t.TypeOf<typeof ApiError>;

/**
 * What a client accepts as a refusal: an ApiError whose `code` may be missing, as it is in an
 * answer from something other than this API (a proxy, an older server). Such a refusal counts
 * as the generic code of its status (`genericErrorCode`).
 */
export const ApiRefusal = t.intersection(
  [t.type({ message: t.string }), t.partial({ code: t.string, params: ErrorParams, errors: t.array(FieldError) })],
  'ApiRefusal',
);
export type ApiRefusal = t.TypeOf<typeof ApiRefusal>;

export { genericErrorCode, genericErrorCodes } from './errorCodes.js';
