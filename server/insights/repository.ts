/**
 * The owner's view's SQL (docs/insights.md has each figure's definition). Every statement takes
 * the same filter: clinic dates `from`..`to` of the visit (or of the money's movement), and an
 * optional location, doctor and consultation type, each `null` for all. The service
 * (service.ts) puts the rows together; nothing here decides who may see what.
 *
 * Clinic time: a visit's date is already a clinic date (appointments.date); money is kept by the
 * clinic date of its instant (`(x at time zone 'Asia/Kolkata')::date`, migration 057).
 */
import type { Queryable } from '../db/database.js';

export interface InsightsFilter {
  from: string;
  to: string;
  locationId: string | null;
  doctorId: string | null;
  type: string | null;
}

/**
 * A confirmed booking: one the clinic expects (or expected) the patient for. A patient's online
 * booking counts once paid or due at the clinic (a paid one cancelled by the clinic is `refund`);
 * the desk's and walk-ins always; Completed and Missed ones always; a cancelled booking whose
 * fee was due (cancelling makes it `failed`) by having had no hold to lapse. An unpaid hold that
 * lapsed or was dropped is not a booking.
 */
export const confirmedBooking = (a: string) => `(${a}.booked_via <> 'online' or ${a}.payment_status in ('paid', 'due', 'refund')
  or ${a}.status in ('Completed', 'Missed') or (${a}.status = 'Cancelled' and ${a}.hold_expires_at is null))`;

/** The dimension filters on appointment `a`, with the location, doctor and type at $3, $4, $5. */
const dimensions = (a: string) => `($3::uuid is null or ${a}.location_id = $3::uuid)
  and ($4::uuid is null or ${a}.doctor_id = $4::uuid)
  and ($5::text is null or ${a}.consultation_type = $5::text)`;

const paramsOf = (f: InsightsFilter) => [f.from, f.to, f.locationId, f.doctorId, f.type];

export interface VisitGroup {
  day: string;
  locationId: string | null;
  doctorId: string;
  type: string;
  via: 'online' | 'desk' | 'walkin';
  status: string;
  n: number;
}

/**
 * Confirmed bookings with their visit date in the period, counted by day, location, doctor, type,
 * channel and status: read from insights_visits, which the appointments' triggers keep (053).
 */
export async function visitGroups(q: Queryable, f: InsightsFilter): Promise<VisitGroup[]> {
  const { rows } = await q.query<VisitGroup>(
    `select to_char(a.day, 'YYYY-MM-DD') as day, a.location_id as "locationId", a.doctor_id as "doctorId", a.consultation_type as type,
            a.booked_via as via, a.status, a.n
       from insights_visits a
      where a.day between $1::date and $2::date and ${dimensions('a')} and a.n <> 0`,
    paramsOf(f),
  );
  return rows;
}

/**
 * Days from booking (its clinic date) to visit of the confirmed bookings with a slot (no walk-ins)
 * in the period, counted by days: read from insights_lead (053).
 */
export async function leadDays(q: Queryable, f: InsightsFilter): Promise<{ days: number; n: number }[]> {
  const { rows } = await q.query<{ days: number; n: number }>(
    `select a.lead_days as days, sum(a.n)::int as n
       from insights_lead a
      where a.day between $1::date and $2::date and ${dimensions('a')}
      group by 1 having sum(a.n) <> 0`,
    paramsOf(f),
  );
  return rows;
}

/**
 * The people seen in the period (the person consulted: the family member, else the account
 * holder) on a confirmed booking that was not cancelled, and how many of them had such a booking
 * at the clinic (any location, doctor or type) before the period.
 */
export async function patientCounts(q: Queryable, f: InsightsFilter): Promise<{ seen: number; returning: number }> {
  const whole = f.locationId === null && f.doctorId === null && f.type === null;
  // The whole clinic's: each person's seen days chained to the day before (insights_seen_days,
  // 057): a person is seen once, on their first day of the period (the day before it is before
  // `from`, or none), and returning when that day before exists. Filtered: insights_people (053),
  // the period's people (appointments_seen_day_idx) against their first such booking.
  const sql = whole
    ? `select count(*) filter (where prev_day is null or prev_day < $1::date)::int as seen, count(*) filter (where prev_day < $1::date)::int as returning
         from insights_seen_days where day between $1::date and $2::date`
    : `select seen, returned as returning from insights_people($1::date, $2::date, $3::uuid, $4::uuid, $5::text)`;
  const { rows } = await q.query<{ seen: number; returning: number }>(sql, whole ? [f.from, f.to] : paramsOf(f));
  return rows[0] ?? { seen: 0, returning: 0 };
}

export interface MoneyGroup {
  day: string;
  kind: 'fees' | 'pharmacy' | 'refunds';
  mode: 'online' | 'cash' | 'upi' | 'card' | 'other';
  paise: number;
}

/**
 * Money by the clinic day it moved: payments confirmed (paid, or confirmed and owed back) at
 * their settling, fees or pharmacy by purpose; refunds recorded as paid back at their recording
 * (the provider's refunds write their record too), for the amount of what was refunded.
 * Location, doctor and type are the appointment's (an order's: its consultation's). Read from
 * insights_money, which the triggers of payments, refunds, orders and appointments keep (057).
 */
export async function moneyGroups(q: Queryable, f: InsightsFilter): Promise<MoneyGroup[]> {
  const { rows } = await q.query<MoneyGroup & { paise: string }>(
    `select to_char(a.day, 'YYYY-MM-DD') as day, a.kind, a.mode, sum(a.paise)::text as paise
       from insights_money a
      where a.day between $1::date and $2::date and ${dimensions('a')} and a.n <> 0
      group by a.day, a.kind, a.mode`,
    paramsOf(f),
  );
  return rows.map((r) => ({ ...r, paise: Number(r.paise) }));
}

export interface DoctorRow {
  id: string;
  name: string;
  slotMinutes: number;
}

export async function locations(q: Queryable): Promise<{ id: string; name: string }[]> {
  return (await q.query<{ id: string; name: string }>('select id, name from locations order by display_order, name')).rows;
}

/** Every doctor (retired ones too: their past figures stay), or the one named. */
export async function doctors(q: Queryable, doctorId: string | null): Promise<DoctorRow[]> {
  const { rows } = await q.query<DoctorRow>(
    `select id, name, slot_minutes as "slotMinutes" from doctors where $1::uuid is null or id = $1::uuid order by display_order, name`,
    [doctorId],
  );
  return rows;
}

export interface HoursRow {
  doctorId: string;
  /** null: online hours (no location). */
  locationId: string | null;
  weekday: number;
  minutes: number;
}

/** The doctors' weekly hours now, clinic and online, in minutes. */
export async function weeklyHours(q: Queryable, doctorId: string | null): Promise<HoursRow[]> {
  const { rows } = await q.query<HoursRow>(
    `select doctor_id as "doctorId", location_id as "locationId", weekday::int as weekday,
            (extract(epoch from end_time - start_time) / 60)::int as minutes
       from doctor_hours where $1::uuid is null or doctor_id = $1::uuid
     union all
     select doctor_id, null, weekday::int, (extract(epoch from end_time - start_time) / 60)::int
       from doctor_online_hours where $1::uuid is null or doctor_id = $1::uuid`,
    [doctorId],
  );
  return rows;
}

/** The doctors' leave that overlaps the period. */
export async function leaveIn(q: Queryable, f: InsightsFilter): Promise<{ doctorId: string; from: string; to: string }[]> {
  const { rows } = await q.query<{ doctorId: string; from: string; to: string }>(
    `select doctor_id as "doctorId", to_char(from_date, 'YYYY-MM-DD') as "from", to_char(to_date, 'YYYY-MM-DD') as "to"
       from doctor_leave where from_date <= $2::date and to_date >= $1::date and ($3::uuid is null or doctor_id = $3::uuid)`,
    [f.from, f.to, f.doctorId],
  );
  return rows;
}
