/**
 * SQL for the slots of one doctor's day (spec §7 gettimeslot): the doctor, the location, leave,
 * that weekday's hours and the live holds of that date, in one round trip. services/schedule.ts
 * cuts the hours into slots.
 *
 * Dates go in as 'YYYY-MM-DD' text and times come out through to_char as 'HH:mm', never as a
 * driver's Date (pg would build a Date at the server's local midnight, which moves with TZ).
 */
import type { DoctorType } from '../../contract/site.js';
import type { Queryable } from '../db/database.js';

export interface DaySchedule {
  doctor: { id: string; name: string; email: string; type: DoctorType; slotMinutes: number };
  /** Online hours (`location` null): no location, and `locationId` is null. */
  online: boolean;
  locationId: string | null;
  onLeave: boolean;
  hours: { start: string; end: string }[];
  /** `expiresAt`: when an unpaid hold lapses (ISO), so a cached plan can judge it later (services/dayPlanCache.ts). */
  holders: { time: string; userId: string; paid: boolean; expiresAt: string | null }[];
}

/**
 * Everything gettimeslot needs, in one round trip: the doctor, the location if the doctor works
 * there, leave, that weekday's hours there, and the live holds of that date. null: no such doctor,
 * or one retired by an admin (doctors.active false, 006): nobody books or moves onto their slots.
 * `doctorEmail` lower case.
 */
export async function loadDaySchedule(
  db: Queryable,
  q: { doctorEmail: string; location: string | null; date: string; weekday: number; now: Date },
): Promise<DaySchedule | null> {
  // location null: the doctor's online hours (doctor_online_hours, 010), which name no location.
  const { rows } = await db.query<{
    id: string;
    name: string;
    email: string;
    type: DoctorType;
    slot_minutes: number;
    location_id: string | null;
    on_leave: boolean;
    hours: { start: string; end: string }[];
    holders: DaySchedule['holders'];
  }>(
    `select d.id, d.name, d.email, d.type, d.slot_minutes,
            (select l.id from locations l join doctor_locations dl on dl.location_id = l.id
              where dl.doctor_id = d.id and l.name = $2) as location_id,
            exists (select 1 from doctor_leave lv
                     where lv.doctor_id = d.id and $3::date between lv.from_date and lv.to_date) as on_leave,
            case when $2::text is null then
              coalesce((select json_agg(json_build_object('start', to_char(h.start_time, 'HH24:MI'),
                                                          'end', to_char(h.end_time, 'HH24:MI')) order by h.start_time)
                          from doctor_online_hours h
                         where h.doctor_id = d.id and h.weekday = $4), '[]'::json)
            else
              coalesce((select json_agg(json_build_object('start', to_char(h.start_time, 'HH24:MI'),
                                                          'end', to_char(h.end_time, 'HH24:MI')) order by h.start_time)
                          from doctor_hours h join locations l on l.id = h.location_id
                         where h.doctor_id = d.id and l.name = $2 and h.weekday = $4), '[]'::json)
            end as hours,
            coalesce((select json_agg(json_build_object('time', to_char(a.start_time, 'HH24:MI'),
                                                        'userId', a.user_id, 'paid', a.payment_status in ('paid', 'due'),
                                                        'expiresAt', a.hold_expires_at))
                        from appointments a
                       where a.doctor_id = d.id and a.date = $3::date and a.holds_slot
                         and (a.payment_status in ('paid', 'due') or a.hold_expires_at > $5)), '[]'::json) as holders
       from doctors d
      where d.email = $1 and d.active`,
    [q.doctorEmail, q.location, q.date, q.weekday, q.now],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    doctor: { id: row.id, name: row.name, email: row.email, type: row.type, slotMinutes: row.slot_minutes },
    online: q.location === null,
    locationId: row.location_id,
    onLeave: row.on_leave,
    hours: row.hours,
    holders: row.holders,
  };
}
