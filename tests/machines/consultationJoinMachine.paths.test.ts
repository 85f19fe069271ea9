/**
 * Model-based paths for a Video or Call consultation's panel: loaded as upcoming, open
 * or over, failed (and retried), the session gone (401), and loaded again exactly when the clock
 * passes the opening or the close of the join window, not a second before; the doctor's "no
 * answer" note of a Call, refused before the call opens (no call made), stored, or refused by the
 * server (its words), or the session gone meanwhile. The fixture is a Call as its doctor sees it. Along every path the
 * REAL machine runs with its call answered by hand and a simulated clock the test moves on (its
 * tick reads the test's time); each state must show what the model says, and the calls made.
 */
import { createActor, createMachine, SimulatedClock, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { Consultation } from '../../contract/consultation.js';
import { readClockWith } from '../../machines/consultationJoin/actions.js';
import { consultationJoinMachine } from '../../machines/consultationJoin/consultationJoinMachine.js';
import { consultationTickMs, nextChange } from '../../machines/consultationJoin/context.js';
import type { ConsultationJoinEmitted } from '../../machines/consultationJoin/events.js';
import {
  selectConsultation,
  selectHasFailed,
  selectIsLoading,
  selectIsNoting,
  selectCanNote,
} from '../../machines/consultationJoin/selectors.js';
import { answeredByHand, recordEmitted, refused, unanswered } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { recordWalk } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

const emits = {
  upcoming: [],
  open: [],
  over: [],
  failed: [],
  expired: [],
  retry: [],
  early: [],
  due: [],
  note: [],
  noted: ['noted'],
  noteRefused: ['server: The call can be noted from the time it opens.'],
  noteExpired: ['server: Please login.'],
} as const satisfies Record<string, readonly string[]>;

const model = createMachine({
  id: 'consultationJoinModel',
  types: {} as { events: { type: keyof typeof emits } },
  initial: 'Loading',
  states: {
    Loading: { on: { upcoming: 'Upcoming', open: 'Open', over: 'Over', failed: 'Failed', expired: 'Failed', early: 'Loading' } },
    Upcoming: { on: { early: 'Upcoming', due: 'Loading', note: 'Upcoming' } },
    Open: { on: { early: 'Open', due: 'Loading', note: 'Noting' } },
    Noting: { on: { noted: 'Open', noteRefused: 'Open', noteExpired: 'Open', early: 'Noting' } },
    Over: { on: { early: 'Over' } },
    Failed: { on: { retry: 'Loading', early: 'Failed' } },
  },
});

const opensAt = '2025-03-11T05:20:00.000Z';
const closesAt = '2025-03-11T06:15:00.000Z';
const consultation = (state: Consultation['state'], extra: Partial<Consultation> = {}): Consultation => ({
  appointmentId: '3f2a7c1e-8d4b-4e6a-9b1c-2d3e4f5a6b7c',
  consultationType: 'Call',
  as: 'doctor',
  state,
  reason: null,
  date: '2025-03-11' as Consultation['date'],
  startTime: '11:00' as Consultation['startTime'],
  opensAt,
  closesAt,
  doctorName: 'Dr. Meera Kulkarni',
  registration: { council: 'Maharashtra Council of Homoeopathy', number: 'MH-HOM-48213' },
  joinUrl: null,
  person: { firstName: 'Asha', lastName: 'Deshpande', age: 34, gender: 'female', relation: '', phoneNumber: '+919876543210', adultPresent: null },
  consent: null,
  events: [],
  ...extra,
});

function harness() {
  const load = answeredByHand<Consultation, { appointmentId: string; token: string }>();
  const note = answeredByHand<Consultation, { appointmentId: string; note: string; token: string }>();
  let notes = 0;
  // The machine's delays run on `clock`; its tick reads `now`, which the steps set.
  const clock = new SimulatedClock();
  let now = Date.parse(opensAt) - 3_600_000;
  const machine = consultationJoinMachine.provide({
    actors: { loadConsultation: load.logic, noteNoAnswer: note.logic },
    actions: { readClock: readClockWith(() => now) },
  });
  const actor = createActor(machine, {
    input: { appointmentId: '3f2a7c1e-8d4b-4e6a-9b1c-2d3e4f5a6b7c', token: 'tok', now },
    inspect: recordWalk,
    clock,
  });
  const emitted = recordEmitted<ConsultationJoinEmitted>(actor);
  actor.start();
  const step = stepper(emitted.take, emits);
  let loads = 1;
  let shown: Consultation | null = null;
  const answer = (c: Consultation) => () => {
    shown = c;
    load.latest().resolve(c);
  };
  const tick = (offsetMs: number) => () => {
    const at = nextChange(selectConsultation(actor.getSnapshot()));
    now = (at ?? Date.parse(closesAt)) + offsetMs;
    clock.increment(consultationTickMs);
  };
  const shows = (loading: boolean, failed: boolean, state: Consultation['state'] | null, noting = false) => () => {
    const s = actor.getSnapshot();
    expect(selectIsLoading(s)).toBe(loading);
    expect(selectHasFailed(s)).toBe(failed);
    expect(selectIsNoting(s)).toBe(noting);
    expect(selectCanNote(s)).toBe((state === 'open' || state === 'closed') && !noting && !loading);
    expect(note.calls).toHaveLength(notes);
    for (const call of note.calls) expect(call.input).toEqual({ appointmentId: '3f2a7c1e-8d4b-4e6a-9b1c-2d3e4f5a6b7c', note: 'Rang twice', token: 'tok' });
    if (state !== null) expect(selectConsultation(s)?.state).toBe(state);
    expect(selectConsultation(s)).toEqual(shown);
    expect(load.calls).toHaveLength(loads);
    for (const call of load.calls) expect(call.input).toEqual({ appointmentId: '3f2a7c1e-8d4b-4e6a-9b1c-2d3e4f5a6b7c', token: 'tok' });
  };
  return {
    stop: () => actor.stop(),
    events: {
      upcoming: step('upcoming', answer(consultation('upcoming'))),
      open: step('open', answer(consultation('open'))),
      over: step('over', answer(consultation('closed'))),
      failed: step('failed', () => load.latest().reject(unanswered)),
      expired: step('expired', () => load.latest().reject(refused(401, 'Please login.'))),
      retry: step('retry', () => {
        actor.send({ type: 'consultation.retry' });
        loads += 1;
      }),
      // One second before the window's next change (any time, when there is none).
      early: step('early', tick(-1000)),
      // The very instant the window opens (or closes): asked again.
      due: step('due', () => {
        tick(0)();
        loads += 1;
      }),
      note: step('note', () => {
        const before = actor.getSnapshot().can({ type: 'call.noanswer', note: 'Rang twice' });
        actor.send({ type: 'call.noanswer', note: 'Rang twice' });
        if (before) notes += 1;
      }),
      noted: step('noted', () => {
        shown = consultation('open', { events: [{ kind: 'call.noanswer', at: opensAt, role: 'doctor', note: 'Rang twice' }] });
        note.latest().resolve(shown);
      }),
      noteRefused: step('noteRefused', () => note.latest().reject(refused(409, 'The call can be noted from the time it opens.'))),
      noteExpired: step('noteExpired', () => note.latest().reject(refused(401, 'Please login.'))),
    },
    states: {
      Loading: shows(true, false, null),
      Upcoming: shows(false, false, 'upcoming'),
      Open: shows(false, false, 'open'),
      Over: shows(false, false, 'closed'),
      Noting: shows(false, false, 'open', true),
      Failed: shows(false, true, null),
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('consultationJoinMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    (['failed', 'retry', 'upcoming', 'note', 'early', 'due', 'open', 'note', 'noteRefused', 'note', 'noted', 'early', 'due', 'over', 'early'] as const).map((type) => ({ type })),
  );

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(19);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
