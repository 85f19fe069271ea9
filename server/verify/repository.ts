/**
 * The prescription's versions and their verification codes (migration 042). A version is written
 * under the appointment's row lock (`for update` in the completion's transaction), so two
 * amendments on two instances are numbered one after the other, neither lost.
 */
import { randomBytes } from 'node:crypto';
import type { Medicines } from '../../contract/appointments.js';
import type { Queryable, Database } from '../db/database.js';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 128 bits from the CSPRNG in base32 (RFC 4648, no padding): 26 characters. */
export function newVerificationCode(): string {
  const bytes = randomBytes(16);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

const stable = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(stable).join(',')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`).join(',')}}`
      : JSON.stringify(value);

/** Whether two prescriptions say the same, apart from whether the patient is shown them. */
export function sameWords(a: Medicines, b: Medicines): boolean {
  return stable({ ...a, showMedicine: null }) === stable({ ...b, showMedicine: null });
}

export interface PrescriptionVersion {
  version: number;
  code: string;
  writtenAt: Date;
  writtenBy: string | null;
  supersededAt: Date | null;
}

interface VersionRow {
  version: number;
  code: string;
  written_at: Date;
  written_by: string | null;
  superseded_at: Date | null;
}

const toVersion = (r: VersionRow): PrescriptionVersion => ({
  version: r.version,
  code: r.code,
  writtenAt: new Date(r.written_at),
  writtenBy: r.written_by,
  supersededAt: r.superseded_at === null ? null : new Date(r.superseded_at),
});

export async function currentVersion(q: Queryable, appointmentId: string): Promise<PrescriptionVersion | null> {
  const { rows } = await q.query<VersionRow>(
    'select version, code, written_at, written_by, superseded_at from prescription_versions where appointment_id = $1 order by version desc limit 1',
    [appointmentId],
  );
  return rows[0] ? toVersion(rows[0]) : null;
}

export async function findVersion(q: Queryable, appointmentId: string, version: number): Promise<PrescriptionVersion | null> {
  const { rows } = await q.query<VersionRow>(
    'select version, code, written_at, written_by, superseded_at from prescription_versions where appointment_id = $1 and version = $2',
    [appointmentId, version],
  );
  return rows[0] ? toVersion(rows[0]) : null;
}

async function insertVersion(tx: Queryable, appointmentId: string, version: number, medicines: Medicines, writtenBy: string | null, at: Date): Promise<PrescriptionVersion> {
  const code = newVerificationCode();
  await tx.query(
    `insert into prescription_versions (appointment_id, version, code, medicines, written_at, written_by) values ($1, $2, $3, $4, $5, $6)`,
    [appointmentId, version, code, JSON.stringify(medicines), at, writtenBy],
  );
  await tx.query('insert into prescription_codes (code, appointment_id, version) values ($1, $2, $3)', [code, appointmentId, version]);
  return { version, code, writtenAt: at, writtenBy, supersededAt: null };
}

/**
 * In the transaction that holds the appointment's row lock: `medicines` as the next version,
 * the one before it marked superseded at `at` (and kept, with its code). An appointment whose
 * prescription was written before versions were kept gets `before` as its version 1 first.
 */
export async function writeVersion(
  tx: Queryable,
  appointmentId: string,
  { medicines, before, writtenBy, at }: { medicines: Medicines; before: Medicines | null; writtenBy: string; at: Date },
): Promise<{ written: PrescriptionVersion; superseded: PrescriptionVersion | null }> {
  let last = await currentVersion(tx, appointmentId);
  if (last === null && before !== null) last = await insertVersion(tx, appointmentId, 1, before, null, at);
  if (last !== null) await tx.query('update prescription_versions set superseded_at = $3 where appointment_id = $1 and version = $2', [appointmentId, last.version, at]);
  const written = await insertVersion(tx, appointmentId, (last?.version ?? 0) + 1, medicines, writtenBy, at);
  return { written, superseded: last === null ? null : { ...last, supersededAt: at } };
}

/**
 * The current version of a completed appointment's prescription; one written before versions
 * were kept gets its version 1 now (its code first printed on this PDF), once whoever asks first.
 */
export async function ensureVersion(db: Database, appointmentId: string, medicines: Medicines, at: Date): Promise<PrescriptionVersion> {
  const existing = await currentVersion(db, appointmentId);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const code = newVerificationCode();
    const { rows } = await tx.query<{ version: number }>(
      `insert into prescription_versions (appointment_id, version, code, medicines, written_at) values ($1, 1, $2, $3, $4)
       on conflict (appointment_id, version) do nothing returning version`,
      [appointmentId, code, JSON.stringify(medicines), at],
    );
    if (rows.length === 1) await tx.query('insert into prescription_codes (code, appointment_id, version) values ($1, $2, 1)', [code, appointmentId]);
    return (await currentVersion(tx, appointmentId))!;
  });
}

export interface CodeLookup {
  version: number;
  revoked: boolean;
  supersededAt: Date | null;
  medicines: Medicines | null;
  writtenAt: Date | null;
  doctorName: string | null;
  date: string | null;
  firstName: string | null;
  lastName: string | null;
}

/**
 * What a code is: null when never issued. Revoked when the clinic withdrew it (its words erased),
 * the appointment's record is gone, or the patient's account is closed (its names erased).
 */
export async function lookUpCode(q: Queryable, code: string): Promise<CodeLookup | null> {
  const { rows } = await q.query<{
    version: number;
    revoked_at: Date | null;
    has_version: boolean;
    superseded_at: Date | null;
    medicines: Medicines | null;
    written_at: Date | null;
    doctor_name: string | null;
    date: string | null;
    first_name: string | null;
    last_name: string | null;
    closed: boolean | null;
  }>(
    `select c.version, c.revoked_at, v.appointment_id is not null as has_version, v.superseded_at, v.medicines, v.written_at,
            d.name as doctor_name, to_char(a.date, 'YYYY-MM-DD') as date,
            coalesce(fm.first_name, a.first_name) as first_name, coalesce(fm.last_name, a.last_name) as last_name,
            (u.deleted_at is not null) as closed
       from prescription_codes c
       left join prescription_versions v on v.appointment_id = c.appointment_id and v.version = c.version
       left join appointments a on a.id = c.appointment_id
       left join users u on u.id = a.user_id
       left join doctors d on d.id = a.doctor_id
       left join family_members fm on fm.id = a.family_member_id
      where c.code = $1`,
    [code],
  );
  const r = rows[0];
  if (!r) return null;
  const revoked = r.revoked_at !== null || !r.has_version || r.date === null || r.closed !== false;
  return {
    version: r.version,
    revoked,
    supersededAt: r.superseded_at === null ? null : new Date(r.superseded_at),
    medicines: r.medicines,
    writtenAt: r.written_at === null ? null : new Date(r.written_at),
    doctorName: r.doctor_name,
    date: r.date,
    firstName: r.first_name,
    lastName: r.last_name,
  };
}

/** The clinical erasure of these appointments (jobs/purge.ts): their versions' words go, their codes verify as revoked. */
export async function eraseVersions(tx: Queryable, appointmentIds: readonly string[], at: Date): Promise<void> {
  await tx.query('delete from prescription_versions where appointment_id = any($1::uuid[])', [appointmentIds]);
  await tx.query('update prescription_codes set revoked_at = coalesce(revoked_at, $2) where appointment_id = any($1::uuid[])', [appointmentIds, at]);
}
