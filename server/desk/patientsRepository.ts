/**
 * SQL for the desk's patients: a patient registered without an account (users row, sign-in method
 * 'desk', 032_desk.sql), one patient as the desk sees them, and the search.
 *
 * Every form of the search is an index search (checked with EXPLAIN at 100k patients: npm run
 * bench -- scale). The users indexes are partial on role = 'patient', which every query here
 * repeats so the planner may use them: the phone's digits (users.phone_digits) by prefix, as
 * written with or without +91 or 0 (032), and by their last digits as a prefix of
 * reverse(phone_digits) (035); the OR of these is a BitmapOr of the ranges. A name is looked up in
 * the indexes of 037, on lower("first last") and on lower("last first") in the "C" collation: the
 * same index gives the range of LIKE 'abc%' and the hits' order, so a name's search stops after
 * `limit` + 1 rows of each however many patients share the name's start.
 * An appointment number reads its unique key, a token queue_entries (day, token) (035). The
 * parameters are sent with each statement, so the planner sees the LIKE patterns and plans the
 * ranges. At most `limit` + 1 rows come back, so the caller can say there are more.
 *
 * THE ORDER of the hits (docs/desk.md, "Search"): by the name as it matched, lower case, compared
 * character by character (the "C" collation: the same on both backends, whatever the cluster's
 * locale), then the id. A name's search matches "first last" from its start, or (one word) the
 * surname: a hit whose full name begins with the text sorts as "first last", one whose surname
 * does as "last first", so a surname's hits come as the desk reads a register ("Kulkarni Aarti",
 * "Kulkarni Ajay", ...). Every other form sorts by "first last".
 */
import type { DeskPatient } from '../../contract/desk.js';
import type { Gender } from '../../contract/primitives.js';
import type { Queryable } from '../db/database.js';
import { type RecordRow, selectAppointmentRecords, type StoredAppointment, toStored } from '../repositories/appointmentRecords.js';

interface PatientRow {
  id: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  age: number | null;
  gender: Gender | null;
  desk: boolean;
  no_shows: number;
}

const patientColumns = `u.id, u.first_name, u.last_name, coalesce(u.phone_number, '') as phone_number, coalesce(u.email, '') as email,
       u.age, u.gender, u.sign_in_method = 'desk' as desk,
       (select count(*)::int from appointments m where m.user_id = u.id and m.status = 'Missed') as no_shows`;

/** A live patient's row: an account's or the desk's, never staff's and never a closed account's. */
const isPatient = `u.role = 'patient' and u.deleted_at is null`;

const toPatient = (r: PatientRow): DeskPatient => ({
  _id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  phoneNumber: r.phone_number,
  email: r.email,
  age: r.age,
  gender: r.gender,
  kind: r.desk ? 'desk' : 'account',
  noShows: r.no_shows,
});

export async function findDeskPatient(q: Queryable, id: string): Promise<DeskPatient | null> {
  const { rows } = await q.query<PatientRow>(`select ${patientColumns} from users u where u.id = $1 and ${isPatient}`, [id]);
  return rows[0] ? toPatient(rows[0]) : null;
}

/** Who has this email already (lower case): an account, or a patient the desk registered. */
export async function emailHolder(q: Queryable, email: string): Promise<'account' | 'desk' | null> {
  const { rows } = await q.query<{ desk: boolean }>(`select sign_in_method = 'desk' as desk from users where email = $1`, [email]);
  return rows[0] ? (rows[0].desk ? 'desk' : 'account') : null;
}

export interface NewDeskPatient {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string | null;
  age: number;
  gender: Gender;
  registeredBy: string;
}

/** Throws a unique violation on users_email_key when the email is taken meanwhile. */
export async function insertDeskPatient(tx: Queryable, p: NewDeskPatient, now: Date): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method, role, registered_by, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, 'desk', 'patient', $7, $8, $8)
     returning id`,
    [p.email, p.firstName, p.lastName, p.age, p.gender, p.phoneNumber, p.registeredBy, now],
  );
  return rows[0]!.id;
}

/**
 * A desk patient's details written anew; false when the row is no longer a desk patient (its
 * email's owner proved it meanwhile and it became their account) or is gone.
 */
export async function updateDeskPatient(tx: Queryable, id: string, p: Omit<NewDeskPatient, 'registeredBy'>, now: Date): Promise<boolean> {
  const { rows } = await tx.query<{ id: string }>(
    `update users u set email = $2, first_name = $3, last_name = $4, age = $5, gender = $6, phone_number = $7, updated_at = $8
      where u.id = $1 and u.sign_in_method = 'desk' and ${isPatient}
      returning u.id`,
    [id, p.email, p.firstName, p.lastName, p.age, p.gender, p.phoneNumber, now],
  );
  return rows.length === 1;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A patient's name as "first last" and as "last first", lower case, in the "C" collation of 037's indexes. */
const firstLast = `lower(u.first_name || ' ' || u.last_name) collate "C"`;
const lastFirst = `lower(u.last_name || ' ' || u.first_name) collate "C"`;

/**
 * The patients `where` finds, in "first last" order. The matches are found first (a fence: the
 * phone's or the visit's indexes) and only they are sorted: without it the planner may walk
 * users_name_idx in its order and test every patient against `where` until it has `limit` rows,
 * reading the whole index for a phone's digits that only some twenty patients have.
 */
const ordered = (where: string, limited = true) =>
  `with hits as materialized (
     select u.id, u.first_name, u.last_name, u.phone_number, u.email, u.age, u.gender, u.sign_in_method
       from users u where ${isPatient} and (${where})
   )
   select ${patientColumns} from hits u order by ${firstLast}, u.id${limited ? ' limit $1' : ''}`;

/** The patients whose `name` (one of the two above) begins with $2, in its order, at most $1, with it as `matched`. */
const startingWith = (name: string, also = 'true') =>
  `select ${patientColumns}, ${name} as matched from users u where ${isPatient} and ${name} like $2 and ${also}
    order by ${name}, u.id limit $1`;

/**
 * Patients whose "first last" begins with `name` (lower case, single spaces), or (one word) whose
 * last name does. One word: the first `limit` of each index merged by the name as matched (a
 * surname begins with a word without a space exactly when "last first" does); a patient whose
 * both names begin so is counted once, as "first last".
 */
export async function searchByName(q: Queryable, name: string, limit: number): Promise<DeskPatient[]> {
  const sql = name.includes(' ')
    ? startingWith(firstLast)
    : `select * from ((${startingWith(firstLast)}) union all (${startingWith(lastFirst, `not ${firstLast} like $2`)})) hits
        order by matched, id limit $1`;
  const { rows } = await q.query<PatientRow>(sql, [limit + 1, `${literal(name)}%`]);
  return rows.map(toPatient);
}

/**
 * Patients whose phone begins with `digits` (the number as dialled in India, with or without +91
 * or 0 before it) or, for 4 to 9 digits, ends with them.
 */
export async function searchByPhone(q: Queryable, digits: string, limit: number): Promise<DeskPatient[]> {
  const national = digits.length > 10 ? digits.slice(-10) : digits;
  const suffix = national.length >= 4 && national.length < 10;
  const { rows } = await q.query<PatientRow>(
    ordered(
      `u.phone_digits like $2 or u.phone_digits like '91' || $2 or u.phone_digits like '0' || $2` +
        (suffix ? ` or reverse(u.phone_digits) like reverse($3::text) || '%'` : ''),
    ),
    suffix ? [limit + 1, `${national}%`, national] : [limit + 1, `${national}%`],
  );
  return rows.map(toPatient);
}

/** The patient of an appointment, by its number (SHC-25-000123), or of today's token `token` at any doctor. */
export async function searchByVisit(
  q: Queryable,
  visit: { appointmentNumber: string } | { token: number; day: string },
): Promise<DeskPatient[]> {
  const byNumber = 'appointmentNumber' in visit;
  const { rows } = await q.query<PatientRow>(
    byNumber
      ? `select ${patientColumns} from users u where ${isPatient}
           and u.id = (select a.user_id from appointments a where a.appointment_number = $1)`
      : ordered(
          `u.id in (select a.user_id from queue_entries qe join doctors d on d.id = qe.doctor_id
                      join appointments a on a.id = qe.appointment_id
                     where qe.day = $1::date and qe.token = $2)`,
          false,
        ),
    byNumber ? [visit.appointmentNumber] : [visit.day, visit.token],
  );
  return rows.map(toPatient);
}

/** These patients' appointments from `today` on that the clinic expects or that hold a live hold at `now`, soonest first. */
export async function listUpcomingOf(q: Queryable, userIds: readonly string[], today: string, now: Date): Promise<StoredAppointment[]> {
  if (userIds.length === 0) return [];
  const { rows } = await q.query<RecordRow>(
    `${selectAppointmentRecords}
      where a.user_id = any($1::uuid[]) and a.date >= $2::date and a.status = 'Booked'
        and (a.payment_status in ('paid', 'due') or (a.holds_slot and a.hold_expires_at > $3))
      order by a.date, a.start_time, a.created_at`,
    [userIds, today, now],
  );
  return rows.map(toStored);
}
