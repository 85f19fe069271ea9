/**
 * SQL for claiming and keeping a slot: booking one, the patient re-booking their own unpaid hold,
 * moving an appointment to another slot, and the holds that lapse, are released or are claimed
 * again.
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
import type { Medicines, PaymentStatus } from '../../contract/appointments.js';
import type { ConsultationType, Gender } from '../../contract/primitives.js';
import type { Queryable } from '../db/database.js';

/** The unique index whose violation means "somebody else holds this slot". */
export const slotConstraint = 'appointments_slot_key';

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
        and payment_status not in ('paid', 'due') and hold_expires_at <= $4
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
      where id = $1 and holds_slot and payment_status not in ('paid', 'due', 'refund') and hold_expires_at <= $2`,
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
  /** null: held for good (a fee due at the clinic), or no slot held (a walk-in). */
  holdExpiresAt: Date | null;
  /** e.g. 'SHC-25-': the number is appended from appointment_number_seq. */
  numberPrefix: string;
  /** Made at the front desk (032_desk.sql): how, by whom, whether it holds a slot, its fee's state ('failed': unpaid, the default). */
  desk?: { via: 'desk' | 'walkin'; by: string; holdsSlot: boolean; paymentStatus: 'failed' | 'due' };
  /** An online patient's "pay at the clinic": payment status 'due', holding the slot for good (holdExpiresAt null). */
  dueAtClinic?: boolean;
}

/** Throws a unique violation on appointments_slot_key when another row holds the slot. */
export async function insertAppointment(tx: Queryable, a: NewAppointment, now: Date): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into appointments (appointment_number, user_id, doctor_id, location_id, date, start_time,
                               consultation_type, consultation_fee, first_name, last_name, email, phone_number,
                               age, gender, status, payment_status, payment_id, holds_slot, hold_expires_at,
                               medicines, created_at, updated_at, family_member_id, consent_text, consent_at, booked_via, booked_by)
     values ($1 || lpad(nextval('appointment_number_seq')::text, 6, '0'), $2, $3, $4, $5::date, $6::time,
             $7, $8, $9, $10, $11, $12, $13, $14, 'Booked', $21, null, $22, $15, $16, $17, $17, $18, $19, $20, $23, $24)
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
      a.desk?.paymentStatus ?? (a.dueAtClinic ? 'due' : 'failed'),
      a.desk?.holdsSlot ?? true,
      a.desk?.via ?? 'online',
      a.desk?.by ?? null,
    ],
  );
  return rows[0]!.id;
}

/** The patient's unpaid holds still live at `now`, and when the first of them lapses. */
export async function liveUnpaidHolds(q: Queryable, userId: string, now: Date): Promise<{ count: number; firstLapse: Date | null }> {
  const { rows } = await q.query<{ count: number; first_lapse: Date | null }>(
    `select count(*)::int as count, min(hold_expires_at) as first_lapse from appointments
      where user_id = $1 and holds_slot and payment_status not in ('paid', 'due') and hold_expires_at > $2`,
    [userId, now],
  );
  return { count: rows[0]!.count, firstLapse: rows[0]!.first_lapse };
}

/** The patient's latest live (Booked, not refunded) appointment on this doctor's slot, paid or not (`paid`: paid, or due at the clinic, held for good). */
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
    ? { id: row.id, paid: row.payment_status === 'paid' || row.payment_status === 'due', holdsSlot: row.holds_slot, holdExpiresAt: row.hold_expires_at }
    : null;
}

/**
 * The patient's own unpaid appointment, re-booked: the new choices of type, fee, location and
 * details, and (when `holdExpiresAt` is given) the slot claimed again with a new hold; `due`: its
 * fee now due at the clinic, the slot held for good. Throws a unique violation on
 * appointments_slot_key when somebody else holds the slot meanwhile.
 */
export async function rebookOwnHold(
  tx: Queryable,
  id: string,
  change: PatientDetails & { locationId: string | null; consultationType: ConsultationType; fee: number; holdExpiresAt: Date | null; due?: boolean },
  now: Date,
): Promise<void> {
  await tx.query(
    `update appointments
        set location_id = $2, consultation_type = $3, consultation_fee = $4, first_name = $5, last_name = $6,
            email = $7, phone_number = $8, age = $9, gender = $10,
            holds_slot = case when $16 or $11::timestamptz is not null then true else holds_slot end,
            hold_expires_at = case when $16 then null else coalesce($11::timestamptz, hold_expires_at) end,
            payment_status = case when $16 then 'due' else payment_status end,
            updated_at = $12, family_member_id = $13, consent_text = $14, consent_at = $15
      where id = $1 and payment_status not in ('paid', 'due')`,
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
      change.due === true,
    ],
  );
}

/** An unpaid appointment's hold claimed again until `holdExpiresAt` (throws the slot violation when taken). */
export async function reclaimHold(tx: Queryable, id: string, holdExpiresAt: Date, now: Date): Promise<void> {
  await tx.query(
    `update appointments set holds_slot = true, hold_expires_at = $2, updated_at = $3
      where id = $1 and payment_status not in ('paid', 'due')`,
    [id, holdExpiresAt, now],
  );
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

/**
 * The patient's upcoming online bookings whose fee is due at the clinic (Booked, from `today` in
 * clinic time), counted with the account's row locked, so two bookings at once count each other.
 */
export async function lockedOpenDueAtClinic(tx: Queryable, userId: string, today: string): Promise<number> {
  await tx.query('select 1 from users where id = $1 for update', [userId]);
  const { rows } = await tx.query<{ count: number }>(
    `select count(*)::int as count from appointments
      where user_id = $1 and payment_status = 'due' and status = 'Booked' and booked_via = 'online' and date >= $2::date`,
    [userId, today],
  );
  return rows[0]!.count;
}
