/**
 * SQL for the patient's record: appointments as their documents need them, the account's paid
 * appointments ahead, and closing an account. Appointments' locations are read with a left join:
 * online appointments may have none (the booking change of migration 010). Receipts:
 * repositories/receipts.ts; the data export's reads: repositories/recordExport.ts.
 */
import type { Medicines } from '../../contract/appointments.js';
import type { Language } from '../../contract/auth.js';
import type { ConsultationType, Gender } from '../../contract/primitives.js';
import type { OrderBreakdown } from '../../contract/dispensary.js';
import type { Queryable } from '../db/database.js';
import { type BreakdownJson, orderBreakdownJson, toBreakdown, withoutBreakdownKeys } from './orderLines.js';
import { eraseFromAuditAndNotes, personalValuesOf } from './accountErasure.js';
import { deleteAbha } from '../abdm/repository.js';

/** An appointment as its documents need it. */
export interface RecordAppointment {
  id: string;
  appointmentNumber: string;
  userId: string;
  doctorId: string;
  status: string;
  paymentStatus: string;
  paymentId: string | null;
  date: string;
  startTime: string;
  consultationType: ConsultationType;
  fee: number;
  location: string | null;
  /** The person consulted: the appointment's own names, or the family member's. */
  patient: { firstName: string; lastName: string; age: number; gender: Gender; relation: string | null; familyMemberId?: string | null };
  /** Who booked and paid (the account holder as the appointment recorded them). */
  holder: { firstName: string; lastName: string; email: string; phoneNumber: string };
  doctor: { name: string; qualification: string; registrationCouncil: string; registrationNumber: string };
  /** The account's language (015): the documents' and mails' words follow it. */
  language: Language;
  medicines: Medicines;
  /** The order; with its lines and sums when built from items (OrderBreakdown), bare for an older one. */
  order: ({ id: string; totalPrice: number; paymentMode: string; paymentStatus: string; orderStatus: string; pharmacyId: string } & OrderBreakdown) | null;
  updatedAt: Date;
}

interface Row {
  id: string;
  appointment_number: string;
  user_id: string;
  doctor_id: string;
  status: string;
  payment_status: string;
  payment_id: string | null;
  date: string;
  start_time: string;
  consultation_type: ConsultationType;
  consultation_fee: string;
  location: string | null;
  first_name: string;
  last_name: string;
  age: number;
  gender: Gender;
  email: string;
  phone_number: string;
  fm_first_name: string | null;
  fm_last_name: string | null;
  fm_age: number | null;
  fm_gender: Gender | null;
  fm_relation: string | null;
  fm_id: string | null;
  doctor_name: string;
  qualification: string;
  registration_council: string;
  registration_number: string;
  language: Language;
  medicines: Medicines;
  order: ({ id: string; totalPrice: string | number; paymentMode: string; paymentStatus: string; orderStatus: string; pharmacyId: string } & BreakdownJson) | null;
  updated_at: Date;
}

const select = `
  select a.id, a.appointment_number, a.user_id, a.doctor_id, a.status, a.payment_status, a.payment_id,
         to_char(a.date, 'YYYY-MM-DD') as date, to_char(a.start_time, 'HH24:MI') as start_time,
         a.consultation_type, a.consultation_fee, l.name as location,
         a.first_name, a.last_name, a.age, a.gender, a.email, a.phone_number,
         fm.first_name as fm_first_name, fm.last_name as fm_last_name, fm.age as fm_age, fm.gender as fm_gender,
         fm.relation as fm_relation, fm.id::text as fm_id,
         d.name as doctor_name, d.qualification, d.registration_council, d.registration_number,
         u.language, a.medicines, a.updated_at,
         case when o.id is null then null else json_build_object(
           'id', o.id, 'totalPrice', o.total_price, 'paymentMode', o.payment_mode, 'paymentStatus', o.payment_status,
           'orderStatus', o.order_status, 'pharmacyId', o.pharmacy_id,
           ${orderBreakdownJson}) end as "order"
    from appointments a
    join doctors d on d.id = a.doctor_id
    join users u on u.id = a.user_id
    left join locations l on l.id = a.location_id
    left join family_members fm on fm.id = a.family_member_id
    left join orders o on o.appointment_id = a.id`;

const toRecord = (r: Row): RecordAppointment => ({
  id: r.id,
  appointmentNumber: r.appointment_number,
  userId: r.user_id,
  doctorId: r.doctor_id,
  status: r.status,
  paymentStatus: r.payment_status,
  paymentId: r.payment_id,
  date: r.date,
  startTime: r.start_time,
  consultationType: r.consultation_type,
  fee: Number(r.consultation_fee),
  location: r.location,
  patient:
    r.fm_first_name !== null
      ? { firstName: r.fm_first_name, lastName: r.fm_last_name ?? '', age: r.fm_age!, gender: r.fm_gender!, relation: r.fm_relation, familyMemberId: r.fm_id }
      : { firstName: r.first_name, lastName: r.last_name, age: r.age, gender: r.gender, relation: null, familyMemberId: null },
  holder: { firstName: r.first_name, lastName: r.last_name, email: r.email, phoneNumber: r.phone_number },
  doctor: { name: r.doctor_name, qualification: r.qualification, registrationCouncil: r.registration_council, registrationNumber: r.registration_number },
  language: r.language,
  medicines: r.medicines,
  order: r.order === null ? null : { ...withoutBreakdownKeys(r.order), totalPrice: Number(r.order.totalPrice), ...toBreakdown(r.order) },
  updatedAt: r.updated_at,
});

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findRecordAppointment(q: Queryable, id: string): Promise<RecordAppointment | null> {
  if (!uuid.test(id)) return null;
  const { rows } = await q.query<Row>(`${select} where a.id = $1`, [id]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** The appointment of an order (for the order's receipt). */
export async function findRecordAppointmentOfOrder(q: Queryable, orderId: string): Promise<RecordAppointment | null> {
  if (!uuid.test(orderId)) return null;
  const { rows } = await q.query<Row>(`${select} where o.id = $1`, [orderId]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** The account's Completed appointments (every person it booked for), newest first. */
export async function listCompletedAppointments(q: Queryable, userId: string): Promise<RecordAppointment[]> {
  const { rows } = await q.query<Row>(
    `${select} where a.user_id = $1 and a.status = 'Completed' order by a.date desc, a.start_time desc, a.created_at desc`,
    [userId],
  );
  return rows.map(toRecord);
}

/** Every appointment of the account, oldest first (the data export). */
export async function listAllAppointments(q: Queryable, userId: string): Promise<RecordAppointment[]> {
  const { rows } = await q.query<Row>(`${select} where a.user_id = $1 order by a.date, a.start_time, a.created_at`, [userId]);
  return rows.map(toRecord);
}

/** The account's live (not closed) user row, or null. */
/** `email` null: an account made by a mobile sign-up that has not added one. */
/** The live account; `verifiedPhone`: its proven number (+91 and the digits), or null. */
export async function findLiveAccount(q: Queryable, userId: string): Promise<{ id: string; email: string | null; role: string; verifiedPhone: string | null } | null> {
  const { rows } = await q.query<{ id: string; email: string | null; role: string; verified_phone: string | null }>(
    `select id, email, role, case when phone_verified_at is not null then phone_number end as verified_phone
       from users where id = $1 and deleted_at is null`,
    [userId],
  );
  const r = rows[0];
  return r ? { id: r.id, email: r.email, role: r.role, verifiedPhone: r.verified_phone } : null;
}

/** The account holder's paid Booked appointments from `today` (clinic date) on; the service drops those already over. */
export async function listUpcomingPaid(
  q: Queryable,
  userId: string,
  today: string,
): Promise<{ id: string; appointmentNumber: string; date: string; startTime: string; doctorName: string; slotMinutes: number }[]> {
  const { rows } = await q.query<{ id: string; appointment_number: string; date: string; start_time: string; doctor_name: string; slot_minutes: number }>(
    `select a.id, a.appointment_number, to_char(a.date, 'YYYY-MM-DD') as date, to_char(a.start_time, 'HH24:MI') as start_time,
            d.name as doctor_name, d.slot_minutes
       from appointments a join doctors d on d.id = a.doctor_id
      where a.user_id = $1 and a.status = 'Booked' and a.payment_status = 'paid' and a.date >= $2::date
      order by a.date, a.start_time`,
    [userId, today],
  );
  return rows.map((r) => ({
    id: r.id,
    appointmentNumber: r.appointment_number,
    date: r.date,
    startTime: r.start_time,
    doctorName: r.doctor_name,
    slotMinutes: r.slot_minutes,
  }));
}

/**
 * Closes an account (docs/records.md): in the caller's transaction, the personal data is erased
 * and what the clinic must keep is pseudonymised. The users row stays (appointments and payments
 * refer to it) under a pseudonymous address that receives no mail and matches no login; its
 * sessions are revoked, its codes, proofs and rate-limit counters deleted. Appointments keep the
 * clinical record (date, doctor, type, prescription, age and gender) and the payment record, with
 * the names, email and phone replaced; family members likewise. Chat messages and photos are part
 * of the consultation's record (the Telemedicine Practice Guidelines 2020 ask for the chat record):
 * they name nobody but through the (now pseudonymous) account and stay with their appointment until
 * the purge (server/jobs/purge.ts); the account's read marks go. The audit log's rows keep what
 * happened, not the personal values (repositories/accountErasure.ts), and name the pseudonym as their
 * actor.
 */
export async function closeAccount(tx: Queryable, user: { id: string; email: string | null }, pseudonym: string, now: Date): Promise<void> {
  const alias = `${pseudonym}@deleted.invalid`;
  // Read before the rows below replace them: what would name the person in the audit's words.
  const personal = await personalValuesOf(tx, user.id);
  await tx.query(
    `update users set email = $2, first_name = $3, last_name = '', age = null, gender = null, phone_number = null, phone_verified_at = null,
                      password_hash = null, sign_in_method = 'google', deleted_at = $4, updated_at = $4
      where id = $1`,
    [user.id, alias, pseudonym, now],
  );
  await tx.query(`update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null`, [user.id, now]);
  await tx.query(
    `update appointments set first_name = $2, last_name = 'Deleted', email = $3, phone_number = '0', updated_at = $4
      where user_id = $1`,
    [user.id, pseudonym, alias, now],
  );
  await tx.query(
    `update family_members set first_name = $2, last_name = '', archived_at = coalesce(archived_at, $3), updated_at = $3
      where user_id = $1`,
    [user.id, pseudonym, now],
  );
  await tx.query('delete from chat_reads where user_id = $1', [user.id]);
  // Waiting for a slot is no record of care, and an entry would hold the consent's words: gone.
  await tx.query('delete from waitlist_entries where user_id = $1', [user.id]);
  // The ABHA names the person across the country's health records: gone with the account.
  await deleteAbha(tx, user.id);
  // The account's devices get no more Web Push.
  await tx.query('delete from push_subscriptions where user_id = $1', [user.id]);
  await tx.query(`update audit_log set actor = $2 where actor_user_id = $1`, [user.id, alias]);
  await eraseFromAuditAndNotes(tx, user, alias, personal);
  // Its pending phone change's codes (a sign-in code is the number's, not the account's: it lapses).
  await tx.query('delete from phone_codes where account_id = $1', [user.id]);
  // An account without an email (made by a mobile number) has no email codes, proofs or buckets.
  if (user.email === null) return;
  await tx.query('delete from email_codes where email = $1', [user.email]);
  await tx.query('delete from email_proofs where email = $1', [user.email]);
  await tx.query(`delete from rate_limits where position($1 in bucket) > 0`, [user.email]);
}

