/**
 * What a closing account leaves in the clinic's own words: the audit log's details and the staff's
 * notes keep that something happened, never the person's values (repositories/records.ts closeAccount).
 */
import type { Queryable } from '../db/database.js';

/** The profile's fields in the order the account page lists them (the audit's `changed`). */
const profileFields = ['firstName', 'lastName', 'phoneNumber', 'age', 'gender'];

/** What erased personal words read as in the audit (the address becomes the pseudonymous one). */
export const erasedMark = '[erased]';

/**
 * Every value that names the account's person or the people it booked for: its address, names and
 * phone numbers now, the ones its appointments and family members hold, and every earlier value
 * its profile changes recorded. A phone number also in digits only and as its last ten digits,
 * the address also as its part before the @, so the forms people type them are found too.
 */
export async function personalValuesOf(tx: Queryable, userId: string): Promise<string[]> {
  const { rows } = await tx.query<{ v: string | null }>(
    `select unnest(array[email, first_name, last_name, phone_number]) as v from users where id = $1
     union select unnest(array[email, first_name, last_name, phone_number]) from appointments where user_id = $1
     union select unnest(array[first_name, last_name]) from family_members where user_id = $1
     union select e.value from audit_log a, jsonb_each_text(coalesce(a.details -> 'before', '{}') || coalesce(a.details -> 'after', '{}')) e
      where a.action in ('user.profile', 'user.email') and a.subject_user_id = $1 and e.key in ('firstName', 'lastName', 'phoneNumber', 'email')`,
    [userId],
  );
  const values = new Set<string>();
  for (const { v } of rows) {
    const value = v?.trim() ?? '';
    if (value.length < 2) continue;
    values.add(value);
    const digits = value.replace(/\D/g, '');
    if (/^[+\d\s().-]+$/.test(value) && digits.length >= 6) {
      values.add(digits);
      values.add(digits.slice(-10));
    }
    const at = value.indexOf('@');
    if (at >= 2) values.add(value.slice(0, at));
  }
  // Longest first, so an address goes whole before its local part would.
  return [...values].sort((a, b) => b.length - a.length);
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A function that replaces, in a value's words (strings anywhere inside it), each of `personal`
 * found as a whole word (any case; a phone number's digits also with spaces, dots or dashes
 * between them) by the pseudonymous address (the account's address) or `[erased]` (names, phone
 * numbers). Numbers and states stay as they were.
 */
function eraser(personal: readonly string[], email: string | null, alias: string): (value: unknown) => unknown {
  const patterns = personal.map((value) => {
    // A phone number's digits, as people write them: '98220 77881', '98220-77881', '9822077881'.
    const word = /^\d{6,}$/.test(value) ? [...value].join('[\\s().-]{0,2}') : escapeRegExp(value);
    return {
      pattern: new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])${word}(?![\\p{L}\\p{N}\\p{M}])`, 'giu'),
      mark: email !== null && value.toLowerCase() === email.toLowerCase() ? alias : erasedMark,
    };
  });
  const erase = (value: unknown): unknown => {
    if (typeof value === 'string') return patterns.reduce((text, { pattern, mark }) => text.replace(pattern, mark), value);
    if (Array.isArray(value)) return value.map(erase);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, erase(v)]));
    return value;
  };
  return erase;
}

/**
 * What the clinic's own records say about a closing account keeps that something happened, never
 * its personal values:
 * - the audit log: a profile change keeps which fields changed (`{ changed: [...] }`), not the
 *   old and new values; every other row about the account (made by it, about it, about its
 *   appointments) has its personal values erased from its details (eraser above), staff notes
 *   and a role change's address included;
 * - the staff's notes on its consultations (a call's "no answer") and on its refunds, likewise.
 * The clinical record itself (the prescription, the chat) stays as its authors wrote it, for the
 * retention period (docs/records.md).
 */
export async function eraseFromAuditAndNotes(tx: Queryable, user: { id: string; email: string | null }, alias: string, personal: readonly string[]): Promise<void> {
  const erase = eraser(personal, user.email, alias);
  const { rows } = await tx.query<{ id: string; action: string; subject_user_id: string | null; details: Record<string, unknown> }>(
    `select id::text as id, action, subject_user_id, details from audit_log
      where actor_user_id = $1 or subject_user_id = $1 or appointment_id in (select id from appointments where user_id = $1)`,
    [user.id],
  );
  for (const row of rows) {
    let details: unknown;
    // A profile, phone or email change keeps which fields changed, never the values.
    if ((row.action === 'user.profile' || row.action === 'user.email') && row.subject_user_id === user.id) {
      const changed = Object.keys({ ...(row.details.before as object | undefined), ...(row.details.after as object | undefined) });
      const rank = (key: string) => (profileFields.includes(key) ? profileFields.indexOf(key) : profileFields.length);
      details = { changed: changed.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)) };
    } else {
      details = erase(row.details);
    }
    if (JSON.stringify(details) !== JSON.stringify(row.details)) {
      await tx.query('update audit_log set details = $2 where id = $1::bigint', [row.id, JSON.stringify(details)]);
    }
  }
  const notes = await tx.query<{ kind: 'event' | 'refund'; id: string; note: string }>(
    `select 'event' as kind, e.id::text as id, e.note from consultation_events e
       join appointments a on a.id = e.appointment_id where a.user_id = $1 and e.note <> ''
     union all
     select 'refund', r.id::text, r.note from refund_resolutions r
      where r.appointment_id in (select id from appointments where user_id = $1)
         or r.payment_id in (select id from payments where user_id = $1)
         or r.order_id in (select o.id from orders o join appointments a on a.id = o.appointment_id where a.user_id = $1)`,
    [user.id],
  );
  for (const row of notes.rows) {
    // Within the column's 500 characters, should the marks be longer than what they replace.
    const note = [...(erase(row.note) as string)].slice(0, 500).join('');
    if (note === row.note) continue;
    await tx.query(
      row.kind === 'event' ? 'update consultation_events set note = $2 where id = $1::bigint' : 'update refund_resolutions set note = $2 where id = $1::uuid',
      [row.id, note],
    );
  }
}
