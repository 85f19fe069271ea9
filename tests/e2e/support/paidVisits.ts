// Paid, Booked appointments written straight into a fresh data directory before the server
// starts (PGlite lets one process in at a time): a consultation is completed from its join window
// on, which a booking made through the site now has not reached, so a suite that reads a
// completed record starts from one of these. Each has its sandbox payment settled.
import { pgliteDir } from '../../../server/db/open';
import { openPGliteDir } from '../../../server/db/pglite';

export interface PaidVisit {
  /** The account's email; the appointment is theirs. */
  email: string;
  doctorEmail: string;
  location: string;
  date: string;
  time: string;
  consultationType: 'Clinic Visit' | 'Chat' | 'Video' | 'Call';
  fee: number;
  /** The appointment number's digits, unique in the suite. */
  number: number;
  /** The patient's name as the booking gave it. */
  firstName: string;
  lastName: string;
}

/** Writes each visit and its settled sandbox payment; answers their `_id`s in order. */
export async function writePaidVisits(dataDir: string, visits: readonly PaidVisit[]): Promise<string[]> {
  const db = await openPGliteDir(pgliteDir(dataDir));
  const ids: string[] = [];
  try {
    const one = async (sql: string, params: unknown[]) => (await db.query<{ id: string }>(sql, params)).rows[0]!.id;
    for (const v of visits) {
      const userId = await one('select id from users where email = $1', [v.email]);
      const payment = `E2EPAID${v.number}`;
      const id = await one(
        `insert into appointments (appointment_number, user_id, doctor_id, location_id, date, start_time, consultation_type,
           consultation_fee, first_name, last_name, email, phone_number, age, gender, status, payment_status, payment_id, holds_slot,
           created_at, updated_at)
         values ($1, $2, (select id from doctors where email = $3), (select id from locations where name = $4), $5, $6, $7,
           $8, $9, $10, $11, '9822012345', 38, 'female', 'Booked', 'paid', $12, false, now(), now())
         returning id`,
        [`SHC-26-${v.number}`, userId, v.doctorEmail, v.location, v.date, v.time, v.consultationType, v.fee, v.firstName, v.lastName, v.email, payment],
      );
      await db.query(
        `insert into payments (merchant_order_id, provider, purpose, appointment_id, user_id, amount_paise, status, created_at, updated_at, settled_at)
         values ($1, 'sandbox', 'appointment', $2, $3, $4, 'paid', now(), now(), now())`,
        [payment, id, userId, Math.round(v.fee * 100)],
      );
      ids.push(id);
    }
  } finally {
    await db.close();
  }
  return ids;
}
