/** The one error shape every failing API answer has. */
import * as t from 'io-ts';

export const FieldError = t.type({ field: t.string, message: t.string }, 'FieldError');
export type FieldError = t.TypeOf<typeof FieldError>;

/** `errors` is present on 400 answers and names each bad field. */
export const ApiError = t.intersection(
  [t.type({ message: t.string }), t.partial({ errors: t.array(FieldError) })],
  'ApiError',
);
export type ApiError = t.TypeOf<typeof ApiError>;
