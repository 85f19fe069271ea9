/**
 * An audit entry's `details` made readable: the values before and after the change, one row per
 * field that changed. The server writes `{ before?, after? }` objects (server/services/staff.ts,
 * and the admin changes); nested values (a prescription's remedies) are flattened into paths such
 * as `medicines › remedies #2 › dosage`. Details of another shape are shown as they are, as
 * "after" values, so nothing recorded is hidden.
 */

export interface AuditChange {
  /** The field, as a path of the recorded names. */
  readonly field: string;
  /** The value before, as text; null when the field was not there before. */
  readonly before: string | null;
  /** The value after, as text; null when the field is gone after the change. */
  readonly after: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each leaf of a value as [path, text]; an empty list or object is one leaf with empty text. */
function flatten(value: unknown, path: readonly string[], into: Map<string, string>): void {
  if (Array.isArray(value) || isRecord(value)) {
    const entries: Array<[string, unknown]> = Array.isArray(value)
      ? value.map((item, index) => [`#${index + 1}`, item])
      : Object.entries(value);
    if (entries.length === 0 && path.length > 0) into.set(path.join(' › '), '');
    for (const [key, item] of entries) flatten(item, [...path, key], into);
    return;
  }
  into.set(path.length > 0 ? path.join(' › ') : 'value', textOf(value));
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return String(value);
}

/** The fields that changed, in the order the change names them. */
export function auditChanges(details: Readonly<Record<string, unknown>>): AuditChange[] {
  const hasSides = 'before' in details || 'after' in details;
  const before = new Map<string, string>();
  const after = new Map<string, string>();
  if (hasSides) {
    if (details.before !== undefined && details.before !== null) flatten(details.before, [], before);
    if (details.after !== undefined && details.after !== null) flatten(details.after, [], after);
    // Anything else recorded beside before/after (a reason, a count) is shown too.
    for (const [key, value] of Object.entries(details)) if (key !== 'before' && key !== 'after') flatten(value, [key], after);
  } else {
    flatten(details, [], after);
  }

  const fields = [...after.keys(), ...[...before.keys()].filter((key) => !after.has(key))];
  // An empty list on one side whose items are listed on the other (no remedies, then two) is
  // said by those items; its own "(empty)" row would only add noise.
  const hasItems = (side: Map<string, string>, field: string) => [...side.keys()].some((key) => key.startsWith(`${field} › `));
  return fields
    .map((field) => ({ field, before: before.get(field) ?? null, after: after.get(field) ?? null }))
    .filter((change) => change.before !== change.after)
    .filter(
      (change) =>
        !(change.before === '' && change.after === null && hasItems(after, change.field)) &&
        !(change.after === '' && change.before === null && hasItems(before, change.field)),
    );
}
