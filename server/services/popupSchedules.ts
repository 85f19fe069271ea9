/**
 * The booking popup's first two calls (the date strip, GET /doctor/availability, and the doctor
 * step's next free slots, GET /doctor/nextfree) answered in memory from the day-plan cache
 * (services/dayPlanCache.ts), with the answers of the statements of repositories/availability.ts.
 *
 * What is cached is every active doctor's schedule from today to the booking horizon
 * (`loadPopupSchedules`, one statement): hours per clinic and online, leave, and the appointments
 * holding a slot, each unpaid one with its hold's expiry. It lives in the day-plan cache under one
 * key per (today, last bookable day), so it is emptied with the day plans by every write to the
 * tables it is read from, on every instance (migration 019's triggers, NOTIFY day_plans, and this
 * process's own writes as they return), is not kept when read while a write was announced, is
 * not served while LISTEN is down, and is at most the cache's `maxAgeMs` old. What changes with
 * the clock alone is judged per answer: which slots have begun (clinic time) and which unpaid
 * holds have lapsed. A new clinic day is a new key.
 *
 * Each day of a doctor is cut from the schedule per (doctor, place, day) as the statements cut it:
 * `daySlots` is `slotsOf`, `isFree` is `isFree`, `firstFree` orders by minute, then place (in the
 * database's order of names, as loaded). tests/server/popupSchedules.test.ts compares both on
 * both backends under random bookings, holds, moves, leave and hour changes.
 */
import type { PopupSchedulesRow } from '../repositories/availability.js';
import { weekdayOf } from '../../contract/clinicTime.js';

export interface Hold {
  m: number;
  userId: string;
  paid: boolean;
  expiresAt: number | null;
}

export interface PopupDoctor {
  id: string;
  email: string;
  name: string;
  type: string;
  slotMinutes: number;
  /** Linked clinics in the database's order of names; `hours[weekday]`: [start, end] minutes. */
  clinics: { place: string; hours: [number, number][][] }[];
  online: [number, number][][];
  leave: [string, string][];
  holds: Map<string, Hold[]>;
}

export interface PopupSchedules {
  locations: Set<string>;
  /** Active doctors, by name then email (the database's order). */
  doctors: PopupDoctor[];
  byEmail: Map<string, PopupDoctor>;
}

const byWeekday = (rows: [number, number, number][]): [number, number][][] => {
  const week: [number, number][][] = [[], [], [], [], [], [], []];
  for (const [weekday, start, end] of rows) week[weekday]?.push([start, end]);
  return week;
};

export function popupSchedulesOf(row: PopupSchedulesRow): PopupSchedules {
  const doctors = row.doctors.map((d): PopupDoctor => {
    const holds = new Map<string, Hold[]>();
    for (const [date, m, userId, paid, expiresAt] of d.holds) {
      const day = holds.get(date) ?? [];
      day.push({ m, userId, paid, expiresAt });
      holds.set(date, day);
    }
    return {
      id: d.id,
      email: d.email,
      name: d.name,
      type: d.type,
      slotMinutes: d.slotMinutes,
      clinics: d.clinics.map((c) => ({ place: c.place, hours: byWeekday(c.hours) })),
      online: byWeekday(d.online),
      leave: d.leave,
      holds,
    };
  });
  return { locations: new Set(row.locations), doctors, byEmail: new Map(doctors.map((d) => [d.email, d])) };
}

/** The clock and the viewer an answer is judged with ($2, $3, $5, $6 of the statements). */
export interface Judged {
  today: string;
  nowMinutes: number;
  now: number;
  viewerId: string | null;
}

/** The distinct slot starts of `ranges` (generate_series(start, end - slot, slot) of each), ascending. */
function slotStarts(ranges: readonly [number, number][] | undefined, slotMinutes: number): number[] {
  if (!ranges || ranges.length === 0) return [];
  const starts = new Set<number>();
  for (const [start, end] of ranges) for (let m = start; m <= end - slotMinutes; m += slotMinutes) starts.add(m);
  return [...starts].sort((a, b) => a - b);
}

const onLeave = (d: PopupDoctor, day: string): boolean => d.leave.some(([from, to]) => day >= from && day <= to);

/** The minutes held on `day` at `j`: paid or due, or unpaid within the hold, but the viewer's own unpaid hold. */
function heldOn(d: PopupDoctor, day: string, j: Judged): Set<number> {
  const held = new Set<number>();
  for (const h of d.holds.get(day) ?? []) {
    if (!(h.paid || (h.expiresAt !== null && h.expiresAt > j.now))) continue;
    if (j.viewerId !== null && h.userId === j.viewerId && !h.paid) continue;
    held.add(h.m);
  }
  return held;
}

/** The places of a mode: every linked clinic (`place` null), one clinic, or online (''). */
function placesOf(d: PopupDoctor, place: string | null): { place: string; hours: [number, number][][] }[] {
  if (place === '') return [{ place: '', hours: d.online }];
  return place === null ? d.clinics : d.clinics.filter((c) => c.place === place);
}

/** The day's first free slot at those places: the lowest minute, then the first place in the database's order. */
function firstFree(d: PopupDoctor, places: { place: string; hours: [number, number][][] }[], day: string, j: Judged): { m: number; place: string } | null {
  if (onLeave(d, day)) return null;
  const weekday = weekdayOf(day);
  let best: { m: number; place: string } | null = null;
  let held: Set<number> | null = null;
  for (const { place, hours } of places) {
    for (const m of slotStarts(hours[weekday], d.slotMinutes)) {
      if (best && m >= best.m) break;
      if (!(day > j.today || m > j.nowMinutes)) continue;
      held ??= heldOn(d, day, j);
      if (held.has(m)) continue;
      best = { m, place };
      break;
    }
  }
  return best;
}

const addDay = (day: string): string => {
  const t = new Date(`${day}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString().slice(0, 10);
};

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The walk: the first day from today to `last` with a free slot at those places, and that slot. */
function soonest(d: PopupDoctor, place: string | null, last: string, j: Judged): { date: string; time: string; location: string } | null {
  const places = placesOf(d, place);
  for (let day = j.today; day <= last; day = addDay(day)) {
    const f = firstFree(d, places, day, j);
    if (f) return { date: day, time: hhmm(f.m), location: f.place };
  }
  return null;
}

/** `loadAvailability`'s answer: the strip from `from` to `to` at `place` ('' online), the soonest across the mode's places. */
export function availabilityFrom(
  s: PopupSchedules,
  a: { doctorEmail: string; place: string; from: string; to: string; last: string } & Judged,
): { days: { date: string; works: boolean; onLeave: boolean; free: number }[]; next: { date: string; time: string; location: string } | null } | null {
  const d = s.byEmail.get(a.doctorEmail);
  if (!d) return null;
  const here = placesOf(d, a.place);
  const days = [];
  for (let day = a.from; day <= a.to; day = addDay(day)) {
    const weekday = weekdayOf(day);
    const starts = new Set<number>();
    for (const { hours } of here) for (const m of slotStarts(hours[weekday], d.slotMinutes)) starts.add(m);
    const leave = onLeave(d, day);
    let free = 0;
    if (!leave && starts.size > 0) {
      const held = heldOn(d, day, a);
      for (const m of starts) if ((day > a.today || m > a.nowMinutes) && !held.has(m)) free++;
    }
    days.push({ date: day, works: starts.size > 0, onLeave: leave, free });
  }
  return { days, next: soonest(d, a.place === '' ? '' : null, a.last, a) };
}

/** `loadNextFree`'s answer: every doctor of the clinic (online: with online hours) and their soonest slot there. null: no such clinic. */
export function nextFreeFrom(
  s: PopupSchedules,
  a: { place: string; last: string } & Judged,
): { doctorEmail: string; next: { date: string; time: string; location: string } | null }[] | null {
  const online = a.place === '';
  if (!online && !s.locations.has(a.place)) return null;
  return s.doctors
    .filter((d) => (online ? d.online.some((w) => w.length > 0) : d.type !== 'online' && d.clinics.some((c) => c.place === a.place)))
    .map((d) => ({ doctorEmail: d.email, next: soonest(d, a.place, a.last, a) }));
}
