/** SQL for doctors and the locations they work at. */
import type { Doctor, DoctorType } from '../../contract/site.js';
import type { Queryable } from '../db/database.js';

// One query, locations folded into an array in location order: no query per doctor.
const selectDoctors = `
  select d.id as "_id", d.name, d.email, d.type, d.qualification,
         coalesce(
           (select json_agg(l.name order by l.display_order, l.name)
              from doctor_locations dl join locations l on l.id = dl.location_id
             where dl.doctor_id = d.id),
           '[]'::json
         ) as locations
    from doctors d`;

interface DoctorRow {
  _id: string;
  name: string;
  email: string;
  type: DoctorType;
  qualification: string;
  locations: string[];
}

const toDoctor = (row: DoctorRow): Doctor => ({
  _id: row._id,
  name: row.name,
  email: row.email,
  type: row.type,
  locations: row.locations,
  qualification: row.qualification,
});

export async function listDoctors(db: Queryable): Promise<Doctor[]> {
  const { rows } = await db.query<DoctorRow>(`${selectDoctors} order by d.display_order, d.name`);
  return rows.map(toDoctor);
}

/** `email` must already be lower case (emails are stored so). */
export async function findDoctorByEmail(db: Queryable, email: string): Promise<Doctor | null> {
  const { rows } = await db.query<DoctorRow>(`${selectDoctors} where d.email = $1`, [email]);
  return rows[0] ? toDoctor(rows[0]) : null;
}
