/**
 * The follow-up's rules, pure: when it falls due, the rhythm of a course, which slot is nearest,
 * and how long an occurrence's unpaid hold keeps its slot.
 */
import { addDays, clinicClock, clinicInstant } from '../../contract/clinicTime.js';
import type { FollowUp } from '../../contract/appointments.js';
import type { FollowUpSlot } from '../../contract/followUps.js';

export type DatedFollowUp = Extract<FollowUp, { kind: 'after' }>;

/** Days between two occurrences (and from the completion to the first). */
export const stepDays = (f: DatedFollowUp): number => f.every * (f.unit === 'weeks' ? 7 : 1);

/** The first follow-up falls due at the completion's clinic date + every x unit. */
export const dueDateOf = (f: DatedFollowUp, completedAt: Date): string => addDays(clinicClock(completedAt).date, stepDays(f));

/** The time the rhythm gives each occurrence: due date + (k-1) steps, at the first visit's time. */
export function wantedSlots(f: DatedFollowUp, dueDate: string, startTime: string): { date: string; startTime: string }[] {
  return Array.from({ length: f.times }, (_, k) => ({ date: addDays(dueDate, k * stepDays(f)), startTime }));
}

/** Minutes between two slots' starts, for "the nearest free slot". */
export const distanceMinutes = (a: { date: string; startTime: string }, b: { date: string; startTime: string }): number =>
  Math.abs(clinicInstant(a.date, a.startTime).getTime() - clinicInstant(b.date, b.startTime).getTime()) / 60_000;

export const sameSlot = (a: FollowUpSlot | { date: string; startTime: string }, b: { date: string; startTime: string }): boolean =>
  a.date === b.date && a.startTime === b.startTime;

/** An occurrence's unpaid hold lasts until a day before it starts (at least HOLD_MINUTES from booking): the patient pays each from My Appointments. */
export const holdDayMs = 24 * 60 * 60_000;
export function seriesHoldExpiry(slot: { date: string; startTime: string }, at: Date, holdMinutes: number): Date {
  const dayBefore = clinicInstant(slot.date, slot.startTime).getTime() - holdDayMs;
  return new Date(Math.max(dayBefore, at.getTime() + holdMinutes * 60_000));
}
