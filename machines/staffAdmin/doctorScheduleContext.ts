/**
 * One doctor's schedule being edited: the machine's input and context, the week's rows as typed,
 * and how they are read from and turned back into the schedule's hours.
 */
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { DoctorSchedule, HoursEntry } from '../../contract/staffAdmin.js';
import type { FieldErrors } from '../failures.js';

/** One row of the week being edited, as typed: weekday '0' (Sunday) to '6', start and end `HH:mm`. */
export type HoursRow = { readonly key: number; readonly weekday: string; readonly start: string; readonly end: string };
export type HoursField = 'weekday' | 'start' | 'end';
export type LeaveDraft = { readonly from: string; readonly to: string; readonly reason: string };
export type LeaveField = keyof LeaveDraft;

export type HoursPayload = Array<{ weekday: number; start: string; end: string }>;
export type ScheduleAnswer = { message: string; schedule: DoctorSchedule };

export interface ScheduleInput {
  doctorId: string;
  token: string;
}

export interface ScheduleContext {
  doctorId: string;
  token: string;
  schedule: DoctorSchedule | null;
  /** The location whose week is edited (null: none chosen, or the doctor works nowhere). */
  locationId: string | null;
  rows: HoursRow[];
  nextKey: number;
  leave: LeaveDraft;
  /** The server's 400, by its field names (`hours.0.start`, `to`, ...). */
  fieldErrors: FieldErrors;
  /** A refused change and the appointments that stand in its way. */
  conflict: { change: 'hours' | 'leave'; affected: AppointmentRecord[] } | null;
}

export const emptyLeave: LeaveDraft = { from: '', to: '', reason: '' };

/**
 * The hours editor's "location" for the doctor's online hours (Chat, Video, Call; no clinic):
 * chosen like a location, its week saved with PUT /staff/doctors/{id}/onlinehours.
 */
export const onlineHoursId = 'online';

/** The week of one location (or of the online hours, `onlineHoursId`) as rows, by weekday and start. */
export function rowsFor(hours: readonly HoursEntry[], locationId: string | null, firstKey: number, onlineHours: DoctorSchedule['onlineHours'] = []): HoursRow[] {
  const week = locationId === onlineHoursId ? (onlineHours ?? []) : hours.filter((h) => h.locationId === locationId);
  return [...week]
    .sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start))
    .map((h, i) => ({ key: firstKey + i, weekday: String(h.weekday), start: h.start, end: h.end }));
}

/** The rows as the call's payload (a weekday that is not a number goes as typed: the server names it). */
export function hoursPayload(rows: readonly HoursRow[]): HoursPayload {
  return rows.map((row) => ({ weekday: Number(row.weekday), start: row.start, end: row.end }));
}

/** The location chosen at first: the doctor's first one. */
export const firstLocation = (schedule: DoctorSchedule): string | null => schedule.doctor.locations[0]?._id ?? null;

/** The schedule as the editor opens: nothing loaded yet. */
export const initialScheduleContext = (input: ScheduleInput): ScheduleContext => ({
  doctorId: input.doctorId,
  token: input.token,
  schedule: null,
  locationId: null,
  rows: [],
  nextKey: 1,
  leave: emptyLeave,
  fieldErrors: {},
  conflict: null,
});

/** The errors left once the week's rows change: those of the hours go (they named the old rows). */
export function withoutHoursErrors(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !field.startsWith('hours')));
}
