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

/** A field left blank (or an age not typed) 'is required', whatever the codec says of a wrong value. */
export function blankOr(value: unknown, message: string): string {
  const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (typeof value === 'number' && Number.isNaN(value));
  return blank ? 'is required' : message;
}

/**
 * A form's problems by field, in the form's order (`fields`, where the focus goes to the first):
 * what `codec` refuses in `values` (the request made of what was typed), a blank field said as
 * 'is required'; {} when the codec takes them.
 */
export function formErrors<I>(codec: t.Decoder<I, unknown>, values: I, fields: readonly string[]): Readonly<Record<string, string>> {
  const found = new Map<string, string>();
  for (const { field, message } of checkFields(codec, values)) {
    if (!found.has(field)) found.set(field, blankOr((values as Record<string, unknown>)[field], message));
  }
  return Object.fromEntries(fields.filter((f) => found.has(f)).map((f) => [f, found.get(f)!]));
}
