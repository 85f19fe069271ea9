/**
 * The doctors' queues of the day: joining one (check-in, walk-in: `enqueue`), reading one, and its
 * moves (call next, done, no-show, back). The order of the line is THE QUEUE RULE
 * (checks/dueTime.ts); every change is announced on queue_changed in its transaction
 * (queueRepository.ts `announce`) and audited (queue.checkin, queue.walkin, queue.called,
 * queue.done, queue.noshow, queue.back).
 *
 * - Call next: the first of the line to the room; 409 'queueBusy' while somebody is in the room
 *   (called), 409 'queueEmpty' when nobody waits. Two calls at once: the one-called index lets one
 *   win, the other is 'queueBusy'.
 * - Done: the one in the room was seen. Back: the one in the room goes back to the line, at the
 *   place its due time gives it. No-show (checks/moveAllowed.ts from where): the appointment is
 *   recorded as Missed at once, whether or not its slot has ended, and the clinic's policy
 *   (clinic_policy.keep_no_show_fee) keeps a paid fee or flags it for refund.
 * - A doctor works their own queue only; another doctor's (and an unknown id) is 404.
 */
import { clinicClock } from '../../contract/clinicTime.js';
import type { CallNextRequest, QueueAnswer, QueueEntry, QueueMove, QueueQuery } from '../../contract/desk.js';
import type { ClinicDate, ClinicTime } from '../../contract/primitives.js';
import { isUniqueViolation, type Queryable } from '../db/database.js';
import { findStoredAppointment } from '../repositories/appointmentRecords.js';
import { markMissed } from '../repositories/appointmentStatus.js';
import { flagPaymentRefund } from '../repositories/payments.js';
import { statusAt } from '../services/appointments.js';
import { ConflictError, NotFoundError } from '../services/errors.js';
import type { Staff } from '../services/staff.js';
import { moveAllowed } from './checks/moveAllowed.js';
import { assertQueue, auditDesk, type DeskDeps, readable } from './context.js';
import { deskMessages } from './messages.js';
import { findPlace } from './placesRepository.js';
import {
  announce,
  callFirst,
  findEntry,
  hasCalled,
  insertEntry,
  keepsNoShowFee,
  listQueue,
  moveEntry,
  type NewEntry,
  type QueuedAppointment,
  type StoredEntry,
  takeToken,
} from './queueRepository.js';

/** "T7": how the display and the desk name a token. */
export const tokenName = (token: number): string => `T${token}`;

/** In `tx`: the appointment joins its doctor's queue of the day with the next token; announced. Answers the entry's id. */
export async function enqueue(tx: Queryable, entry: Omit<NewEntry, 'token'>, at: Date): Promise<{ id: string; token: number }> {
  const token = await takeToken(tx, entry.doctorId, entry.day);
  const id = await insertEntry(tx, { ...entry, token }, at);
  await announce(tx, entry.locationId, entry.doctorId);
  return { id, token };
}

/** The queue's entries as the caller reads them, each waiting one with its place in the line. */
function toEntries(staff: Staff, queue: readonly QueuedAppointment[], at: Date): QueueEntry[] {
  let place = 0;
  return queue.map((e) => ({
    _id: e.id,
    token: tokenName(e.token),
    status: e.status,
    kind: e.walkIn ? 'walkin' : 'booked',
    dueTime: e.dueTime as ClinicTime,
    room: e.room,
    checkedInAt: e.checkedInAt.toISOString(),
    calledAt: e.calledAt === null ? null : e.calledAt.toISOString(),
    place: e.status === 'waiting' ? ++place : null,
    appointment: readable(staff, e.appointment, at),
  }));
}

/** One entry as it stands now in its queue (its place among those waiting). */
export async function entryAnswer(deps: DeskDeps, staff: Staff, entry: { id: string; doctorId: string; day: string }): Promise<{ entry: QueueEntry }> {
  const at = deps.now();
  const found = toEntries(staff, await listQueue(deps.db, entry.doctorId, entry.day, null), at).find((e) => e._id === entry.id);
  return { entry: found! };
}

/** GET /desk/queue: a doctor's queue of a day (today by default), at one location or every one. */
export async function readQueue(deps: DeskDeps, staff: Staff, query: QueueQuery): Promise<QueueAnswer> {
  const doctorId = query.doctorId.toLowerCase();
  assertQueue(staff, doctorId);
  const { doctor } = await findPlace(deps.db, doctorId, null);
  if (!doctor) throw new NotFoundError(deskMessages.notFound);
  const at = deps.now();
  const date = (query.date ?? clinicClock(at).date) as ClinicDate;
  const queue = await listQueue(deps.db, doctorId, date, query.locationId?.toLowerCase() ?? null);
  return { doctorId, date, entries: toEntries(staff, queue, at), minutesPerPatient: doctor.slotMinutes };
}

/**
 * GET /desk/queue/stream: the doctor's queue of today for a stream, once the caller may work it
 * (404 as readQueue): `load` reads the line (staff-blind, so one read serves every stream on the
 * doctor: the hub's `q:` feed), `view` makes this caller's answer of it, as GET /desk/queue.
 */
export async function queueLine(deps: DeskDeps, staff: Staff, rawDoctorId: string) {
  const doctorId = rawDoctorId.toLowerCase();
  assertQueue(staff, doctorId);
  const { doctor } = await findPlace(deps.db, doctorId, null);
  if (!doctor) throw new NotFoundError(deskMessages.notFound);
  return {
    doctorId,
    load: async (): Promise<{ date: ClinicDate; queue: QueuedAppointment[] }> => {
      const date = clinicClock(deps.now()).date as ClinicDate;
      return { date, queue: await listQueue(deps.db, doctorId, date, null) };
    },
    view: (line: { date: ClinicDate; queue: readonly QueuedAppointment[] }): QueueAnswer => ({
      doctorId,
      date: line.date,
      entries: toEntries(staff, line.queue, deps.now()),
      minutesPerPatient: doctor.slotMinutes,
    }),
  };
}
export type QueueLine = Awaited<ReturnType<typeof queueLine>>;

/** POST /desk/queue/call-next: the first of today's line to `room` (the rules above). */
export async function callNext(deps: DeskDeps, staff: Staff, request: CallNextRequest): Promise<{ entry: QueueEntry }> {
  const doctorId = request.doctorId.toLowerCase();
  assertQueue(staff, doctorId);
  const at = deps.now();
  const day = clinicClock(at).date;
  let called: StoredEntry;
  try {
    called = await deps.db.transaction(async (tx) => {
      if (await hasCalled(tx, doctorId, day)) throw new ConflictError(deskMessages.queueBusy);
      const id = await callFirst(tx, doctorId, day, request.room.trim(), at);
      if (id === null) throw new ConflictError(deskMessages.queueEmpty);
      const entry = (await findEntry(tx, id))!;
      await announce(tx, entry.locationId, doctorId);
      await auditDesk(tx, staff, { action: 'queue.called', appointmentId: entry.appointmentId, details: { token: tokenName(entry.token), room: entry.room } }, at);
      return entry;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'queue_entries_one_called_key')) throw new ConflictError(deskMessages.queueBusy);
    throw error;
  }
  return entryAnswer(deps, staff, called);
}

/** A no-show's appointment: Missed now, and a paid fee kept or flagged for refund by the clinic's policy. Answers what became of the fee. */
async function recordNoShow(deps: DeskDeps, tx: Queryable, appointmentId: string, at: Date): Promise<{ before: string; fee: 'kept' | 'refund' | 'unpaid' }> {
  const a = (await findStoredAppointment(tx, appointmentId, true))!;
  const before = statusAt(a, at);
  if (before === 'Completed' || before === 'Cancelled') throw new ConflictError(deskMessages.queueMoveRefused);
  await markMissed(tx, appointmentId, at);
  if (a.record.appointmentPaymentStatus !== 'paid') return { before, fee: 'unpaid' };
  if (await keepsNoShowFee(tx)) return { before, fee: 'kept' };
  // Flagged for refund, its slot no longer held (as a payment the clinic owes back); the waitlist
  // is told first, while the row still names its slot (a slot already begun is offered to nobody).
  await deps.waitlist.appointmentSlotFreed(tx, appointmentId, at);
  await tx.query(`update appointments set payment_status = 'refund', holds_slot = false, updated_at = $2 where id = $1 and payment_status = 'paid'`, [appointmentId, at]);
  if (a.record.appointmentPaymentId !== null) await flagPaymentRefund(tx, a.record.appointmentPaymentId, at);
  return { before, fee: 'refund' };
}

const nextStatus = { done: 'done', back: 'waiting', noshow: 'noshow' } as const;

/** POST /desk/queue/{id}/{move}: done, noshow or back (the rules above). */
export async function moveQueueEntry(deps: DeskDeps, staff: Staff, id: string, move: QueueMove): Promise<{ entry: QueueEntry }> {
  const at = deps.now();
  const entry = await deps.db.transaction(async (tx) => {
    const found = await findEntry(tx, id.toLowerCase(), true);
    if (!found) throw new NotFoundError(deskMessages.notFound);
    assertQueue(staff, found.doctorId);
    moveAllowed(found.status, move);
    const outcome = move === 'noshow' ? await recordNoShow(deps, tx, found.appointmentId, at) : null;
    await moveEntry(tx, found.id, nextStatus[move], at);
    await announce(tx, found.locationId, found.doctorId);
    const details = { token: tokenName(found.token), before: { queue: found.status }, after: { queue: nextStatus[move] } };
    await auditDesk(
      tx,
      staff,
      {
        action: `queue.${move}`,
        appointmentId: found.appointmentId,
        details: outcome ? { ...details, appointment: { before: outcome.before, after: 'Missed' }, fee: outcome.fee } : details,
      },
      at,
    );
    return found;
  });
  return entryAnswer(deps, staff, entry);
}
