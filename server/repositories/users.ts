/** SQL for user accounts. Emails passed in must already be lower case (they are stored so). */
import type { Language, User, UserRole } from '../../contract/auth.js';
import type { ReminderChannels } from '../../contract/reminders.js';
import type { Gender } from '../../contract/primitives.js';
import type { Queryable } from '../db/database.js';

interface UserRow {
  id: string;
  email: string | null;
  first_name: string;
  last_name: string;
  age: number | null;
  gender: Gender | null;
  phone_number: string | null;
  sign_in_method: 'manual' | 'google' | 'desk' | 'phone';
  role: UserRole;
  has_password: boolean;
  phone_verified: boolean;
}

export interface UserWithPassword {
  user: User;
  /** null: the account has no password (a Google sign-up, a patient the desk registered). */
  passwordHash: string | null;
  /**
   * A patient the desk registered (sign-in method 'desk', 032_desk.sql): no account yet, it never
   * logs in; whoever proves its email makes it their account (`joinDeskPatient`).
   */
  deskPatient: boolean;
}

/** The columns `toUser` reads, of `users u`. */
export const userColumns = 'u.id, u.email, u.first_name, u.last_name, u.age, u.gender, u.phone_number, u.sign_in_method, u.role,' +
  ' (u.password_hash is not null) as has_password, (u.phone_verified_at is not null) as phone_verified';

export const toUser = (row: UserRow): User => ({
  _id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  age: row.age,
  gender: row.gender,
  phoneNumber: row.phone_number,
  // A desk patient's row is never a session's user; it is read as such only to be joined.
  signInMethod: row.sign_in_method === 'desk' ? 'manual' : row.sign_in_method,
  role: row.role,
  hasPassword: row.has_password,
  phoneVerified: row.phone_verified,
});

export async function findUserByEmail(db: Queryable, email: string): Promise<UserWithPassword | null> {
  const { rows } = await db.query<UserRow & { password_hash: string | null }>(
    `select ${userColumns}, u.password_hash from users u where u.email = $1`,
    [email],
  );
  const row = rows[0];
  return row ? { user: toUser(row), passwordHash: row.password_hash, deskPatient: row.sign_in_method === 'desk' } : null;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** null for an id that is not one of ours (not even a UUID) as for one that is gone. */
export async function findUserById(db: Queryable, id: string): Promise<User | null> {
  if (!uuid.test(id)) return null;
  const { rows } = await db.query<UserRow>(`select ${userColumns} from users u where u.id = $1`, [id]);
  return rows[0] ? toUser(rows[0]) : null;
}

export interface NewManualUser {
  email: string;
  firstName: string;
  lastName: string;
  age: number;
  gender: Gender;
  phoneNumber: string;
  passwordHash: string;
}

/** Throws a unique violation on users_email_key when the email is taken. */
export async function insertManualUser(db: Queryable, user: NewManualUser, now: Date): Promise<User> {
  const { rows } = await db.query<UserRow>(
    `insert into users as u (email, first_name, last_name, age, gender, phone_number, password_hash, sign_in_method, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'manual', $8, $8)
     returning ${userColumns}`,
    [user.email, user.firstName, user.lastName, user.age, user.gender, user.phoneNumber, user.passwordHash, now],
  );
  return toUser(rows[0]!);
}

/** A Google sign-up: no password, no age, gender or phone yet. null when the email is taken. */
export async function insertIdentityUser(
  db: Queryable,
  user: { email: string; firstName: string; lastName: string },
  now: Date,
): Promise<User | null> {
  const { rows } = await db.query<UserRow>(
    `insert into users as u (email, first_name, last_name, sign_in_method, created_at, updated_at)
     values ($1, $2, $3, 'google', $4, $4)
     on conflict (email) do nothing
     returning ${userColumns}`,
    [user.email, user.firstName, user.lastName, now],
  );
  return rows[0] ? toUser(rows[0]) : null;
}

/**
 * The desk's patient with this email becomes the account of the person who proved it: the
 * sign-in method and (registration) the password and the details they gave; Google keeps the
 * desk's details and takes the names Google gives. The appointments stay theirs (same row). null
 * when no desk patient has the email any more (joined by a twin request meanwhile).
 */
export async function joinDeskPatient(
  tx: Queryable,
  email: string,
  join:
    | { signInMethod: 'manual'; passwordHash: string; firstName: string; lastName: string; age: number; gender: Gender; phoneNumber: string }
    | { signInMethod: 'google'; firstName: string; lastName: string },
  now: Date,
): Promise<User | null> {
  const manual = join.signInMethod === 'manual';
  const { rows } = await tx.query<UserRow>(
    `update users as u
        set sign_in_method = $2, password_hash = $3,
            first_name = coalesce(nullif($4, ''), first_name), last_name = case when $4 = '' then last_name else $5 end,
            age = coalesce($6, age), gender = coalesce($7, gender), phone_number = coalesce($8, phone_number), updated_at = $9
      where email = $1 and sign_in_method = 'desk'
      returning ${userColumns}`,
    [
      email,
      join.signInMethod,
      manual ? join.passwordHash : null,
      join.firstName,
      join.lastName,
      manual ? join.age : null,
      manual ? join.gender : null,
      manual ? join.phoneNumber : null,
      now,
    ],
  );
  return rows[0] ? toUser(rows[0]) : null;
}

export async function setPasswordHash(db: Queryable, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db.query('update users set password_hash = $2, updated_at = $3 where id = $1', [userId, passwordHash, now]);
}

/** The account's language (015): what its mails are written in. */
export async function findLanguage(db: Queryable, userId: string): Promise<Language | null> {
  const { rows } = await db.query<{ language: Language }>('select language from users where id = $1', [userId]);
  return rows[0]?.language ?? null;
}

/** The account's language, by its email (the booking confirmation knows the address). */
export async function findLanguageByEmail(db: Queryable, email: string): Promise<Language | null> {
  const { rows } = await db.query<{ language: Language }>('select language from users where email = $1', [email.toLowerCase()]);
  return rows[0]?.language ?? null;
}

export async function setLanguage(db: Queryable, userId: string, language: Language, now: Date): Promise<void> {
  await db.query('update users set language = $2, updated_at = $3 where id = $1', [userId, language, now]);
}

/** The account's reminder channels (025); booking confirmations go by email regardless. */
export async function findReminderChannels(db: Queryable, userId: string): Promise<ReminderChannels> {
  const { rows } = await db.query<{ email: boolean; sms: boolean; whatsapp: boolean }>(
    'select remind_email as email, remind_sms as sms, remind_whatsapp as whatsapp from users where id = $1',
    [userId],
  );
  return rows[0] ?? { email: true, sms: true, whatsapp: false };
}

export async function setReminderChannels(db: Queryable, userId: string, c: ReminderChannels, now: Date): Promise<void> {
  await db.query('update users set remind_email = $2, remind_sms = $3, remind_whatsapp = $4, updated_at = $5 where id = $1', [
    userId,
    c.email,
    c.sms,
    c.whatsapp,
    now,
  ]);
}
