/**
 * Errors on the field they are about: a form's values checked on the client with the
 * contract codec the server decodes them with, before any request, so the same rule says the same
 * words (contract/report.ts `describeErrors`) next to the same field. A machine guards its submit
 * with `checkFields(Codec, payload).length > 0` and emits a `fields` notice; a 400 the server still
 * sends (a rule only the server knows) arrives as a `server` notice with the same `fieldErrors`.
 */
import { isLeft } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { FieldError } from '../contract/errors.js';
import { describeErrors } from '../contract/report.js';

/** The fields `value` would be refused for by `codec`, one error a field, in the codec's order; [] when it passes. */
export function checkFields<I>(codec: t.Decoder<I, unknown>, value: I): readonly FieldError[] {
  const decoded = codec.decode(value);
  return isLeft(decoded) ? describeErrors(decoded.left) : [];
}

/** A notice naming the fields a form must fix (no text of its own: each field shows its words). */
export type FieldsNotice = { kind: 'fields'; fieldErrors: readonly FieldError[] };
