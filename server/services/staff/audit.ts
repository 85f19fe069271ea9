/** The audit log as staff read it: admins only, the latest first, each row with its appointment's number. */
import type { Database } from '../../db/database.js';
import { type AuditRow, listAudit } from '../../repositories/staff.js';
import type { Staff } from '../staff.js';
import { assertAdmin } from './shared.js';

/** One row of the audit log as the console shows it. */
export type StaffAuditRow = Omit<AuditRow, 'actorDeleted'> & { appointmentNumber: string | null; actorFormerPatient?: true };

/** GET /staff/audit: admins only; the latest first, each with its appointment's number (what staff read). */
export async function auditLog(
  { db }: { db: Database },
  staff: Staff,
  limit: number,
  before: string | null,
): Promise<StaffAuditRow[]> {
  assertAdmin(staff);
  const rows = await listAudit(db, limit, before);
  const ids = [...new Set(rows.flatMap((r) => (r.appointmentId ? [r.appointmentId] : [])))];
  const numbers = new Map<string, string>();
  if (ids.length > 0) {
    const found = await db.query<{ id: string; appointment_number: string }>(
      'select id::text as id, appointment_number from appointments where id = any($1::uuid[])',
      [ids],
    );
    for (const r of found.rows) numbers.set(r.id, r.appointment_number);
  }
  // A closed account acted: the fact, not the pseudonym its closing left in `actor` (as recordAt does for appointments).
  return rows.map(({ actorDeleted, ...r }) => ({
    ...r,
    ...(actorDeleted ? { actor: '', actorFormerPatient: true as const } : {}),
    appointmentNumber: r.appointmentId ? (numbers.get(r.appointmentId) ?? null) : null,
  }));
}
