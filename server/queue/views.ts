/**
 * What a display and a patient see of the queue, made from the rows the repository read: pure
 * functions, so the rule is written and tested once (tests/unit/queueViews.test.ts).
 */
import { type DisplayDoctor, displayNextCount, type DisplaySnapshot, type QueuePlace } from '../../contract/display.js';
import type { DisplayEntryRow, DoctorEntryRow } from './repository.js';

/** How a token is shown and called: "T7". */
export const tokenLabel = (token: number): string => `T${token}`;

/**
 * A location's queues of the day: per doctor who is called, the first of the line, how many wait;
 * a doctor working there that day with nobody in the queue comes with none of them.
 */
export function displaySnapshot(location: string, date: string, rows: readonly DisplayEntryRow[]): DisplaySnapshot {
  const doctors = new Map<string, DisplayDoctor>();
  for (const row of rows) {
    let doctor = doctors.get(row.doctor_id);
    if (!doctor) {
      doctor = { doctorId: row.doctor_id, doctorName: row.doctor_name, called: null, next: [], waiting: 0 };
      doctors.set(row.doctor_id, doctor);
    }
    if (row.token === null) continue;
    const shown = { token: tokenLabel(row.token), initial: row.initial ?? '' };
    if (row.status === 'called') doctor.called = { ...shown, room: row.room ?? '' };
    else {
      doctor.waiting += 1;
      if (doctor.next.length < displayNextCount) doctor.next.push(shown);
    }
  }
  return { location, date: date as DisplaySnapshot['date'], doctors: [...doctors.values()] };
}

/**
 * One entry's place in its doctor's day (the entries as doctorQueue reads them: the line first,
 * in order): how many wait before it and about how long that takes.
 */
export function placeOf(entries: readonly DoctorEntryRow[], entryId: string, slotMinutes: number): QueuePlace {
  const index = entries.findIndex((e) => e.id === entryId);
  const entry = entries[index];
  if (!entry) return { status: 'notCheckedIn' };
  const token = tokenLabel(entry.token);
  switch (entry.status) {
    case 'waiting':
      // The line comes first and in order, so the index is the count before it.
      return { status: 'waiting', token, before: index, minutes: index * slotMinutes };
    case 'called':
      return { status: 'called', token, room: entry.room };
    default:
      return { status: entry.status, token };
  }
}
