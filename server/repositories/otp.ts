/** SQL for emailed one-time codes and the proofs a right code leaves. Emails lower case. */
import type { Queryable } from '../db/database.js';

export interface StoredCode {
  codeHash: string;
  expiresAt: Date;
  failedAttempts: number;
}

/** Stores the address's code, replacing any earlier one (and its count of wrong tries). */
export async function replaceCode(
  db: Queryable,
  code: { email: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    `insert into email_codes (email, code_hash, created_at, expires_at, failed_attempts)
     values ($1, $2, $3, $4, 0)
     on conflict (email) do update
       set code_hash = excluded.code_hash, created_at = excluded.created_at,
           expires_at = excluded.expires_at, failed_attempts = 0`,
    [code.email, code.codeHash, code.createdAt, code.expiresAt],
  );
}

/** Removes this very code (not a newer one that replaced it meanwhile). */
export async function deleteCode(db: Queryable, email: string, codeHash: string): Promise<void> {
  await db.query('delete from email_codes where email = $1 and code_hash = $2', [email, codeHash]);
}

/** The address's code, locked until the transaction ends (two guesses at once count as two). */
export async function lockCode(tx: Queryable, email: string): Promise<StoredCode | null> {
  const { rows } = await tx.query<{ code_hash: string; expires_at: Date; failed_attempts: number }>(
    'select code_hash, expires_at, failed_attempts from email_codes where email = $1 for update',
    [email],
  );
  const row = rows[0];
  return row ? { codeHash: row.code_hash, expiresAt: new Date(row.expires_at), failedAttempts: row.failed_attempts } : null;
}

export async function countFailedAttempt(tx: Queryable, email: string): Promise<number> {
  const { rows } = await tx.query<{ failed_attempts: number }>(
    'update email_codes set failed_attempts = failed_attempts + 1 where email = $1 returning failed_attempts',
    [email],
  );
  return rows[0]?.failed_attempts ?? 0;
}

export async function deleteCodeOf(tx: Queryable, email: string): Promise<void> {
  await tx.query('delete from email_codes where email = $1', [email]);
}

export async function recordProof(tx: Queryable, email: string, provenAt: Date, expiresAt: Date): Promise<void> {
  await tx.query(
    `insert into email_proofs (email, proven_at, expires_at) values ($1, $2, $3)
     on conflict (email) do update set proven_at = excluded.proven_at, expires_at = excluded.expires_at`,
    [email, provenAt, expiresAt],
  );
}

export async function hasProof(db: Queryable, email: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from email_proofs where email = $1 and expires_at > $2', [email, now]);
  return rowCount > 0;
}

/** Uses the proof up; false when there was no live one. */
export async function consumeProof(tx: Queryable, email: string, now: Date): Promise<boolean> {
  const { rowCount } = await tx.query('delete from email_proofs where email = $1 and expires_at > $2 returning email', [
    email,
    now,
  ]);
  return rowCount > 0;
}

/** Codes and proofs that expired before `before`. */
export async function deleteExpiredCodesAndProofs(db: Queryable, before: Date): Promise<void> {
  await db.query('delete from email_codes where expires_at < $1', [before]);
  await db.query('delete from email_proofs where expires_at < $1', [before]);
}
