/**
 * The queue's live side reads and writes here: display links (queue_displays), the queues of a
 * location and of a doctor for a day, a patient's entry, and the "next but one" marks and texts.
 * The queue's entries themselves are written by the desk (server/desk); here they are only read,
 * but for notified_at.
 *
 * What leaves this file for a display is the first letter of the patient's first name, taken in
 * SQL: the name itself is never read for it.
 */
import type { Queryable } from '../db/database.js';
import type { QueueStatus } from '../../contract/desk.js';

/** The channel every queue change, display revocation, session end and waitlist change is told on (032, 033, server/waitlist). */
export const queueChannel = 'queue_changed';

export interface DisplayRow {
  id: string;
  label: string;
  location_id: string;
  location: string;
  created_at: Date | string;
  created_by: string | null;
  revoked_at: Date | string | null;
}

const displayColumns = `d.id, d.label, d.location_id, l.name as location, d.created_at, u.email as created_by, d.revoked_at`;
const displayFrom = `queue_displays d join locations l on l.id = d.location_id left join users u on u.id = d.created_by`;

export async function insertDisplay(
  q: Queryable,
  display: { locationId: string; keyHash: string; label: string; createdBy: string },
  at: Date,
): Promise<DisplayRow> {
  const { rows } = await q.query<{ id: string }>(
    'insert into queue_displays (location_id, key_hash, label, created_by, created_at) values ($1, $2, $3, $4, $5) returning id',
    [display.locationId, display.keyHash, display.label, display.createdBy, at],
  );
  return (await findDisplay(q, rows[0]!.id))!;
}

export async function findDisplay(q: Queryable, id: string, forUpdate = false): Promise<DisplayRow | null> {
  const { rows } = await q.query<DisplayRow>(`select ${displayColumns} from ${displayFrom} where d.id = $1${forUpdate ? ' for update of d' : ''}`, [id]);
  return rows[0] ?? null;
}

/** Newest first; revoked ones after the live ones. */
export async function listDisplays(q: Queryable): Promise<DisplayRow[]> {
  const { rows } = await q.query<DisplayRow>(`select ${displayColumns} from ${displayFrom} order by d.revoked_at is not null, d.created_at desc, d.id`);
  return rows;
}

/** Revokes it and tells every instance at commit ({"x": id}), so its open streams end. */
export async function revokeDisplay(q: Queryable, id: string, at: Date): Promise<void> {
  await q.query('update queue_displays set revoked_at = $2 where id = $1 and revoked_at is null', [id, at]);
  await q.query('select pg_notify($1, $2)', [queueChannel, JSON.stringify({ x: id })]);
}

/** The live display whose key has this SHA-256; null for none and for a revoked one alike. */
export async function findLiveDisplayByKeyHash(q: Queryable, keyHash: string): Promise<{ id: string; locationId: string } | null> {
  const { rows } = await q.query<{ id: string; location_id: string }>(
    'select id, location_id from queue_displays where key_hash = $1 and revoked_at is null',
    [keyHash],
  );
  return rows[0] ? { id: rows[0].id, locationId: rows[0].location_id } : null;
}

export async function isDisplayLive(q: Queryable, id: string): Promise<boolean> {
  const { rows } = await q.query('select 1 from queue_displays where id = $1 and revoked_at is null', [id]);
  return rows.length === 1;
}

export async function locationName(q: Queryable, id: string): Promise<string | null> {
  const { rows } = await q.query<{ name: string }>('select name from locations where id = $1', [id]);
  return rows[0]?.name ?? null;
}

/**
 * One waiting or called entry of a location's day, as a display shows it; or a doctor who works
 * there that day with nobody waiting or called (token, status, room and initial null).
 */
export interface DisplayEntryRow {
  doctor_id: string;
  doctor_name: string;
  token: number | null;
  status: 'waiting' | 'called' | null;
  room: string | null;
  initial: string | null;
}

/**
 * The waiting and called entries at a location on a day, by the clinic's order of doctors, then
 * the line's order (THE QUEUE RULE: due time, then token); and a row of its own for each doctor
 * who sees patients there that day (active, a clinic doctor, hours there on that weekday, not on
 * leave: as a walk-in's check, checks/worksHereToday.ts) and has nobody in the queue, so the
 * waiting room's TV shows them as "No one waiting" instead of leaving them out.
 */
export async function locationQueue(q: Queryable, locationId: string, day: string): Promise<DisplayEntryRow[]> {
  const { rows } = await q.query<DisplayEntryRow>(
    `with entries as (
       select e.doctor_id, e.token, e.status, e.room, e.due_time, upper(left(btrim(a.first_name), 1)) as initial
         from queue_entries e join appointments a on a.id = e.appointment_id
        where e.location_id = $1 and e.day = $2 and e.status in ('waiting', 'called')
     ),
     working as (
       select d.id from doctors d
        where d.active and d.type = 'clinic'
          and exists (select 1 from doctor_hours h where h.doctor_id = d.id and h.location_id = $1 and h.weekday = extract(dow from $2::date))
          and not exists (select 1 from doctor_leave v where v.doctor_id = d.id and $2::date between v.from_date and v.to_date)
     )
     select d.id as doctor_id, d.name as doctor_name, e.token, e.status, e.room, e.initial
       from doctors d
       left join entries e on e.doctor_id = d.id
      where e.doctor_id is not null or d.id in (select id from working)
      order by d.display_order, d.name, d.id, e.due_time, e.token`,
    [locationId, day],
  );
  return rows;
}

/** One entry of a doctor's day, as the patients' live places read it. */
export interface DoctorEntryRow {
  id: string;
  token: number;
  status: QueueStatus;
  room: string;
}

/** A doctor's entries of a day, the line first in its order (due time, then token), and the doctor's slot minutes. */
export async function doctorQueue(q: Queryable, doctorId: string, day: string): Promise<{ entries: DoctorEntryRow[]; slotMinutes: number }> {
  const { rows } = await q.query<DoctorEntryRow>(
    `select id, token, status, room from queue_entries
      where doctor_id = $1 and day = $2
      order by status <> 'waiting', due_time, token`,
    [doctorId, day],
  );
  const doctor = await q.query<{ slot_minutes: number }>('select slot_minutes from doctors where id = $1', [doctorId]);
  return { entries: rows, slotMinutes: doctor.rows[0]?.slot_minutes ?? 15 };
}

/** An appointment's entry in the queue of `day`, with the appointment's owner; null when it has none that day. */
export async function appointmentEntry(
  q: Queryable,
  appointmentId: string,
  day: string,
): Promise<{ id: string; doctorId: string; locationId: string } | null> {
  const { rows } = await q.query<{ id: string; doctor_id: string; location_id: string }>(
    'select id, doctor_id, location_id from queue_entries where appointment_id = $1 and day = $2',
    [appointmentId, day],
  );
  const row = rows[0];
  return row ? { id: row.id, doctorId: row.doctor_id, locationId: row.location_id } : null;
}

/** The appointment's owner, or null when there is no such appointment. */
export async function appointmentOwner(q: Queryable, appointmentId: string): Promise<string | null> {
  const { rows } = await q.query<{ user_id: string }>('select user_id from appointments where id = $1', [appointmentId]);
  return rows[0]?.user_id ?? null;
}
