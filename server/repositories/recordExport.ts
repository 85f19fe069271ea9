/**
 * SQL for the data export (GET /records/export.zip): every row about the account, section by
 * section, as the export's JSON files list them. Each read is its own query, made only when the
 * zip reaches its section. The appointments' prescriptions come as stored: the service leaves out
 * the ones not released to the patient (records/patientView.ts).
 */
import { rupeesOf } from '../../contract/money.js';
import type { Queryable } from '../db/database.js';
import type { AuditEntryRow } from '../records/patientView.js';

/** An exported row: column names as the export's JSON keys. */
export type ExportRow = Record<string, unknown>;

/** profile.json: the account's own row; undefined once it is gone. */
export async function exportProfile(q: Queryable, userId: string): Promise<ExportRow | undefined> {
  const { rows } = await q.query(
    `select id, email, first_name as "firstName", last_name as "lastName", age, gender, phone_number as "phoneNumber",
            sign_in_method as "signInMethod", role, created_at as "createdAt", updated_at as "updatedAt"
       from users where id = $1`,
    [userId],
  );
  return rows[0];
}

/** family-members.json: the people the account booked for, archived ones too. */
export async function exportFamilyMembers(q: Queryable, userId: string): Promise<ExportRow[]> {
  const { rows } = await q.query(
    `select id, first_name as "firstName", last_name as "lastName", age, gender, relation, archived_at as "archivedAt",
            created_at as "createdAt" from family_members where user_id = $1 order by created_at`,
    [userId],
  );
  return rows;
}

/** appointments.json: every appointment with its prescription (`prescription`, as stored) and consent. */
export async function exportAppointments(q: Queryable, userId: string): Promise<ExportRow[]> {
  const { rows } = await q.query(
    `select a.id, a.appointment_number as "appointmentNumber", to_char(a.date, 'YYYY-MM-DD') as date,
            to_char(a.start_time, 'HH24:MI') as "startTime", a.consultation_type as "consultationType",
            a.consultation_fee::float8 as "consultationFee", a.status, a.payment_status as "paymentStatus",
            d.name as "doctorName", l.name as location, a.family_member_id as "familyMemberId",
            a.first_name as "firstName", a.last_name as "lastName", a.email, a.phone_number as "phoneNumber",
            a.age, a.gender,
            a.medicines as prescription, a.consent_text as "consentText", a.consent_at as "consentAt",
            a.created_at as "createdAt"
       from appointments a join doctors d on d.id = a.doctor_id left join locations l on l.id = a.location_id
      where a.user_id = $1 order by a.date, a.start_time, a.created_at`,
    [userId],
  );
  return rows;
}

/** orders.json: the pharmacy orders of the account's appointments. */
export async function exportOrders(q: Queryable, userId: string): Promise<ExportRow[]> {
  const { rows } = await q.query(
    `select o.id, o.appointment_id as "appointmentId", o.total_price::float8 as "totalPrice", o.payment_mode as "paymentMode",
            o.payment_status as "paymentStatus", o.order_status as "orderStatus", o.pharmacy_id as "pharmacyId",
            o.created_at as "createdAt"
       from orders o join appointments a on a.id = o.appointment_id where a.user_id = $1 order by o.created_at`,
    [userId],
  );
  return rows;
}

/** payments.json: every payment the account started, settled or not. */
export async function exportPayments(q: Queryable, userId: string): Promise<ExportRow[]> {
  const { rows } = await q.query(
    `select p.merchant_order_id as "paymentReference", p.provider, p.purpose, p.appointment_id as "appointmentId",
            p.order_id as "orderId", p.amount_paise as "amountRupees", p.status,
            p.created_at as "createdAt", p.settled_at as "settledAt"
       from payments p where p.user_id = $1 order by p.created_at`,
    [userId],
  );
  // Selected in paise, written in rupees (the column keeps its place in the file).
  return rows.map((r) => ({ ...r, amountRupees: rupeesOf(r.amountRupees as string | number) }));
}

/** receipts.json: the receipt numbers given to the account's payments. */
export async function exportReceipts(q: Queryable, userId: string): Promise<ExportRow[]> {
  const { rows } = await q.query(
    `select r.receipt_number as "receiptNumber", r.kind, p.merchant_order_id as "paymentReference", r.issued_at as "issuedAt"
       from receipts r join payments p on p.id = r.payment_id where p.user_id = $1 order by r.receipt_number`,
    [userId],
  );
  return rows;
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

