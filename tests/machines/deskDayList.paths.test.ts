/**
 * Model-based paths for the day list (machines/desk/dayList): the first doctor's day, loaded (with
 * rows or none), failed and retried; another date, doctor (the location kept only where they work)
 * or location loads it again; a clinic without doctors has nothing to list. Along every path the
 * REAL machine runs with its call answered by hand; each state must show what the model says.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { dayListMachine, selectDayFailure, selectDayQuery, selectDayRows, selectDayStatus, type DayQuery } from '../../machines/desk/dayList/dayListMachine.js';
import { refused } from './accountFakes.js';
import { andheri, bandra, deskAnita, deskAppointment, deskVikram, startDayList, today } from './deskFakes.js';
import { modelTransitions, pathEndings, pathsTakingEveryTransition, testPaths } from './modelPaths.js';
import { expectWalkedFully } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

const emits = {
  open: [],
  'open.noDoctors': [],
  loaded: [],
  'loaded.empty': [],
  failed: [],
  retry: [],
  refresh: [],
  'changed.date': [],
  'changed.doctor': [],
  'changed.location': [],
} as const satisfies Record<string, readonly string[]>;

type ModelEvent = { type: keyof typeof emits };
const changes = { 'changed.date': 'Loading', 'changed.doctor': 'Loading', 'changed.location': 'Loading' } as const;

const model = createMachine({
  id: 'deskDayListModel',
  types: {} as { events: ModelEvent },
  initial: 'Closed',
  states: {
    Closed: { on: { open: 'Loading', 'open.noDoctors': 'NoDoctor' } },
    NoDoctor: { on: { refresh: 'NoDoctor', 'changed.date': 'NoDoctor' } },
    Loading: { on: { loaded: 'Ready', 'loaded.empty': 'Ready', failed: 'Failed', ...changes } },
    Ready: { on: { refresh: 'Loading', ...changes } },
    Failed: { on: { retry: 'Loading', 'changed.date': 'Loading' } },
  },
});

type ModelSnapshot = SnapshotFrom<typeof model>;

function harness() {
  let day: ReturnType<typeof startDayList> | undefined;
  const real = () => {
    if (!day) throw new Error('not open');
    return day;
  };
  const step = stepper(() => day?.emitted.take() ?? [], emits);
  let query: DayQuery = { date: today, doctorId: deskAnita._id, locationId: '' };
  let loads = 0;
  let rows: string[] | null = null;
  const early = deskAppointment({ startTime: '09:00' });
  const late = deskAppointment({ startTime: '11:30' });
  const again = (change: () => void) => () => {
    change();
    rows = null;
    loads += 1;
  };
  const change = (next: Partial<DayQuery>, event: { date?: string; doctorId?: string; locationId?: string }) =>
    again(() => {
      query = { ...query, ...next };
      real().send({ type: 'day.changed', ...event });
    });
  const answer = (then: (call: ReturnType<ReturnType<typeof real>['calls']['loadDay']['latest']>) => void) => () => {
    const call = real().calls.loadDay.latest();
    expect(call.input).toEqual({ query, token: 'tok-desk' });
    then(call);
  };
  return {
    stop: () => day?.actor.stop(),
    events: {
      open: step('open', () => {
        day = startDayList();
        loads = 1;
      }),
      'open.noDoctors': step('open.noDoctors', () => {
        query = { ...query, doctorId: null };
        day = startDayList([]);
      }),
      loaded: step('loaded', answer((call) => {
        rows = [early._id, late._id];
        call.resolve({ appointments: [early, late], tokens: { [early._id]: 'T1' } });
      })),
      'loaded.empty': step('loaded.empty', answer((call) => {
        rows = [];
        call.resolve({ appointments: [], tokens: {} });
      })),
      failed: step('failed', answer((call) => call.reject(refused(403, 'Not your day.')))),
      retry: step('retry', again(() => real().send({ type: 'day.retry' }))),
      refresh: step('refresh', () => {
        // The rows shown stay until the new answer.
        real().send({ type: 'day.refresh' });
        if (query.doctorId !== null) loads += 1;
      }),
      'changed.date': step('changed.date', () => {
        const date = query.date === today ? '2025-03-11' : today;
        const act = change({ date }, { date });
        if (query.doctorId !== null) return act();
        query = { ...query, date };
        real().send({ type: 'day.changed', date });
      }),
      // To Vikram (Bandra only), the location goes unless it is Bandra; back to Anita, it stays.
      'changed.doctor': step('changed.doctor', () => {
        const doctorId = query.doctorId === deskAnita._id ? deskVikram._id : deskAnita._id;
        const locationId = doctorId === deskVikram._id && query.locationId === andheri._id ? '' : query.locationId;
        return change({ doctorId, locationId }, { doctorId })();
      }),
      'changed.location': step('changed.location', () => {
        const locationId = query.locationId === bandra._id ? andheri._id : bandra._id;
        const kept = query.doctorId === deskVikram._id && locationId === andheri._id ? '' : locationId;
        return change({ locationId: kept }, { locationId })();
      }),
    },
    states: {
      Closed: () => expect(day).toBeUndefined(),
      NoDoctor: () => {
        expect(selectDayStatus(real().snapshot())).toBe('noDoctor');
        expect(selectDayQuery(real().snapshot())).toEqual(query);
        expect(real().calls.loadDay.calls).toHaveLength(0);
      },
      Loading: () => {
        expect(selectDayStatus(real().snapshot())).toBe(rows === null ? 'loading' : rows.length > 0 ? 'ready' : 'empty');
        expect(selectDayQuery(real().snapshot())).toEqual(query);
        expect(real().calls.loadDay.calls).toHaveLength(loads);
      },
      Ready: () => {
        const s = real().snapshot();
        expect(selectDayStatus(s)).toBe(rows?.length ? 'ready' : 'empty');
        expect(selectDayRows(s)?.appointments.map((a) => a._id)).toEqual(rows);
      },
      Failed: () => {
        expect(selectDayStatus(real().snapshot())).toBe('failed');
        expect(selectDayFailure(real().snapshot())).toBe('Not your day.');
      },
    } satisfies Record<string, (state: ModelSnapshot) => void>,
  };
}

describe('dayListMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    (['open', 'failed', 'retry', 'loaded', 'changed.location', 'loaded', 'changed.doctor', 'loaded.empty', 'changed.doctor', 'loaded', 'refresh', 'loaded'] as const).map((type) => ({ type })),
  );

  it('takes every transition of the model', () => {
    expect(pathEndings(everyTransition)).toEqual(modelTransitions(testModel));
    expect(journeys).toHaveLength(1);
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
  expectWalkedFully(dayListMachine);
});
