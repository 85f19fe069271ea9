/** The follow-ups' SQL (migration 044): the row Book all locks, and the booked visits. */
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

/** The visits booked for the follow-up of `appointmentId`, in order. */
export async function bookedVisits(q: Queryable, appointmentId: string): Promise<BookedVisit[]> {
  const { rows } = await q.query<{
    occurrence: number;
    appointment_id: string;
    appointment_number: string;
    date: string;
    start_time: string;
    status: string;
    payment_status: string;
    holds_slot: boolean;
  }>(
    `select v.occurrence, v.appointment_id, a.appointment_number, to_char(a.date, 'YYYY-MM-DD') as date,
            to_char(a.start_time, 'HH24:MI') as start_time, a.status, a.payment_status, a.holds_slot
       from follow_up_visits v join appointments a on a.id = v.appointment_id
      where v.follow_up_id = $1 order by v.occurrence`,
    [appointmentId],
  );
  return rows.map((r) => ({
    occurrence: r.occurrence,
    appointmentId: r.appointment_id,
    appointmentNumber: r.appointment_number,
    date: r.date,
    startTime: r.start_time,
    status: r.status,
    paymentStatus: r.payment_status,
    holdsSlot: r.holds_slot,
  }));
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
 * record is not reminded of when this version starts) and has no live visit booked.
 */
export async function dueUnbooked(q: Queryable, today: string): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `with done as (
       select a.id, a.medicines->'followUp' as f,
              ((select min(l.at) from audit_log l where l.appointment_id = a.id and l.action = 'appointment.completed')
                 at time zone 'Asia/Kolkata')::date as completed_on
         from appointments a
        where a.status = 'Completed' and a.medicines->'followUp'->>'kind' = 'after' and a.email <> '')
     select d.id from done d
      where d.completed_on is not null
        and (d.completed_on + ((d.f->>'every')::int * (case when d.f->>'unit' = 'weeks' then 7 else 1 end))) between $1::date - 30 and $1::date
        and not exists (select 1 from follow_up_visits v join appointments b on b.id = v.appointment_id
                         where v.follow_up_id = d.id and b.status <> 'Cancelled')
      order by d.id`,
    [today],
  );
  return rows.map((r) => r.id);
}
