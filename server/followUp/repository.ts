/**
 * The follow-ups' SQL (migration 044): the row Book all locks, the booked visits, and which visit
 * counts as the follow-up (`liveVisitOf`: one definition for the offer, Book all and the reminder).
 */
import type { Queryable } from '../db/database.js';

export interface BookedVisit {
  occurrence: number;
  appointmentId: string;
  appointmentNumber: string;
  date: string;
  startTime: string;
  status: string;
  paymentStatus: string;
  holdsSlot: boolean;
}

/** In `tx`: the follow-up's row made if new, then locked (two Book-all of one follow-up run one after the other). */
export async function lockFollowUp(tx: Queryable, appointmentId: string, at: Date): Promise<void> {
  await tx.query('insert into follow_ups (appointment_id, created_at) values ($1, $2) on conflict (appointment_id) do nothing', [appointmentId, at]);
  await tx.query('select appointment_id from follow_ups where appointment_id = $1 for update', [appointmentId]);
}

const visitColumns = `a.appointment_number, to_char(a.date, 'YYYY-MM-DD') as date, to_char(a.start_time, 'HH24:MI') as start_time,
  a.status, a.payment_status, a.holds_slot`;

interface VisitRow {
  occurrence: number;
  appointment_id: string;
  appointment_number: string;
  date: string;
  start_time: string;
  status: string;
  payment_status: string;
  holds_slot: boolean;
}

const visitOf = (r: VisitRow): BookedVisit => ({
  occurrence: r.occurrence,
  appointmentId: r.appointment_id,
  appointmentNumber: r.appointment_number,
  date: r.date,
  startTime: r.start_time,
  status: r.status,
  paymentStatus: r.payment_status,
  holdsSlot: r.holds_slot,
});

/**
 * SQL: appointment `a` is a visit of the single follow-up (times 1) of completed appointment `f`, at
 * instant `at` (a placeholder). A single follow-up is booked through the ordinary booking, so
 * nothing links it: the patient's next visit with the same doctor counts. The same account and
 * the same person (the holder, or the same family member), the same doctor, made after the
 * consultation was completed (the audit log's first completion, as the due date reads it), not
 * cancelled, and paid or still holding its slot (an unpaid hold that lapsed was given up).
 */
const nextVisitOf = (f: string, at: string) => `
  ${f}.medicines->'followUp'->>'times' = '1'
  and a.user_id = ${f}.user_id and a.family_member_id is not distinct from ${f}.family_member_id and a.doctor_id = ${f}.doctor_id
  and a.created_at > coalesce((select min(l.at) from audit_log l where l.appointment_id = ${f}.id and l.action = 'appointment.completed'), ${f}.created_at)
  and a.status <> 'Cancelled'
  and (a.payment_status = 'paid' or (a.holds_slot and (a.payment_status = 'due' or a.hold_expires_at > ${at})))`;

/** SQL: a series visit that is live (not cancelled: an unpaid one keeps it until the patient cancels it). */
const liveSeriesVisit = (f: string) =>
  `exists (select 1 from follow_up_visits v join appointments a on a.id = v.appointment_id where v.follow_up_id = ${f}.id and a.status <> 'Cancelled')`;

/**
 * SQL: the follow-up of completed appointment `f` has a live visit at `at`: a series visit not
 * cancelled, or, for a single follow-up (times 1), its next visit (`nextVisitOf`).
 */
const liveVisitOf = (f: string, at: string) => `(${liveSeriesVisit(f)}
  or exists (select 1 from appointments a where ${nextVisitOf(f, at)}))`;

/** The visits booked for the follow-up of `appointmentId` through Book all, in order (cancelled ones too). */
export async function bookedVisits(q: Queryable, appointmentId: string): Promise<BookedVisit[]> {
  const { rows } = await q.query<VisitRow>(
    `select v.occurrence, v.appointment_id, ${visitColumns}
       from follow_up_visits v join appointments a on a.id = v.appointment_id
      where v.follow_up_id = $1 order by v.occurrence`,
    [appointmentId],
  );
  return rows.map(visitOf);
}

/** The single follow-up's visit booked the ordinary way (`nextVisitOf`), the soonest, as occurrence 1; null when none (or a course). */
export async function nextVisit(q: Queryable, appointmentId: string, at: Date): Promise<BookedVisit | null> {
  const { rows } = await q.query<VisitRow>(
    `select 1 as occurrence, a.id as appointment_id, ${visitColumns}
       from appointments f join appointments a on ${nextVisitOf('f', '$2::timestamptz')}
      where f.id = $1 order by a.date, a.start_time limit 1`,
    [appointmentId, at],
  );
  return rows[0] ? visitOf(rows[0]) : null;
}

/** Whether the follow-up of `appointmentId` has a live visit at `at` (`liveVisitOf`). */
export async function hasLiveVisit(q: Queryable, appointmentId: string, at: Date): Promise<boolean> {
  const { rows } = await q.query<{ live: boolean }>(`select ${liveVisitOf('f', '$2::timestamptz')} as live from appointments f where f.id = $1`, [
    appointmentId,
    at,
  ]);
  return rows[0]?.live === true;
}

/** In `tx`: a series cancelled in full is forgotten, so that the patient may book another. */
export async function forgetVisits(tx: Queryable, appointmentId: string): Promise<void> {
  await tx.query('delete from follow_up_visits where follow_up_id = $1', [appointmentId]);
}

export async function insertVisit(tx: Queryable, followUpId: string, occurrence: number, appointmentId: string): Promise<void> {
  await tx.query('insert into follow_up_visits (follow_up_id, occurrence, appointment_id) values ($1, $2, $3)', [followUpId, occurrence, appointmentId]);
}

/**
 * The reminder's keys due at `today` (clinic date): completed appointments whose prescription asks
 * for a dated follow-up that fell due on or before today (within the last 30 days, so an old
 * record is not reminded of when this version starts) and has no live visit booked at `at`
 * (`liveVisitOf`).
 */
export async function dueUnbooked(q: Queryable, today: string, at: Date): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `with done as (
       select a.id, a.user_id, a.family_member_id, a.doctor_id, a.created_at, a.medicines, a.medicines->'followUp' as f,
              ((select min(l.at) from audit_log l where l.appointment_id = a.id and l.action = 'appointment.completed')
                 at time zone 'Asia/Kolkata')::date as completed_on
         from appointments a
        where a.status = 'Completed' and a.medicines->'followUp'->>'kind' = 'after' and a.email <> '')
     select d.id from done d
      where d.completed_on is not null
        and (d.completed_on + ((d.f->>'every')::int * (case when d.f->>'unit' = 'weeks' then 7 else 1 end))) between $1::date - 30 and $1::date
        and not ${liveVisitOf('d', '$2::timestamptz')}
      order by d.id`,
    [today, at],
  );
  return rows.map((r) => r.id);
}
