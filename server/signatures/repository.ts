/** The doctors' signature images (041_doctor_signatures.sql). */
import type { Queryable } from '../db/database.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StoredSignature {
  image: Buffer;
  updatedAt: Date;
  updatedBy: string;
}

export async function findSignature(q: Queryable, doctorId: string): Promise<StoredSignature | null> {
  if (!uuid.test(doctorId)) return null;
  const { rows } = await q.query<{ image: Buffer | Uint8Array; updated_at: Date; updated_by: string }>(
    'select image, updated_at, updated_by from doctor_signatures where doctor_id = $1',
    [doctorId],
  );
  const row = rows[0];
  return row ? { image: Buffer.from(row.image), updatedAt: row.updated_at, updatedBy: row.updated_by } : null;
}

/** Sets (or replaces) the doctor's signature; false when the doctor row is gone. */
export async function upsertSignature(q: Queryable, doctorId: string, image: Buffer, by: string, at: Date): Promise<void> {
  await q.query(
    `insert into doctor_signatures (doctor_id, image, updated_at, updated_by) values ($1, $2, $3, $4)
     on conflict (doctor_id) do update set image = excluded.image, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    [doctorId, image, at, by],
  );
}

/** True when there was one to remove. */
export async function deleteSignature(q: Queryable, doctorId: string): Promise<boolean> {
  const { rows } = await q.query<{ doctor_id: string }>('delete from doctor_signatures where doctor_id = $1 returning doctor_id', [doctorId]);
  return rows.length > 0;
}
