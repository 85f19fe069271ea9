/**
 * A freed slot, told to the waitlist: the one entry point for every change that frees a slot (a
 * patient's cancel, a move away, an admin's cancel or move, the desk's no-show, a declined or
 * left offer). It runs in the freeing transaction and writes the slot into `waitlist_slots`
 * (migration 034) when a waiting entry of that doctor covers its day, so the work commits with the
 * freeing or not at all, and survives a crash after that commit; on an instance whose job engine
 * runs, it also queues the `waitlist.slot` job in the same transaction, which passes it on at once.
 * Elsewhere the minutely sweep (server/waitlist/jobs.ts) finds the row. Never an in-process task.
 */
import type { Queryable } from '../db/database.js';
import type { JobEngine } from '../jobs/engine.js';

/** A doctor's slot as it was freed: `locationId` null for the doctor's online hours. Dates 'YYYY-MM-DD', times 'HH:mm'. */
export interface FreedSlot {
  doctorId: string;
  date: string;
  startTime: string;
  locationId: string | null;
}

export type SlotKey = Pick<FreedSlot, 'doctorId' | 'date' | 'startTime'>;

export const waitlistSlotQueue = 'waitlist.slot';

const clinicStart = `(($2::date + $3::time) at time zone 'Asia/Kolkata')`;

/**
 * In `tx`: the slot queued to pass on, if it has not begun at `at` and a waiting entry of its
 * doctor covers its day (otherwise nobody waits for it: nothing is written). A slot freed again
 * before it was passed on is queued again, with a new version. Answers whether it was queued.
 */
export async function recordFreedSlot(tx: Queryable, slot: FreedSlot, at: Date): Promise<boolean> {
  const { rows } = await tx.query(
    `insert into waitlist_slots (doctor_id, date, start_time, location_id, state, version, freed_at, updated_at)
     select $1, $2::date, $3::time, $4, 'queued', 1, $5, $5
      where ${clinicStart} > $5
        and exists (select 1 from waitlist_entries e
                     where e.doctor_id = $1 and e.status = 'waiting' and $2::date between e.from_date and e.to_date)
     on conflict (doctor_id, date, start_time) do update
        set location_id = excluded.location_id, state = 'queued', version = waitlist_slots.version + 1,
            freed_at = excluded.freed_at, updated_at = excluded.updated_at, note = ''
     returning doctor_id`,
    [slot.doctorId, slot.date, slot.startTime, slot.locationId, at],
  );
  return rows.length > 0;
}

/** What a service that frees a slot is given (services/index.ts): the freeing told to the waitlist, in its transaction. */
export interface WaitlistQueue {
  /** In `tx`: `slot` is free from this commit on (see the module's comment). */
  slotFreed(tx: Queryable, slot: FreedSlot, at: Date): Promise<boolean>;
  /** In `tx`: the slot appointment `id` holds now is freed (read from its row: call it before a move changes the row). */
  appointmentSlotFreed(tx: Queryable, id: string, at: Date): Promise<boolean>;
}

/** The slot an appointment is on now. */
export async function slotOfAppointment(q: Queryable, id: string): Promise<FreedSlot | null> {
  const { rows } = await q.query<{ doctor_id: string; date: string; start_time: string; location_id: string | null }>(
    `select doctor_id, to_char(date, 'YYYY-MM-DD') as date, to_char(start_time, 'HH24:MI') as start_time, location_id
       from appointments where id = $1`,
    [id],
  );
  const r = rows[0];
  return r ? { doctorId: r.doctor_id, date: r.date, startTime: r.start_time, locationId: r.location_id } : null;
}

/**
 * The queue over the app's job engine: the slot's row always, and its job when the engine runs
 * on this instance (started: sending inside the transaction never has to start it, which on
 * PGlite would wait for that very transaction). `engine` null (the CLI, services built alone):
 * the row only.
 */
export function createWaitlistQueue(engine: JobEngine | null): WaitlistQueue {
  async function slotFreed(tx: Queryable, slot: FreedSlot, at: Date): Promise<boolean> {
    const queued = await recordFreedSlot(tx, slot, at);
    if (queued && engine?.running()) {
      await engine.send(waitlistSlotQueue, { doctorId: slot.doctorId, date: slot.date, startTime: slot.startTime }, { tx });
    }
    return queued;
  }
  return {
    slotFreed,
    async appointmentSlotFreed(tx, id, at) {
      const slot = await slotOfAppointment(tx, id);
      return slot ? slotFreed(tx, slot, at) : false;
    },
  };
}
