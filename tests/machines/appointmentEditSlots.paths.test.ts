/**
 * Model-based paths for the edit popup's slots failing to load and asked again
 * (appointmentEditMachine.paths.test.ts answers every slot list at once). Along every path the
 * REAL machine runs, its real slot picker child included, with its calls answered by hand.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { selectSlots, selectSlotsStatus } from '../../machines/appointmentEdit/selectors.js';
import { refused } from './accountFakes.js';
import { appointment, startEdit, tomorrow, type Edit } from './appointmentFakes.js';
import { doctors, someFree } from './bookingFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { stepper } from './pathSteps.js';

const emits = {
  open: [],
  'slots.loaded': [],
  'slots.failed': ['somethingWentWrong'],
  'slots.retry': [],
} as const satisfies Record<string, readonly string[]>;

const model = createMachine({
  id: 'appointmentEditSlotsModel',
  types: {} as { events: { type: keyof typeof emits } },
  initial: 'NotOpen',
  states: {
    NotOpen: { on: { open: 'Loading' } },
    Loading: { on: { 'slots.loaded': 'Shown', 'slots.failed': 'Failed' } },
    Failed: { on: { 'slots.retry': 'Loading' } },
    Shown: {},
  },
});

function harness() {
  let edit: Edit | undefined;
  const real = () => {
    if (!edit) throw new Error('the popup is not open');
    return edit;
  };
  const step = stepper(() => edit?.emitted.take() ?? [], emits);
  let loads = 0;
  const record = appointment();
  const call = () => {
    const latest = real().calls.loadTimeSlots.latest();
    expect(latest.input).toMatchObject({ date: tomorrow, location: record.location });
    return latest;
  };
  return {
    stop: () => edit?.actor.stop(),
    events: {
      open: step('open', () => {
        expect(record.date).toBe(tomorrow);
        edit = startEdit({ appointment: record });
        real().calls.loadDoctors.latest().resolve(doctors);
        loads = 1;
      }),
      'slots.loaded': step('slots.loaded', () => call().resolve(someFree)),
      'slots.failed': step('slots.failed', () => call().reject(refused(503, 'Database unavailable'))),
      'slots.retry': step('slots.retry', () => {
        real().send({ type: 'slots.retry' });
        loads += 1;
      }),
    },
    states: {
      NotOpen: () => expect(edit).toBeUndefined(),
      Loading: () => {
        expect(selectSlotsStatus(real().snapshot())).toBe('loading');
        expect(real().calls.loadTimeSlots.calls).toHaveLength(loads);
      },
      Failed: () => expect(selectSlotsStatus(real().snapshot())).toBe('failed'),
      Shown: () => {
        expect(selectSlotsStatus(real().snapshot())).toBe('ready');
        expect(selectSlots(real().snapshot()).map((s) => s.time)).toEqual(someFree.map((s) => s.time));
      },
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('appointmentEditMachine slot list paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents((['open', 'slots.failed', 'slots.retry', 'slots.failed', 'slots.retry', 'slots.loaded'] as const).map((type) => ({ type })));

  it('takes every transition of the model', () => {
    expect(declaredTransitions(model)).toHaveLength(4);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declaredTransitions(model)));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
