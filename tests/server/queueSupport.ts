/**
 * Shared by the queue display suites (queue*.test.ts): today's queue entries written in SQL as the
 * desk writes them (server/desk: the entry and its NOTIFY in one transaction), display links made
 * through the admin's API, and the display's and the patient's streams over HTTP.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database.js';
import { listening, openEventStream } from './chatSupport.js';
import { booked, type Patient } from './paymentSupport.js';
import { idOf, officeEmail } from './staffAdminSupport.js';

export { officeEmail };

/** A notice as the desk's moves send it. */
const notify = (tx: Pick<Database, 'query'>, locationId: string, doctorId: string) =>
  tx.query("select pg_notify('queue_changed', $1)", [JSON.stringify({ l: locationId, d: doctorId })]);

export interface EntryChoice {
  token: number;
  /** HH:MM; the appointment's start time when not told. */
  dueTime?: string;
  status?: 'waiting' | 'called' | 'done' | 'noshow';
  room?: string;
}

/** Checks the appointment in to today's queue of its doctor (its own date), as the desk would; answers the entry's id. */
export async function enqueue(db: Database, appointmentId: string, choice: EntryChoice, at = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; doctor_id: string; location_id: string }>(
      `insert into queue_entries (doctor_id, location_id, day, token, appointment_id, status, due_time, room, checked_in_at, called_at, finished_at, updated_at)
       select a.doctor_id, a.location_id, a.date, $2, a.id, $3, coalesce($4::time, a.start_time), $5, $6,
              case when $3 <> 'waiting' then $6::timestamptz end, case when $3 in ('done', 'noshow') then $6::timestamptz end, $6
         from appointments a where a.id = $1
       returning id, doctor_id, location_id`,
      [appointmentId, choice.token, choice.status ?? 'waiting', choice.dueTime ?? null, choice.room ?? '', at],
    );
    const row = rows[0]!;
    await notify(tx, row.location_id, row.doctor_id);
    return row.id;
  });
}

/** Moves an entry (called to a room, done, no-show, back to waiting), as the doctor's screen would. */
export async function moveEntry(db: Database, entryId: string, status: 'waiting' | 'called' | 'done' | 'noshow', room = '', at = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ doctor_id: string; location_id: string }>(
      `update queue_entries set status = $2, room = case when $2 = 'called' then $3 else room end,
              called_at = case when $2 = 'called' then $4::timestamptz else called_at end, updated_at = $4
        where id = $1 returning doctor_id, location_id`,
      [entryId, status, room, at],
    );
    await notify(tx, rows[0]!.location_id, rows[0]!.doctor_id);
  });
}

/** A Clinic Visit (Meera at Aundh today unless told), paid, for a patient named `firstName`. */
export async function visit(
  app: FastifyInstance,
  db: Database,
  who: Patient,
  startTime: string,
  firstName = 'Asha',
  where: { location?: string; doctorEmail?: string } = {},
) {
  const appointment = await booked(app, who, { startTime, location: where.location ?? 'Aundh', ...(where.doctorEmail ? { doctorEmail: where.doctorEmail } : {}) });
  // Paid, so a patient may hold several (unpaid holds are limited).
  await db.query("update appointments set first_name = $2, payment_status = 'paid' where id = $1", [appointment._id, firstName]);
  return appointment;
}

/** A display link of `location` made by the admin; answers its id and key. */
export async function displayLink(app: FastifyInstance, db: Database, admin: Patient, location = 'Aundh', label = 'Waiting room TV') {
  const locationId = await idOf(db, 'locations', 'name', location);
  const res = await app.inject({ method: 'POST', url: '/api/staff/displays', headers: admin.headers, payload: { label, locationId } });
  if (res.statusCode !== 200) throw new Error(`POST /staff/displays answered ${res.statusCode}: ${res.body}`);
  const created = res.json() as { display: { _id: string }; key: string; url: string };
  return { id: created.display._id, key: created.key, url: created.url, locationId };
}

export const revokeLink = (app: FastifyInstance, admin: Patient, id: string) =>
  app.inject({ method: 'POST', url: `/api/staff/displays/${id}/revoke`, headers: admin.headers });

/** The display's stream on `app` (listening on a port), from `address` when told (TRUST_PROXY believes X-Forwarded-For). */
export async function displayStream(app: FastifyInstance, key: string, address?: string) {
  const stream = await openEventStream(`${await listening(app)}/api/display/${key}/stream`, address ? { 'x-forwarded-for': address } : {});
  return Object.assign(stream, { snapshots: () => stream.events.filter((e) => e.event === 'queue').map((e) => JSON.parse(e.data)) });
}

/** The patient's place stream of `appointmentId` on `app`. */
export async function placeStream(app: FastifyInstance, who: Patient, appointmentId: string, address?: string) {
  const stream = await openEventStream(`${await listening(app)}/api/appointment/${appointmentId}/queue/stream`, {
    ...who.headers,
    ...(address ? { 'x-forwarded-for': address } : {}),
  });
  return Object.assign(stream, { places: () => stream.events.filter((e) => e.event === 'place').map((e) => JSON.parse(e.data)) });
}
