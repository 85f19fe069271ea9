/**
 * Shared by the waitlist suites: the calls of /api/waitlist, and what the tables say of an entry's
 * offers and messages. The clock starts on Tuesday 11 March 2025, 10:00 in the clinic
 * (paymentSupport.ts); Dr. Meera Kulkarni is at Aundh on Tuesdays and Wednesdays, 09:00-13:00 and
 * 15:00-19:00, in 15-minute slots.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database.js';
import { meera, type Patient, type Response, teleconsultationConsent } from './paymentSupport.js';

export { teleconsultationConsent };

export interface JoinChoice {
  doctorEmail?: string;
  location?: string;
  consultationType?: string;
  fromDate?: string;
  toDate?: string;
  consentText?: string;
}

/** Meera, a Clinic Visit at any of her clinics, Wednesday 12 to Friday 14 March, unless told. */
export const joinBody = (choice: JoinChoice = {}) => ({
  doctorEmail: choice.doctorEmail ?? meera.email,
  location: choice.location ?? '',
  consultationType: choice.consultationType ?? 'Clinic Visit',
  fromDate: choice.fromDate ?? '2025-03-12',
  toDate: choice.toDate ?? '2025-03-14',
  ...(choice.consentText === undefined ? {} : { consentText: choice.consentText }),
});

const as = (who: Patient | null) => ({ headers: who ? who.headers : {} });

export const joinWaitlist = (app: FastifyInstance, who: Patient | null, body: object = joinBody()) =>
  app.inject({ method: 'POST', url: '/api/waitlist', payload: body, ...as(who) }) as Promise<Response>;

export const waitlistOf = (app: FastifyInstance, who: Patient | null) =>
  app.inject({ method: 'GET', url: '/api/waitlist', ...as(who) }) as Promise<Response>;

export const leaveWaitlist = (app: FastifyInstance, who: Patient | null, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/waitlist/${id}`, ...as(who) }) as Promise<Response>;

export const declineOffer = (app: FastifyInstance, who: Patient | null, id: string) =>
  app.inject({ method: 'POST', url: `/api/waitlist/${id}/decline`, ...as(who) }) as Promise<Response>;

export interface EntryAnswer {
  _id: string;
  status: 'waiting' | 'offered';
  offer: null | { appointmentId: string; appointmentNumber: string; date: string; startTime: string; location: string; expiresAt: string };
  [k: string]: unknown;
}

/** Joins and fails the test unless it worked. */
export async function joined(app: FastifyInstance, who: Patient, choice: JoinChoice = {}): Promise<EntryAnswer> {
  const res = await joinWaitlist(app, who, joinBody(choice));
  if (res.statusCode !== 200) throw new Error(`POST /waitlist answered ${res.statusCode}: ${res.body}`);
  return res.json() as EntryAnswer;
}

/** The caller's live entries. */
export async function entriesOf(app: FastifyInstance, who: Patient): Promise<EntryAnswer[]> {
  const res = await waitlistOf(app, who);
  if (res.statusCode !== 200) throw new Error(`GET /waitlist answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { entries: EntryAnswer[] }).entries;
}

/** Every offer of the database, oldest first: whose entry, which slot, what became of it. */
export async function offerRows(db: Database) {
  const { rows } = await db.query<{ id: string; entry_id: string; user_id: string; slot: string; status: string; appointment_id: string }>(
    `select o.id, o.entry_id, e.user_id, to_char(o.date, 'YYYY-MM-DD') || ' ' || to_char(o.start_time, 'HH24:MI') as slot, o.status, o.appointment_id
       from waitlist_offers o join waitlist_entries e on e.id = o.entry_id order by o.created_at, o.id`,
  );
  return rows;
}

export async function entryStatus(db: Database, id: string): Promise<string> {
  const { rows } = await db.query<{ status: string }>('select status from waitlist_entries where id = $1', [id]);
  return rows[0]!.status;
}

/** How many rows the waitlist's tables hold: a refused request writes none. */
export async function waitlistCounts(db: Database) {
  const { rows } = await db.query<{ entries: number; offers: number; slots: number; messages: number }>(
    `select (select count(*)::int from waitlist_entries) as entries, (select count(*)::int from waitlist_offers) as offers,
            (select count(*)::int from waitlist_slots) as slots, (select count(*)::int from waitlist_messages) as messages`,
  );
  return rows[0]!;
}
