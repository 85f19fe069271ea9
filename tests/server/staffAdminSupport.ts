/**
 * Shared by the staff console suites (staffAdmin*.test.ts): calls of the admin
 * endpoints, the seed's ids, and the audit log as the database has it.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database.js';
import type { Patient, Response } from './paymentSupport.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call to /api/staff{url} as `who` (null: no token). */
/** The admin account the staff tests make. */
export const officeEmail = 'office@sahaj-clinic.example';

export const api = (app: FastifyInstance, who: Patient | null, method: Method, url: string, payload?: object) =>
  app.inject({ method, url: `/api/staff${url}`, ...(payload ? { payload } : {}), headers: who ? who.headers : {} }) as Promise<Response>;

/** Fails the test unless the call answered 200; answers the body. */
export async function ok<T = any>(app: FastifyInstance, who: Patient, method: Method, url: string, payload?: object): Promise<T> {
  const res = await api(app, who, method, url, payload);
  if (res.statusCode !== 200) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

export async function idOf(db: Database, table: 'locations' | 'doctors', where: string, value: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`select id from ${table} where ${where} = $1`, [value]);
  if (!rows[0]) throw new Error(`no ${table} row with ${where} ${value}`);
  return rows[0].id;
}

export interface AuditRowInDb {
  actor: string;
  actor_role: string;
  action: string;
  appointment_id: string | null;
  subject_user_id: string | null;
  details: Record<string, any>;
}

export async function auditRows(db: Database): Promise<AuditRowInDb[]> {
  const { rows } = await db.query<AuditRowInDb>(
    'select actor, actor_role, action, appointment_id, subject_user_id, details from audit_log order by id',
  );
  return rows;
}

/** Rows of every table an admin changes: equal before and after means nothing was written. */
export async function adminTableCounts(db: Database): Promise<Record<string, number>> {
  const tables = [
    'locations',
    'doctors',
    'doctor_locations',
    'doctor_hours',
    'doctor_leave',
    'appointment_fees',
    'site_events',
    'team_members',
    'testimonials',
    'refund_resolutions',
    'audit_log',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    counts[table] = (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
  }
  // What else a refused change could touch: roles, fees' amounts, appointments' states.
  counts.admins = (await db.query<{ n: number }>(`select count(*)::int as n from users where role = 'admin'`)).rows[0]!.n;
  counts.cancelled = (await db.query<{ n: number }>(`select count(*)::int as n from appointments where status = 'Cancelled'`)).rows[0]!.n;
  return counts;
}

/** A whole day's hours as the staff console sends them. */
export const week = (...ranges: [weekday: number, start: string, end: string][]) => ({
  hours: ranges.map(([weekday, start, end]) => ({ weekday, start, end })),
});
