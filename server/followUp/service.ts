/**
 * The patient's follow-up (routes.ts): the offer, Book all, cancel all, the series' .ics. Only
 * the caller's own completed appointment whose prescription asks for a dated follow-up; any other
 * is 404 'Follow-up not found.', as one that does not exist.
 *
 * Book all books the series in one transaction, each occurrence its own unpaid appointment on
 * its own slot (the slot index keeps every slot single, whoever else books it at once), holding
 * it until a day before it (rules.ts seriesHoldExpiry): the patient pays each from My
 * Appointments through the existing payment. One slot lost to somebody else books nothing (409).
 * The follow-up's row is locked first, so the same patient's two Book-all book one series.
 */
import { clinicalOf } from '../../contract/appointments.js';
import type { User } from '../../contract/auth.js';
import { clinicClock } from '../../contract/clinicTime.js';
import type { FollowUpBookRequest, FollowUpOccurrence, FollowUpOffer, FollowUpSlot } from '../../contract/followUps.js';
import type { ClinicDate, ClinicTime } from '../../contract/primitives.js';
import { sessionCaller } from '../access/caller.js';
import { assertOwnsAppointment } from '../access/rules.js';
import { appointmentEvent, appointmentFileName } from '../calendar/appointment.js';
import { calendarContentType, icsCalendarOf } from '../calendar/ics.js';
import type { Database, Queryable } from '../db/database.js';
import { findStoredAppointment, type StoredAppointment } from '../repositories/appointmentRecords.js';
import { cancelAppointment } from '../repositories/appointmentStatus.js';
import { insertAppointment, lapseHolds } from '../repositories/bookings.js';
import { completedAt } from '../repositories/chat.js';
import { findFeeOf } from '../repositories/fees.js';
import { findLanguage } from '../repositories/users.js';
import { appointmentNumberPrefix } from '../services/appointments.js';
import { auditPatientCancel } from '../services/booking/cancel.js';
import { consentGiven } from '../services/booking/checks/consentGiven.js';
import { dateNotPast } from '../services/booking/checks/dateNotPast.js';
import { feeExists } from '../services/booking/checks/feeExists.js';
import { type BookingFields, checkDayPlan } from '../services/booking/dayPlan.js';
import { isSlotViolation } from '../services/booking/slotIndex.js';
import { statusAt } from '../services/booking/status.js';
import { badField, ConflictError, NotFoundError } from '../services/errors.js';
import { lockedDayPlan, type ScheduleService } from '../services/schedule.js';
import type { WaitlistQueue } from '../waitlist/slots.js';
import { followUpMessages } from './messages.js';
import { slotReader } from './propose.js';
import { bookedVisits, type BookedVisit, forgetVisits, hasLiveVisit, insertVisit, lockFollowUp, nextVisit } from './repository.js';
import { type DatedFollowUp, dueDateOf, seriesHoldExpiry, wantedSlots } from './rules.js';

export interface FollowUpServiceDeps {
  db: Database;
  now: () => Date;
  schedule: Pick<ScheduleService, 'timeSlots' | 'dayPlan' | 'lastBookableDate' | 'checkHorizon'>;
  /** HOLD_MINUTES: the least an occurrence's unpaid hold lasts. */
  holdMinutes: number;
  /** Where a cancelled occurrence's slot is passed on. */
  waitlist: WaitlistQueue;
  publicUrl: string;
}

/** How many of the soonest slots the single follow-up offers. */
export const offeredSlots = 8;

/** Book all's names, every slot refusal on its `occurrences`. */
const fields: BookingFields = {
  location: 'occurrences',
  date: 'occurrences',
  time: 'occurrences',
  onlineOnly: { field: 'occurrences', message: 'must be Chat, Video or Call for this doctor' },
  noDoctor: () => new NotFoundError(followUpMessages.notFound),
};

interface Source {
  stored: StoredAppointment;
  followUp: DatedFollowUp;
  dueDate: string;
  /** null: the doctor's online hours. */
  location: string | null;
}

/** The appointment's first follow-up due date: its completion's clinic date + every x unit. */
export async function followUpDueDate(q: Queryable, stored: StoredAppointment, followUp: DatedFollowUp): Promise<string> {
  const done = (await completedAt(q, stored.record._id)) ?? new Date(stored.record.createdAt);
  return dueDateOf(followUp, done);
}

/** A completed appointment's dated follow-up, whoever reads it; null when it has none. */
async function sourceOf(q: Queryable, stored: StoredAppointment, at: Date): Promise<Source | null> {
  const followUp = clinicalOf(stored.record.medicines).followUp;
  if (statusAt(stored, at) !== 'Completed' || followUp === null || followUp.kind !== 'after') return null;
  return { stored, followUp, dueDate: await followUpDueDate(q, stored, followUp), location: stored.record.location === '' ? null : stored.record.location };
}

/** The caller's completed appointment with a dated follow-up, read through `q`; 404 otherwise. */
async function ownSource(q: Queryable, user: User, id: string, at: Date): Promise<Source> {
  const stored = assertOwnsAppointment(sessionCaller(user), await findStoredAppointment(q, id), followUpMessages.notFound);
  const source = await sourceOf(q, stored, at);
  if (source === null) throw new NotFoundError(followUpMessages.notFound);
  return source;
}

const readerOf = ({ schedule }: FollowUpServiceDeps, source: Source, at: Date) =>
  slotReader(schedule, { doctorEmail: source.stored.record.doctorEmail, location: source.location }, at);

const slotOf = (date: string, startTime: string): FollowUpSlot => ({ date: date as ClinicDate, startTime: startTime as ClinicTime });
const live = (v: BookedVisit) => v.status !== 'Cancelled';

/**
 * The follow-up's visits: the series Book all booked, or, when none of it is live, the single
 * follow-up's visit booked the ordinary way (repository.ts nextVisit: the next visit with the doctor).
 */
async function visitsOf(q: Queryable, source: Source, at: Date): Promise<BookedVisit[]> {
  const series = await bookedVisits(q, source.stored.record._id);
  const next = series.some(live) ? null : await nextVisit(q, source.stored.record._id, at);
  return next ? [next] : series;
}

/** The offer as the patient reads it now: the booked series, or the series proposed. */
async function offerOf(deps: FollowUpServiceDeps, source: Source, at: Date): Promise<FollowUpOffer> {
  const { db } = deps;
  const { stored, followUp, dueDate } = source;
  const record = stored.record;
  const wanted = wantedSlots(followUp, dueDate, record.startTime);
  const visits = await visitsOf(db, source, at);
  const booked = visits.some(live);
  const reader = readerOf(deps, source, at);
  const occurrences: FollowUpOccurrence[] = [];
  if (booked) {
    for (const v of visits) {
      const w = wanted[v.occurrence - 1] ?? v;
      occurrences.push({
        index: v.occurrence,
        wanted: slotOf(w.date, w.startTime),
        clash: null,
        proposed: null,
        booked: {
          appointmentId: v.appointmentId,
          appointmentNumber: v.appointmentNumber,
          date: v.date as ClinicDate,
          startTime: v.startTime as ClinicTime,
          status: statusAt({ record: { appointmentStatus: v.status as 'Booked', date: v.date as ClinicDate, startTime: v.startTime as ClinicTime }, slotMinutes: stored.slotMinutes }, at),
          paymentStatus: v.paymentStatus,
        },
      });
    }
  } else {
    // Each occurrence at its wanted time when free; otherwise the clash is said and the nearest free slot proposed.
    const taken: FollowUpSlot[] = [];
    for (const [k, w] of wanted.entries()) {
      const clash = await reader.clashOf(w, taken);
      const proposed = clash === null ? slotOf(w.date, w.startTime) : await reader.nearestFree(w, taken);
      if (proposed) taken.push(proposed);
      occurrences.push({ index: k + 1, wanted: slotOf(w.date, w.startTime), clash, proposed, booked: null });
    }
  }
  return {
    appointmentId: record._id,
    doctorEmail: record.doctorEmail,
    doctorName: record.doctorName,
    location: record.location,
    consultationType: record.consultationType,
    dueDate: dueDate as ClinicDate,
    every: followUp.every,
    unit: followUp.unit,
    times: followUp.times,
    state: booked ? 'booked' : 'open',
    slots: booked ? [] : await reader.soonestAround(dueDate, offeredSlots),
    occurrences,
    fee: feeExists(await findFeeOf(db, record.consultationType)),
  };
}

/** Book all's checks before the transaction: one slot per visit, in order, none past or beyond the horizon. */
function checkSeries({ schedule }: FollowUpServiceDeps, source: Source, body: FollowUpBookRequest, at: Date): void {
  const slots = body.occurrences;
  if (slots.length !== source.followUp.times) throw badField('occurrences', `must be ${source.followUp.times} slots`, followUpMessages.wrongCount);
  for (const [k, s] of slots.entries()) {
    dateNotPast(s.date, 'occurrences', at);
    schedule.checkHorizon(s.date, 'occurrences', at);
    const before = slots[k - 1];
    if (before && `${before.date} ${before.startTime}` >= `${s.date} ${s.startTime}`) {
      throw badField('occurrences', 'must be in order, each after the one before', followUpMessages.badSlot);
    }
  }
}

/** POST /followup/{id}/book: the series in one transaction, each visit its own unpaid appointment holding its slot. */
async function bookSeries(deps: FollowUpServiceDeps, user: User, id: string, body: FollowUpBookRequest): Promise<FollowUpOffer> {
  const { db, now } = deps;
  const at = now();
  const source = await ownSource(db, user, id, at);
  const { stored } = source;
  const record = stored.record;
  checkSeries(deps, source, body, at);
  const consentText = consentGiven(record.consultationType, body.consentText);
  const fee = feeExists(await findFeeOf(db, record.consultationType));
  const numberPrefix = `${appointmentNumberPrefix}-${clinicClock(at).date.slice(2, 4)}-`;
  try {
    await db.transaction(async (tx) => {
      await lockFollowUp(tx, record._id, at);
      if (await hasLiveVisit(tx, record._id, at)) throw new ConflictError(followUpMessages.alreadyBooked);
      if ((await bookedVisits(tx, record._id)).length > 0) await forgetVisits(tx, record._id);
      for (const [k, s] of body.occurrences.entries()) {
        const want = { date: s.date, time: s.startTime, consultationType: record.consultationType };
        // The schedule under the doctor row's lock, as a single booking checks it.
        const { doctorId, locationId } = checkDayPlan(await lockedDayPlan(tx, stored.doctorId, source.location, s.date, at), want, at, fields);
        const slot = { doctorId, date: s.date, time: s.startTime };
        await lapseHolds(tx, slot, at);
        const appointmentId = await insertAppointment(
          tx,
          {
            firstName: record.firstName,
            lastName: record.lastName,
            email: user.email ?? '',
            phoneNumber: record.phoneNumber,
            age: record.age,
            gender: record.gender,
            familyMemberId: record.familyMemberId ?? null,
            consentText,
            consentAt: consentText === null ? null : at,
            userId: user._id,
            ...slot,
            locationId,
            consultationType: record.consultationType,
            fee,
            medicines: { complain: '', remedies: [], potency: '', duration: '', pharmacyName: '', pharmacyId: '', instructions: '', showMedicine: false },
            holdExpiresAt: seriesHoldExpiry(s, at, deps.holdMinutes),
            numberPrefix,
          },
          at,
        );
        await insertVisit(tx, record._id, k + 1, appointmentId);
      }
    });
  } catch (error) {
    if (isSlotViolation(error)) throw new ConflictError(followUpMessages.slotTaken);
    throw error;
  }
  return offerOf(deps, source, now());
}

/**
 * Every remaining occurrence of the series (Booked, not begun) cancelled as the patient's own cancel
 * would, in one transaction. A single follow-up's visit booked the ordinary way is not the
 * series': it is left to the patient's own cancel, and the offer answers unchanged.
 */
async function cancelAll(deps: FollowUpServiceDeps, user: User, id: string): Promise<FollowUpOffer> {
  const { db, now } = deps;
  const at = now();
  const source = await ownSource(db, user, id, at);
  await db.transaction(async (tx) => {
    await lockFollowUp(tx, source.stored.record._id, at);
    for (const v of await bookedVisits(tx, source.stored.record._id)) {
      const a = await findStoredAppointment(tx, v.appointmentId, true);
      if (!a || a.userId !== user._id || statusAt(a, at) !== 'Booked') continue;
      if (a.holdsSlot) await deps.waitlist.appointmentSlotFreed(tx, a.record._id, at);
      await cancelAppointment(tx, a.record._id, at);
      await auditPatientCancel(tx, user, a, at, { followUpOf: source.stored.record._id });
    }
  });
  return offerOf(deps, source, now());
}

/** Every booked occurrence (not cancelled), or the single follow-up's visit, in one .ics; 409 when none is. */
async function calendar(deps: FollowUpServiceDeps, user: User, id: string): Promise<{ fileName: string; contentType: string; body: string }> {
  const { db, now } = deps;
  const at = now();
  const source = await ownSource(db, user, id, at);
  const language = (await findLanguage(db, user._id)) ?? 'en';
  const events = [];
  for (const v of (await visitsOf(db, source, at)).filter(live)) {
    const a = await findStoredAppointment(db, v.appointmentId);
    if (a) events.push(appointmentEvent(a.record, { slotMinutes: a.slotMinutes, publicUrl: deps.publicUrl, stamp: at, language }));
  }
  if (events.length === 0) throw new ConflictError(followUpMessages.nothingBooked);
  return {
    fileName: appointmentFileName({ appointmentId: `follow-up-${source.stored.record.appointmentId}` }),
    contentType: calendarContentType,
    body: icsCalendarOf(events),
  };
}

/** A follow-up's soonest free slots as the system reads them (no caller): the completion mail's. */
export interface SoonestFollowUp {
  dueDate: ClinicDate;
  /** The series is booked already: no slots then. */
  booked: boolean;
  slots: FollowUpSlot[];
}

export function createFollowUpService(deps: FollowUpServiceDeps) {
  return {
    /**
     * The soonest free slots around a completed appointment's follow-up, the same the offer lists
     * (at most `count`), for the system's own use; null without a dated follow-up.
     */
    async soonestFor(appointmentId: string, count: number): Promise<SoonestFollowUp | null> {
      const at = deps.now();
      const stored = await findStoredAppointment(deps.db, appointmentId);
      const source = stored && (await sourceOf(deps.db, stored, at));
      if (!source) return null;
      // Booked as the offer and the reminder say it (a live series visit, or a single one's next visit).
      const booked = await hasLiveVisit(deps.db, appointmentId, at);
      const slots = booked ? [] : await readerOf(deps, source, at).soonestAround(source.dueDate, count);
      return { dueDate: source.dueDate as ClinicDate, booked, slots };
    },
    /** GET /followup/{id}: the offer, or the booked series. */
    async offer(user: User, id: string): Promise<FollowUpOffer> {
      const at = deps.now();
      return offerOf(deps, await ownSource(deps.db, user, id, at), at);
    },
    book: (user: User, id: string, body: FollowUpBookRequest) => bookSeries(deps, user, id, body),
    cancelAll: (user: User, id: string) => cancelAll(deps, user, id),
    calendar: (user: User, id: string) => calendar(deps, user, id),
  };
}
export type FollowUpService = ReturnType<typeof createFollowUpService>;
