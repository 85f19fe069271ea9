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

/** The fee of one type in rupees, or null when it has none; `forUpdate` locks its row. */
export async function findFeeOf(q: Queryable, type: ConsultationType, forUpdate = false): Promise<number | null> {
  const { rows } = await q.query<{ fee: string }>(
    `select fee from appointment_fees where consultation_type = $1${forUpdate ? ' for update' : ''}`,
    [type],
  );
  return rows[0] ? Number(rows[0].fee) : null;
}

/** Sets (or adds) the fee of a consultation type. */
export async function setFee(tx: Queryable, type: ConsultationType, fee: number, now: Date): Promise<void> {
  await tx.query(
    `insert into appointment_fees (consultation_type, fee, updated_at) values ($1, $2, $3)
     on conflict (consultation_type) do update set fee = excluded.fee, updated_at = excluded.updated_at`,
    [type, fee, now],
  );
}
