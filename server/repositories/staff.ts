/**
 * SQL for staff roles (users.role, 005_staff.sql) and the audit log. Emails passed in must already
 * be lower case (they are stored so).
 */
import type { Queryable } from '../db/database.js';

export type Role = 'patient' | 'admin' | 'doctor' | 'reception';
export type ActorRole = Role | 'operator';

export interface StaffAccount {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** The doctor whose email the account has (doctors.email), if any. */
  doctorId: string | null;
  doctorName: string | null;
}

const staffSelect = `
  select u.id, u.email, u.first_name, u.last_name, u.role, d.id as doctor_id, d.name as doctor_name, u.sign_in_method = 'desk' as desk
    from users u left join doctors d on d.email = u.email`;

interface StaffRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  doctor_id: string | null;
  doctor_name: string | null;
  desk: boolean;
}

const toStaff = (r: StaffRow): StaffAccount => ({
  userId: r.id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  role: r.role,
  doctorId: r.doctor_id,
  doctorName: r.doctor_name,
});

export async function findAccountRole(q: Queryable, userId: string): Promise<StaffAccount | null> {
  const { rows } = await q.query<StaffRow>(`${staffSelect} where u.id = $1`, [userId]);
  return rows[0] ? toStaff(rows[0]) : null;
}

export async function findAccountRoleByEmail(q: Queryable, email: string, forUpdate = false): Promise<StaffAccount | null> {
  const { rows } = await q.query<StaffRow>(`${staffSelect} where u.email = $1${forUpdate ? ' for update of u' : ''}`, [email]);
  return rows[0] ? toStaff(rows[0]) : null;
}

export async function listStaffAccounts(q: Queryable): Promise<StaffAccount[]> {
  const { rows } = await q.query<StaffRow>(`${staffSelect} where u.role <> 'patient' order by u.role, u.email`);
  return rows.map(toStaff);
}

export async function setAccountRole(q: Queryable, userId: string, role: Role, now: Date): Promise<void> {
  await q.query('update users set role = $2, updated_at = $3 where id = $1', [userId, role, now]);
}

/**
 * Why a role change was refused: no account with the email (a patient the desk registered has none); 'doctor' asked with no doctor of that
 * email; it would leave the clinic without an admin.
 */
export class RoleChangeRefused extends Error {
  constructor(readonly reason: 'noAccount' | 'noDoctor' | 'lastAdmin') {
    super(`role change refused: ${reason}`);
    this.name = 'RoleChangeRefused';
  }
}

export interface RoleActor {
  actorUserId: string | null;
  actor: string;
  actorRole: ActorRole;
}

/**
 * The one role change (the staff console's PUT /staff/accounts/role; meant for `npm run clinic`
 * too): inside the caller's transaction, lock the account, check, set the role and write the
 * audit row (user.role, before/after). `keepAnAdmin`: refuse to take the role of the last admin
 * away (the admins' rows are locked while counting, so two admins demoting each other at once
 * cannot both succeed). Answers the account as it was and whether anything changed.
 */
export async function changeAccountRole(
  tx: Queryable,
  change: { email: string; role: Role; keepAnAdmin: boolean },
  actor: RoleActor,
  now: Date,
): Promise<{ before: StaffAccount; changed: boolean }> {
  const { email, role } = change;
  const { rows: found } = await tx.query<StaffRow>(`${staffSelect} where u.email = $1 for update of u`, [email]);
  // A patient the desk registered has no account: it cannot log in, so it takes no role.
  if (!found[0] || found[0].desk) throw new RoleChangeRefused('noAccount');
  const account = toStaff(found[0]);
  if (role === 'doctor' && (await doctorIdByEmail(tx, email)) === null) throw new RoleChangeRefused('noDoctor');
  if (account.role === role) return { before: account, changed: false };
  if (change.keepAnAdmin && account.role === 'admin') {
    const { rows } = await tx.query<{ id: string }>(`select id from users where role = 'admin' for update`);
    if (!rows.some((r) => r.id !== account.userId)) throw new RoleChangeRefused('lastAdmin');
  }
  await setAccountRole(tx, account.userId, role, now);
  await insertAudit(
    tx,
    { ...actor, action: 'user.role', subjectUserId: account.userId, details: { email, before: { role: account.role }, after: { role } } },
    now,
  );
  return { before: account, changed: true };
}

export async function doctorIdByEmail(q: Queryable, email: string): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>('select id from doctors where email = $1', [email]);
  return rows[0]?.id ?? null;
}

/**
 * How the audit names a patient who acted: their email, or `account <id>` for an account that has
 * none (a mobile sign-up). Never the phone number: the audit log is read by admins and kept for
 * years, and a number is personal data (closing the account replaces this name too, by
 * actor_user_id).
 */
export const patientActor = (user: { _id: string; email: string | null }): string => user.email ?? `account ${user._id}`;

export interface AuditEntry {
  actorUserId: string | null;
  actor: string;
  actorRole: ActorRole;
  action: string;
  appointmentId?: string | null;
  subjectUserId?: string | null;
  details: Record<string, unknown>;
}

export async function insertAudit(q: Queryable, entry: AuditEntry, at: Date): Promise<void> {
  await q.query(
    `insert into audit_log (at, actor_user_id, actor, actor_role, action, appointment_id, subject_user_id, details)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      at,
      entry.actorUserId,
      entry.actor,
      entry.actorRole,
      entry.action,
      entry.appointmentId ?? null,
      entry.subjectUserId ?? null,
      JSON.stringify(entry.details),
    ],
  );
}

export interface AuditRow {
  id: string;
  at: Date;
  actor: string;
  actorRole: ActorRole;
  action: string;
  appointmentId: string | null;
  subjectUserId: string | null;
  details: Record<string, unknown>;
  /** The actor's account was closed since (services/staff.ts answers it as a former patient). */
  actorDeleted: boolean;
}

/** The latest entries first; `before`: only entries older than that id (paging). */
export async function listAudit(q: Queryable, limit: number, before: string | null = null): Promise<AuditRow[]> {
  const { rows } = await q.query<{
    id: string;
    at: Date;
    actor: string;
    actor_role: ActorRole;
    action: string;
    appointment_id: string | null;
    subject_user_id: string | null;
    details: Record<string, unknown>;
    actor_deleted: boolean;
  }>(
    // Ordered by the bigint column, not by the text alias `id` (which would put '9' before '15').
    `select a.id::text as id, a.at, a.actor, a.actor_role, a.action, a.appointment_id, a.subject_user_id, a.details,
            coalesce(u.deleted_at is not null, false) as actor_deleted
       from audit_log a
       left join users u on u.id = a.actor_user_id
      where ($2::bigint is null or a.id < $2::bigint) order by a.id desc limit $1`,
    [limit, before],
  );
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    actor: r.actor,
    actorRole: r.actor_role,
    action: r.action,
    appointmentId: r.appointment_id,
    subjectUserId: r.subject_user_id,
    details: r.details,
    actorDeleted: r.actor_deleted,
  }));
}
