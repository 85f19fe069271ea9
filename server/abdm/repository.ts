/** A patient's ABHA on file (052_abdm.sql). */
import type { Abha, AbhaSource } from '../../contract/abdm.js';
import type { Queryable } from '../db/database.js';

type AbhaRow = { abha_number: string | null; abha_address: string | null; source: AbhaSource; updated_at: Date };

const toAbha = (r: AbhaRow): Abha => ({ abhaNumber: r.abha_number, abhaAddress: r.abha_address, source: r.source, updatedAt: r.updated_at.toISOString() });

export async function findAbha(q: Queryable, userId: string): Promise<Abha | null> {
  const { rows } = await q.query<AbhaRow>('select abha_number, abha_address, source, updated_at from abha_profiles where user_id = $1', [userId]);
  return rows[0] ? toAbha(rows[0]) : null;
}

export interface NewAbha {
  abhaNumber: string | null;
  abhaAddress: string | null;
  source: AbhaSource;
  by: string;
}

/** Puts it on file (replacing the one there); a number or address on another patient's file is a unique violation. */
export async function upsertAbha(q: Queryable, userId: string, abha: NewAbha, at: Date): Promise<Abha> {
  const { rows } = await q.query<AbhaRow>(
    `insert into abha_profiles (user_id, abha_number, abha_address, source, updated_at, updated_by) values ($1, $2, $3, $4, $5, $6)
     on conflict (user_id) do update set abha_number = excluded.abha_number, abha_address = excluded.abha_address,
       source = excluded.source, updated_at = excluded.updated_at, updated_by = excluded.updated_by
     returning abha_number, abha_address, source, updated_at`,
    [userId, abha.abhaNumber, abha.abhaAddress, abha.source, at, abha.by],
  );
  return toAbha(rows[0]!);
}

/** True when there was one to remove. */
export async function deleteAbha(q: Queryable, userId: string): Promise<boolean> {
  const { rows } = await q.query<{ user_id: string }>('delete from abha_profiles where user_id = $1 returning user_id', [userId]);
  return rows.length > 0;
}

/** Whose file holds this number or address, besides `userId`: the field it clashes on, or null. */
export async function abhaClash(q: Queryable, userId: string, abhaNumber: string | null, abhaAddress: string | null): Promise<'abhaNumber' | 'abhaAddress' | null> {
  const { rows } = await q.query<{ number_taken: boolean; address_taken: boolean }>(
    `select coalesce(bool_or(abha_number = $2), false) as number_taken, coalesce(bool_or(abha_address = $3), false) as address_taken
       from abha_profiles where user_id <> $1 and (abha_number = $2 or abha_address = $3)`,
    [userId, abhaNumber, abhaAddress],
  );
  return rows[0]?.number_taken ? 'abhaNumber' : rows[0]?.address_taken ? 'abhaAddress' : null;
}

/** A patient's users row (an account's or the desk's), not closed: its id, or null. */
export async function findPatientId(q: Queryable, id: string): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>(`select id::text from users where id = $1 and role = 'patient' and deleted_at is null`, [id]);
  return rows[0]?.id ?? null;
}
