/**
 * SQL for staff roles (users.role, 005_staff.sql) and the audit log. Emails passed in must already
 * be lower case (they are stored so).
 */
import type { Queryable } from '../db/database.js';

export type Role = 'patient' | 'admin' | 'doctor';
export type ActorRole = Role | 'operator';

export interface StaffAccount {
  userId: string;
  email: string;
  role: Role;
  /** The doctor whose email the account has (doctors.email), if any. */
  doctorId: string | null;
  doctorName: string | null;
}

const staffSelect = `
  select u.id, u.email, u.role, d.id as doctor_id, d.name as doctor_name
    from users u left join doctors d on d.email = u.email`;

interface StaffRow {
  id: string;
  email: string;
  role: Role;
  doctor_id: string | null;
  doctor_name: string | null;
}

const toStaff = (r: StaffRow): StaffAccount => ({
  userId: r.id,
  email: r.email,
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

export async function doctorIdByEmail(q: Queryable, email: string): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>('select id from doctors where email = $1', [email]);
  return rows[0]?.id ?? null;
}

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
  }>(
    `select id::text as id, at, actor, actor_role, action, appointment_id, subject_user_id, details from audit_log
      where ($2::bigint is null or id < $2::bigint) order by id desc limit $1`,
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
  }));
}
