/**
 * Availability at a glance, each answer ONE statement, whatever the number of days.
 * What gettimeslot would call free is kept: not begun (clinic time), not on leave, not held by a
 * live appointment (paid, or unpaid within its hold) at any location, except the viewer's own
 * unpaid hold. services/schedule.ts (cutSlots, unavailability) says the same thing slot by slot;
 * tests/server/availability.test.ts checks both agree.
 *
 * The statement no longer cuts every slot of the horizon. The strip's counts cut only
 * the days shown, and the soonest free slot is found by walking forward a day at a time (a
 * recursive CTE that stops at the first day with a free slot), so the usual answer cuts one or
 * two days. Each day looked at reads its live holds and its leave once, through the slot index
 * (appointments_slot_key) and the leave index, never by scanning a materialized list of the
 * horizon, so a busy doctor costs a few index reads per day, not a pass over all their bookings.
 * docs/performance.md has the figures.
 *
 * A "place" is a clinic's name, or '' for the doctor's online hours (doctor_online_hours, 010).
 */
import type { Queryable } from '../db/database.js';

/**
 * The slots (s.m, r.place) a doctor's hours offer on a day, each with what it needs to be judged:
 * t.held, the minutes of that day's live holds (at any place), and t.on_leave, both read once per
 * day, by index (appointments_slot_key, doctor_leave_doctor_idx), not once per slot.
 */
function slotsOf(doctor: string, day: string): string {
  return `(select array(select (extract(epoch from a.start_time) / 60)::int from appointments a
                         where a.doctor_id = ${doctor} and a.date = ${day} and a.holds_slot
                           and (a.payment_status in ('paid', 'due') or a.hold_expires_at > $5::timestamptz)
                           and not ($6::uuid is not null and a.user_id = $6::uuid and a.payment_status not in ('paid', 'due'))) as held,
                 exists (select 1 from doctor_leave lv
                          where lv.doctor_id = ${doctor} and ${day} between lv.from_date and lv.to_date) as on_leave) as t
      cross join ranges r
      join doc sd on sd.id = r.doctor_id
      cross join lateral generate_series(r.start_m, r.end_m - sd.slot_minutes, sd.slot_minutes) as s(m)
     where r.doctor_id = ${doctor} and r.weekday = extract(dow from ${day})::int`;
}

/** Whether slot s.m of slotsOf's day is free: not begun, no leave, no live hold (but the viewer's own unpaid one). */
function isFree(day: string): string {
  return `(${day} > $2::date or s.m > $3::int) and not t.on_leave and s.m <> all (t.held)`;
}

function firstFree(doctor: string, day: string): string {
  return `select s.m, r.place from ${slotsOf(doctor, day)} and ${isFree(day)}
     order by s.m, r.place limit 1`;
}

/** How many distinct slots a doctor's day offers at the places `placeCondition` keeps, and how many are free. */
function countsOf(doctor: string, day: string, placeCondition: string): string {
  return `select count(distinct s.m)::int as slots,
                 count(distinct s.m) filter (where ${isFree(day)})::int as free
            from ${slotsOf(doctor, day)} and ${placeCondition}`;
}

/**
 * The common part. Parameters: $1 the doctors (email, or null: every active doctor), $2 today,
 * $3 minutes since the clinic's midnight now, $4 the last bookable day, $5 now (instant),
 * $6 the viewer's user id or null, $7 online hours (true) or the clinics' (false).
 * `walk` holds, per doctor, a start row (the day before today), then the days from today until the
 * first with a free slot (or the horizon); the last row has that day's first free slot (m, minutes
 * since midnight, and its place), the others null.
 */
const commonWith = (docCondition: string, clinicCondition: string) => `
  with recursive doc as (
    select d.id, d.email, d.name, d.slot_minutes from doctors d
     where d.active and ($1::text is null or d.email = $1::text) and ${docCondition}
  ),
  ranges as (
    select h.doctor_id, l.name as place, h.weekday,
           (extract(epoch from h.start_time) / 60)::int as start_m, (extract(epoch from h.end_time) / 60)::int as end_m
      from doctor_hours h
      join locations l on l.id = h.location_id
      join doctor_locations dl on dl.doctor_id = h.doctor_id and dl.location_id = h.location_id
     where not $7::boolean and h.doctor_id in (select id from doc) and ${clinicCondition}
    union all
    select o.doctor_id, '' as place, o.weekday,
           (extract(epoch from o.start_time) / 60)::int, (extract(epoch from o.end_time) / 60)::int
      from doctor_online_hours o
     where $7::boolean and o.doctor_id in (select id from doc)
  ),
  walk (doctor_id, day, m, place) as (
    -- From the day before today, so that the slot search is written (and planned) once.
    select doc.id, $2::date - 1, null::int, null::text from doc
    union all
    select w.doctor_id, w.day + 1, f.m, f.place
      from walk w left join lateral (${firstFree('w.doctor_id', '(w.day + 1)')}) f on true
     where w.m is null and w.day < $4::date
  )`;

/** Every active doctor (or the one of $1), every place. */
const common = commonWith('true', 'true');

const hhmmOf = (m: string) => `lpad((${m} / 60)::text, 2, '0') || ':' || lpad((${m} % 60)::text, 2, '0')`;
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
    `${common}
  select exists (select 1 from doc) as found,
         (select json_agg(json_build_object(
                   'date', to_char(days.day, 'YYYY-MM-DD'),
                   'works', c.slots > 0,
                   'onLeave', exists (select 1 from doctor_leave lv, doc
                                       where lv.doctor_id = doc.id and days.day between lv.from_date and lv.to_date),
                   'free', c.free) order by days.day)
            from generate_series($9::date, $10::date, interval '1 day') as g
            cross join lateral (select g::date as day) as days
            cross join doc
            cross join lateral (${countsOf('doc.id', 'days.day', 'r.place = $8')}) as c) as days,
         (select json_build_object('date', to_char(day, 'YYYY-MM-DD'), 'time', ${hhmmOf('m')}, 'location', place)
            from walk where m is not null) as next`,
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
    `${common}
  select doc.email as doctor_email, doc.name as doctor_name,
         (select c.free from (${countsOf('doc.id', '$2::date', "r.place = ''")}) as c) as free_today,
         json_build_object('date', to_char(w.day, 'YYYY-MM-DD'), 'time', ${hhmmOf('w.m')}, 'location', '') as next
    from walk w join doc on doc.id = w.doctor_id
   where w.m is not null
   order by w.day, w.m, doc.name`,
    [null, a.today, a.nowMinutes, a.last, a.now, a.viewerId, true],
  );
  return rows.map((r) => ({ doctorEmail: r.doctor_email, doctorName: r.doctor_name, freeToday: r.free_today, next: r.next }));
}

/**
 * The next free slot of every active doctor of one place, up to the horizon, in ONE statement:
 * the same walk as the strip's "next available", started for all the place's doctors at once and
 * kept to that place's hours (a clinic's name in $8; online when $7). A clinic's doctors are those
 * linked to it who see patients in person (a doctor of type online is offered online only, as the
 * booking popup does), online's those with online hours; a doctor with nothing free has `next` null.
 * null: no such clinic.
 */
export async function loadNextFree(
  q: Queryable,
  a: { place: string; today: string; nowMinutes: number; last: string; now: Date; viewerId: string | null },
): Promise<{ doctorEmail: string; next: { date: string; time: string; location: string } | null }[] | null> {
  const docOfPlace = `(case when $7::boolean
       then exists (select 1 from doctor_online_hours o where o.doctor_id = d.id)
       else d.type <> 'online' and exists (select 1 from doctor_locations dl join locations l on l.id = dl.location_id
                     where dl.doctor_id = d.id and l.name = $8::text) end)`;
  const { rows } = await q.query<{ known: boolean; doctor_email: string | null; next: { date: string; time: string; location: string } | null }>(
    `${commonWith(docOfPlace, 'l.name = $8::text')}
  select ($7::boolean or exists (select 1 from locations where name = $8::text)) as known,
         doc.email as doctor_email,
         (select json_build_object('date', to_char(w.day, 'YYYY-MM-DD'), 'time', ${hhmmOf('w.m')}, 'location', w.place)
            from walk w where w.doctor_id = doc.id and w.m is not null) as next
    from (select 1) as one
    left join doc on true
   order by doc.name, doc.email`,
    [null, a.today, a.nowMinutes, a.last, a.now, a.viewerId, a.place === '', a.place],
  );
  if (!rows[0]?.known) return null;
  return rows.filter((r) => r.doctor_email !== null).map((r) => ({ doctorEmail: r.doctor_email!, next: r.next }));
}

/**
 * What the strip and the next free slots are computed from in memory (services/popupSchedules.ts),
 * in ONE statement: every active doctor (in the order nextfree lists them: name, email), their
 * clinics (linked locations, by name, each with that location's hours), online hours and leave,
 * and the appointments holding a slot from `from` to `to` (paid or due, or unpaid with a hold's
 * expiry, which the caller judges with its clock); the names of every location. Minutes since the
 * clinic's midnight as the statements above compute them; an expiry in epoch milliseconds.
 */
export interface PopupSchedulesRow {
  locations: string[];
  doctors: {
    id: string;
    email: string;
    name: string;
    type: string;
    slotMinutes: number;
    /** [weekday, start, end] */
    clinics: { place: string; hours: [number, number, number][] }[];
    online: [number, number, number][];
    leave: [string, string][];
    /** [date, minute, userId, paid, expiresAt (ms) or null] */
    holds: [string, number, string, boolean, number | null][];
  }[];
}

export async function loadPopupSchedules(q: Queryable, a: { from: string; to: string }): Promise<PopupSchedulesRow> {
  const minutes = (t: string) => `(extract(epoch from ${t}) / 60)::int`;
  const { rows } = await q.query<PopupSchedulesRow>(
    `select coalesce((select json_agg(l.name) from locations l), '[]'::json) as locations,
            coalesce((select json_agg(json_build_object(
               'id', d.id, 'email', d.email, 'name', d.name, 'type', d.type, 'slotMinutes', d.slot_minutes,
               'clinics', coalesce((select json_agg(json_build_object(
                    'place', l.name,
                    'hours', coalesce((select json_agg(json_build_array(h.weekday, ${minutes('h.start_time')}, ${minutes('h.end_time')}))
                                         from doctor_hours h where h.doctor_id = d.id and h.location_id = l.id), '[]'::json))
                    order by l.name)
                  from doctor_locations dl join locations l on l.id = dl.location_id where dl.doctor_id = d.id), '[]'::json),
               'online', coalesce((select json_agg(json_build_array(o.weekday, ${minutes('o.start_time')}, ${minutes('o.end_time')}))
                                     from doctor_online_hours o where o.doctor_id = d.id), '[]'::json),
               'leave', coalesce((select json_agg(json_build_array(to_char(lv.from_date, 'YYYY-MM-DD'), to_char(lv.to_date, 'YYYY-MM-DD')))
                                    from doctor_leave lv where lv.doctor_id = d.id), '[]'::json),
               'holds', coalesce((select json_agg(json_build_array(to_char(a.date, 'YYYY-MM-DD'), ${minutes('a.start_time')}, a.user_id,
                                                                   a.payment_status in ('paid', 'due'), extract(epoch from a.hold_expires_at) * 1000))
                                    from appointments a
                                   where a.doctor_id = d.id and a.date between $1::date and $2::date and a.holds_slot
                                     and (a.payment_status in ('paid', 'due') or a.hold_expires_at is not null)), '[]'::json))
               order by d.name, d.email)
               from doctors d where d.active), '[]'::json) as doctors`,
    [a.from, a.to],
  );
  return rows[0]!;
}
