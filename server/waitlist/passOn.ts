/**
 * Passing a freed slot on: in one transaction, under the doctor row's lock (as every slot claim
 * takes it), the slot's open offers are settled (paid: taken, and the entry is done; cancelled:
 * declined; lapsed, moved away: lapsed), its lapsed holds released, and if nobody holds it and it is
 * still one of the doctor's slots, not begun, the first waiting entry that fits (offers.ts
 * `candidates`) gets it: an unpaid hold in that patient's name, as a booking makes one
 * (repositories/bookings.ts insertAppointment, claimed under appointments_slot_key), held for
 * WAITLIST_OFFER_MINUTES (never past the slot's start), with its messages queued (notify.ts) and
 * the patient's open My appointments pages told (repository.ts announceWaitlist).
 *
 * Idempotent: run twice, or on two instances at once, it offers a slot once. A racing claim of the
 * same slot fails on appointments_slot_key (or waitlist_offers_open_slot_key) and is rolled back:
 * somebody holds the slot. A racing offer of the same entry (two slots freed at once) fails on
 * waitlist_offers_open_entry_key and runs again, for the next entry in line
 * (tests/server/waitlist.race.test.ts, two instances on PostgreSQL).
 */
import { emptyMedicines } from '../../contract/appointments.js';
import { clinicClock, clinicInstant } from '../../contract/clinicTime.js';
import { type Database, isUniqueViolation, type Queryable, sqlState } from '../db/database.js';
import type { JobEngine } from '../jobs/engine.js';
import type { TextChannel } from '../messaging/senders.js';
import { insertAppointment, lapseHolds, slotConstraint } from '../repositories/bookings.js';
import { findFeeOf } from '../repositories/fees.js';
import { appointmentNumberPrefix } from '../services/appointments.js';
import { type DayPlan, lockedDayPlan, scheduleOffers, unavailability } from '../services/schedule.js';
import { queueOfferMessages } from './notify.js';
import {
  type Candidate,
  candidates,
  followHold,
  insertOffer,
  markSlotDone,
  openEntryKey,
  openOffersOfSlot,
  openSlotKey,
  type QueuedSlot,
  readSlot,
  slotHeld,
} from './offers.js';
import { announceWaitlist, closeEntry, closeOffer } from './repository.js';
import type { SlotKey } from './slots.js';

/** An offer shorter than this is no use to anybody: a slot about to begin is left as it is. */
export const shortestOfferMinutes = 5;

export interface PassOnOptions {
  db: Database;
  now: () => Date;
  /** WAITLIST_OFFER_MINUTES. */
  offerMinutes: number;
  /** The engine the offer's messages are queued on (when it runs on this instance). */
  engine: () => JobEngine | null;
  /** The text channels this server can send an offer on. */
  offerChannels: readonly TextChannel[];
}

/**
 * What became of the slot: offered to an entry; taken (an offer of it was paid); held (somebody
 * holds it); unavailable (past, begun, or no longer one of the doctor's slots); nobody (no entry
 * fits); idle (not queued: passed on already); lost (another claim of the slot won the race, and
 * this one was rolled back); raced (every entry it tried was offered another slot meanwhile,
 * `maxAttempts` times: left queued for the next pass).
 */
export type PassOnOutcome = 'offered' | 'taken' | 'held' | 'unavailable' | 'nobody' | 'idle' | 'lost' | 'raced';

/** Passes run again at most this often when the entry they chose was offered another slot meanwhile. */
const maxAttempts = 10;

/** The slot's open offers settled; 'taken' or 'held' when one of them still has the slot. */
async function settleOffers(tx: Queryable, slot: SlotKey, at: Date): Promise<'taken' | 'held' | null> {
  for (const offer of await openOffersOfSlot(tx, slot, at)) {
    if (offer.booked && offer.paid) {
      await closeOffer(tx, offer.id, 'taken', at);
      await closeEntry(tx, offer.entryId, 'done', at);
      return 'taken';
    }
    if (offer.booked && offer.atSlot && offer.holdsLive) {
      if (offer.holdEnds) await followHold(tx, offer.id, offer.holdEnds, at);
      return 'held';
    }
    await closeOffer(tx, offer.id, offer.cancelled ? 'declined' : 'lapsed', at);
  }
  return null;
}

/** When an offer of the slot made at `at` ends; null when the slot cannot be offered (begun, about to, on leave, not a slot). */
function offerEnds(plan: DayPlan | null, slot: SlotKey, at: Date, offerMinutes: number): Date | null {
  if (!plan || unavailability(plan, slot.date, slot.startTime, at) !== null) return null;
  const starts = clinicInstant(slot.date, slot.startTime).getTime();
  if (starts - at.getTime() < shortestOfferMinutes * 60_000) return null;
  return new Date(Math.min(at.getTime() + offerMinutes * 60_000, starts));
}

/** The hold in the candidate's name, its offer, and its messages. */
async function offer(tx: Queryable, options: PassOnOptions, slot: QueuedSlot, c: Candidate, fee: number, ends: Date, at: Date): Promise<void> {
  const { entryId, userId, consultationType, ...details } = c;
  const appointmentId = await insertAppointment(
    tx,
    {
      ...details,
      familyMemberId: null,
      userId,
      doctorId: slot.doctorId,
      locationId: slot.locationId,
      date: slot.date,
      time: slot.startTime,
      consultationType,
      fee,
      medicines: emptyMedicines,
      holdExpiresAt: ends,
      numberPrefix: `${appointmentNumberPrefix}-${clinicClock(at).date.slice(2, 4)}-`,
    },
    at,
  );
  const offerId = await insertOffer(tx, { ...slot, entryId, appointmentId, expiresAt: ends }, at);
  await queueOfferMessages(tx, { id: offerId, userId }, options.offerChannels, options.engine(), at);
  await announceWaitlist(tx, userId);
}

/** The transaction: settle, release, and offer to the first entry that fits; the slot's row done with the outcome. */
async function passOnIn(tx: Queryable, options: PassOnOptions, slot: QueuedSlot, at: Date): Promise<PassOnOutcome> {
  const done = async (outcome: PassOnOutcome) => {
    await markSlotDone(tx, slot, outcome, at);
    return outcome;
  };
  const plan = await lockedDayPlan(tx, slot.doctorId, slot.locationName, slot.date, at);
  const settled = await settleOffers(tx, slot, at);
  if (settled) return done(settled);
  await lapseHolds(tx, { doctorId: slot.doctorId, date: slot.date, time: slot.startTime }, at);
  if (await slotHeld(tx, slot)) return done('held');
  const ends = offerEnds(plan, slot, at, options.offerMinutes);
  if (!plan || !ends) return done('unavailable');
  for (const c of await candidates(tx, slot, clinicClock(at).date)) {
    if (!scheduleOffers(plan, slot.startTime, c.consultationType)) continue;
    const fee = await findFeeOf(tx, c.consultationType);
    if (fee === null) continue;
    await offer(tx, options, slot, c, fee, ends, at);
    return done('offered');
  }
  return done('nobody');
}

/**
 * Passes the queued slot `key` on (see the module's comment); answers what became of it. Run by
 * the `waitlist.slot` job and the minutely sweep (jobs.ts).
 */
export async function passOn(options: PassOnOptions, key: SlotKey): Promise<PassOnOutcome> {
  const { db, now } = options;
  const slot = await readSlot(db, key);
  if (!slot?.queued) return 'idle';
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const at = now();
    try {
      return await db.transaction((tx) => passOnIn(tx, options, slot, at));
    } catch (error) {
      // Claimed meanwhile (a booking, another instance's offer of it): not free to offer.
      if (isUniqueViolation(error, [slotConstraint, openSlotKey])) {
        await markSlotDone(db, slot, 'held', at);
        return 'lost';
      }
      // The entry was offered another slot meanwhile, or two claims waited on each other (40P01):
      // again, and the next entry in line gets it.
      if (isUniqueViolation(error, openEntryKey) || sqlState(error) === '40P01') continue;
      throw error;
    }
  }
  return 'raced';
}
