/**
 * What a display and a patient see of the queue (server/queue/views.ts), from rows as the
 * repository reads them: a display shows per doctor who is called and the first five of the line
 * with initials, and counts the rest; a patient's place is the number waiting before them and
 * that many of the doctor's slots.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayEntryRow, DoctorEntryRow } from '../../server/queue/repository';
import { displaySnapshot, placeOf } from '../../server/queue/views';

const row = (doctor: string, token: number, status: 'waiting' | 'called', initial = 'A', room = ''): DisplayEntryRow => ({
  doctor_id: doctor,
  doctor_name: `Dr. ${doctor}`,
  token,
  status,
  room,
  initial,
});

describe('the display snapshot', () => {
  it('groups by doctor in the order read, shows who is called and the first five waiting, counts them all', () => {
    const rows = [row('a', 3, 'called', 'R', 'Room 1'), ...[4, 9, 5, 6, 7, 8].map((t) => row('a', t, 'waiting')), row('b', 1, 'waiting', 'श')];
    const snapshot = displaySnapshot('Aundh', '2025-03-11', rows);
    expect(snapshot.doctors.map((d) => d.doctorId)).toEqual(['a', 'b']);
    expect(snapshot.doctors[0]).toEqual({
      doctorId: 'a',
      doctorName: 'Dr. a',
      called: { token: 'T3', initial: 'R', room: 'Room 1' },
      next: ['T4', 'T9', 'T5', 'T6', 'T7'].map((token) => ({ token, initial: 'A' })),
      waiting: 6,
    });
    expect(snapshot.doctors[1]).toMatchObject({ called: null, next: [{ token: 'T1', initial: 'श' }], waiting: 1 });
    expect(displaySnapshot('Aundh', '2025-03-11', [])).toEqual({ location: 'Aundh', date: '2025-03-11', doctors: [] });
  });

  it('keeps a doctor who works there today with nobody in the queue, in the order read', () => {
    const nobody: DisplayEntryRow = { doctor_id: 'b', doctor_name: 'Dr. b', token: null, status: null, room: null, initial: null };
    const snapshot = displaySnapshot('Aundh', '2025-03-11', [row('a', 1, 'waiting'), nobody, row('c', 2, 'called', 'K', 'Room 3')]);
    expect(snapshot.doctors.map((d) => d.doctorId)).toEqual(['a', 'b', 'c']);
    expect(snapshot.doctors[1]).toEqual({ doctorId: 'b', doctorName: 'Dr. b', called: null, next: [], waiting: 0 });
  });
});

describe("a patient's place", () => {
  const entries: DoctorEntryRow[] = [
    { id: 'w1', token: 4, status: 'waiting', room: '' },
    { id: 'w2', token: 2, status: 'waiting', room: '' },
    { id: 'c', token: 1, status: 'called', room: 'Room 2' },
    { id: 'd', token: 3, status: 'noshow', room: '' },
  ];
  it('counts who waits before, times the slot minutes; called with the room; finished; not in the queue', () => {
    expect(placeOf(entries, 'w1', 15)).toEqual({ status: 'waiting', token: 'T4', before: 0, minutes: 0 });
    expect(placeOf(entries, 'w2', 20)).toEqual({ status: 'waiting', token: 'T2', before: 1, minutes: 20 });
    expect(placeOf(entries, 'c', 15)).toEqual({ status: 'called', token: 'T1', room: 'Room 2' });
    expect(placeOf(entries, 'd', 15)).toEqual({ status: 'noshow', token: 'T3' });
    expect(placeOf(entries, 'x', 15)).toEqual({ status: 'notCheckedIn' });
  });
});
