/**
 * Availability at a glance (issue 12), each answer ONE statement, whatever the number of days:
 * every slot of the doctors' weeks from today to the booking horizon is cut in SQL
 * (generate_series over the days and over each range of hours), and what gettimeslot would call
 * free is kept: not begun (clinic time), not on leave, not held by a live appointment (paid, or
 * unpaid within its hold) at any location, except the viewer's own unpaid hold. Then counted per
 * day and place, and the soonest kept. services/schedule.ts (cutSlots, unavailability) says the
 * same thing slot by slot; tests/server/availability.test.ts checks both agree.
 *
 * A "place" is a clinic's name, or '' for the doctor's online hours (doctor_online_hours, 010).
 */
import type { Queryable } from '../db/database.js';

/**
 * The common part. Parameters: $1 the doctors (email, or null: every active doctor), $2 today,
 * $3 minutes since the clinic's midnight now, $4 the last bookable day, $5 now (instant),
 * $6 the viewer's user id or null, $7 online only (true) or every place (false).
 */
const freeSlots = `
  with doc as (
    select d.id, d.email, d.name, d.slot_minutes from doctors d
     where d.active and ($1::text is null or d.email = $1::text)
  ),
  days as (
    select g::date as day from generate_series($2::date, $4::date, interval '1 day') as g
  ),
  ranges as (
    select h.doctor_id, l.name as place, h.weekday, h.start_time, h.end_time
      from doctor_hours h
      join locations l on l.id = h.location_id
      join doctor_locations dl on dl.doctor_id = h.doctor_id and dl.location_id = h.location_id
     where not $7::boolean and h.doctor_id in (select id from doc)
    union all
    select o.doctor_id, '' as place, o.weekday, o.start_time, o.end_time
      from doctor_online_hours o
     where o.doctor_id in (select id from doc)
  ),
  slots as (
    select distinct doc.id as doctor_id, r.place, days.day, s.m
      from doc
      join ranges r on r.doctor_id = doc.id
      join days on extract(dow from days.day)::int = r.weekday
      cross join lateral generate_series(
        (extract(epoch from r.start_time) / 60)::int,
        (extract(epoch from r.end_time) / 60)::int - doc.slot_minutes,
        doc.slot_minutes) as s(m)
  ),
  leave as (
    select distinct lv.doctor_id, days.day
      from doctor_leave lv join days on days.day between lv.from_date and lv.to_date
     where lv.doctor_id in (select id from doc)
  ),
  held as (
    select a.doctor_id, a.date as day,
           (extract(hour from a.start_time) * 60 + extract(minute from a.start_time))::int as m
      from appointments a
     where a.doctor_id in (select id from doc) and a.date between $2::date and $4::date and a.holds_slot
       and (a.payment_status = 'paid' or a.hold_expires_at > $5::timestamptz)
       and not ($6::uuid is not null and a.user_id = $6::uuid and a.payment_status <> 'paid')
  ),
  free as (
    select s.* from slots s
     where (s.day > $2::date or s.m > $3::int)
       and not exists (select 1 from leave l where l.doctor_id = s.doctor_id and l.day = s.day)
       and not exists (select 1 from held h where h.doctor_id = s.doctor_id and h.day = s.day and h.m = s.m)
  )`;

const hhmmOf = (m: string) => `lpad((${m} / 60)::text, 2, '0') || ':' || lpad((${m} % 60)::text, 2, '0')`;
const hhmm = hhmmOf('m');

export interface AvailabilityRow {
  days: { date: string; works: boolean; onLeave: boolean; free: number }[];
  next: { date: string; time: string; location: string } | null;
}

/**
 * One doctor's strip from `from` to `to` at `place` ('' online), and the soonest free slot up to
 * the horizon: across all the doctor's clinics when `place` is a clinic, online when ''. null: no
 * such active doctor.
 */
export async function loadAvailability(
  q: Queryable,
  a: { doctorEmail: string; place: string; from: string; to: string; today: string; nowMinutes: number; last: string; now: Date; viewerId: string | null },
): Promise<AvailabilityRow | null> {
  const { rows } = await q.query<{ found: boolean; days: AvailabilityRow['days'] | null; next: AvailabilityRow['next'] }>(
    `${freeSlots},
  counts as (select day, count(*)::int as free from free where place = $8 group by day),
  works as (select distinct day from slots where place = $8)
  select exists (select 1 from doc) as found,
         (select json_agg(json_build_object(
                   'date', to_char(days.day, 'YYYY-MM-DD'),
                   'works', works.day is not null,
                   'onLeave', leave.day is not null,
                   'free', coalesce(counts.free, 0)) order by days.day)
            from days
            left join counts on counts.day = days.day
            left join works on works.day = days.day
            left join leave on leave.day = days.day
           where days.day between $9::date and $10::date) as days,
         (select json_build_object('date', to_char(day, 'YYYY-MM-DD'), 'time', ${hhmm}, 'location', place)
            from free where (place = '') = ($8 = '')
           order by day, m, place limit 1) as next`,
    [a.doctorEmail, a.today, a.nowMinutes, a.last, a.now, a.viewerId, a.place === '', a.place, a.from, a.to],
  );
  const row = rows[0]!;
  if (!row.found) return null;
  return { days: row.days ?? [], next: row.next };
}

/** Every active doctor with a free online slot up to the horizon: the soonest, and how many are free today. Soonest first. */
export async function loadSoonestOnline(
  q: Queryable,
  a: { today: string; nowMinutes: number; last: string; now: Date; viewerId: string | null },
): Promise<{ doctorEmail: string; doctorName: string; freeToday: number; next: { date: string; time: string; location: string } }[]> {
  const { rows } = await q.query<{ doctor_email: string; doctor_name: string; free_today: number; next: { date: string; time: string; location: string } }>(
    `${freeSlots},
  firsts as (
    select distinct on (doctor_id) doctor_id, day, m from free where place = '' order by doctor_id, day, m
  )
  select doc.email as doctor_email, doc.name as doctor_name,
         (select count(*)::int from free f where f.doctor_id = doc.id and f.place = '' and f.day = $2::date) as free_today,
         json_build_object('date', to_char(firsts.day, 'YYYY-MM-DD'), 'time', ${hhmmOf('firsts.m')}, 'location', '') as next
    from firsts join doc on doc.id = firsts.doctor_id
   order by firsts.day, firsts.m, doc.name`,
    [null, a.today, a.nowMinutes, a.last, a.now, a.viewerId, true],
  );
  return rows.map((r) => ({ doctorEmail: r.doctor_email, doctorName: r.doctor_name, freeToday: r.free_today, next: r.next }));
}
