/**
 * SQL of the waitlist's entries and offers (migration 034). Dates go in as 'YYYY-MM-DD' text and
 * come out through to_char, times as 'HH:mm', never as a driver's Date.
 *
 * An entry is live while it is waiting and its last day has not passed (clinic time); its open
 * offer is shown while its hold is live and unpaid. An offer whose hold was paid is taken even
 * before the sweep records it so (`entryView` leaves its entry out); one whose hold lapsed or was
 * cancelled is no offer any more, also before the sweep passes its slot on.
 */
import type { DeskWaitlistEntry } from '../../contract/desk.js';
import type { ConsultationType } from '../../contract/primitives.js';
import type { WaitlistEntry } from '../../contract/waitlist.js';
import type { Queryable } from '../db/database.js';
import { queueChannel } from '../queue/repository.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface EntryRow {
  id: string;
  doctor_email: string;
  doctor_name: string;
  location: string;
  consultation_type: ConsultationType;
  from_date: string;
  to_date: string;
  joined_at: Date;
  offer_appointment_id: string | null;
  offer_number: string | null;
  offer_date: string | null;
  offer_time: string | null;
  offer_location: string | null;
  offer_expires_at: Date | null;
  offer_paid: boolean;
  offer_live: boolean;
}

const selectEntries = `
  select e.id, d.email as doctor_email, d.name as doctor_name, coalesce(l.name, '') as location, e.consultation_type,
         to_char(e.from_date, 'YYYY-MM-DD') as from_date, to_char(e.to_date, 'YYYY-MM-DD') as to_date, e.joined_at,
         o.appointment_id as offer_appointment_id, a.appointment_number as offer_number,
         to_char(o.date, 'YYYY-MM-DD') as offer_date, to_char(o.start_time, 'HH24:MI') as offer_time,
         coalesce(al.name, '') as offer_location, o.expires_at as offer_expires_at,
         coalesce(a.status = 'Booked' and a.payment_status in ('paid', 'due'), false) as offer_paid,
         coalesce(a.status = 'Booked' and a.holds_slot and o.expires_at > $2, false) as offer_live
    from waitlist_entries e
    join doctors d on d.id = e.doctor_id
    left join locations l on l.id = e.location_id
    left join waitlist_offers o on o.entry_id = e.id and o.status = 'open'
    left join appointments a on a.id = o.appointment_id
    left join locations al on al.id = a.location_id`;

/** The entry as its patient reads it; null when its open offer was paid (the entry is done). */
function entryView(r: EntryRow): WaitlistEntry | null {
  if (r.offer_paid) return null;
  const offer =
    r.offer_appointment_id === null || !r.offer_live
      ? null
      : {
          appointmentId: r.offer_appointment_id,
          appointmentNumber: r.offer_number!,
          date: r.offer_date! as WaitlistEntry['fromDate'],
          startTime: r.offer_time! as NonNullable<WaitlistEntry['offer']>['startTime'],
          location: r.offer_location ?? '',
          expiresAt: r.offer_expires_at!.toISOString(),
        };
  return {
    _id: r.id,
    doctorEmail: r.doctor_email,
    doctorName: r.doctor_name,
    location: r.location,
    consultationType: r.consultation_type,
    fromDate: r.from_date as WaitlistEntry['fromDate'],
    toDate: r.to_date as WaitlistEntry['toDate'],
    joinedAt: r.joined_at.toISOString(),
    status: offer ? 'offered' : 'waiting',
    offer,
  };
}

/** The patient's live entries (waiting, last day not passed at `today`), oldest first. */
export async function listLiveEntries(q: Queryable, userId: string, today: string, at: Date): Promise<WaitlistEntry[]> {
  const { rows } = await q.query<EntryRow>(
    `${selectEntries} where e.user_id = $1 and e.status = 'waiting' and e.to_date >= $3::date order by e.joined_at, e.seq`,
    [userId, at, today],
  );
  return rows.flatMap((r) => entryView(r) ?? []);
}

/** One live entry as its patient reads it; null when it is not live (or its offer was paid). */
export async function findEntryView(q: Queryable, id: string, today: string, at: Date): Promise<WaitlistEntry | null> {
  const { rows } = await q.query<EntryRow>(`${selectEntries} where e.id = $1 and e.status = 'waiting' and e.to_date >= $3::date`, [id, at, today]);
  return rows[0] ? entryView(rows[0]) : null;
}

export interface StoredEntry {
  id: string;
  userId: string;
  doctorId: string;
  live: boolean;
}

/** An entry, `forUpdate` locked; null for none (or an id that is no uuid). `live`: waiting and not over at `today`. */
export async function findEntry(q: Queryable, id: string, today: string, forUpdate = false): Promise<StoredEntry | null> {
  if (!uuidPattern.test(id)) return null;
  const { rows } = await q.query<{ id: string; user_id: string; doctor_id: string; live: boolean }>(
    `select id, user_id, doctor_id, (status = 'waiting' and to_date >= $2::date) as live
       from waitlist_entries where id = $1${forUpdate ? ' for update' : ''}`,
    [id, today],
  );
  const r = rows[0];
  return r ? { id: r.id, userId: r.user_id, doctorId: r.doctor_id, live: r.live } : null;
}

/** Serialises one patient's joins (the overlap and count rules hold under it); no key is updated, so bookings' key share locks pass. */
export async function lockPatient(tx: Queryable, userId: string): Promise<void> {
  await tx.query('select 1 from users where id = $1 for no key update', [userId]);
}

/** The patient's live entries: how many, and whether one waits for `doctorId` on a day of [from, to]. */
export async function liveEntriesOf(
  q: Queryable,
  userId: string,
  range: { doctorId: string; from: string; to: string; today: string },
): Promise<{ count: number; overlapping: boolean }> {
  const { rows } = await q.query<{ count: number; overlapping: boolean }>(
    `select count(*)::int as count,
            coalesce(bool_or(doctor_id = $2 and from_date <= $4::date and to_date >= $3::date), false) as overlapping
       from waitlist_entries where user_id = $1 and status = 'waiting' and to_date >= $5::date`,
    [userId, range.doctorId, range.from, range.to, range.today],
  );
  return rows[0]!;
}

export interface NewEntry {
  userId: string;
  doctorId: string;
  /** The clinic's name; null for any clinic or the online hours. */
  locationName: string | null;
  consultationType: ConsultationType;
  fromDate: string;
  toDate: string;
  consentText: string | null;
}

export async function insertEntry(tx: Queryable, e: NewEntry, at: Date): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into waitlist_entries (user_id, doctor_id, location_id, consultation_type, from_date, to_date, consent_text, consent_at, joined_at, updated_at)
     values ($1, $2, (select id from locations where name = $3), $4, $5::date, $6::date, $7,
             case when $7::text is null then null else $8::timestamptz end, $8, $8)
     returning id`,
    [e.userId, e.doctorId, e.locationName, e.consultationType, e.fromDate, e.toDate, e.consentText, at],
  );
  return rows[0]!.id;
}

/** The entry is over: the patient left it, or an offer of it was paid. */
export async function closeEntry(tx: Queryable, id: string, status: 'left' | 'done', at: Date): Promise<void> {
  await tx.query(`update waitlist_entries set status = $2, closed_at = $3, updated_at = $3 where id = $1 and status = 'waiting'`, [id, status, at]);
}

export interface OpenOffer {
  id: string;
  appointmentId: string;
}

/** The entry's open offer, `forUpdate` locked. */
export async function findOpenOffer(q: Queryable, entryId: string, forUpdate = false): Promise<OpenOffer | null> {
  const { rows } = await q.query<{ id: string; appointment_id: string }>(
    `select id, appointment_id from waitlist_offers where entry_id = $1 and status = 'open'${forUpdate ? ' for update' : ''}`,
    [entryId],
  );
  return rows[0] ? { id: rows[0].id, appointmentId: rows[0].appointment_id } : null;
}

export type ClosedOfferStatus = 'taken' | 'declined' | 'lapsed';

/** The offer is over; its patient's open pages are told (`announceWaitlist`). */
export async function closeOffer(tx: Queryable, id: string, status: ClosedOfferStatus, at: Date): Promise<void> {
  const { rows } = await tx.query<{ user_id: string }>(
    `update waitlist_offers o set status = $2, closed_at = $3, updated_at = $3
       from waitlist_entries e
      where o.id = $1 and o.status = 'open' and e.id = o.entry_id
     returning e.user_id`,
    [id, status, at],
  );
  if (rows[0]) await announceWaitlist(tx, rows[0].user_id);
}

/**
 * NOTIFY on the queue's channel (server/queue/hub.ts) that this patient's waitlist changed (a slot
 * offered to them, an offer over), `{"w": user id}`: ids only. Sent at the caller's commit, so an
 * open My appointments page reads the waitlist again only once the change is there to read.
 */
export async function announceWaitlist(tx: Queryable, userId: string): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [queueChannel, JSON.stringify({ w: userId })]);
}

interface DeskEntryRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  desk_patient: boolean;
  doctor_id: string;
  doctor_name: string;
  consultation_type: ConsultationType;
  location: string;
  from_date: string;
  to_date: string;
  joined_at: Date;
  offer_number: string | null;
  offer_date: string | null;
  offer_time: string | null;
  offer_expires_at: Date | null;
}

/**
 * The live entries of every patient as the desk reads them (`limit` + 1 rows, so the caller can say
 * there are more; `entryId`: that one only): by doctor in the clinic's order, each doctor's in the order of joining (the order
 * slots are offered in), with the slot out to each while its hold is live and unpaid. An entry whose
 * offer was paid is done for the patient already (as `entryView` says), so it is left out.
 */
export async function deskEntries(q: Queryable, today: string, at: Date, limit: number, entryId: string | null = null): Promise<DeskWaitlistEntry[]> {
  const { rows } = await q.query<DeskEntryRow>(
    `select e.id, u.first_name, u.last_name, u.phone_number, u.sign_in_method = 'desk' as desk_patient, d.id as doctor_id, d.name as doctor_name, e.consultation_type,
            coalesce(l.name, '') as location, to_char(e.from_date, 'YYYY-MM-DD') as from_date,
            to_char(e.to_date, 'YYYY-MM-DD') as to_date, e.joined_at,
            case when live then a.appointment_number end as offer_number,
            case when live then to_char(o.date, 'YYYY-MM-DD') end as offer_date,
            case when live then to_char(o.start_time, 'HH24:MI') end as offer_time,
            case when live then o.expires_at end as offer_expires_at
       from waitlist_entries e
       join users u on u.id = e.user_id
       join doctors d on d.id = e.doctor_id
       left join locations l on l.id = e.location_id
       left join waitlist_offers o on o.entry_id = e.id and o.status = 'open'
       left join appointments a on a.id = o.appointment_id
       cross join lateral (select coalesce(a.status = 'Booked' and a.holds_slot and o.expires_at > $2, false) as live,
                                  coalesce(a.status = 'Booked' and a.payment_status in ('paid', 'due'), false) as paid) s
      where e.status = 'waiting' and e.to_date >= $1::date and u.deleted_at is null and not s.paid
        and ($4::uuid is null or e.id = $4::uuid)
      order by d.display_order, d.name, d.id, e.joined_at, e.seq
      limit $3`,
    [today, at, limit, entryId],
  );
  return rows.map((r) => ({
    _id: r.id,
    patientName: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
    phoneNumber: r.phone_number,
    patientKind: r.desk_patient ? 'desk' : 'account',
    doctorId: r.doctor_id,
    doctorName: r.doctor_name,
    consultationType: r.consultation_type,
    location: r.location,
    fromDate: r.from_date as DeskWaitlistEntry['fromDate'],
    toDate: r.to_date as DeskWaitlistEntry['toDate'],
    joinedAt: r.joined_at.toISOString(),
    offer:
      r.offer_number === null
        ? null
        : {
            appointmentNumber: r.offer_number,
            date: r.offer_date! as DeskWaitlistEntry['fromDate'],
            startTime: r.offer_time! as NonNullable<DeskWaitlistEntry['offer']>['startTime'],
            expiresAt: r.offer_expires_at!.toISOString(),
          },
  }));
}
