/**
 * Model-based paths for the doctor step's next free slots: the REAL booking machine
 * with its calls answered by hand (bookingFakes.ts). Choosing a place asks once for the next free
 * slot of all its doctors (never once per doctor); another place asks again, also while the first
 * answer is awaited (whose late answer is then not shown for the new place); a failure shows none
 * and the choices still work.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { NextFreeList } from '../../contract/availability.js';
import { selectChoices, selectNextFree } from '../../machines/booking/bookingMachine.js';
import { settle, unanswered } from './accountFakes.js';
import { anita, doctors, kavita, loaded, tomorrow, type Booking } from './bookingFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';

type ModelEvent = { type: 'open' | 'choose.clinic' | 'choose.online' | 'answer' | 'fail' | 'choose.doctor' };
const model = createMachine({
  id: 'bookingNextFreeModel',
  types: {} as { events: ModelEvent },
  initial: 'Closed',
  states: {
    Closed: { on: { open: 'NoPlace' } },
    NoPlace: { on: { 'choose.clinic': 'ClinicLoading' } },
    ClinicLoading: { on: { answer: 'ClinicShown', fail: 'ClinicFailed', 'choose.online': 'OnlineLoading' } },
    ClinicShown: { on: { 'choose.online': 'OnlineLoading', 'choose.doctor': 'ClinicShown' } },
    ClinicFailed: { on: { 'choose.online': 'OnlineLoading', 'choose.doctor': 'ClinicFailed' } },
    OnlineLoading: { on: { answer: 'OnlineShown', 'choose.clinic': 'ClinicLoading' } },
    OnlineShown: { on: { 'choose.clinic': 'ClinicLoading' } },
  },
});
type ModelSnapshot = SnapshotFrom<typeof model>;

const at = (location: string): NextFreeList => ({
  location,
  doctors:
    location === ''
      ? [{ doctorEmail: kavita.email, next: { date: tomorrow, time: '10:20', location: '' } as NextFreeList['doctors'][number]['next'] }]
      : [
          { doctorEmail: anita.email, next: { date: tomorrow, time: '09:30', location } as NextFreeList['doctors'][number]['next'] },
          { doctorEmail: 'full@clinic.example', next: null },
        ],
});

function harness() {
  let booking: Booking | undefined;
  // How many lists were asked for, and for which places: one request per place chosen.
  const asked: string[] = [];
  const real = () => booking!;
  const nextFree = () => selectNextFree(real().snapshot());
  const expectAsked = () => expect(real().calls.loadNextFree.calls.map((c) => c.input.location)).toEqual(asked);
  return {
    stop: () => booking?.actor.stop(),
    events: {
      open: async () => {
        booking = await loaded();
      },
      'choose.clinic': async () => {
        real().send({ type: 'location.selected', location: 'Andheri West' });
        asked.push('Andheri West');
        await settle();
      },
      'choose.online': async () => {
        real().send({ type: 'location.selected', location: '' });
        asked.push('');
        await settle();
      },
      answer: async () => {
        const call = real().calls.loadNextFree.latest();
        expect(call.input.token).toBe('tok-1');
        call.resolve(at(call.input.location));
        await settle();
      },
      fail: async () => {
        real().calls.loadNextFree.latest().reject(unanswered);
        await settle();
      },
      'choose.doctor': async () => {
        real().send({ type: 'doctor.selected', doctorEmail: anita.email });
        await settle();
      },
    },
    states: {
      Closed: () => expect(booking).toBeUndefined(),
      NoPlace: () => {
        expectAsked();
        expect(nextFree().size).toBe(0);
      },
      ClinicLoading: () => {
        expectAsked();
        expect(real().calls.loadNextFree.latest().input).toEqual({ location: 'Andheri West', token: 'tok-1' });
        // Nothing said for this clinic before its answer (an earlier place's list is not shown for it).
        expect(nextFree().size).toBe(0);
      },
      ClinicShown: () => {
        expectAsked();
        expect(nextFree().get(anita.email)).toEqual({ date: tomorrow, time: '09:30', location: 'Andheri West' });
        expect(nextFree().get('full@clinic.example')).toBeNull();
        expect(nextFree().has(kavita.email)).toBe(false);
      },
      ClinicFailed: () => {
        expectAsked();
        expect(nextFree().size).toBe(0);
        // The choices still work without the list.
        expect(selectChoices(real().snapshot()).location).toBe('Andheri West');
      },
      OnlineLoading: () => {
        expectAsked();
        expect(real().calls.loadNextFree.latest().input).toEqual({ location: '', token: 'tok-1' });
        expect(nextFree().size).toBe(0);
      },
      OnlineShown: () => {
        expectAsked();
        expect(nextFree().get(kavita.email)).toEqual({ date: tomorrow, time: '10:20', location: '' });
        expect(nextFree().has(anita.email)).toBe(false);
      },
    } satisfies Record<string, (state: ModelSnapshot) => void>,
  };
}

describe("booking machine: the doctor step's next free slots", () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  it('takes every transition of the model', () => {
    expect(takenTransitions(everyTransition)).toEqual(new Set(declaredTransitions(model)));
  });
  testPaths({ 'every transition': everyTransition }, harness);
});
