/**
 * SQL for the doctors' queues (032_desk.sql queue_counters, queue_entries): the next token, an
 * entry per check-in, the moves, and the queue as the desk reads it. Every change is announced
 * with NOTIFY queue_changed in the caller's transaction (`announce`), so it goes out on commit
 * only, to every instance (server/chat/hub.ts listens the same way to chat_message).
 *
 * Tokens: the counter row of (doctor, day) is taken with one upsert in the check-in's
 * transaction; its row lock orders concurrent check-ins, so they get 1, 2, 3... in commit order,
 * and one that rolls back gives its number back with it (no repeat, no gap). The unique
 * (doctor, day, token) stands behind it.
 */
import type { QueueStatus } from '../../contract/desk.js';
import type { Queryable } from '../db/database.js';
import { queueChannel } from '../queue/repository.js';
import { type RecordRow, selectAppointmentRecords, type StoredAppointment, toStored } from '../repositories/appointmentRecords.js';


export interface StoredEntry {
  id: string;
  doctorId: string;
  locationId: string;
  day: string;
  token: number;
  appointmentId: string;
  status: QueueStatus;
  dueTime: string;
  room: string;
  checkedInAt: Date;
  calledAt: Date | null;
  finishedAt: Date | null;
  walkIn: boolean;
}

interface EntryRow {
  qe_id: string;
  qe_doctor_id: string;
  qe_location_id: string;
  qe_day: string;
  qe_token: number;
  qe_appointment_id: string;
  qe_status: QueueStatus;
  qe_due_time: string;
  qe_room: string;
  qe_checked_in_at: Date;
  qe_called_at: Date | null;
  qe_finished_at: Date | null;
  qe_walk_in: boolean;
}

const entryColumns = `qe.id as qe_id, qe.doctor_id as qe_doctor_id, qe.location_id as qe_location_id,
  to_char(qe.day, 'YYYY-MM-DD') as qe_day, qe.token as qe_token, qe.appointment_id as qe_appointment_id, qe.status as qe_status,
  to_char(qe.due_time, 'HH24:MI') as qe_due_time, qe.room as qe_room, qe.checked_in_at as qe_checked_in_at,
  qe.called_at as qe_called_at, qe.finished_at as qe_finished_at,
  (select x.booked_via = 'walkin' from appointments x where x.id = qe.appointment_id) as qe_walk_in`;

const toEntry = (r: EntryRow): StoredEntry => ({
  id: r.qe_id,
  doctorId: r.qe_doctor_id,
  locationId: r.qe_location_id,
  day: r.qe_day,
  token: r.qe_token,
  appointmentId: r.qe_appointment_id,
  status: r.qe_status,
  dueTime: r.qe_due_time,
  room: r.qe_room,
  checkedInAt: r.qe_checked_in_at,
  calledAt: r.qe_called_at,
  finishedAt: r.qe_finished_at,
  walkIn: r.qe_walk_in,
});

/** NOTIFY queue_changed for this doctor's queue at this location, on the caller's commit. */
export async function announce(tx: Queryable, locationId: string, doctorId: string): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [queueChannel, JSON.stringify({ l: locationId, d: doctorId })]);
}

/** The next token of the doctor's day, taken in the caller's transaction (1 for the first). */
export async function takeToken(tx: Queryable, doctorId: string, day: string): Promise<number> {
  const { rows } = await tx.query<{ last_token: number }>(
    `insert into queue_counters as c (doctor_id, day, last_token) values ($1, $2::date, 1)
     on conflict (doctor_id, day) do update set last_token = c.last_token + 1
     returning c.last_token`,
    [doctorId, day],
  );
  return rows[0]!.last_token;
}

export interface NewEntry {
  doctorId: string;
  locationId: string;
  day: string;
  token: number;
  appointmentId: string;
  dueTime: string;
  checkedInBy: string;
}

/** Throws a unique violation on queue_entries_appointment_key when the appointment is in a queue already. */
export async function insertEntry(tx: Queryable, e: NewEntry, now: Date): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into queue_entries (doctor_id, location_id, day, token, appointment_id, status, due_time, checked_in_at, checked_in_by, updated_at)
     values ($1, $2, $3::date, $4, $5, 'waiting', $6::time, $7, $8, $7)
     returning id`,
    [e.doctorId, e.locationId, e.day, e.token, e.appointmentId, e.dueTime, now, e.checkedInBy],
  );
  return rows[0]!.id;
}

export async function findEntry(q: Queryable, id: string, forUpdate = false): Promise<StoredEntry | null> {
  const { rows } = await q.query<EntryRow>(`select ${entryColumns} from queue_entries qe where qe.id = $1${forUpdate ? ' for update' : ''}`, [id]);
  return rows[0] ? toEntry(rows[0]) : null;
}

export async function isQueued(q: Queryable, appointmentId: string): Promise<boolean> {
  const { rowCount } = await q.query('select 1 from queue_entries where appointment_id = $1', [appointmentId]);
  return rowCount > 0;
}

/** Whether somebody is in the doctor's room that day (called). */
export async function hasCalled(q: Queryable, doctorId: string, day: string): Promise<boolean> {
  const { rowCount } = await q.query(`select 1 from queue_entries where doctor_id = $1 and day = $2::date and status = 'called'`, [doctorId, day]);
  return rowCount > 0;
}

/**
 * The first of the doctor's line (waiting, by due time then token: the queue rule) called to
 * `room`; null when nobody waits. Throws a unique violation on queue_entries_one_called_key when
 * somebody else was called meanwhile.
 */
export async function callFirst(tx: Queryable, doctorId: string, day: string, room: string, now: Date): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `update queue_entries set status = 'called', room = $3, called_at = $4, updated_at = $4
      where id = (select id from queue_entries where doctor_id = $1 and day = $2::date and status = 'waiting'
                   order by due_time, token limit 1 for update)
      returning id`,
    [doctorId, day, room, now],
  );
  return rows[0]?.id ?? null;
}

/** An entry moved on: done or noshow (finished now), or back to waiting (its due time, so its place, unchanged). */
export async function moveEntry(tx: Queryable, id: string, status: Exclude<QueueStatus, 'called'>, now: Date): Promise<void> {
  await tx.query(
    `update queue_entries
        set status = $2, finished_at = case when $2 = 'waiting' then null else $3::timestamptz end,
            room = case when $2 = 'waiting' then '' else room end, updated_at = $3
      where id = $1`,
    [id, status, now],
  );
}

/** A queue entry with its appointment as stored. */
export type QueuedAppointment = StoredEntry & { appointment: StoredAppointment };

const queueSelect = selectAppointmentRecords.replace('select a.id,', `select ${entryColumns}, a.id,`) + ' join queue_entries qe on qe.appointment_id = a.id';

/**
 * A doctor's queue of a day (at one location, or at every one), in the queue's order: the line
 * (waiting, by due time then token), then who is called, then who is finished (as they finished).
 */
export async function listQueue(q: Queryable, doctorId: string, day: string, locationId: string | null): Promise<QueuedAppointment[]> {
  const { rows } = await q.query<RecordRow & EntryRow>(
    `${queueSelect}
      where qe.doctor_id = $1 and qe.day = $2::date and ($3::uuid is null or qe.location_id = $3::uuid)
      order by case qe.status when 'waiting' then 0 when 'called' then 1 else 2 end,
               case when qe.status = 'waiting' then qe.due_time end, qe.finished_at, qe.token`,
    [doctorId, day, locationId],
  );
  return rows.map((r) => ({ ...toEntry(r), appointment: toStored(r) }));
}

/** The tokens of these appointments' queue entries ("T7" on the day list), by appointment id. */
export async function tokensOf(q: Queryable, appointmentIds: readonly string[]): Promise<Map<string, number>> {
  if (appointmentIds.length === 0) return new Map();
  const { rows } = await q.query<{ appointment_id: string; token: number }>(
    'select appointment_id, token from queue_entries where appointment_id = any($1::uuid[])',
    [appointmentIds],
  );
  return new Map(rows.map((r) => [r.appointment_id, r.token]));
}

/** The clinic's no-show policy (clinic_policy.keep_no_show_fee): whether a missed appointment's fee is kept. */
export async function keepsNoShowFee(q: Queryable): Promise<boolean> {
  const { rows } = await q.query<{ keep_no_show_fee: boolean }>('select keep_no_show_fee from clinic_policy');
  return rows[0]?.keep_no_show_fee ?? true;
}
