/**
 * SQL for doctors and the locations they work at. The public reads (listDoctors,
 * findDoctorByEmail) show active doctors only: a retired one (006) is off the site; the staff
 * console's reads and writes (below) see every doctor.
 */
import type { AccountRole, AdminDoctor, HoursEntry, LeaveEntry } from '../../contract/staffAdmin.js';
import type { ClinicDate, ClinicTime } from '../../contract/primitives.js';
import type { Doctor, DoctorType } from '../../contract/site.js';
import type { Queryable } from '../db/database.js';

// One query, locations folded into an array in location order: no query per doctor.
const selectDoctors = `
  select d.id as "_id", d.name, d.email, d.type, d.qualification,
         d.registration_council, d.registration_number, d.languages, d.photo,
         exists (select 1 from doctor_online_hours o where o.doctor_id = d.id) as consults_online,
         coalesce(
           (select json_agg(json_build_object('name', l.name, 'payAtClinic', l.pay_at_clinic) order by l.display_order, l.name)
              from doctor_locations dl join locations l on l.id = dl.location_id
             where dl.doctor_id = d.id),
           '[]'::json
         ) as locations
    from doctors d`;

interface DoctorRow {
  _id: string;
  name: string;
  email: string;
  type: DoctorType;
  qualification: string;
  locations: { name: string; payAtClinic: boolean }[];
  registration_council: string;
  registration_number: string;
  languages: string[];
  photo: string;
  consults_online: boolean;
}

const toDoctor = (row: DoctorRow): Doctor => ({
  _id: row._id,
  name: row.name,
  email: row.email,
  type: row.type,
  locations: row.locations.map((l) => l.name),
  qualification: row.qualification,
  registrationCouncil: row.registration_council,
  registrationNumber: row.registration_number,
  languages: row.languages,
  photo: row.photo,
  consultsOnline: row.consults_online,
  // Only where some location takes fees at the clinic: the spec's answer stays as it was elsewhere.
  ...(row.locations.some((l) => l.payAtClinic) ? { payAtClinic: row.locations.filter((l) => l.payAtClinic).map((l) => l.name) } : {}),
});

export async function listDoctors(db: Queryable): Promise<Doctor[]> {
  const { rows } = await db.query<DoctorRow>(`${selectDoctors} where d.active order by d.display_order, d.name`);
  return rows.map(toDoctor);
}

/** `email` must already be lower case (emails are stored so). */
export async function findDoctorByEmail(db: Queryable, email: string): Promise<Doctor | null> {
  const { rows } = await db.query<DoctorRow>(`${selectDoctors} where d.email = $1 and d.active`, [email]);
  return rows[0] ? toDoctor(rows[0]) : null;
}

/* ------------------------------------------------------------ staff console */

const selectAdminDoctors = `
  select d.id, d.name, d.email, d.type, d.qualification, d.registration_council, d.registration_number,
         d.morning_list, d.slot_minutes, d.active, d.display_order,
         coalesce(
           (select json_agg(json_build_object('_id', l.id, 'name', l.name) order by l.display_order, l.name)
              from doctor_locations dl join locations l on l.id = dl.location_id
             where dl.doctor_id = d.id),
           '[]'::json
         ) as locations,
         (select u.role from users u where u.email = d.email) as account_role
    from doctors d`;

interface AdminDoctorRow {
  id: string;
  name: string;
  email: string;
  type: DoctorType;
  qualification: string;
  registration_council: string;
  registration_number: string;
  morning_list: boolean;
  slot_minutes: number;
  active: boolean;
  display_order: number;
  locations: { _id: string; name: string }[];
  account_role: AccountRole | null;
}

const toAdminDoctor = (r: AdminDoctorRow): AdminDoctor => ({
  _id: r.id,
  name: r.name,
  email: r.email,
  type: r.type,
  qualification: r.qualification,
  registrationCouncil: r.registration_council,
  registrationNumber: r.registration_number,
  morningList: r.morning_list,
  slotMinutes: r.slot_minutes,
  active: r.active,
  displayOrder: r.display_order,
  locations: r.locations,
  accountRole: r.account_role,
});

export async function listAdminDoctors(q: Queryable): Promise<AdminDoctor[]> {
  const { rows } = await q.query<AdminDoctorRow>(`${selectAdminDoctors} order by d.display_order, d.name`);
  return rows.map(toAdminDoctor);
}

/** `forUpdate`: lock the doctor's row, so that two admins' changes to one doctor's schedule run one after the other. */
export async function findAdminDoctor(q: Queryable, id: string, forUpdate = false): Promise<AdminDoctor | null> {
  const { rows } = await q.query<AdminDoctorRow>(`${selectAdminDoctors} where d.id = $1${forUpdate ? ' for update of d' : ''}`, [id]);
  return rows[0] ? toAdminDoctor(rows[0]) : null;
}

/**
 * Locks the doctor's row FOR SHARE until the transaction ends: bookings and moves take it before
 * they re-check the day plan and claim a slot, so they and a schedule change (FOR UPDATE, above)
 * run one after the other, while bookings of one doctor still run side by side. null: no such doctor.
 */
export async function lockDoctorForShare(tx: Queryable, id: string): Promise<{ email: string; active: boolean } | null> {
  const { rows } = await tx.query<{ email: string; active: boolean }>('select email, active from doctors where id = $1 for share', [id]);
  return rows[0] ?? null;
}

export interface DoctorFields {
  name: string;
  /** Lower case. */
  email: string;
  type: DoctorType;
  qualification: string;
  slotMinutes: number;
  /** undefined: '' for a new doctor, unchanged on an update. */
  registrationCouncil?: string;
  registrationNumber?: string;
  /** undefined: off for a new doctor, unchanged on an update. */
  morningList?: boolean;
}

/** Throws a unique violation on doctors_email_key when another doctor has the email. Last in the display order. */
export async function insertDoctor(tx: Queryable, d: DoctorFields): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into doctors (name, email, type, qualification, slot_minutes, registration_council, registration_number, morning_list, display_order)
     values ($1, $2, $3, $4, $5, $6, $7, $8, (select coalesce(max(display_order), -1) + 1 from doctors)) returning id`,
    [d.name, d.email, d.type, d.qualification, d.slotMinutes, d.registrationCouncil ?? '', d.registrationNumber ?? '', d.morningList ?? false],
  );
  return rows[0]!.id;
}

export async function updateDoctor(tx: Queryable, id: string, d: DoctorFields): Promise<void> {
  await tx.query(
    `update doctors set name = $2, email = $3, type = $4, qualification = $5, slot_minutes = $6,
            registration_council = coalesce($7, registration_council), registration_number = coalesce($8, registration_number),
            morning_list = coalesce($9, morning_list)
      where id = $1`,
    [id, d.name, d.email, d.type, d.qualification, d.slotMinutes, d.registrationCouncil ?? null, d.registrationNumber ?? null, d.morningList ?? null],
  );
}

/** The doctor works at exactly these locations; hours at a dropped one go with it (foreign key cascade). */
export async function setDoctorLocations(tx: Queryable, doctorId: string, locationIds: readonly string[]): Promise<void> {
  await tx.query('delete from doctor_locations where doctor_id = $1 and not (location_id = any($2::uuid[]))', [doctorId, locationIds]);
  await tx.query(
    `insert into doctor_locations (doctor_id, location_id)
     select $1, l from unnest($2::uuid[]) as l on conflict do nothing`,
    [doctorId, locationIds],
  );
}

export async function setDoctorActive(tx: Queryable, id: string, active: boolean): Promise<void> {
  await tx.query('update doctors set active = $2 where id = $1', [id, active]);
}

export async function countDoctorAppointments(q: Queryable, id: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>('select count(*)::int as n from appointments where doctor_id = $1', [id]);
  return rows[0]!.n;
}

/** Hours and leave go with the doctor (cascades); appointments would refuse it (restrict). */
export async function deleteDoctor(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from doctors where id = $1', [id]);
}

export async function setDoctorOrder(tx: Queryable, ids: readonly string[]): Promise<void> {
  await tx.query(
    `update doctors d set display_order = o.n - 1
       from unnest($1::uuid[]) with ordinality as o(id, n) where d.id = o.id`,
    [ids],
  );
}

/* Weekly hours and leave. */

export async function listDoctorHours(q: Queryable, doctorId: string): Promise<HoursEntry[]> {
  const { rows } = await q.query<{ location_id: string; location: string; weekday: number; start: string; end: string }>(
    `select h.location_id, l.name as location, h.weekday, to_char(h.start_time, 'HH24:MI') as start,
            to_char(h.end_time, 'HH24:MI') as "end"
       from doctor_hours h join locations l on l.id = h.location_id
      where h.doctor_id = $1
      order by h.weekday, h.start_time, l.display_order, l.name`,
    [doctorId],
  );
  return rows.map((r) => ({
    locationId: r.location_id,
    location: r.location,
    weekday: r.weekday,
    start: r.start as ClinicTime,
    end: r.end as ClinicTime,
  }));
}

/** The doctor's whole week at one location becomes `hours`. */
export async function replaceDoctorHours(
  tx: Queryable,
  doctorId: string,
  locationId: string,
  hours: readonly { weekday: number; start: string; end: string }[],
): Promise<void> {
  await tx.query('delete from doctor_hours where doctor_id = $1 and location_id = $2', [doctorId, locationId]);
  if (hours.length === 0) return;
  await tx.query(
    `insert into doctor_hours (doctor_id, location_id, weekday, start_time, end_time)
     select $1, $2, h.weekday, h.start_time, h.end_time
       from json_to_recordset($3::json) as h(weekday smallint, start_time time, end_time time)`,
    [doctorId, locationId, JSON.stringify(hours.map((h) => ({ weekday: h.weekday, start_time: h.start, end_time: h.end })))],
  );
}

/** The doctor's online hours (Chat, Video, Call; no location; 009/010), by weekday and start. */
export async function listDoctorOnlineHours(q: Queryable, doctorId: string): Promise<{ weekday: number; start: ClinicTime; end: ClinicTime }[]> {
  const { rows } = await q.query<{ weekday: number; start: string; end: string }>(
    `select weekday, to_char(start_time, 'HH24:MI') as start, to_char(end_time, 'HH24:MI') as "end"
       from doctor_online_hours where doctor_id = $1 order by weekday, start_time`,
    [doctorId],
  );
  return rows.map((r) => ({ weekday: r.weekday, start: r.start as ClinicTime, end: r.end as ClinicTime }));
}

/** The doctor's whole online week becomes `hours`. */
export async function replaceDoctorOnlineHours(
  tx: Queryable,
  doctorId: string,
  hours: readonly { weekday: number; start: string; end: string }[],
): Promise<void> {
  await tx.query('delete from doctor_online_hours where doctor_id = $1', [doctorId]);
  if (hours.length === 0) return;
  await tx.query(
    `insert into doctor_online_hours (doctor_id, weekday, start_time, end_time)
     select $1, h.weekday, h.start_time, h.end_time
       from json_to_recordset($2::json) as h(weekday smallint, start_time time, end_time time)`,
    [doctorId, JSON.stringify(hours.map((h) => ({ weekday: h.weekday, start_time: h.start, end_time: h.end })))],
  );
}

export async function listDoctorLeave(q: Queryable, doctorId: string): Promise<LeaveEntry[]> {
  const { rows } = await q.query<{ id: string; from: string; to: string; reason: string }>(
    `select id, to_char(from_date, 'YYYY-MM-DD') as "from", to_char(to_date, 'YYYY-MM-DD') as "to", reason
       from doctor_leave where doctor_id = $1 order by from_date, to_date, created_at`,
    [doctorId],
  );
  return rows.map((r) => ({ _id: r.id, from: r.from as ClinicDate, to: r.to as ClinicDate, reason: r.reason }));
}

export async function insertLeave(tx: Queryable, doctorId: string, leave: { from: string; to: string; reason: string }, now: Date): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into doctor_leave (doctor_id, from_date, to_date, reason, created_at) values ($1, $2::date, $3::date, $4, $5) returning id`,
    [doctorId, leave.from, leave.to, leave.reason, now],
  );
  return rows[0]!.id;
}

/** true when there was such leave of that doctor. */
export async function deleteLeave(tx: Queryable, doctorId: string, leaveId: string): Promise<boolean> {
  const { rowCount } = await tx.query('delete from doctor_leave where id = $1 and doctor_id = $2', [leaveId, doctorId]);
  return rowCount > 0;
}

/** The doctor's registration (council and number), as every consultation mail names it. null: no such doctor. */
export async function findDoctorRegistration(q: Queryable, id: string): Promise<{ council: string; number: string } | null> {
  const { rows } = await q.query<{ council: string; number: string }>(
    'select registration_council as council, registration_number as number from doctors where id = $1',
    [id],
  );
  return rows[0] ?? null;
}
