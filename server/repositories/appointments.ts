/**
 * SQL for schedules (doctor_hours, doctor_leave) and appointments.
 *
 * Dates go in as 'YYYY-MM-DD' text and come out through to_char, never as a driver's Date (pg
 * would build a Date at the server's local midnight, which moves with TZ). Times likewise
 * as 'HH:mm'.
 *
 * The slot rule lives in the schema (004_appointments.sql, index appointments_slot_key): at most
 * one row with holds_slot per (doctor, date, start time). A hold that lapsed still counts for the
 * index until somebody sets its holds_slot to false: `lapseHolds`, run in the same transaction
 * just before a row claims the slot, so a lapsed hold never blocks a booking.
 */
import type { AppointmentRecord, AppointmentStatus, Medicines, PaymentStatus } from '../../contract/appointments.js';
import type { ConsultationType, Gender } from '../../contract/primitives.js';
import type { DoctorType } from '../../contract/site.js';
import type { Queryable } from '../db/database.js';

/** The unique index whose violation means "somebody else holds this slot". */
export const slotConstraint = 'appointments_slot_key';

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
                                                        'userId', a.user_id, 'paid', a.payment_status = 'paid',
                                                        'expiresAt', a.hold_expires_at))
                        from appointments a
                       where a.doctor_id = d.id and a.date = $3::date and a.holds_slot
                         and (a.payment_status = 'paid' or a.hold_expires_at > $5)), '[]'::json) as holders
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

/** The fee of a consultation type in rupees; null when the fee list has none. */
export async function findFee(db: Queryable, type: ConsultationType): Promise<number | null> {
  const { rows } = await db.query<{ fee: string }>('select fee from appointment_fees where consultation_type = $1', [type]);
  return rows[0] ? Number(rows[0].fee) : null;
}

/**
 * Marks the lapsed unpaid holds of one slot as no longer holding it, so that the slot index lets
 * a new claim in. Run inside the claiming transaction. `except`: a row not to touch (the one
 * about to claim again).
 */
export async function lapseHolds(
  tx: Queryable,
  slot: { doctorId: string; date: string; time: string },
  now: Date,
  except: string | null = null,
): Promise<number> {
  const { rowCount } = await tx.query(
    `update appointments set holds_slot = false, updated_at = $4
      where doctor_id = $1 and date = $2::date and start_time = $3::time and holds_slot
        and payment_status <> 'paid' and hold_expires_at <= $4
        and ($5::uuid is null or id <> $5::uuid)`,
    [slot.doctorId, slot.date, slot.time, now, except],
  );
  return rowCount;
}

/**
 * One unpaid appointment's hold, lapsed by `now`, no longer holds its slot (a stale payment given
 * up on by reconciliation): the slot is free for others at once. A live hold (another checkout
 * of it still open) is kept.
 */
export async function releaseLapsedHold(q: Queryable, id: string, now: Date): Promise<number> {
  const { rowCount } = await q.query(
    `update appointments set holds_slot = false, updated_at = $2
      where id = $1 and holds_slot and payment_status not in ('paid', 'refund') and hold_expires_at <= $2`,
    [id, now],
  );
  return rowCount;
}

export interface PatientDetails {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  age: number;
  gender: Gender;
  /** The person consulted when not the account holder (family_members, 009); null: the account holder. */
  familyMemberId: string | null;
  /** The teleconsultation consent's words and when it was given; both null for a Clinic Visit. */
  consentText: string | null;
  consentAt: Date | null;
}

export interface NewAppointment extends PatientDetails {
  userId: string;
  doctorId: string;
  /** null: an online consultation from the doctor's online hours (010). */
  locationId: string | null;
  date: string;
  time: string;
  consultationType: ConsultationType;
  fee: number;
  medicines: Medicines;
  holdExpiresAt: Date;
  /** e.g. 'SHC-25-': the number is appended from appointment_number_seq. */
  numberPrefix: string;
}

/** Throws a unique violation on appointments_slot_key when another row holds the slot. */
export async function insertAppointment(tx: Queryable, a: NewAppointment, now: Date): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into appointments (appointment_number, user_id, doctor_id, location_id, date, start_time,
                               consultation_type, consultation_fee, first_name, last_name, email, phone_number,
                               age, gender, status, payment_status, payment_id, holds_slot, hold_expires_at,
                               medicines, created_at, updated_at, family_member_id, consent_text, consent_at)
     values ($1 || lpad(nextval('appointment_number_seq')::text, 6, '0'), $2, $3, $4, $5::date, $6::time,
             $7, $8, $9, $10, $11, $12, $13, $14, 'Booked', 'failed', null, true, $15, $16, $17, $17, $18, $19, $20)
     returning id`,
    [
      a.numberPrefix,
      a.userId,
      a.doctorId,
      a.locationId,
      a.date,
      a.time,
      a.consultationType,
      a.fee,
      a.firstName,
      a.lastName,
      a.email,
      a.phoneNumber,
      a.age,
      a.gender,
      a.holdExpiresAt,
      JSON.stringify(a.medicines),
      now,
      a.familyMemberId,
      a.consentText,
      a.consentAt,
    ],
  );
  return rows[0]!.id;
}

/** The patient's unpaid holds still live at `now`, and when the first of them lapses. */
export async function liveUnpaidHolds(q: Queryable, userId: string, now: Date): Promise<{ count: number; firstLapse: Date | null }> {
  const { rows } = await q.query<{ count: number; first_lapse: Date | null }>(
    `select count(*)::int as count, min(hold_expires_at) as first_lapse from appointments
      where user_id = $1 and holds_slot and payment_status <> 'paid' and hold_expires_at > $2`,
    [userId, now],
  );
  return { count: rows[0]!.count, firstLapse: rows[0]!.first_lapse };
}

/** The patient's latest live (Booked, not refunded) appointment on this doctor's slot, paid or not. */
export async function findOwnBooking(
  q: Queryable,
  slot: { userId: string; doctorId: string; date: string; time: string },
): Promise<{ id: string; paid: boolean; holdsSlot: boolean; holdExpiresAt: Date | null } | null> {
  const { rows } = await q.query<{ id: string; payment_status: PaymentStatus; holds_slot: boolean; hold_expires_at: Date | null }>(
    `select id, payment_status, holds_slot, hold_expires_at from appointments
      where user_id = $1 and doctor_id = $2 and date = $3::date and start_time = $4::time
        and status = 'Booked' and payment_status <> 'refund'
      order by created_at desc limit 1`,
    [slot.userId, slot.doctorId, slot.date, slot.time],
  );
  const row = rows[0];
  return row
    ? { id: row.id, paid: row.payment_status === 'paid', holdsSlot: row.holds_slot, holdExpiresAt: row.hold_expires_at }
    : null;
}

/**
 * The patient's own unpaid appointment, re-booked: the new choices of type, fee, location and
 * details, and (when `holdExpiresAt` is given) the slot claimed again with a new hold. Throws a
 * unique violation on appointments_slot_key when somebody else holds the slot meanwhile.
 */
export async function rebookOwnHold(
  tx: Queryable,
  id: string,
  change: PatientDetails & { locationId: string | null; consultationType: ConsultationType; fee: number; holdExpiresAt: Date | null },
  now: Date,
): Promise<void> {
  await tx.query(
    `update appointments
        set location_id = $2, consultation_type = $3, consultation_fee = $4, first_name = $5, last_name = $6,
            email = $7, phone_number = $8, age = $9, gender = $10,
            holds_slot = case when $11::timestamptz is null then holds_slot else true end,
            hold_expires_at = coalesce($11::timestamptz, hold_expires_at),
            updated_at = $12, family_member_id = $13, consent_text = $14, consent_at = $15
      where id = $1 and payment_status <> 'paid'`,
    [
      id,
      change.locationId,
      change.consultationType,
      change.fee,
      change.firstName,
      change.lastName,
      change.email,
      change.phoneNumber,
      change.age,
      change.gender,
      change.holdExpiresAt,
      now,
      change.familyMemberId,
      change.consentText,
      change.consentAt,
    ],
  );
}

/** What the payment service needs of an appointment. */
export interface AppointmentForPayment {
  id: string;
  appointmentNumber: string;
  userId: string;
  doctorId: string;
  doctorName: string;
  location: string;
  date: string;
  time: string;
  consultationType: ConsultationType;
  fee: number;
  status: AppointmentStatus;
  paymentStatus: PaymentStatus;
  holdsSlot: boolean;
  holdExpiresAt: Date | null;
}

/** `forUpdate`: lock the row until the transaction ends (settling). */
export async function findAppointmentForPayment(q: Queryable, id: string, forUpdate = false): Promise<AppointmentForPayment | null> {
  const { rows } = await q.query<{
    id: string;
    appointment_number: string;
    user_id: string;
    doctor_id: string;
    doctor_name: string;
    location: string;
    date: string;
    time: string;
    consultation_type: ConsultationType;
    consultation_fee: string;
    status: AppointmentStatus;
    payment_status: PaymentStatus;
    holds_slot: boolean;
    hold_expires_at: Date | null;
  }>(
    `select a.id, a.appointment_number, a.user_id, a.doctor_id, d.name as doctor_name, coalesce(l.name, '') as location,
            to_char(a.date, 'YYYY-MM-DD') as date, to_char(a.start_time, 'HH24:MI') as time,
            a.consultation_type, a.consultation_fee, a.status, a.payment_status, a.holds_slot, a.hold_expires_at
       from appointments a join doctors d on d.id = a.doctor_id left join locations l on l.id = a.location_id
      where a.id = $1${forUpdate ? ' for update of a' : ''}`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    appointmentNumber: r.appointment_number,
    userId: r.user_id,
    doctorId: r.doctor_id,
    doctorName: r.doctor_name,
    location: r.location,
    date: r.date,
    time: r.time,
    consultationType: r.consultation_type,
    fee: Number(r.consultation_fee),
    status: r.status,
    paymentStatus: r.payment_status,
    holdsSlot: r.holds_slot,
    holdExpiresAt: r.hold_expires_at,
  };
}

/** An unpaid appointment's hold claimed again until `holdExpiresAt` (throws the slot violation when taken). */
export async function reclaimHold(tx: Queryable, id: string, holdExpiresAt: Date, now: Date): Promise<void> {
  await tx.query(
    `update appointments set holds_slot = true, hold_expires_at = $2, updated_at = $3
      where id = $1 and payment_status <> 'paid'`,
    [id, holdExpiresAt, now],
  );
}

/** 'pending' while a checkout is open, 'failed' when it failed; never over 'paid' or 'refund'. */
export async function setUnpaidPaymentStatus(q: Queryable, id: string, status: 'pending' | 'failed', now: Date): Promise<void> {
  await q.query(
    `update appointments set payment_status = $2, updated_at = $3
      where id = $1 and payment_status in ('failed', 'pending')`,
    [id, status, now],
  );
}

/** Paid: the slot is held for good (a paid row never lapses). Throws the slot violation when the slot was taken meanwhile. */
export async function markAppointmentPaid(tx: Queryable, id: string, paymentId: string, now: Date): Promise<void> {
  await tx.query(
    `update appointments
        set payment_status = 'paid', payment_id = $2, holds_slot = true, hold_expires_at = null, updated_at = $3
      where id = $1`,
    [id, paymentId, now],
  );
}

/** Paid, but the slot went to somebody else: the clinic owes the money back. */
export async function markAppointmentRefund(q: Queryable, id: string, paymentId: string, now: Date): Promise<void> {
  await q.query(
    `update appointments set payment_status = 'refund', payment_id = $2, holds_slot = false, updated_at = $3
      where id = $1 and payment_status <> 'paid'`,
    [id, paymentId, now],
  );
}

interface RecordRow {
  id: string;
  appointment_number: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  age: number;
  gender: Gender;
  doctor_email: string;
  doctor_name: string;
  location: string;
  date: string;
  start_time: string;
  consultation_type: ConsultationType;
  consultation_fee: string;
  status: AppointmentStatus;
  payment_status: PaymentStatus;
  payment_id: string | null;
  holds_slot: boolean;
  hold_expires_at: Date | null;
  medicines: Medicines;
  order: AppointmentRecord['order'];
  created_at: Date;
  user_id: string;
  doctor_id: string;
  slot_minutes: number;
  family_member_id: string | null;
  holder_first_name: string;
  holder_last_name: string;
  consent_at: Date | null;
}

export const selectAppointmentRecords = `
  select a.id, a.appointment_number, a.first_name, a.last_name, a.email, a.phone_number, a.age, a.gender,
         d.email as doctor_email, d.name as doctor_name, coalesce(l.name, '') as location,
         to_char(a.date, 'YYYY-MM-DD') as date, to_char(a.start_time, 'HH24:MI') as start_time,
         a.consultation_type, a.consultation_fee, a.status, a.payment_status, a.payment_id, a.holds_slot, a.hold_expires_at,
         a.medicines, a.created_at, a.user_id, a.doctor_id, d.slot_minutes,
         a.family_member_id, holder.first_name as holder_first_name, holder.last_name as holder_last_name, a.consent_at,
         case when o.id is null then null else json_build_object(
           '_id', o.id, 'appointmentId', o.appointment_id, 'totalPrice', o.total_price, 'paymentMode', o.payment_mode,
           'paymentStatus', o.payment_status, 'orderStatus', o.order_status, 'pharmacyId', o.pharmacy_id) end as "order"
    from appointments a
    join doctors d on d.id = a.doctor_id
    left join locations l on l.id = a.location_id
    join users holder on holder.id = a.user_id
    left join orders o on o.appointment_id = a.id`;

export const toAppointmentRecord = (r: RecordRow): AppointmentRecord => ({
  _id: r.id,
  appointmentId: r.appointment_number,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  phoneNumber: r.phone_number,
  age: r.age,
  gender: r.gender,
  doctorEmail: r.doctor_email,
  doctorName: r.doctor_name,
  location: r.location,
  date: r.date as AppointmentRecord['date'],
  startTime: r.start_time as AppointmentRecord['startTime'],
  consultationType: r.consultation_type,
  consultationFee: Number(r.consultation_fee),
  appointmentStatus: r.status,
  appointmentPaymentStatus: r.payment_status,
  appointmentPaymentId: r.payment_id,
  // Only an unpaid appointment that still holds its slot has a hold to lapse.
  holdExpiresAt: r.payment_status === 'paid' || !r.holds_slot || r.hold_expires_at === null ? null : r.hold_expires_at.toISOString(),
  medicines: r.medicines,
  order: r.order === null ? null : { ...r.order, totalPrice: Number(r.order.totalPrice) },
  createdAt: r.created_at.toISOString(),
  familyMemberId: r.family_member_id,
  accountHolder: { firstName: r.holder_first_name, lastName: r.holder_last_name },
  consentAt: r.consent_at === null ? null : r.consent_at.toISOString(),
});

export async function findAppointmentRecord(q: Queryable, id: string): Promise<AppointmentRecord | null> {
  const { rows } = await q.query<RecordRow>(`${selectAppointmentRecords} where a.id = $1`, [id]);
  return rows[0] ? toAppointmentRecord(rows[0]) : null;
}

/* ------------------------------------------------- my appointments and staff (issue 5) */

/**
 * An appointment as the patient's and the staff's endpoints need it: the record as stored (its
 * status is never 'Expired': the service works that out, services/appointments.ts), and what the
 * record does not show.
 */
export interface StoredAppointment {
  record: AppointmentRecord;
  userId: string;
  doctorId: string;
  /** The doctor's slot length now: the appointment ends this long after it starts. */
  slotMinutes: number;
  holdsSlot: boolean;
  holdExpiresAt: Date | null;
}

const toStored = (r: RecordRow): StoredAppointment => ({
  record: toAppointmentRecord(r),
  userId: r.user_id,
  doctorId: r.doctor_id,
  slotMinutes: r.slot_minutes,
  holdsSlot: r.holds_slot,
  holdExpiresAt: r.hold_expires_at,
});

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `forUpdate`: lock the appointment's row until the transaction ends. null: no such appointment. */
export async function findStoredAppointment(q: Queryable, id: string, forUpdate = false): Promise<StoredAppointment | null> {
  if (!uuidPattern.test(id)) return null;
  const { rows } = await q.query<RecordRow>(`${selectAppointmentRecords} where a.id = $1${forUpdate ? ' for update of a' : ''}`, [id]);
  return rows[0] ? toStored(rows[0]) : null;
}

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
 * Moves an appointment to another location, date and start time of its doctor, claiming the new
 * slot: the row holds it from now on, so the old slot is free in the same statement. `holdExpiresAt`
 * null: paid (held for good). Throws a unique violation on appointments_slot_key when somebody
 * else holds the new slot; run `lapseHolds` on the new slot first, in the same transaction.
 */
export async function moveAppointment(
  tx: Queryable,
  id: string,
  to: { locationId: string | null; date: string; time: string; holdExpiresAt: Date | null },
  now: Date,
): Promise<void> {
  await tx.query(
    `update appointments
        set location_id = $2, date = $3::date, start_time = $4::time, holds_slot = true, hold_expires_at = $5, updated_at = $6
      where id = $1`,
    [id, to.locationId, to.date, to.time, to.holdExpiresAt, now],
  );
}

/** Cancelled: the record stays (with its payment), the slot is free. */
export async function cancelAppointment(tx: Queryable, id: string, now: Date): Promise<void> {
  await tx.query(`update appointments set status = 'Cancelled', holds_slot = false, updated_at = $2 where id = $1`, [id, now]);
}

/** Completed, with the prescription. */
export async function completeAppointment(tx: Queryable, id: string, medicines: Medicines, now: Date): Promise<void> {
  await tx.query(`update appointments set status = 'Completed', medicines = $2, updated_at = $3 where id = $1`, [
    id,
    JSON.stringify(medicines),
    now,
  ]);
}

/** The unique constraint whose violation means "this appointment has an order already". */
export const orderConstraint = 'orders_appointment_key';

/** A new pharmacy order: payment Pending, order Placed. Throws a unique violation on orders_appointment_key when there is one. */
export async function insertOrder(
  tx: Queryable,
  o: { appointmentId: string; pharmacyId: string; totalPrice: number; paymentMode: string; createdBy: string },
  now: Date,
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into orders (appointment_id, pharmacy_id, total_price, payment_mode, payment_status, order_status, created_by,
                         created_at, updated_at)
     values ($1, $2, $3, $4, 'Pending', 'Placed', $5, $6, $6) returning id`,
    [o.appointmentId, o.pharmacyId, o.totalPrice, o.paymentMode, o.createdBy, now],
  );
  return rows[0]!.id;
}

/* ------------------------------------------------------------ staff console (issue 6) */

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
 * A doctor's bookings that still hold their slot from `fromDate` on: stored Booked, paid or an
 * unpaid hold not lapsed at `now`, with their location's id. (Whether a slot has ended is the
 * service's to say, statusAt.) The orphan rule of the staff console checks these.
 */
export async function listLiveBookingsOfDoctor(
  q: Queryable,
  doctorId: string,
  fromDate: string,
  now: Date,
): Promise<(StoredAppointment & { locationId: string | null })[]> {
  const { rows } = await q.query<RecordRow & { location_id: string | null }>(
    `${selectAppointmentRecords.replace('select a.id,', 'select a.location_id, a.id,')}
      where a.doctor_id = $1 and a.date >= $2::date and a.status = 'Booked' and a.holds_slot
        and (a.payment_status = 'paid' or a.hold_expires_at > $3)
      order by a.date, a.start_time, a.created_at`,
    [doctorId, fromDate, now],
  );
  return rows.map((r) => ({ ...toStored(r), locationId: r.location_id }));
}

/**
 * Cancelled by the clinic: the record stays, the slot is free, and a paid one is flagged for
 * refund (the clinic owes the fee back).
 */
export async function cancelAppointmentByClinic(tx: Queryable, id: string, now: Date): Promise<void> {
  await tx.query(
    `update appointments
        set status = 'Cancelled', holds_slot = false,
            payment_status = case when payment_status = 'paid' then 'refund' else payment_status end, updated_at = $2
      where id = $1`,
    [id, now],
  );
}
