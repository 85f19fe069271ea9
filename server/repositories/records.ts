/**
 * SQL for the patient's record: prescriptions, receipts and their numbers, the data
 * export's reads, and closing an account. Appointments' locations are read with a left join:
 * online appointments may have none (the booking change of migration 010).
 */
import type { Medicines } from '../../contract/appointments.js';
import type { Language } from '../../contract/auth.js';
import type { ConsultationType, Gender } from '../../contract/primitives.js';
import type { Queryable } from '../db/database.js';
import type { AuditEntryRow } from '../records/patientView.js';
import type { PaymentProvider } from './payments.js';

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
  patient: { firstName: string; lastName: string; age: number; gender: Gender; relation: string | null };
  /** Who booked and paid (the account holder as the appointment recorded them). */
  holder: { firstName: string; lastName: string; email: string; phoneNumber: string };
  doctor: { name: string; qualification: string; registrationCouncil: string; registrationNumber: string };
  /** The account's language (015): the documents' and mails' words follow it. */
  language: Language;
  medicines: Medicines;
  order: { id: string; totalPrice: number; paymentMode: string; paymentStatus: string; orderStatus: string; pharmacyId: string } | null;
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
  doctor_name: string;
  qualification: string;
  registration_council: string;
  registration_number: string;
  language: Language;
  medicines: Medicines;
  order: { id: string; totalPrice: string | number; paymentMode: string; paymentStatus: string; orderStatus: string; pharmacyId: string } | null;
  updated_at: Date;
}

const select = `
  select a.id, a.appointment_number, a.user_id, a.doctor_id, a.status, a.payment_status, a.payment_id,
         to_char(a.date, 'YYYY-MM-DD') as date, to_char(a.start_time, 'HH24:MI') as start_time,
         a.consultation_type, a.consultation_fee, l.name as location,
         a.first_name, a.last_name, a.age, a.gender, a.email, a.phone_number,
         fm.first_name as fm_first_name, fm.last_name as fm_last_name, fm.age as fm_age, fm.gender as fm_gender,
         fm.relation as fm_relation,
         d.name as doctor_name, d.qualification, d.registration_council, d.registration_number,
         u.language, a.medicines, a.updated_at,
         case when o.id is null then null else json_build_object(
           'id', o.id, 'totalPrice', o.total_price, 'paymentMode', o.payment_mode, 'paymentStatus', o.payment_status,
           'orderStatus', o.order_status, 'pharmacyId', o.pharmacy_id) end as "order"
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
      ? { firstName: r.fm_first_name, lastName: r.fm_last_name ?? '', age: r.fm_age!, gender: r.fm_gender!, relation: r.fm_relation }
      : { firstName: r.first_name, lastName: r.last_name, age: r.age, gender: r.gender, relation: null },
  holder: { firstName: r.first_name, lastName: r.last_name, email: r.email, phoneNumber: r.phone_number },
  doctor: { name: r.doctor_name, qualification: r.qualification, registrationCouncil: r.registration_council, registrationNumber: r.registration_number },
  language: r.language,
  medicines: r.medicines,
  order: r.order === null ? null : { ...r.order, totalPrice: Number(r.order.totalPrice) },
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

export interface ReceiptPayment {
  id: string;
  merchantOrderId: string;
  /** 'cash': taken at the pharmacy's counter (a Cash order, 022); else a checkout provider. */
  provider: PaymentProvider;
  purpose: 'appointment' | 'order';
  amount: number;
  status: 'paid' | 'refund';
  providerTransactionId: string | null;
  settledAt: Date | null;
  createdAt: Date;
  /** When an admin recorded the money as paid back (refund_resolutions), if they did. */
  refundedAt: Date | null;
}

/**
 * The settled payments of an appointment's fee (purpose 'appointment') or of its order ('order'),
 * oldest first: confirmed by the provider, applied ('paid') or owed back ('refund').
 */
export async function listSettledPayments(q: Queryable, of: { appointmentId: string } | { orderId: string }): Promise<ReceiptPayment[]> {
  const byAppointment = 'appointmentId' in of;
  const { rows } = await q.query<{
    id: string;
    merchant_order_id: string;
    provider: PaymentProvider;
    purpose: 'appointment' | 'order';
    amount_paise: string | number;
    status: 'paid' | 'refund';
    provider_transaction_id: string | null;
    settled_at: Date | null;
    created_at: Date;
    refunded_at: Date | null;
  }>(
    `select p.id, p.merchant_order_id, p.provider, p.purpose, p.amount_paise, p.status, p.provider_transaction_id, p.settled_at,
            p.created_at,
            (select r.resolved_at from refund_resolutions r
              where r.payment_id = p.id or r.appointment_id = p.appointment_id or r.order_id = p.order_id
              order by r.resolved_at limit 1) as refunded_at
       from payments p
      where ${byAppointment ? 'p.appointment_id' : 'p.order_id'} = $1 and p.status in ('paid', 'refund')
      order by p.created_at, p.merchant_order_id`,
    [byAppointment ? of.appointmentId : of.orderId],
  );
  return rows.map((r) => ({
    id: r.id,
    merchantOrderId: r.merchant_order_id,
    provider: r.provider,
    purpose: r.purpose,
    amount: Number(r.amount_paise) / 100,
    status: r.status,
    providerTransactionId: r.provider_transaction_id,
    settledAt: r.settled_at,
    createdAt: r.created_at,
    refundedAt: r.refunded_at,
  }));
}

/**
 * The receipt number of a payment's receipt of this kind: the one it was given, or the next of the
 * one sequence (receipt_number_seq, 013_records.sql) given now. Two requests racing for the same
 * receipt get the same number (the unique (payment, kind) keeps the first).
 */
export async function receiptNumber(q: Queryable, paymentId: string, kind: 'payment' | 'refund', now: Date): Promise<string> {
  await q.query(
    `insert into receipts (receipt_number, payment_id, kind, issued_at)
     values ('RCT-' || lpad(nextval('receipt_number_seq')::text, 6, '0'), $1, $2, $3)
     on conflict (payment_id, kind) do nothing`,
    [paymentId, kind, now],
  );
  const { rows } = await q.query<{ receipt_number: string }>('select receipt_number from receipts where payment_id = $1 and kind = $2', [
    paymentId,
    kind,
  ]);
  return rows[0]!.receipt_number;
}

/** A chat message of one of the account's appointments, as the data export lists it. */
export interface ExportChatMessage {
  appointmentId: string;
  appointmentNumber: string;
  from: 'patient' | 'doctor';
  text: string;
  /** The photo's file in the export (chat-photos/<id>.jpg), or null for a text message. */
  photo: string | null;
  at: Date;
}

export const chatPhotoFileName = (photoId: string) => `chat-photos/${photoId}.jpg`;

/** Chat messages of every appointment the account booked (family members' too), oldest first. */
export async function listChatOfAccount(q: Queryable, userId: string): Promise<ExportChatMessage[]> {
  const { rows } = await q.query<{ appointment_id: string; appointment_number: string; sender_role: 'patient' | 'doctor'; text: string; photo_id: string | null; created_at: Date }>(
    `select m.appointment_id, a.appointment_number, m.sender_role, m.text, m.photo_id, m.created_at
       from chat_messages m join appointments a on a.id = m.appointment_id
      where a.user_id = $1
      order by a.date, a.start_time, m.id`,
    [userId],
  );
  return rows.map((r) => ({
    appointmentId: r.appointment_id,
    appointmentNumber: r.appointment_number,
    from: r.sender_role,
    text: r.text,
    photo: r.photo_id === null ? null : chatPhotoFileName(r.photo_id),
    at: new Date(r.created_at),
  }));
}

/**
 * The audit entries about the account, oldest first: those it made, those about it, and those
 * about its appointments (the data export reads them through records/patientView.ts).
 */
export async function listAuditOfAccount(q: Queryable, userId: string): Promise<AuditEntryRow[]> {
  const { rows } = await q.query<{
    at: Date;
    actor_user_id: string | null;
    actor: string;
    actor_role: string;
    action: string;
    appointment_id: string | null;
    details: Record<string, unknown>;
  }>(
    `select at, actor_user_id, actor, actor_role, action, appointment_id, details
       from audit_log
      where actor_user_id = $1 or subject_user_id = $1
         or appointment_id in (select id from appointments where user_id = $1)
      order by at, id`,
    [userId],
  );
  return rows.map((r) => ({
    at: r.at,
    actorUserId: r.actor_user_id,
    actor: r.actor,
    actorRole: r.actor_role,
    action: r.action,
    appointmentId: r.appointment_id,
    details: r.details,
  }));
}

/** The ids of the photos sent in the account's chats (the bytes are read one at a time: repositories/chat.ts findPhoto). */
export async function listChatPhotosOfAccount(q: Queryable, userId: string): Promise<{ id: string; appointmentId: string }[]> {
  const { rows } = await q.query<{ id: string; appointment_id: string }>(
    `select p.id, p.appointment_id from chat_photos p join appointments a on a.id = p.appointment_id
      where a.user_id = $1 order by p.created_at, p.id`,
    [userId],
  );
  return rows.map((r) => ({ id: r.id, appointmentId: r.appointment_id }));
}

/** The account's live (not closed) user row, or null. */
export async function findLiveAccount(q: Queryable, userId: string): Promise<{ id: string; email: string; role: string } | null> {
  const { rows } = await q.query<{ id: string; email: string; role: string }>(
    'select id, email, role from users where id = $1 and deleted_at is null',
    [userId],
  );
  return rows[0] ?? null;
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
 * happened, not the personal values (eraseFromAuditAndNotes below), and name the pseudonym as their
 * actor.
 */
export async function closeAccount(tx: Queryable, user: { id: string; email: string }, pseudonym: string, now: Date): Promise<void> {
  const alias = `${pseudonym}@deleted.invalid`;
  // Read before the rows below replace them: what would name the person in the audit's words.
  const personal = await personalValuesOf(tx, user.id);
  await tx.query(
    `update users set email = $2, first_name = $3, last_name = '', age = null, gender = null, phone_number = null,
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
  await tx.query(`update audit_log set actor = $2 where actor_user_id = $1`, [user.id, alias]);
  await eraseFromAuditAndNotes(tx, user, alias, personal);
  await tx.query('delete from email_codes where email = $1', [user.email]);
  await tx.query('delete from email_proofs where email = $1', [user.email]);
  await tx.query(`delete from rate_limits where position($1 in bucket) > 0`, [user.email]);
}

/** The profile's fields in the order the account page lists them (the audit's `changed`). */
const profileFields = ['firstName', 'lastName', 'phoneNumber', 'age', 'gender'];

/** What erased personal words read as in the audit (the address becomes the pseudonymous one). */
export const erasedMark = '[erased]';

/**
 * Every value that names the account's person or the people it booked for: its address, names and
 * phone numbers now, the ones its appointments and family members hold, and every earlier value
 * its profile changes recorded. A phone number also in digits only and as its last ten digits,
 * the address also as its part before the @, so the forms people type them are found too.
 */
async function personalValuesOf(tx: Queryable, userId: string): Promise<string[]> {
  const { rows } = await tx.query<{ v: string | null }>(
    `select unnest(array[email, first_name, last_name, phone_number]) as v from users where id = $1
     union select unnest(array[email, first_name, last_name, phone_number]) from appointments where user_id = $1
     union select unnest(array[first_name, last_name]) from family_members where user_id = $1
     union select e.value from audit_log a, jsonb_each_text(coalesce(a.details -> 'before', '{}') || coalesce(a.details -> 'after', '{}')) e
      where a.action = 'user.profile' and a.subject_user_id = $1 and e.key in ('firstName', 'lastName', 'phoneNumber')`,
    [userId],
  );
  const values = new Set<string>();
  for (const { v } of rows) {
    const value = v?.trim() ?? '';
    if (value.length < 2) continue;
    values.add(value);
    const digits = value.replace(/\D/g, '');
    if (/^[+\d\s().-]+$/.test(value) && digits.length >= 6) {
      values.add(digits);
      values.add(digits.slice(-10));
    }
    const at = value.indexOf('@');
    if (at >= 2) values.add(value.slice(0, at));
  }
  // Longest first, so an address goes whole before its local part would.
  return [...values].sort((a, b) => b.length - a.length);
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A function that replaces, in a value's words (strings anywhere inside it), each of `personal`
 * found as a whole word (any case; a phone number's digits also with spaces, dots or dashes
 * between them) by the pseudonymous address (the account's address) or `[erased]` (names, phone
 * numbers). Numbers and states stay as they were.
 */
function eraser(personal: readonly string[], email: string, alias: string): (value: unknown) => unknown {
  const patterns = personal.map((value) => {
    // A phone number's digits, as people write them: '98220 77881', '98220-77881', '9822077881'.
    const word = /^\d{6,}$/.test(value) ? [...value].join('[\\s().-]{0,2}') : escapeRegExp(value);
    return {
      pattern: new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])${word}(?![\\p{L}\\p{N}\\p{M}])`, 'giu'),
      mark: value.toLowerCase() === email.toLowerCase() ? alias : erasedMark,
    };
  });
  const erase = (value: unknown): unknown => {
    if (typeof value === 'string') return patterns.reduce((text, { pattern, mark }) => text.replace(pattern, mark), value);
    if (Array.isArray(value)) return value.map(erase);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, erase(v)]));
    return value;
  };
  return erase;
}

/**
 * What the clinic's own records say about a closing account keeps that something happened, never
 * its personal values:
 * - the audit log: a profile change keeps which fields changed (`{ changed: [...] }`), not the
 *   old and new values; every other row about the account (made by it, about it, about its
 *   appointments) has its personal values erased from its details (eraser above), staff notes
 *   and a role change's address included;
 * - the staff's notes on its consultations (a call's "no answer") and on its refunds, likewise.
 * The clinical record itself (the prescription, the chat) stays as its authors wrote it, for the
 * retention period (docs/records.md).
 */
async function eraseFromAuditAndNotes(tx: Queryable, user: { id: string; email: string }, alias: string, personal: readonly string[]): Promise<void> {
  const erase = eraser(personal, user.email, alias);
  const { rows } = await tx.query<{ id: string; action: string; subject_user_id: string | null; details: Record<string, unknown> }>(
    `select id::text as id, action, subject_user_id, details from audit_log
      where actor_user_id = $1 or subject_user_id = $1 or appointment_id in (select id from appointments where user_id = $1)`,
    [user.id],
  );
  for (const row of rows) {
    let details: unknown;
    if (row.action === 'user.profile' && row.subject_user_id === user.id) {
      const changed = Object.keys({ ...(row.details.before as object | undefined), ...(row.details.after as object | undefined) });
      const rank = (key: string) => (profileFields.includes(key) ? profileFields.indexOf(key) : profileFields.length);
      details = { changed: changed.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)) };
    } else {
      details = erase(row.details);
    }
    if (JSON.stringify(details) !== JSON.stringify(row.details)) {
      await tx.query('update audit_log set details = $2 where id = $1::bigint', [row.id, JSON.stringify(details)]);
    }
  }
  const notes = await tx.query<{ kind: 'event' | 'refund'; id: string; note: string }>(
    `select 'event' as kind, e.id::text as id, e.note from consultation_events e
       join appointments a on a.id = e.appointment_id where a.user_id = $1 and e.note <> ''
     union all
     select 'refund', r.id::text, r.note from refund_resolutions r
      where r.appointment_id in (select id from appointments where user_id = $1)
         or r.payment_id in (select id from payments where user_id = $1)
         or r.order_id in (select o.id from orders o join appointments a on a.id = o.appointment_id where a.user_id = $1)`,
    [user.id],
  );
  for (const row of notes.rows) {
    // Within the column's 500 characters, should the marks be longer than what they replace.
    const note = [...(erase(row.note) as string)].slice(0, 500).join('');
    if (note === row.note) continue;
    await tx.query(
      row.kind === 'event' ? 'update consultation_events set note = $2 where id = $1::bigint' : 'update refund_resolutions set note = $2 where id = $1::uuid',
      [row.id, note],
    );
  }
}
