/** SQL for the consultation fee list. */
import type { AppointmentFee } from '../../contract/site.js';
import type { ConsultationType } from '../../contract/primitives.js';
import type { Queryable } from '../db/database.js';

export async function listFees(db: Queryable): Promise<AppointmentFee[]> {
  const { rows } = await db.query<{ consultation_type: ConsultationType; fee: string }>(
    `select consultation_type, fee from appointment_fees
      order by array_position(array['Chat', 'Video', 'Call', 'Clinic Visit'], consultation_type)`,
  );
  // numeric arrives as a string ("500.00") from both drivers.
  return rows.map((r) => ({ consultationType: r.consultation_type, consultationFee: Number(r.fee) }));
}
