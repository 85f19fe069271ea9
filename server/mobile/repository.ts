/**
 * SQL of mobile sign-in (036_mobile_sign_in.sql): the texted codes by number and purpose, and the
 * accounts a proven number finds, joins or makes. Numbers here are the 10 digits of an Indian
 * mobile (`phone`); accounts store them as +91 and the digits.
 */
import type { User } from '../../contract/auth.js';
import type { Queryable } from '../db/database.js';
import { toUser, userColumns } from '../repositories/users.js';

/**
 * 'phone-current' and 'account-close': codes to the account's own verified number, proving a
 * change of it, or confirming its closing (046).
 */
export type CodePurpose = 'sign-in' | 'phone-change' | 'phone-current' | 'account-close';

/** Which code: a sign-in's is the number's; a phone change's (and its proof's) is the number's for one account. */
export interface CodeKey {
  phone: string;
  purpose: CodePurpose;
  /** The account a phone change (or its proof) is for; null for a sign-in. */
  accountId: string | null;
}

export interface StoredPhoneCode {
  codeHash: string;
  expiresAt: Date;
  failedAttempts: number;
}

const where = `phone = $1 and purpose = $2 and account_id is not distinct from $3`;
const keyParams = (k: CodeKey) => [k.phone, k.purpose, k.accountId];

/** Stores the code, replacing the key's earlier one (and its count of wrong tries). */
export async function replacePhoneCode(db: Queryable, key: CodeKey, code: { codeHash: string; createdAt: Date; expiresAt: Date }): Promise<void> {
  // The partial unique index of the key's purpose (036, 046): one live code per number, or per number and account.
  const target = key.purpose === 'sign-in' ? `(phone) where purpose = 'sign-in'` : `(phone, account_id) where purpose = '${key.purpose}'`;
  await db.query(
    `insert into phone_codes (phone, purpose, account_id, code_hash, created_at, expires_at, failed_attempts)
     values ($1, $2, $3, $4, $5, $6, 0)
     on conflict ${target} do update
       set code_hash = excluded.code_hash, created_at = excluded.created_at, expires_at = excluded.expires_at, failed_attempts = 0`,
    [...keyParams(key), code.codeHash, code.createdAt, code.expiresAt],
  );
}

/** Removes this very code (not a newer one that replaced it meanwhile): a send that surely failed. */
export async function deletePhoneCode(db: Queryable, key: CodeKey, codeHash: string): Promise<void> {
  await db.query(`delete from phone_codes where ${where} and code_hash = $4`, [...keyParams(key), codeHash]);
}

/** The key's code, locked until the transaction ends (two guesses at once count as two). */
export async function lockPhoneCode(tx: Queryable, key: CodeKey): Promise<StoredPhoneCode | null> {
  const { rows } = await tx.query<{ code_hash: string; expires_at: Date; failed_attempts: number }>(
    `select code_hash, expires_at, failed_attempts from phone_codes where ${where} for update`,
    keyParams(key),
  );
  const row = rows[0];
  return row ? { codeHash: row.code_hash, expiresAt: new Date(row.expires_at), failedAttempts: row.failed_attempts } : null;
}

export async function countFailedPhoneAttempt(tx: Queryable, key: CodeKey): Promise<number> {
  const { rows } = await tx.query<{ failed_attempts: number }>(
    `update phone_codes set failed_attempts = failed_attempts + 1 where ${where} returning failed_attempts`,
    keyParams(key),
  );
  return rows[0]?.failed_attempts ?? 0;
}

/** A right code is used up. */
export async function usePhoneCode(tx: Queryable, key: CodeKey): Promise<void> {
  await tx.query(`delete from phone_codes where ${where}`, keyParams(key));
}

export async function deleteExpiredPhoneCodes(db: Queryable, before: Date): Promise<void> {
  await db.query('delete from phone_codes where expires_at < $1', [before]);
}

/** The live account whose proven number this is (at most one: users_verified_phone_key). */
export async function findByVerifiedPhone(q: Queryable, phone: string): Promise<User | null> {
  const { rows } = await q.query<Parameters<typeof toUser>[0]>(
    `select ${userColumns} from users u where right(u.phone_digits, 10) = $1 and u.phone_verified_at is not null and u.deleted_at is null`,
    [phone],
  );
  return rows[0] ? toUser(rows[0]) : null;
}

/** The desk's patients (no account: sign_in_method 'desk') with this number typed, oldest first. */
export async function deskPatientsWithPhone(q: Queryable, phone: string): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `select id from users
      where sign_in_method = 'desk' and role = 'patient' and deleted_at is null and right(phone_digits, 10) = $1 and length(phone_digits) >= 10
      order by created_at, id`,
    [phone],
  );
  return rows.map((r) => r.id);
}

/**
 * The desk's patient becomes the account of whoever proved its number: sign-in method 'phone',
 * the number stored as proven (+91 and the digits), the desk's names, age and gender kept. null
 * when it is no desk patient any more (joined by a twin request meanwhile). Throws a unique
 * violation on users_verified_phone_key when an account proved the number meanwhile.
 */
export async function joinDeskPatientByPhone(tx: Queryable, id: string, phone: string, now: Date): Promise<User | null> {
  const { rows } = await tx.query<Parameters<typeof toUser>[0]>(
    `update users as u set sign_in_method = 'phone', phone_number = $2, phone_verified_at = $3, updated_at = $3
      where id = $1 and sign_in_method = 'desk'
      returning ${userColumns}`,
    [id, `+91${phone}`, now],
  );
  return rows[0] ? toUser(rows[0]) : null;
}

/** A new account with only the proven number. Throws a unique violation on users_verified_phone_key when the number was proven meanwhile. */
export async function insertPhoneUser(tx: Queryable, phone: string, now: Date): Promise<User> {
  const { rows } = await tx.query<Parameters<typeof toUser>[0]>(
    `insert into users as u (first_name, last_name, phone_number, phone_verified_at, sign_in_method, created_at, updated_at)
     values ('', '', $1, $2, 'phone', $2, $2)
     returning ${userColumns}`,
    [`+91${phone}`, now],
  );
  return toUser(rows[0]!);
}

/** The account's number set as proven now; throws a unique violation on users_verified_phone_key when it is another's. */
export async function setVerifiedPhone(tx: Queryable, userId: string, phone: string, now: Date): Promise<void> {
  await tx.query('update users set phone_number = $2, phone_verified_at = $3, updated_at = $3 where id = $1', [userId, `+91${phone}`, now]);
}

/** The account's number and whether it is proven, and its password hash, locked for a change. */
export async function lockAccount(
  tx: Queryable,
  userId: string,
): Promise<{ phoneNumber: string | null; phoneVerified: boolean; passwordHash: string | null; email: string | null } | null> {
  const { rows } = await tx.query<{ phone_number: string | null; verified: boolean; password_hash: string | null; email: string | null }>(
    'select phone_number, phone_verified_at is not null as verified, password_hash, email from users where id = $1 and deleted_at is null for update',
    [userId],
  );
  const r = rows[0];
  return r ? { phoneNumber: r.phone_number, phoneVerified: r.verified, passwordHash: r.password_hash, email: r.email } : null;
}

/** The account's email set (lower case); throws a unique violation on users_email_key when another row has it. */
export async function setEmail(tx: Queryable, userId: string, email: string, now: Date): Promise<void> {
  await tx.query('update users set email = $2, updated_at = $3 where id = $1', [userId, email, now]);
}

/** The admins' addresses: the clinic's alerts go to them (and to ADMIN_EMAIL). */
export async function adminEmails(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ email: string }>(
    `select email from users where role = 'admin' and email is not null and deleted_at is null order by email`,
  );
  return rows.map((r) => r.email);
}

/**
 * A desk patient's records become the account's (the account proved the desk row's email): its
 * appointments, payments and waitlist entries move to the account, the audit's rows about it name
 * the account, the account's missing details are taken from it, and the desk row is deleted.
 * Both rows must be locked by the caller's transaction.
 */
export async function mergeDeskPatientInto(tx: Queryable, deskId: string, accountId: string, now: Date): Promise<void> {
  await tx.query('update appointments set user_id = $2, updated_at = $3 where user_id = $1', [deskId, accountId, now]);
  await tx.query('update payments set user_id = $2 where user_id = $1', [deskId, accountId]);
  await tx.query('update waitlist_entries set user_id = $2 where user_id = $1', [deskId, accountId]);
  await tx.query('update audit_log set subject_user_id = $2 where subject_user_id = $1', [deskId, accountId]);
  await tx.query(
    `update users as a
        set first_name = case when btrim(a.first_name) = '' then d.first_name else a.first_name end,
            last_name = case when btrim(a.first_name) = '' then d.last_name else a.last_name end,
            age = coalesce(a.age, d.age), gender = coalesce(a.gender, d.gender),
            phone_number = coalesce(a.phone_number, d.phone_number), updated_at = $3
       from users d
      where a.id = $2 and d.id = $1`,
    [deskId, accountId, now],
  );
  await tx.query(`delete from users where id = $1 and sign_in_method = 'desk'`, [deskId]);
}

/** Locks a row of users (the account and a desk row before a merge). */
export async function lockUserRow(tx: Queryable, id: string): Promise<{ signInMethod: string; email: string | null } | null> {
  const { rows } = await tx.query<{ sign_in_method: string; email: string | null }>('select sign_in_method, email from users where id = $1 for update', [id]);
  return rows[0] ? { signInMethod: rows[0].sign_in_method, email: rows[0].email } : null;
}
