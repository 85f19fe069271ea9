/**
 * The patient's waitlist (routes.ts): join, list, leave, decline an offered slot. Only the
 * account's own entries: somebody else's, or one that is over, answers 404 'Waitlist entry not
 * found.', as one that does not exist. Passing freed slots on is the background work's (jobs.ts).
 *
 * Locks, in the order passing a slot on takes them (passOn.ts): an entry's open offer, then the
 * entry, then the offered appointment, then the freed slot's row; so a decline and a pass-on of the
 * same slot wait for each other instead of deadlocking.
 */
import type { MessageAnswer, User } from '../../contract/auth.js';
import { clinicClock } from '../../contract/clinicTime.js';
import { waitlistMaxDays, type WaitlistEntry, type WaitlistJoinRequest, type WaitlistList } from '../../contract/waitlist.js';
import { sessionCaller } from '../access/caller.js';
import { assertOwnsWaitlistEntry } from '../access/rules.js';
import type { Database, Queryable } from '../db/database.js';
import { findStoredAppointment, type StoredAppointment } from '../repositories/appointmentRecords.js';
import { cancelAppointment } from '../repositories/appointmentStatus.js';
import { findDoctorByEmail } from '../repositories/doctors.js';
import { auditPatientCancel } from '../services/booking/cancel.js';
import { consentGiven } from '../services/booking/checks/consentGiven.js';
import { ConflictError } from '../services/errors.js';
import type { ScheduleService } from '../services/schedule.js';
import { waitlistMessages } from './refusals.js';
import {
  closeEntry,
  closeOffer,
  findEntry,
  findEntryView,
  findOpenOffer,
  insertEntry,
  listLiveEntries,
  liveEntriesOf,
  lockPatient,
  type OpenOffer,
} from './repository.js';
import { doctorFits, noOverlap, profileComplete, rangeFits, withinEntryLimit } from './rules.js';
import type { WaitlistQueue } from './slots.js';

export interface WaitlistServiceDeps {
  db: Database;
  now: () => Date;
  /** The booking horizon (BOOKING_HORIZON_DAYS) an entry's days stay within. */
  schedule: Pick<ScheduleService, 'horizonDays' | 'lastBookableDate'>;
  /** Where a released offer's slot is passed on (slots.ts). */
  queue: WaitlistQueue;
}

/** The caller's live entry, read (and `forUpdate` locked) through `q`; 404 otherwise. */
async function ownEntry(q: Queryable, user: User, id: string, at: Date, forUpdate = false) {
  return assertOwnsWaitlistEntry(sessionCaller(user), await findEntry(q, id, clinicClock(at).date, forUpdate), waitlistMessages.notFound);
}

/** The entry as its patient reads it now. */
async function viewOf(db: Database, id: string, at: Date): Promise<WaitlistEntry> {
  const view = await findEntryView(db, id, clinicClock(at).date, at);
  if (!view) throw new ConflictError(waitlistMessages.noOffer);
  return view;
}

/** POST /waitlist: the join rules (rules.ts), then, under the patient's lock, the overlap and the limit, and the entry. */
async function join({ db, now, schedule }: WaitlistServiceDeps, user: User, request: WaitlistJoinRequest): Promise<WaitlistEntry> {
  const at = now();
  const today = clinicClock(at).date;
  rangeFits(request, at, schedule.horizonDays);
  const doctor = await findDoctorByEmail(db, request.doctorEmail.toLowerCase());
  const locationName = doctorFits(doctor, request);
  profileComplete(user);
  const consentText = consentGiven(request.consultationType, request.consentText);
  const { fromDate, toDate, consultationType } = request;
  const id = await db.transaction(async (tx) => {
    await lockPatient(tx, user._id);
    const live = await liveEntriesOf(tx, user._id, { doctorId: doctor!._id, from: fromDate, to: toDate, today });
    noOverlap(live.overlapping);
    withinEntryLimit(live.count);
    return insertEntry(tx, { userId: user._id, doctorId: doctor!._id, locationName, consultationType, fromDate, toDate, consentText }, at);
  });
  return viewOf(db, id, at);
}

/** The audit row of a hold cancelled because its offer was given back, in that transaction. */
export type AuditHoldCancel = (tx: Queryable, hold: StoredAppointment) => Promise<void>;

/**
 * In the caller's transaction: an open offer given back. Its hold, while unpaid, is cancelled
 * (audited by `audit`: the patient's cancel, or the desk's) and its slot passed on; the offer is
 * declined. A hold paid meanwhile is the patient's booking: nothing is released (false).
 */
export async function releaseOffer(tx: Queryable, queue: WaitlistQueue, audit: AuditHoldCancel, offer: OpenOffer, at: Date): Promise<boolean> {
  const a = await findStoredAppointment(tx, offer.appointmentId, true);
  const paid = a?.record.appointmentPaymentStatus === 'paid' || a?.record.appointmentPaymentStatus === 'due';
  if (a && a.record.appointmentStatus === 'Booked' && paid) return false;
  if (a && a.record.appointmentStatus === 'Booked') {
    await queue.appointmentSlotFreed(tx, a.record._id, at);
    await cancelAppointment(tx, a.record._id, at);
    await audit(tx, a);
  }
  await closeOffer(tx, offer.id, 'declined', at);
  return true;
}

/** The patient's own cancel of a hold they gave back. */
const patientAudit =
  (user: User, at: Date): AuditHoldCancel =>
  (tx, hold) =>
    auditPatientCancel(tx, user, hold, at, { waitlist: 'declined' });

/** DELETE /waitlist/{id}: the entry left; its open offer, if any, given back. */
async function leave({ db, now, queue }: WaitlistServiceDeps, user: User, id: string): Promise<MessageAnswer> {
  const at = now();
  await ownEntry(db, user, id, at);
  await db.transaction(async (tx) => {
    const offer = await findOpenOffer(tx, id, true);
    await ownEntry(tx, user, id, at, true);
    if (offer) await releaseOffer(tx, queue, patientAudit(user, at), offer, at);
    await closeEntry(tx, id, 'left', at);
  });
  return { message: waitlistMessages.left };
}

/** POST /waitlist/{id}/decline: the offered slot given back; the entry keeps waiting. 409 when no slot is offered now. */
async function decline({ db, now, queue }: WaitlistServiceDeps, user: User, id: string): Promise<WaitlistEntry> {
  const at = now();
  await ownEntry(db, user, id, at);
  await db.transaction(async (tx) => {
    const offer = await findOpenOffer(tx, id, true);
    await ownEntry(tx, user, id, at, true);
    if (!offer || !(await releaseOffer(tx, queue, patientAudit(user, at), offer, at))) throw new ConflictError(waitlistMessages.noOffer);
  });
  return viewOf(db, id, at);
}

export function createWaitlistService(deps: WaitlistServiceDeps) {
  return {
    /** GET /waitlist: the caller's live entries, oldest first. */
    async list(user: User): Promise<WaitlistList> {
      const at = deps.now();
      const entries = await listLiveEntries(deps.db, user._id, clinicClock(at).date, at);
      return { entries, maxDays: waitlistMaxDays, lastDate: deps.schedule.lastBookableDate() };
    },
    join: (user: User, request: WaitlistJoinRequest) => join(deps, user, request),
    leave: (user: User, id: string) => leave(deps, user, id),
    decline: (user: User, id: string) => decline(deps, user, id),
  };
}
export type WaitlistService = ReturnType<typeof createWaitlistService>;
