/**
 * The waitlist as the desk reads it (GET /desk/waitlist): who waits for which doctor, type, clinic
 * and days, and the slot out to each with the time its hold lapses. Read only: the patient joins,
 * leaves, takes and declines (server/waitlist/), the desk answers the phone about it. Reception and
 * admins only; a doctor gets 404, as for the desk's other parts.
 */
import { clinicClock } from '../../contract/clinicTime.js';
import { type DeskWaitlist, deskWaitlistLimit } from '../../contract/desk.js';
import type { Staff } from '../services/staff.js';
import { deskEntries } from '../waitlist/repository.js';
import { assertDesk, type DeskDeps } from './context.js';

export async function deskWaitlist(deps: DeskDeps, staff: Staff): Promise<DeskWaitlist> {
  assertDesk(staff);
  const at = deps.now();
  const rows = await deskEntries(deps.db, clinicClock(at).date, at, deskWaitlistLimit + 1);
  return { entries: rows.slice(0, deskWaitlistLimit), more: rows.length > deskWaitlistLimit };
}
