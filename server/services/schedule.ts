/**
 * The slots of a doctor's day (spec §7 gettimeslot).
 *
 * Clinic time (Asia/Kolkata, the same answers whatever TZ the server runs in) is
 * contract/clinicTime.ts, shared with the machines and the views.
 *
 * A doctor's slots on a date at a location: that weekday's doctor_hours rows there, cut into
 * pieces of the doctor's slot length (a piece that does not fit before the end is not offered).
 * Each slot is
 * - booked: an appointment holds it (paid, or unpaid within its hold), at any location: a doctor
 *   sees one patient at a time. The caller's own unpaid hold shows as free to them, so a patient
 *   back from a failed payment can pay the same slot again;
 * - unavailable: it cannot be had: the date is past, or it is today and the slot has started
 *   (clinic time), or the doctor is on leave that day;
 * - free otherwise.
 * No hours that day at that location (or a location the doctor does not work at): no slots.
 *
 * The booking horizon (BOOKING_HORIZON_DAYS): the last day anybody may book or move an
 * appointment onto is today + that many days, clinic time. gettimeslot answers 400 beyond it (the
 * popups' date pickers stop at it, so only a hand-made request gets there), and so do booking and
 * both kinds of move, each naming its date field.
 */
import type { SlotStatus, TimeSlot } from '../../contract/appointments.js';
import { addDays, clinicClock, fromMinutes, toMinutes, weekdayOf } from '../../contract/clinicTime.js';
import type { ClinicDate, ClinicTime } from '../../contract/primitives.js';
import type { Database, Queryable } from '../db/database.js';
import { loadDaySchedule } from '../repositories/daySchedule.js';
import { loadAvailability, loadNextFree, loadPopupSchedules, loadSoonestOnline } from '../repositories/availability.js';
import { availabilityFrom, nextFreeFrom, popupSchedulesOf, type PopupSchedules } from './popupSchedules.js';
import { availabilityWindowDays, type Availability, type NextFreeList, type SoonestOnlineDoctor } from '../../contract/availability.js';
import { lockDoctorForShare } from '../repositories/doctors.js';
import { isTeleconsultation, owns } from '../access/rules.js';
import { BadRequestError, NotFoundError } from './errors.js';
import { defineMessages, withParams } from './messageCodes.js';
import { liveHolders, type DayPlanCache } from './dayPlanCache.js';

const dayMinutes = 24 * 60;

/** The last day that can be booked at `now`: today + `horizonDays`, clinic time. */
export function lastBookableDate(now: Date, horizonDays: number): ClinicDate {
  return addDays(clinicClock(now).date, horizonDays) as ClinicDate;
}

export const horizonMessages = defineMessages('booking', {
  beyondHorizon: withParams(
    (horizonDays: number) =>
      horizonDays === 0
        ? 'Appointments can be booked for today only. Please choose today.'
        : `Appointments can be booked up to ${horizonDays} days ahead. Please choose an earlier date.`,
    (horizonDays) => ({ days: horizonDays }),
  ),
});
export const horizonMessage = horizonMessages.beyondHorizon;

/** 400 naming `field` when `date` is beyond the booking horizon at `now`. */
export function checkHorizon(date: string, now: Date, horizonDays: number, field: string): void {
  const last = lastBookableDate(now, horizonDays);
  if (date > last) {
    throw new BadRequestError(horizonMessage(horizonDays), [
      { field, message: `must be ${last} or earlier (${horizonDays} days ahead, clinic time)` },
    ]);
  }
}

/** The starts (`HH:mm`) of the slots of `slotMinutes` that fit in the working ranges, in order, without repeats. */
export function cutSlots(ranges: readonly { start: string; end: string }[], slotMinutes: number): string[] {
  const starts = new Set<number>();
  for (const { start, end } of ranges) {
    const last = Math.min(toMinutes(end), dayMinutes);
    for (let t = toMinutes(start); t + slotMinutes <= last; t += slotMinutes) starts.add(t);
  }
  return [...starts].sort((a, b) => a - b).map(fromMinutes);
}

export interface DayPlan {
  doctor: { id: string; name: string; email: string; type: 'online' | 'clinic'; slotMinutes: number };
  /** The doctor's online hours (Chat, Video, Call; 010): no location, `locationId` null. */
  online: boolean;
  /** null: online, or the doctor does not work at that location. */
  locationId: string | null;
  onLeave: boolean;
  /** Slot starts offered that day at that location, before anything is booked. */
  starts: string[];
  /** Slots held by a live appointment (any location), and by whom; `expiresAt` ends an unpaid hold. */
  holders: { time: string; userId: string; paid: boolean; expiresAt: string | null }[];
}

/** Why a slot cannot be had, or null when it is there to book (booked-ness aside). */
/** Whether the plan is a place the doctor works: online hours, or a location of theirs. */
export const worksThere = (plan: DayPlan): boolean => plan.online || plan.locationId !== null;

/** `today`: the clinic clock at `now`, when the caller asks about many slots at one instant. */
export function unavailability(
  plan: DayPlan, date: string, time: string, now: Date, today: { date: string; minutes: number } = clinicClock(now),
): 'past' | 'leave' | 'notOffered' | null {
  if (!worksThere(plan) || !plan.starts.includes(time)) return 'notOffered';
  if (date < today.date || (date === today.date && toMinutes(time) <= today.minutes)) return 'past';
  if (plan.onLeave) return 'leave';
  return null;
}

/**
 * The doctor's day at a location (`location` null: their online hours), read through `q` (the
 * database, or a transaction). null: no such active doctor.
 */
export async function loadDayPlan(q: Queryable, doctorEmail: string, location: string | null, date: string, now: Date): Promise<DayPlan | null> {
  const day = await loadDaySchedule(q, { doctorEmail: doctorEmail.toLowerCase(), location, date, weekday: weekdayOf(date), now });
  if (!day) return null;
  return {
    doctor: day.doctor,
    online: day.online,
    locationId: day.locationId,
    onLeave: day.onLeave,
    starts: cutSlots(day.hours, day.doctor.slotMinutes),
    holders: day.holders,
  };
}

/**
 * Whether the doctor's schedule (the clock aside) still offers this slot for this consultation:
 * an active doctor at that location, not on leave, the time among the day's slots, and no Clinic
 * Visit with an online doctor. (services/staffSchedule.ts fitsSchedule says the same of a booking.)
 */
export function scheduleOffers(plan: DayPlan | null, time: string, consultationType: string): boolean {
  if (!plan || !worksThere(plan) || plan.onLeave || !plan.starts.includes(time)) return false;
  if (isTeleconsultation(consultationType)) return true;
  return !plan.online && plan.doctor.type !== 'online';
}

/**
 * The day plan inside a transaction that claims a slot, after locking the doctor's row FOR SHARE:
 * a schedule change (services/staffSchedule.ts, which locks the row FOR UPDATE) in progress is
 * waited for, and one that starts later waits until this transaction ends and then sees its
 * booking. The plan is read by a statement after the lock, so (READ COMMITTED) it sees the change
 * that was waited for. By id: the email may have changed meanwhile. null: no such doctor, or retired.
 */
export async function lockedDayPlan(tx: Queryable, doctorId: string, location: string | null, date: string, now: Date): Promise<DayPlan | null> {
  const doctor = await lockDoctorForShare(tx, doctorId);
  if (!doctor?.active) return null;
  return loadDayPlan(tx, doctor.email, location, date, now);
}

/**
 * GET /doctor/availability/{doctorEmail}: the strip of `availabilityWindowDays` days from
 * `from` (today when absent; 400 before today or beyond the horizon) at `location` (absent:
 * online hours), cut at the horizon, and the soonest free slot: from the day-plan cache's
 * schedules (services/popupSchedules.ts), else one query (repositories/availability.ts). 404 for
 * a doctor we do not have.
 */
async function availabilityOf(
  db: Database,
  horizonDays: number,
  at: Date,
  doctorEmail: string,
  query: { from?: string; location?: string },
  viewerId: string | null,
  schedules: PopupSchedulesOf,
): Promise<Availability> {
  const today = clinicClock(at);
  const last = lastBookableDate(at, horizonDays);
  const from = query.from ?? today.date;
  if (from < today.date) throw new BadRequestError('Please choose today or a later date.', [{ field: 'from', message: 'must be today or later (clinic time)' }]);
  checkHorizon(from, at, horizonDays, 'from');
  const windowEnd = addDays(from, availabilityWindowDays - 1);
  const to = (windowEnd < last ? windowEnd : last) as ClinicDate;
  const place = query.location ?? '';
  const cached = await schedules(today.date, last);
  const asked = { doctorEmail: doctorEmail.toLowerCase(), place, from, to, today: today.date, nowMinutes: today.minutes, last, viewerId };
  const row = cached ? availabilityFrom(cached, { ...asked, now: at.getTime() }) : await loadAvailability(db, { ...asked, now: at });
  if (!row) throw new NotFoundError('Doctor not found.');
  return {
    doctorEmail: doctorEmail.toLowerCase(),
    location: place,
    from: from as ClinicDate,
    to,
    bookableUntil: last,
    days: row.days.map((d) => ({ ...d, date: d.date as ClinicDate })),
    next: row.next && { ...row.next, date: row.next.date as ClinicDate, time: row.next.time as ClinicTime },
  };
}

/**
 * The popup's schedules from today to `last` from the day-plan cache (services/popupSchedules.ts),
 * or null when there is no cache or it is not serving (LISTEN down): then the statements answer.
 */
type PopupSchedulesOf = (today: string, last: string) => Promise<PopupSchedules | null>;

export function createScheduleService({ db, now, horizonDays, dayPlans }: { db: Database; now: () => Date; horizonDays: number; dayPlans?: DayPlanCache }) {
  const dayPlan = (doctorEmail: string, location: string | null, date: string) => loadDayPlan(db, doctorEmail, location, date, now());
  /** gettimeslot's read: from the day-plan cache when there is one (its holders judged live by the caller). */
  const shownDayPlan = (doctorEmail: string, location: string | null, date: string) =>
    dayPlans
      ? dayPlans.get(JSON.stringify([doctorEmail.toLowerCase(), location, date]), () => dayPlan(doctorEmail, location, date))
      : dayPlan(doctorEmail, location, date);
  const popupSchedules: PopupSchedulesOf = async (today, last) =>
    dayPlans?.serving()
      ? dayPlans.get(JSON.stringify(['popup', today, last]), async () => popupSchedulesOf(await loadPopupSchedules(db, { from: today, to: last })))
      : null;

  return {
    dayPlan,

    /** BOOKING_HORIZON_DAYS. */
    horizonDays,
    /** The last bookable day now (clinic time): what the date pickers' `max` follows. */
    lastBookableDate: (): ClinicDate => lastBookableDate(now(), horizonDays),
    /** 400 naming `field` when `date` is beyond the booking horizon now (or at `at`). */
    checkHorizon: (date: string, field: string, at: Date = now()): void => checkHorizon(date, at, horizonDays, field),

    /** GET /doctor/gettimeslot: 400 beyond the booking horizon; NotFoundError (404) for a doctor we do not have. */
    /** `location` null: the doctor's online hours (GET /doctor/onlinetimeslot, 010). */
    async timeSlots(doctorEmail: string, location: string | null, date: string, viewerId: string | null): Promise<TimeSlot[]> {
      checkHorizon(date, now(), horizonDays, 'date');
      const plan = await shownDayPlan(doctorEmail, location, date);
      if (!plan) throw new NotFoundError('Doctor not found.');
      const at = now();
      const today = clinicClock(at); // once, not per slot: it was a sixth of a cached answer's time
      const holders = liveHolders(plan, at);
      const slot = (time: string, status: SlotStatus): TimeSlot => ({ time: time as ClinicTime, status });
      return plan.starts.map((time) => {
        if (unavailability(plan, date, time, at, today) !== null) return slot(time, 'unavailable');
        const holder = holders.find((h) => h.time === time);
        if (holder && !(owns(viewerId === null ? null : { userId: viewerId }, holder) && !holder.paid)) return slot(time, 'booked');
        return slot(time, 'free');
      });
    },

    /** GET /doctor/availability/{doctorEmail}: see `availabilityOf`. */
    availability: (doctorEmail: string, query: { from?: string; location?: string }, viewerId: string | null) =>
      availabilityOf(db, horizonDays, now(), doctorEmail, query, viewerId, popupSchedules),

    /**
     * GET /doctor/nextfree?location=: the next free slot of each doctor of a clinic (absent:
     * online hours), for the booking popup's doctor step: from the cached schedules, else one query.
     * 404 for a clinic we do not have.
     */
    async nextFree(location: string | undefined, viewerId: string | null): Promise<NextFreeList> {
      const at = now();
      const today = clinicClock(at);
      const place = location ?? '';
      const last = lastBookableDate(at, horizonDays);
      const cached = await popupSchedules(today.date, last);
      const asked = { place, today: today.date, nowMinutes: today.minutes, last, viewerId };
      const rows = cached ? nextFreeFrom(cached, { ...asked, now: at.getTime() }) : await loadNextFree(db, { ...asked, now: at });
      if (!rows) throw new NotFoundError('Location not found.');
      return {
        location: place,
        doctors: rows.map((r) => ({ doctorEmail: r.doctorEmail, next: r.next && { ...r.next, date: r.next.date as ClinicDate, time: r.next.time as ClinicTime } })),
      };
    },

    /** GET /doctor/soonest/online: every doctor with a free online slot up to the horizon, soonest first. One query. */
    async soonestOnline(viewerId: string | null): Promise<SoonestOnlineDoctor[]> {
      const at = now();
      const today = clinicClock(at);
      const rows = await loadSoonestOnline(db, { today: today.date, nowMinutes: today.minutes, last: lastBookableDate(at, horizonDays), now: at, viewerId });
      return rows.map((r) => ({ ...r, next: { ...r.next, date: r.next.date as ClinicDate, time: r.next.time as ClinicTime } }));
    },
  };
}
export type ScheduleService = ReturnType<typeof createScheduleService>;
