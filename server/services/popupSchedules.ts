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

const dayMs = 86_400_000;
/** Days since 1970-01-01 (a Thursday) of a `YYYY-MM-DD`, and back: the walk counts days as integers. */
const dayNumber = (day: string): number => Math.round(Date.parse(`${day}T00:00:00Z`) / dayMs);
const dayText = (n: number): string => new Date(n * dayMs).toISOString().slice(0, 10);
/** extract(dow): 0 Sunday. */
const weekdayOfNumber = (n: number): number => (((n + 4) % 7) + 7) % 7;

export interface Hold {
  m: number;
  userId: string;
  paid: boolean;
  expiresAt: number | null;
}

/** A place's week: `starts[weekday]`, the distinct slot starts (minutes) its hours offer that weekday, ascending. */
export interface PlaceWeek {
  place: string;
  starts: number[][];
}

export interface PopupDoctor {
  id: string;
  email: string;
  name: string;
  type: string;
  slotMinutes: number;
  /** Linked clinics in the database's order of names. */
  clinics: PlaceWeek[];
  online: PlaceWeek;
  /** Any row of online hours (nextfree lists the doctor online even when no range fits a slot). */
  hasOnlineHours: boolean;
  /** [from, to] as day numbers. */
  leave: [number, number][];
  /** By day number. */
  holds: Map<number, Hold[]>;
}

export interface PopupSchedules {
  locations: Set<string>;
  /** Active doctors, by name then email (the database's order). */
  doctors: PopupDoctor[];
  byEmail: Map<string, PopupDoctor>;
}

/** The distinct slot starts of each weekday's ranges (generate_series(start, end - slot, slot) of each), ascending. */
function weekOf(place: string, rows: [number, number, number][], slotMinutes: number): PlaceWeek {
  const week: Set<number>[] = [0, 1, 2, 3, 4, 5, 6].map(() => new Set<number>());
  for (const [weekday, start, end] of rows) for (let m = start; m <= end - slotMinutes; m += slotMinutes) week[weekday]?.add(m);
  return { place, starts: week.map((w) => [...w].sort((a, b) => a - b)) };
}

export function popupSchedulesOf(row: PopupSchedulesRow): PopupSchedules {
  const doctors = row.doctors.map((d): PopupDoctor => {
    const holds = new Map<number, Hold[]>();
    for (const [date, m, userId, paid, expiresAt] of d.holds) {
      const n = dayNumber(date);
      const day = holds.get(n) ?? [];
      day.push({ m, userId, paid, expiresAt });
      holds.set(n, day);
    }
    return {
      id: d.id,
      email: d.email,
      name: d.name,
      type: d.type,
      slotMinutes: d.slotMinutes,
      clinics: d.clinics.map((c) => weekOf(c.place, c.hours, d.slotMinutes)),
      online: weekOf('', d.online, d.slotMinutes),
      hasOnlineHours: d.online.length > 0,
      leave: d.leave.map(([from, to]) => [dayNumber(from), dayNumber(to)]),
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

const onLeave = (d: PopupDoctor, day: number): boolean => d.leave.some(([from, to]) => day >= from && day <= to);

/** The minutes held on `day` at `j`: paid or due, or unpaid within the hold, but the viewer's own unpaid hold. */
function heldOn(d: PopupDoctor, day: number, j: Judged): Set<number> {
  const held = new Set<number>();
  for (const h of d.holds.get(day) ?? []) {
    if (!(h.paid || (h.expiresAt !== null && h.expiresAt > j.now))) continue;
    if (j.viewerId !== null && h.userId === j.viewerId && !h.paid) continue;
    held.add(h.m);
  }
  return held;
}

/** The places of a mode: every linked clinic (`place` null), one clinic, or online (''). */
function placesOf(d: PopupDoctor, place: string | null): PlaceWeek[] {
  if (place === '') return [d.online];
  return place === null ? d.clinics : d.clinics.filter((c) => c.place === place);
}

/** The day's first free slot at those places: the lowest minute, then the first place in the database's order. */
function firstFree(d: PopupDoctor, places: PlaceWeek[], day: number, today: number, j: Judged): { m: number; place: string } | null {
  if (onLeave(d, day)) return null;
  const weekday = weekdayOfNumber(day);
  let best: { m: number; place: string } | null = null;
  let held: Set<number> | null = null;
  for (const { place, starts } of places) {
    for (const m of starts[weekday]!) {
      if (best && m >= best.m) break;
      if (!(day > today || m > j.nowMinutes)) continue;
      held ??= heldOn(d, day, j);
      if (held.has(m)) continue;
      best = { m, place };
      break;
    }
  }
  return best;
}

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The walk: the first day from today to `last` with a free slot at those places, and that slot. */
function soonest(d: PopupDoctor, place: string | null, last: string, j: Judged): { date: string; time: string; location: string } | null {
  const places = placesOf(d, place);
  const today = dayNumber(j.today);
  for (let day = today, end = dayNumber(last); day <= end; day++) {
    const f = firstFree(d, places, day, today, j);
    if (f) return { date: dayText(day), time: hhmm(f.m), location: f.place };
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
  const today = dayNumber(a.today);
  for (let day = dayNumber(a.from), end = dayNumber(a.to); day <= end; day++) {
    const weekday = weekdayOfNumber(day);
    // One place (or online) per strip: its starts are distinct already.
    const starts = here.length === 1 ? here[0]!.starts[weekday]! : [...new Set(here.flatMap((p) => p.starts[weekday]!))];
    const leave = onLeave(d, day);
    let free = 0;
    if (!leave && starts.length > 0) {
      const held = heldOn(d, day, a);
      for (const m of starts) if ((day > today || m > a.nowMinutes) && !held.has(m)) free++;
    }
    days.push({ date: dayText(day), works: starts.length > 0, onLeave: leave, free });
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
    .filter((d) => (online ? d.hasOnlineHours : d.type !== 'online' && d.clinics.some((c) => c.place === a.place)))
    .map((d) => ({ doctorEmail: d.email, next: soonest(d, a.place, a.last, a) }));
}
