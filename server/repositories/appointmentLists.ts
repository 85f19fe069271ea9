/**
 * Lists of appointments, on the select of repositories/appointmentRecords.ts: the patient's (My
 * appointments), a day's and a range of days' (the staff console, the morning list), and a
 * doctor's live bookings (the orphan rule).
 */
import type { Queryable } from '../db/database.js';
import { type RecordRow, selectAppointmentRecords, type StoredAppointment, toStored } from './appointmentRecords.js';

/** The patient's appointments, newest first: by date and start time, then by when they were made. */
export async function listUserAppointments(q: Queryable, userId: string): Promise<StoredAppointment[]> {
  const { rows } = await q.query<RecordRow>(
    `${selectAppointmentRecords} where a.user_id = $1 order by a.date desc, a.start_time desc, a.created_at desc`,
    [userId],
  );
  return rows.map(toStored);
}

/** One day's appointments in the order of the day, of one doctor or (null) of every doctor. */
export async function listDayAppointments(q: Queryable, date: string, doctorId: string | null): Promise<StoredAppointment[]> {
  const { rows } = await q.query<RecordRow>(
    `${selectAppointmentRecords} where a.date = $1::date and ($2::uuid is null or a.doctor_id = $2::uuid)
      order by a.start_time, d.name, a.created_at`,
    [date, doctorId],
  );
  return rows.map(toStored);
}

/**
 * Appointments from `from` to `to` (both included) in the order of the days, optionally of one
 * doctor and at one location.
 */
export async function listAppointmentsBetween(
  q: Queryable,
  range: { from: string; to: string; doctorId: string | null; locationId: string | null },
): Promise<StoredAppointment[]> {
  const { rows } = await q.query<RecordRow>(
    `${selectAppointmentRecords}
      where a.date between $1::date and $2::date
        and ($3::uuid is null or a.doctor_id = $3::uuid) and ($4::uuid is null or a.location_id = $4::uuid)
      order by a.date, a.start_time, d.name, a.created_at`,
    [range.from, range.to, range.doctorId, range.locationId],
  );
  return rows.map(toStored);
}

/**
 * A doctor's bookings that still hold their slot from `fromDate` on: stored Booked, paid, due at
 * the clinic or an unpaid hold not lapsed at `now`, with their location's id. (Whether a slot has ended is the
 * service's to say, statusAt.) The orphan rule of the staff console checks these.
 */
export async function listLiveBookingsOfDoctor(
  q: Queryable,
  doctorId: string,
  fromDate: string,
  now: Date,
): Promise<StoredAppointment[]> {
  const { rows } = await q.query<RecordRow>(
    `${selectAppointmentRecords}
      where a.doctor_id = $1 and a.date >= $2::date and a.status = 'Booked' and a.holds_slot
        and (a.payment_status in ('paid', 'due') or a.hold_expires_at > $3)
      order by a.date, a.start_time, a.created_at`,
    [doctorId, fromDate, now],
  );
  return rows.map(toStored);
}
