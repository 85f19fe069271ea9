/** SQL for the clinic's locations as the staff console manages them (the public list is repositories/site.ts). */
import type { AdminLocation } from '../../contract/staffAdmin.js';
import type { Queryable } from '../db/database.js';

/** The unique constraint whose violation means "a location has this name already". */
export const locationNameConstraint = 'locations_name_key';

const selectLocations = `
  select l.id, l.name, l.display_order, l.pay_at_clinic,
         (select count(*)::int from doctor_locations dl where dl.location_id = l.id) as doctor_count,
         (select count(*)::int from appointments a where a.location_id = l.id) as appointment_count
    from locations l`;

interface LocationRow {
  id: string;
  name: string;
  display_order: number;
  pay_at_clinic: boolean;
  doctor_count: number;
  appointment_count: number;
}

const toLocation = (r: LocationRow): AdminLocation => ({
  _id: r.id,
  name: r.name,
  displayOrder: r.display_order,
  doctorCount: r.doctor_count,
  appointmentCount: r.appointment_count,
  payAtClinic: r.pay_at_clinic,
});

export async function listAdminLocations(q: Queryable): Promise<AdminLocation[]> {
  const { rows } = await q.query<LocationRow>(`${selectLocations} order by l.display_order, l.name`);
  return rows.map(toLocation);
}

/** `forUpdate`: lock the row until the transaction ends. */
export async function findAdminLocation(q: Queryable, id: string, forUpdate = false): Promise<AdminLocation | null> {
  const { rows } = await q.query<LocationRow>(`${selectLocations} where l.id = $1${forUpdate ? ' for update of l' : ''}`, [id]);
  return rows[0] ? toLocation(rows[0]) : null;
}

/** The ids of these locations that exist. */
export async function existingLocationIds(q: Queryable, ids: readonly string[]): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>('select id from locations where id = any($1::uuid[])', [ids]);
  return rows.map((r) => r.id);
}

/** Last in the display order. Throws a unique violation on locations_name_key when the name is taken. */
export async function insertLocation(tx: Queryable, location: { name: string; payAtClinic: boolean }, now: Date): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into locations (name, display_order, created_at, pay_at_clinic)
     values ($1, (select coalesce(max(display_order), -1) + 1 from locations), $2, $3) returning id`,
    [location.name, now, location.payAtClinic],
  );
  return rows[0]!.id;
}

/** The name and the pay-at-the-clinic setting. Throws a unique violation on locations_name_key when the name is taken. */
export async function updateLocation(tx: Queryable, id: string, location: { name: string; payAtClinic: boolean }): Promise<void> {
  await tx.query('update locations set name = $2, pay_at_clinic = $3 where id = $1', [id, location.name, location.payAtClinic]);
}

/** Whether online patients may pay at the clinic for a Clinic Visit at this location (false for none). */
export async function paysAtClinic(q: Queryable, id: string): Promise<boolean> {
  const { rows } = await q.query<{ pay_at_clinic: boolean }>('select pay_at_clinic from locations where id = $1', [id]);
  return rows[0]?.pay_at_clinic ?? false;
}

export async function deleteLocation(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from locations where id = $1', [id]);
}

export async function setLocationOrder(tx: Queryable, ids: readonly string[]): Promise<void> {
  await tx.query(
    `update locations l set display_order = o.n - 1
       from unnest($1::uuid[]) with ordinality as o(id, n) where l.id = o.id`,
    [ids],
  );
}
