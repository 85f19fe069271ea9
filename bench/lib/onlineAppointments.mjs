// The online consultations the chat and video figures run on, written into a fresh DATA_DIR
// before the server starts, with the built server's own modules (as the browser suites' prepared
// sites do): the demo clinic, a patient each with a paid appointment of `type` with the demo
// clinic's online doctor (Dr. Kavita Iyer) at the minute `minuteOf(i)` from now (one doctor,
// one slot each), the doctor's account and role, and a login token each.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const doctorEmail = 'kavita.iyer@sahaj-clinic.example';

/** The clinic's date and time (Asia/Kolkata) of an instant. */
export function clinicAt(at) {
  const shifted = new Date(at.getTime() + 330 * 60_000);
  return { date: shifted.toISOString().slice(0, 10), time: shifted.toISOString().slice(11, 16) };
}

/**
 * @param {{ root: string, dataDir: string, count: number, type: 'Chat' | 'Video', name: string, numberBase: number, minuteOf: (i: number) => number }} o
 *   `name`: the patients' e-mail part and last name (`bench.<name>.<i>@clinic-bench.example`, "<Name> <i>")
 * @returns {Promise<{ appointments: { id: string, token: string }[], doctorToken: string }>}
 */
export async function prepareOnlineAppointments({ root, dataDir, count, type, name, numberBase, minuteOf }) {
  const built = (path) => import(pathToFileURL(join(root, 'dist/node/server', path)).href);
  const [{ openPGliteDir }, { pgliteDir }, { prepareDatabase }, { createServices }, { runClinicCommand }] = await Promise.all(
    ['db/pglite.js', 'db/open.js', 'startup.js', 'services/index.js', 'cli.js'].map(built),
  );
  const db = await openPGliteDir(pgliteDir(dataDir));
  const appointments = [];
  let doctorToken;
  try {
    await prepareDatabase(db, { seedFile: join(root, 'server/seed/demo-clinic.json') });
    const sessions = createServices(db).sessions;
    const one = async (sql, params = []) => (await db.query(sql, params)).rows[0].id;
    const addUser = (email, first, last) =>
      one(
        `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method)
         values ($1, $2, $3, 38, 'female', '9822012345', 'google') returning id`,
        [email, first, last],
      );
    doctorToken = (await sessions.issue(await addUser(doctorEmail, 'Kavita', 'Iyer'))).token;
    const doctorId = await one('select id from doctors where email = $1', [doctorEmail]);
    const locationId = await one("select id from locations where name = 'Aundh'");
    const lastName = `${name[0].toUpperCase()}${name.slice(1)}`;
    for (let i = 0; i < count; i++) {
      const email = `bench.${name}.${i}@clinic-bench.example`;
      const userId = await addUser(email, 'Bench', `${lastName} ${i}`);
      const at = clinicAt(new Date(Date.now() + minuteOf(i) * 60_000));
      const id = await one(
        `insert into appointments (appointment_number, user_id, doctor_id, location_id, date, start_time, consultation_type,
           consultation_fee, first_name, last_name, email, phone_number, age, gender, status, payment_status, payment_id,
           holds_slot, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, 500, 'Bench', $8, $9, '9822012345', 34, 'female', 'Booked', 'paid', $10, true, now(), now())
         returning id`,
        [`SHC-26-${numberBase + i}`, userId, doctorId, locationId, at.date, at.time, type, `${lastName} ${i}`, email, `BENCH${name.toUpperCase()}${i}`],
      );
      appointments.push({ id, token: (await sessions.issue(userId)).token });
    }
  } finally {
    await db.close();
  }
  const said = [];
  const status = await runClinicCommand(['make-doctor', doctorEmail], { DATA_DIR: dataDir }, { out: (l) => said.push(l), err: (l) => said.push(l) });
  if (status !== 0) throw new Error(`make-doctor failed: ${said.join('\n')}`);
  return { appointments, doctorToken };
}
