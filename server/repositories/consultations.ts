/**
 * SQL of the consultation itself (012_consultations.sql): the facts of one appointment
 * its patient and doctor need to meet, its Jitsi room, and the consultation record.
 */
import type { ConsultationType, Gender } from '../../contract/primitives.js';
import type { Queryable } from '../db/database.js';

export interface ConsultationFacts {
  id: string;
  userId: string;
  doctorId: string;
  consultationType: ConsultationType;
  status: 'Booked' | 'Completed' | 'Cancelled' | 'Missed';
  paymentStatus: string;
  date: string;
  startTime: string;
  slotMinutes: number;
  doctorName: string;
  registrationCouncil: string;
  registrationNumber: string;
  /** The appointment's own details: the account holder's as given at booking. */
  firstName: string;
  lastName: string;
  age: number;
  gender: Gender;
  phoneNumber: string;
  /** The account holder's name (the adult present for a minor family member). */
  holderFirstName: string;
  holderLastName: string;
  familyMember: { firstName: string; lastName: string; age: number; gender: Gender; relation: string } | null;
  consent: { text: string; at: Date } | null;
  /** The account that booked it was closed: its names and phone here are the closing's placeholders. */
  holderDeleted: boolean;
}

interface FactsRow {
  id: string;
  user_id: string;
  doctor_id: string;
  consultation_type: ConsultationType;
  status: ConsultationFacts['status'];
  payment_status: string;
  date: string;
  start_time: string;
  slot_minutes: number;
  doctor_name: string;
  registration_council: string;
  registration_number: string;
  first_name: string;
  last_name: string;
  age: number;
  gender: Gender;
  phone_number: string;
  holder_first_name: string;
  holder_last_name: string;
  fm_first_name: string | null;
  fm_last_name: string | null;
  fm_age: number | null;
  fm_gender: Gender | null;
  fm_relation: string | null;
  consent_text: string | null;
  consent_at: Date | null;
  holder_deleted: boolean;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** null: no such appointment. No join on locations: online appointments may have none (010). */
export async function findConsultationFacts(q: Queryable, id: string): Promise<ConsultationFacts | null> {
  if (!uuidPattern.test(id)) return null;
  const { rows } = await q.query<FactsRow>(
    `select a.id, a.user_id, a.doctor_id, a.consultation_type, a.status, a.payment_status,
            to_char(a.date, 'YYYY-MM-DD') as date, to_char(a.start_time, 'HH24:MI') as start_time,
            d.slot_minutes, d.name as doctor_name, d.registration_council, d.registration_number,
            a.first_name, a.last_name, a.age, a.gender, a.phone_number,
            u.first_name as holder_first_name, u.last_name as holder_last_name,
            f.first_name as fm_first_name, f.last_name as fm_last_name, f.age as fm_age, f.gender as fm_gender,
            f.relation as fm_relation, a.consent_text, a.consent_at, u.deleted_at is not null as holder_deleted
       from appointments a
       join doctors d on d.id = a.doctor_id
       join users u on u.id = a.user_id
       left join family_members f on f.id = a.family_member_id
      where a.id = $1`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    userId: r.user_id,
    doctorId: r.doctor_id,
    consultationType: r.consultation_type,
    status: r.status,
    paymentStatus: r.payment_status,
    date: r.date,
    startTime: r.start_time,
    slotMinutes: r.slot_minutes,
    doctorName: r.doctor_name,
    registrationCouncil: r.registration_council,
    registrationNumber: r.registration_number,
    firstName: r.first_name,
    lastName: r.last_name,
    age: r.age,
    gender: r.gender,
    phoneNumber: r.phone_number,
    holderFirstName: r.holder_first_name,
    holderLastName: r.holder_last_name,
    familyMember:
      r.fm_first_name === null
        ? null
        : { firstName: r.fm_first_name, lastName: r.fm_last_name ?? '', age: r.fm_age ?? 0, gender: r.fm_gender ?? 'female', relation: r.fm_relation ?? '' },
    consent: r.consent_text === null || r.consent_at === null ? null : { text: r.consent_text, at: r.consent_at },
    holderDeleted: r.holder_deleted,
  };
}

/** The appointment's room, made now (`room`) unless it has one; answers the room it has. */
export async function ensureRoom(q: Queryable, appointmentId: string, room: string, now: Date): Promise<string> {
  await q.query(
    `insert into consultation_rooms (appointment_id, room, created_at) values ($1, $2, $3)
     on conflict (appointment_id) do nothing`,
    [appointmentId, room, now],
  );
  const { rows } = await q.query<{ room: string }>('select room from consultation_rooms where appointment_id = $1', [appointmentId]);
  return rows[0]!.room;
}

export type EventKind = 'video.link' | 'call.noanswer' | 'video.admitted' | 'video.switched';
export type EventRole = 'patient' | 'doctor' | 'admin';

export async function insertConsultationEvent(
  q: Queryable,
  e: { appointmentId: string; kind: EventKind; actorUserId: string; actorRole: EventRole; note?: string },
  at: Date,
): Promise<void> {
  const conflict = e.kind === 'video.link' ? `on conflict (appointment_id, actor_user_id) where kind = 'video.link' do nothing` : '';
  await q.query(
    `insert into consultation_events (appointment_id, at, kind, actor_user_id, actor_role, note)
     values ($1, $2, $3, $4, $5, $6) ${conflict}`,
    [e.appointmentId, at, e.kind, e.actorUserId, e.actorRole, e.note ?? ''],
  );
}

export async function listConsultationEvents(
  q: Queryable,
  appointmentId: string,
): Promise<Array<{ kind: EventKind; at: Date; role: EventRole; note: string }>> {
  const { rows } = await q.query<{ kind: EventKind; at: Date; actor_role: EventRole; note: string }>(
    'select kind, at, actor_role, note from consultation_events where appointment_id = $1 order by at, id',
    [appointmentId],
  );
  return rows.map((r) => ({ kind: r.kind, at: r.at, role: r.actor_role, note: r.note }));
}
