/**
 * Model-based paths for the date strip (machines/availability/availabilityMachine.ts) and the
 * "soonest online" list (soonestMachine.ts). `createTestModel` refuses machines that invoke
 * actors, so the models below are the strip as the booking popup drives it: opened with or without
 * a doctor and place, the choices moving to another doctor or place, the same one with a new
 * login, or none; the server answering or not; two weeks on; a retry.
 *
 * Along every path the REAL machine runs under a host parent with its call answered by hand: each
 * step must report to the parent only what the model says, and each state must show the status,
 * the strip, and exactly the calls the steps expected (doctor, place, first day, token).
 */
import { createActor, createMachine, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { Availability, SoonestOnlineDoctor } from '../../contract/availability.js';
import {
  availabilityFor,
  availabilityMachine,
  firstFreeDay,
  nextPageFrom,
  previousPageFrom,
  selectStripStatus,
  type AvailabilityEvent,
  type AvailabilityReport,
  type AvailabilityRequest,
  type AvailabilityTarget,
  type StripStatus,
} from '../../machines/availability/availabilityMachine.js';
import { selectOnlineToday, selectSoonestDoctors, selectSoonestStatus, soonestMachine } from '../../machines/availability/soonestMachine.js';
import { answeredByHand, settle, unanswered } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { recordWalk } from './pathCoverage.js';

const reports = {
  open: [],
  'open.withTarget': [],
  'for.other': [],
  'for.same': [],
  'for.none': [],
  'answer.ok': ['availability.loaded'],
  'answer.fails': ['availability.failed'],
  page: [],
  retry: [],
} as const satisfies Record<string, readonly string[]>;
type ModelEvent = { type: keyof typeof reports };

const model = createMachine({
  id: 'availabilityModel',
  types: {} as { events: ModelEvent },
  initial: 'Closed',
  states: {
    Closed: { on: { open: 'Waiting', 'open.withTarget': 'Loading' } },
    Waiting: { on: { 'for.other': 'Loading', 'for.none': 'Waiting', page: 'Waiting' } },
    Loading: {
      on: { 'answer.ok': 'Ready', 'answer.fails': 'Failed', 'for.other': 'Loading', 'for.same': 'Loading', 'for.none': 'Waiting' },
    },
    Ready: { on: { page: 'Loading', 'for.same': 'Ready', 'for.other': 'Loading', 'for.none': 'Waiting' } },
    Failed: { on: { retry: 'Loading', 'for.same': 'Failed', 'for.other': 'Loading' } },
  },
});
type ModelSnapshot = SnapshotFrom<typeof model>;

const today = '2025-03-11';
/** Two weeks from `from`: weekdays free (3 each), Sundays closed, the horizon on 9 June. */
function stripFrom(target: AvailabilityTarget, from: string): Availability {
  const days = Array.from({ length: 14 }, (_, i) => {
    const date = new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    const sunday = new Date(`${date}T00:00:00Z`).getUTCDay() === 0;
    return { date, works: !sunday, onLeave: false, free: sunday ? 0 : 3 };
  }) as Availability['days'];
  return {
    doctorEmail: target.doctorEmail,
    location: target.location,
    from: from as Availability['from'],
    to: days[13]!.date,
    bookableUntil: '2025-06-09' as Availability['bookableUntil'],
    days,
    next: { date: days[0]!.date, time: '10:00' as NonNullable<Availability['next']>['time'], location: target.location },
  };
}

function startStrip(target: AvailabilityTarget | null) {
  const load = answeredByHand<Availability, AvailabilityRequest>();
  const got: AvailabilityReport[] = [];
  const host = setup({
    types: {} as { events: AvailabilityReport; children: { availability: 'availability' } },
    actors: { availability: availabilityMachine.provide({ actors: { loadAvailability: load.logic } }) },
  }).createMachine({
    invoke: { id: 'availability', src: 'availability', input: { target } },
    on: { 'availability.loaded': { actions: ({ event }) => got.push(event) }, 'availability.failed': { actions: ({ event }) => got.push(event) } },
  });
  const actor = createActor(host, { inspect: recordWalk }).start();
  const child = (): ActorRefFrom<typeof availabilityMachine> => actor.getSnapshot().children.availability!;
  return { snapshot: () => child().getSnapshot(), send: (e: AvailabilityEvent) => child().send(e), load, got, stop: () => actor.stop() };
}

function harness() {
  let strip: ReturnType<typeof startStrip> | undefined;
  let expected: { target: AvailabilityTarget | null; from: string | null; shown: Availability | null } = { target: null, from: null, shown: null };
  let calls = 0;
  let request: AvailabilityRequest | null = null;
  let doctors = 0;
  let logins = 0;
  const real = () => {
    if (!strip) throw new Error('not open');
    return strip;
  };
  const target = (n: number): AvailabilityTarget => ({ doctorEmail: `doctor${n}@clinic.example`, location: n % 2 === 0 ? '' : 'Kothrud', token: 'tok-1' });
  const expectCall = () => {
    calls += 1;
    request = expected.target === null ? null : { ...expected.target, from: expected.from };
  };
  const step = (type: ModelEvent['type'], act: () => void) => async () => {
    const before = strip?.got.length ?? 0;
    act();
    await settle();
    expect(real().got.slice(before).map((r) => r.type), type).toEqual(reports[type]);
  };
  const open = (t: AvailabilityTarget | null) => () => {
    strip?.stop();
    expected = { target: t, from: null, shown: null };
    strip = startStrip(t);
    calls = t === null ? 0 : 1;
    request = t === null ? null : { ...t, from: null };
  };
  const choose = (t: AvailabilityTarget | null, token?: string) => {
    const same = t !== null && expected.target !== null && t.doctorEmail === expected.target.doctorEmail && t.location === expected.target.location;
    if (same) {
      expected = { ...expected, target: { ...expected.target!, token: token ?? expected.target!.token } };
    } else {
      expected = { target: t, from: null, shown: null };
      if (t !== null) expectCall();
    }
    real().send({ type: 'availability.for', target: same ? { ...t, token: token ?? t.token } : t });
  };
  const shows = (status: StripStatus) => {
    const s = real().snapshot();
    expect(selectStripStatus(s)).toBe(status);
    expect(s.context.target).toEqual(expected.target);
    expect(s.context.strip).toEqual(expected.shown);
    expect(real().load.calls).toHaveLength(calls);
    if (request !== null) expect(real().load.latest().input).toEqual(request);
  };
  return {
    stop: () => strip?.stop(),
    events: {
      open: step('open', open(null)),
      'open.withTarget': step('open.withTarget', open(target(1))),
      'for.other': step('for.other', () => choose(target(++doctors + 1))),
      'for.same': step('for.same', () => choose(expected.target, `tok-login-${++logins}`)),
      'for.none': step('for.none', () => choose(null)),
      'answer.ok': step('answer.ok', () => {
        const call = real().load.latest();
        const answer = stripFrom(call.input, call.input.from ?? today);
        expected = { ...expected, shown: answer };
        call.resolve(answer);
      }),
      'answer.fails': step('answer.fails', () => real().load.latest().reject(unanswered)),
      page: step('page', () => {
        const from = expected.shown ? nextPageFrom(expected.shown) : '2025-04-01';
        if (expected.shown) {
          expected = { ...expected, from };
          expectCall();
        }
        real().send({ type: 'availability.page', from: from ?? today });
      }),
      retry: step('retry', () => {
        expectCall();
        real().send({ type: 'availability.retry' });
      }),
    },
    states: {
      Closed: () => expect(strip).toBeUndefined(),
      Waiting: () => shows('waiting'),
      Loading: () => shows('loading'),
      Ready: () => shows('ready'),
      Failed: () => shows('failed'),
    } satisfies Record<string, (state: ModelSnapshot) => void>,
  };
}

describe('availabilityMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = (
    [
      // A doctor at a clinic, then two weeks on twice, then another doctor online.
      ['open.withTarget', 'answer.ok', 'page', 'answer.ok', 'page', 'answer.ok', 'for.other', 'answer.ok'],
      // No doctor yet; one; the strip fails, a retry works; logged in again meanwhile.
      ['open', 'for.other', 'answer.fails', 'for.same', 'retry', 'for.same', 'answer.ok', 'for.none'],
    ] as const
  ).flatMap((types) => testModel.getPathsFromEvents(types.map((type) => ({ type }))));

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(17);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
    expect(journeys).toHaveLength(2);
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});

describe('the strip helpers', () => {
  const target: AvailabilityTarget = { doctorEmail: 'd@clinic.example', location: 'Kothrud', token: null };
  it('choose the first free day, page two weeks up to the horizon and back to today, and follow the choices', () => {
    const first = stripFrom(target, today);
    expect(firstFreeDay(first)).toBe(today);
    expect(firstFreeDay({ ...first, days: first.days.map((d) => ({ ...d, free: d.date === '2025-03-14' ? 2 : 0 })) })).toBe('2025-03-14');
    expect(firstFreeDay({ ...first, days: first.days.map((d) => ({ ...d, free: 0 })) })).toBeNull();
    expect(nextPageFrom(first)).toBe('2025-03-25');
    expect(previousPageFrom(first, today, 14)).toBeNull();
    expect(previousPageFrom(stripFrom(target, '2025-03-20'), today, 14)).toBe(today);
    expect(previousPageFrom(stripFrom(target, '2025-03-25'), today, 14)).toBe(today);
    expect(previousPageFrom(stripFrom(target, '2025-04-08'), today, 14)).toBe('2025-03-25');
    expect(nextPageFrom({ ...first, to: '2025-06-09' as Availability['to'] })).toBeNull();
    expect(availabilityFor({ choices: { doctorEmail: 'd@clinic.example', location: '' }, token: 't' }).target).toEqual({ doctorEmail: 'd@clinic.example', location: '', token: 't' });
    expect(availabilityFor({ choices: { doctorEmail: 'd@clinic.example', location: null }, token: 't' }).target).toBeNull();
  });
});

/* ------------------------------------------------------------------ the soonest list */

const soonestReports = { open: [], 'answer.ok': [], 'answer.fails': [], retry: [] } as const;
type SoonestModelEvent = { type: keyof typeof soonestReports };
const soonestModel = createMachine({
  id: 'soonestModel',
  types: {} as { events: SoonestModelEvent },
  initial: 'Closed',
  states: {
    Closed: { on: { open: 'Loading' } },
    Loading: { on: { 'answer.ok': 'Ready', 'answer.fails': 'Failed' } },
    Ready: {},
    Failed: { on: { retry: 'Loading' } },
  },
});

const listed: SoonestOnlineDoctor[] = [
  { doctorEmail: 'kavita@clinic.example', doctorName: 'Dr Kavita', freeToday: 4, next: { date: today, time: '10:20', location: '' } as SoonestOnlineDoctor['next'] },
  { doctorEmail: 'rohan@clinic.example', doctorName: 'Dr Rohan', freeToday: 0, next: { date: '2025-03-12', time: '07:00', location: '' } as SoonestOnlineDoctor['next'] },
];

function soonestHarness() {
  let actor: ReturnType<typeof start> | undefined;
  let calls = 0;
  let shown: SoonestOnlineDoctor[] = [];
  function start() {
    const load = answeredByHand<SoonestOnlineDoctor[], { token: string | null }>();
    const a = createActor(soonestMachine.provide({ actors: { loadSoonest: load.logic } }), { input: { token: 'tok-1' }, inspect: recordWalk }).start();
    return { a, load };
  }
  const real = () => actor!;
  const shows = (status: 'loading' | 'ready' | 'failed') => {
    const s = real().a.getSnapshot();
    expect(selectSoonestStatus(s)).toBe(status);
    expect(selectSoonestDoctors(s)).toEqual(shown);
    expect(real().load.calls).toHaveLength(calls);
    expect(real().load.latest().input).toEqual({ token: 'tok-1' });
  };
  return {
    stop: () => actor?.a.stop(),
    events: {
      open: async () => {
        actor = start();
        calls = 1;
      },
      'answer.ok': async () => {
        shown = listed;
        real().load.latest().resolve(listed);
        await settle();
        expect(selectOnlineToday(real().a.getSnapshot()).map((d) => d.doctorName)).toEqual(['Dr Kavita']);
      },
      'answer.fails': async () => {
        real().load.latest().reject(unanswered);
        await settle();
      },
      retry: async () => {
        calls += 1;
        real().a.send({ type: 'soonest.retry' });
        await settle();
      },
    },
    states: {
      Closed: () => expect(actor).toBeUndefined(),
      Loading: () => shows('loading'),
      Ready: () => shows('ready'),
      Failed: () => shows('failed'),
    },
  };
}

describe('soonestMachine paths', () => {
  const testModel = createTestModel(soonestModel);
  const everyTransition = pathsTakingEveryTransition(testModel);
  it('takes every transition of the model', () => {
    expect(takenTransitions(everyTransition)).toEqual(new Set(declaredTransitions(soonestModel)));
  });
  testPaths({ 'every transition': everyTransition }, soonestHarness);
});
