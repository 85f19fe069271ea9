/**
 * SQL of passing a freed slot on (server/waitlist/passOn.ts): the slot's row in `waitlist_slots`,
 * its open offers, whether somebody holds it, the entries that fit it in the order they joined, and
 * a new offer. Dates 'YYYY-MM-DD', times 'HH:mm'.
 */
import type { ConsultationType } from '../../contract/primitives.js';
import type { Queryable } from '../db/database.js';
import type { PatientDetails } from '../repositories/bookings.js';
import type { SlotKey } from './slots.js';

/** The two unique indexes an offer races on (034_waitlist.sql). */
export const openEntryKey = 'waitlist_offers_open_entry_key';
export const openSlotKey = 'waitlist_offers_open_slot_key';

export interface QueuedSlot extends SlotKey {
  version: number;
  queued: boolean;
  /** Where it was freed: the clinic's id and name, or null for the online hours. */
  locationId: string | null;
  locationName: string | null;
}

export async function readSlot(q: Queryable, key: SlotKey): Promise<QueuedSlot | null> {
  const { rows } = await q.query<{ version: number; state: string; location_id: string | null; location_name: string | null }>(
    `select s.version, s.state, s.location_id, l.name as location_name
       from waitlist_slots s left join locations l on l.id = s.location_id
      where s.doctor_id = $1 and s.date = $2::date and s.start_time = $3::time`,
    [key.doctorId, key.date, key.startTime],
  );
  const r = rows[0];
  return r ? { ...key, version: r.version, queued: r.state === 'queued', locationId: r.location_id, locationName: r.location_name } : null;
}

/** Done, for the version read: a freeing since then keeps it queued for the job that freeing queued. */
export async function markSlotDone(q: Queryable, slot: QueuedSlot, note: string, at: Date): Promise<void> {
  await q.query(
    `update waitlist_slots set state = 'done', note = $5, updated_at = $6
      where doctor_id = $1 and date = $2::date and start_time = $3::time and version = $4`,
    [slot.doctorId, slot.date, slot.startTime, slot.version, note.slice(0, 200), at],
  );
}

/** The slot's queued rows (the sweep's work), oldest first. */
export async function queuedSlots(q: Queryable, limit: number): Promise<SlotKey[]> {
  const { rows } = await q.query<{ doctor_id: string; date: string; start_time: string }>(
    `select doctor_id, to_char(date, 'YYYY-MM-DD') as date, to_char(start_time, 'HH24:MI') as start_time
       from waitlist_slots where state = 'queued' order by freed_at limit $1`,
    [limit],
  );
  return rows.map((r) => ({ doctorId: r.doctor_id, date: r.date, startTime: r.start_time }));
}

export interface SlotOffer {
  id: string;
  entryId: string;
  /** The hold's appointment is still Booked (paid or not). */
  booked: boolean;
  /** ... and on this very slot (not moved away). */
  atSlot: boolean;
  paid: boolean;
  holdsLive: boolean;
  cancelled: boolean;
  /** When the hold ends now (a checkout opened after the offer ended may have claimed it again). */
  holdEnds: Date | null;
}

/** The slot's open offers with their holds' state, locked. */
export async function openOffersOfSlot(tx: Queryable, slot: SlotKey, at: Date): Promise<SlotOffer[]> {
  const { rows } = await tx.query<{
    id: string;
    entry_id: string;
    booked: boolean;
    at_slot: boolean;
    paid: boolean;
    holds_live: boolean;
    cancelled: boolean;
    hold_expires_at: Date | null;
  }>(
    `select o.id, o.entry_id, a.status = 'Booked' as booked, a.hold_expires_at,
            (a.doctor_id = o.doctor_id and a.date = o.date and a.start_time = o.start_time) as at_slot,
            a.payment_status in ('paid', 'due') as paid,
            coalesce(a.holds_slot and a.hold_expires_at > $4, false) as holds_live,
            a.status = 'Cancelled' as cancelled
       from waitlist_offers o join appointments a on a.id = o.appointment_id
      where o.doctor_id = $1 and o.date = $2::date and o.start_time = $3::time and o.status = 'open'
      for update of o`,
    [slot.doctorId, slot.date, slot.startTime, at],
  );
  return rows.map((r) => ({
    id: r.id,
    entryId: r.entry_id,
    booked: r.booked,
    atSlot: r.at_slot,
    paid: r.paid,
    holdsLive: r.holds_live,
    cancelled: r.cancelled,
    holdEnds: r.hold_expires_at,
  }));
}

/** The open offer ends when its hold does (the patient's checkout claimed the slot again for a while). */
export async function followHold(tx: Queryable, id: string, ends: Date, at: Date): Promise<void> {
  await tx.query(`update waitlist_offers set expires_at = $2, updated_at = $3 where id = $1 and status = 'open' and expires_at < $2`, [id, ends, at]);
}

/** Somebody holds the slot (its lapsed holds already released). */
export async function slotHeld(tx: Queryable, slot: SlotKey): Promise<boolean> {
  const { rows } = await tx.query(
    'select 1 from appointments where doctor_id = $1 and date = $2::date and start_time = $3::time and holds_slot',
    [slot.doctorId, slot.date, slot.startTime],
  );
  return rows.length > 0;
}

/** A waiting entry that fits, with its patient's details as an appointment holds them (the account holder's). */
export interface Candidate extends Omit<PatientDetails, 'familyMemberId'> {
  entryId: string;
  userId: string;
  consultationType: ConsultationType;
}

/**
 * The waiting entries that fit the slot, in the order they joined: its doctor, its day within their
 * range, its place (a clinic's slot: Clinic Visits for that clinic or any; the online hours: Chat,
 * Video, Call), a live account with the details an appointment needs, no open offer, never offered
 * this slot before, and no paid booking with that doctor within their range already. Locked, in
 * that order, so a pass that meets another instance offering a slot to one of them waits for it
 * and, that entry taken meanwhile (its open offer), runs again for the next in line: the order of
 * joining holds under concurrency too.
 */
export async function candidates(tx: Queryable, slot: SlotKey & { locationId: string | null }, today: string, limit = 20): Promise<Candidate[]> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `select e.id as "entryId", e.user_id as "userId", e.consultation_type as "consultationType",
            e.consent_text as "consentText", e.consent_at as "consentAt",
            u.first_name as "firstName", u.last_name as "lastName", coalesce(u.email, '') as email,
            u.phone_number as "phoneNumber", u.age, u.gender
       from waitlist_entries e join users u on u.id = e.user_id
      where e.doctor_id = $1 and e.status = 'waiting' and $2::date between e.from_date and e.to_date
        and u.deleted_at is null and u.phone_number is not null and u.age is not null and u.gender is not null
        and case when $4::uuid is null then e.consultation_type <> 'Clinic Visit'
                 else e.consultation_type = 'Clinic Visit' and (e.location_id is null or e.location_id = $4::uuid) end
        and not exists (select 1 from waitlist_offers o
                         where o.entry_id = e.id
                           and (o.status = 'open' or (o.doctor_id = e.doctor_id and o.date = $2::date and o.start_time = $3::time)))
        and not exists (select 1 from appointments a
                         where a.user_id = e.user_id and a.doctor_id = e.doctor_id and a.status = 'Booked'
                           and a.payment_status in ('paid', 'due') and a.date between greatest(e.from_date, $5::date) and e.to_date)
      order by e.joined_at, e.seq
      limit $6
      for update of e`,
    [slot.doctorId, slot.date, slot.startTime, slot.locationId, today, limit],
  );
  return rows as unknown as Candidate[];
}

export async function insertOffer(
  tx: Queryable,
  o: SlotKey & { entryId: string; appointmentId: string; expiresAt: Date },
  at: Date,
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into waitlist_offers (entry_id, appointment_id, doctor_id, date, start_time, status, expires_at, created_at, updated_at)
     values ($1, $2, $3, $4::date, $5::time, 'open', $6, $7, $7) returning id`,
    [o.entryId, o.appointmentId, o.doctorId, o.date, o.startTime, o.expiresAt, at],
  );
  return rows[0]!.id;
}

const upsertQueued = `
  on conflict (doctor_id, date, start_time) do update
     set location_id = excluded.location_id, state = 'queued', version = waitlist_slots.version + 1,
         freed_at = excluded.freed_at, updated_at = excluded.updated_at, note = ''`;

/**
 * The sweep's marks at `at`: open offers whose hold was paid are taken (their entries done, even if
 * the patient then moved it); the
 * slots of open offers past their hold, cancelled or moved, and of lapsed unpaid holds on a day a
 * waiting entry of that doctor covers, are queued to pass on. Answers how many slots were queued.
 */
export async function markDue(tx: Queryable, at: Date, today: string): Promise<number> {
  await tx.query(
    `with taken as (
       update waitlist_offers o set status = 'taken', closed_at = $1, updated_at = $1
         from appointments a
        where a.id = o.appointment_id and o.status = 'open' and a.status = 'Booked' and a.payment_status in ('paid', 'due')
       returning o.entry_id)
     update waitlist_entries e set status = 'done', closed_at = $1, updated_at = $1
       from taken where e.id = taken.entry_id and e.status = 'waiting'`,
    [at],
  );
  const offers = await tx.query(
    `insert into waitlist_slots (doctor_id, date, start_time, location_id, state, version, freed_at, updated_at)
     select distinct on (o.doctor_id, o.date, o.start_time) o.doctor_id, o.date, o.start_time, a.location_id, 'queued', 1, $1::timestamptz, $1::timestamptz
       from waitlist_offers o join appointments a on a.id = o.appointment_id
      where o.status = 'open' and not (a.status = 'Booked' and a.payment_status in ('paid', 'due'))
        and (o.expires_at <= $1 or a.status <> 'Booked' or not a.holds_slot
             or a.doctor_id <> o.doctor_id or a.date <> o.date or a.start_time <> o.start_time)
     ${upsertQueued}`,
    [at],
  );
  const holds = await tx.query(
    `insert into waitlist_slots (doctor_id, date, start_time, location_id, state, version, freed_at, updated_at)
     select distinct on (a.doctor_id, a.date, a.start_time) a.doctor_id, a.date, a.start_time, a.location_id, 'queued', 1, $1::timestamptz, $1::timestamptz
       from waitlist_entries e
       join appointments a on a.doctor_id = e.doctor_id and a.date between greatest(e.from_date, $2::date) and e.to_date and a.holds_slot
      where e.status = 'waiting' and e.to_date >= $2::date
        and a.payment_status not in ('paid', 'due', 'refund') and a.hold_expires_at <= $1
        and ((a.date + a.start_time) at time zone 'Asia/Kolkata') > $1
        and not exists (select 1 from waitlist_slots s
                         where s.doctor_id = a.doctor_id and s.date = a.date and s.start_time = a.start_time and s.state = 'queued')
     ${upsertQueued}`,
    [at, today],
  );
  return offers.rowCount + holds.rowCount;
}
