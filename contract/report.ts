/** Turns io-ts decode errors into `{field, message}` pairs a person can act on. */
import type * as t from 'io-ts';
import type { FieldError } from './errors.js';

function fieldPath(context: t.Context): string {
  // The first entry is the root codec; the rest are keys. Intersections and unions add
  // numeric or empty keys of their own that mean nothing to a reader.
  return context
    .slice(1)
    .filter((entry, i, all) => {
      const parent = all[i - 1]?.type ?? context[0]?.type;
      const tag = (parent as { _tag?: string } | undefined)?._tag;
      return entry.key !== '' && tag !== 'IntersectionType' && tag !== 'UnionType';
    })
    .map((entry) => entry.key)
    .join('.');
}

function defaultMessage(error: t.ValidationError): string {
  if (error.value === undefined) return 'is required';
  const expected = error.context[error.context.length - 1]?.type as
    | { _tag?: string; keys?: Record<string, unknown>; value?: unknown; name: string }
    | undefined;
  if (expected?._tag === 'KeyofType' && expected.keys) return `must be one of: ${Object.keys(expected.keys).join(', ')}`;
  if (expected?._tag === 'LiteralType') return `must be ${JSON.stringify(expected.value)}`;
  return `is not valid (expected ${expected?.name ?? 'a value'})`;
}

export function describeErrors(errors: t.Errors): FieldError[] {
  const seen = new Map<string, FieldError>();
  for (const error of errors) {
    const field = fieldPath(error.context) || '(body)';
    if (seen.has(field)) continue; // one message a field: the first, most specific one
    // A missing field is "required" whatever its codec would say about a wrong value.
    const message = error.value === undefined ? 'is required' : (error.message ?? defaultMessage(error));
    seen.set(field, { field, message });
  }
  return [...seen.values()];
}

/** One line for logs and decode failures: "email must be ...; age is required". */
export function summarizeErrors(errors: readonly FieldError[]): string {
  return errors.map((e) => `${e.field} ${e.message}`).join('; ');
}
