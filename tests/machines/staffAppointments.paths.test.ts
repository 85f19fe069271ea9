/**
 * Model-based paths for a staff list of appointments: a doctor's (no filters) and an admin's (the
 * filter choices load alongside, or fail and leave the list unfiltered), loaded, refused, expired,
 * retried, refreshed and filtered. Along every path the REAL machine runs with its calls answered
 * by hand; each step must emit what the app acts on, and each state must show what the model says.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  selectAppointments,
  selectFailure,
  selectFilter,
  selectFilterLocations,
  selectFiltersStatus,
  selectIsLoading,
  selectListStatus,
  staffAppointmentsMachine,
} from '../../machines/staffConsole/staffAppointmentsMachine.js';
import { refused, unanswered } from './accountFakes.js';
import { modelTransitions, pathEndings, pathsTakingEveryTransition, testPaths } from './modelPaths.js';
import { expectWalkedFully } from './pathCoverage.js';
import { stepper } from './pathSteps.js';
import { adminDoctor, startStaffList, staffAppointment, today } from './staffConsoleFakes.js';

const emits = {
  'open.doctor': [],
  'open.admin': [],
  'list.loaded': [],
  'list.refused': [],
  'list.expired': [],
  retry: [],
  refresh: [],
  'filter.changed': [],
  'doctors.loaded': [],
  'doctors.failed': [],
} as const satisfies Record<string, readonly string[]>;

type ModelEvent = { type: keyof typeof emits };

// The list region is the same for both roles (a refresh or a new filter loads again from anywhere).
const list = {
  on: { refresh: '.Loading', 'filter.changed': '.Loading' },
  initial: 'Loading',
  states: {
    Loading: { on: { 'list.loaded': 'Ready', 'list.refused': 'Failed', 'list.expired': 'Failed' } },
    Ready: {},
    Failed: { on: { retry: 'Loading' } },
  },
} as const;

const model = createMachine({
  id: 'staffAppointmentsModel',
  types: {} as { events: ModelEvent },
  initial: 'NotOpen',
  states: {
    NotOpen: { on: { 'open.doctor': 'Doctor', 'open.admin': 'Admin' } },
    Doctor: { type: 'parallel', states: { List: list } },
    Admin: {
      type: 'parallel',
      states: {
        List: list,
        Filters: {
          initial: 'Loading',
          states: { Loading: { on: { 'doctors.loaded': 'Ready', 'doctors.failed': 'Unavailable' } }, Ready: {}, Unavailable: {} },
        },
      },
    },
  },
});

type ModelSnapshot = SnapshotFrom<typeof model>;
type Region = { List: 'Loading' | 'Ready' | 'Failed'; Filters?: 'Loading' | 'Ready' | 'Unavailable' };

const clinic = { _id: 'loc-1', name: 'Pune' };
const doctors = [adminDoctor('Anita Rao', [clinic]), adminDoctor('Vivek Shah', [clinic, { _id: 'loc-2', name: 'Mumbai' }])];

function harness() {
  let staffList: ReturnType<typeof startStaffList> | undefined;
  const real = () => {
    if (!staffList) throw new Error('the list is not open');
    return staffList;
  };
  const step = stepper(() => staffList?.emitted.take() ?? [], emits);
  let loads = 0;
  let shown: string[] | null = null;
  let failure: string | null = null;
  let filter = { from: today, to: today, doctorId: null as string | null, locationId: null as string | null };
  const open = (withFilters: boolean) => () => {
    staffList = startStaffList({ filter, withFilters });
    loads = 1;
  };
  const answer = (settleIt: (call: ReturnType<ReturnType<typeof real>['calls']['loadAppointments']['latest']>) => void) => () => {
    const call = real().calls.loadAppointments.latest();
    expect(call.input).toEqual({ filter, token: 'tok-staff' });
    settleIt(call);
  };
  const again = (act: () => void) => () => {
    act();
    loads += 1;
  };
  const check = (region: Region) => {
    const s = real().snapshot();
    expect(real().calls.loadAppointments.calls).toHaveLength(loads);
    expect(selectFilter(s)).toEqual(filter);
    expect(selectIsLoading(s)).toBe(region.List === 'Loading');
    // A list shown stays while it loads again; a failure shows the server's words (or none).
    expect(selectListStatus(s)).toBe(region.List === 'Failed' ? 'failed' : shown === null ? 'loading' : shown.length === 0 ? 'empty' : 'ready');
    expect(selectAppointments(s).map((a) => a._id)).toEqual(shown ?? []);
    if (region.List === 'Failed') expect(selectFailure(s)).toBe(failure);
    const filters = { Loading: 'loading', Ready: 'ready', Unavailable: 'unavailable' } as const;
    expect(selectFiltersStatus(s)).toBe(region.Filters ? filters[region.Filters] : 'none');
    expect(selectFilterLocations(s).map((l) => l._id)).toEqual(region.Filters === 'Ready' ? ['loc-1', 'loc-2'] : []);
    expect(real().calls.loadFilterDoctors.calls).toHaveLength(region.Filters ? 1 : 0);
  };
  return {
    stop: () => staffList?.actor.stop(),
    events: {
      'open.doctor': step('open.doctor', open(false)),
      'open.admin': step('open.admin', open(true)),
      'list.loaded': step(
        'list.loaded',
        answer((call) => {
          // Two appointments of the same day, answered out of time order: shown in time order.
          const late = staffAppointment({ startTime: '11:00' });
          const early = staffAppointment({ startTime: '09:30' });
          shown = [early._id, late._id];
          call.resolve([late, early]);
        }),
      ),
      'list.refused': step(
        'list.refused',
        answer((call) => {
          failure = null;
          call.reject(unanswered);
        }),
      ),
      'list.expired': step(
        'list.expired',
        answer((call) => {
          failure = 'Please log in again.';
          call.reject(refused(401, 'Please log in again.'));
        }),
      ),
      retry: step('retry', again(() => real().send({ type: 'appointments.retry' }))),
      refresh: step('refresh', again(() => real().send({ type: 'appointments.refresh' }))),
      'filter.changed': step(
        'filter.changed',
        again(() => {
          filter = { ...filter, doctorId: filter.doctorId === 'd-1' ? null : 'd-1', locationId: 'loc-1' };
          real().send({ type: 'filter.changed', doctorId: filter.doctorId, locationId: filter.locationId });
        }),
      ),
      'doctors.loaded': step('doctors.loaded', () => real().calls.loadFilterDoctors.latest().resolve(doctors)),
      'doctors.failed': step('doctors.failed', () => real().calls.loadFilterDoctors.latest().reject(refused(403, 'Admins only.'))),
    },
    states: {
      NotOpen: () => expect(staffList).toBeUndefined(),
      Doctor: (state: ModelSnapshot) => check((state.value as { Doctor: Region }).Doctor),
      Admin: (state: ModelSnapshot) => check((state.value as { Admin: Region }).Admin),
    },
  };
}

describe('staffAppointmentsMachine paths', () => {
  // Only events the model takes in each state (a parallel state has many that change nothing).
  const testModel = createTestModel(model, { filterEvents: (state, event) => state.can(event) });
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    (['open.admin', 'doctors.failed', 'list.refused', 'retry', 'list.loaded', 'filter.changed', 'list.loaded', 'filter.changed', 'list.expired'] as const).map(
      (type) => ({ type }),
    ),
  );

  it('takes every transition of the model', () => {
    expect(pathEndings(everyTransition)).toEqual(modelTransitions(testModel));
    expect(modelTransitions(testModel).size).toBeGreaterThan(40);
    expect(journeys).toHaveLength(1);
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
  expectWalkedFully(staffAppointmentsMachine);
});
