/**
 * POST /desk/appointments/{id}/check-in: a booked Clinic Visit of today arrives and joins its
 * doctor's queue with the next token (checks/checkInAllowed.ts says which may; the queue rule
 * checks/dueTime.ts where they stand). The appointment's row is locked first, so two desks
 * checking in the same patient at once are ordered: the second finds the first's entry (409
 * 'checkInTaken'), and the unique appointment of queue_entries stands behind it.
 */
import { clinicClock, fromMinutes } from '../../contract/clinicTime.js';
import type { QueueEntry } from '../../contract/desk.js';
import { isUniqueViolation } from '../db/database.js';
import { findStoredAppointment } from '../repositories/appointmentRecords.js';
import { ConflictError, NotFoundError } from '../services/errors.js';
import { sharedMessages } from '../services/messageCodes.js';
import type { Staff } from '../services/staff.js';
import { checkInAllowed } from './checks/checkInAllowed.js';
import { dueTime } from './checks/dueTime.js';
import { assertDesk, auditDesk, type DeskDeps } from './context.js';
import { deskMessages } from './messages.js';
import { enqueue, entryAnswer, tokenName } from './queue.js';
import { isQueued } from './queueRepository.js';

export async function checkIn(deps: DeskDeps, staff: Staff, appointmentId: string): Promise<{ entry: QueueEntry }> {
  assertDesk(staff);
  const at = deps.now();
  const { date: today, minutes } = clinicClock(at);
  const arrival = fromMinutes(minutes);
  let entry: { id: string; doctorId: string; day: string };
  try {
    entry = await deps.db.transaction(async (tx) => {
      const a = await findStoredAppointment(tx, appointmentId.toLowerCase(), true);
      if (!a) throw new NotFoundError(sharedMessages.appointmentNotFound);
      checkInAllowed(a, at);
      if (await isQueued(tx, a.record._id)) throw new ConflictError(deskMessages.checkInTaken);
      const due = dueTime({ walkIn: a.bookedVia === 'walkin', slotStart: a.record.startTime, arrival });
      const queued = await enqueue(tx, { doctorId: a.doctorId, locationId: a.locationId!, day: today, appointmentId: a.record._id, dueTime: due, checkedInBy: staff.user._id }, at);
      await auditDesk(tx, staff, { action: 'queue.checkin', appointmentId: a.record._id, details: { token: tokenName(queued.token), arrival, dueTime: due } }, at);
      return { id: queued.id, doctorId: a.doctorId, day: today };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'queue_entries_appointment_key')) throw new ConflictError(deskMessages.checkInTaken);
    throw error;
  }
  return entryAnswer(deps, staff, entry);
}
