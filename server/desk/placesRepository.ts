/** SQL for what the desk's requests name by id: a doctor (their email and slot length) and a location (its name). */
import type { Queryable } from '../db/database.js';

export interface DeskPlace {
  /** null: no such doctor. */
  doctor: { email: string; slotMinutes: number } | null;
  /** The location's name; null: none asked (online hours); undefined: no such location. */
  location: string | null | undefined;
}

export async function findPlace(q: Queryable, doctorId: string, locationId: string | null): Promise<DeskPlace> {
  const { rows } = await q.query<{ email: string | null; slot_minutes: number | null; location: string | null; location_known: boolean }>(
    `select (select d.email from doctors d where d.id = $1::uuid) as email,
            (select d.slot_minutes from doctors d where d.id = $1::uuid) as slot_minutes,
            (select l.name from locations l where l.id = $2::uuid) as location,
            $2::uuid is null or exists (select 1 from locations l where l.id = $2::uuid) as location_known`,
    [doctorId, locationId],
  );
  const r = rows[0]!;
  return {
    doctor: r.email === null ? null : { email: r.email, slotMinutes: r.slot_minutes! },
    location: locationId === null ? null : r.location_known ? r.location : undefined,
  };
}
