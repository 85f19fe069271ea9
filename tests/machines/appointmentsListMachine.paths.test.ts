/**
 * Model-based paths for the patient's appointments list, run as the session runs it: invoked by a
 * parent, which hears nothing from it on a 401 (the request base ends the session). Loaded, failed, expired, retried and refreshed
 * (from every state). Along every path the REAL machine runs with its call answered by hand; each
 * state must show what the model says.
 */
import { createActor, createMachine, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { AppointmentRecord } from '../../contract/appointments.js';
import { appointmentsListMachine, selectAppointments, selectIsLoading, selectListStatus } from '../../machines/appointments/appointmentsListMachine.js';
import { answeredByHand, refused, settle, unanswered } from './accountFakes.js';
import { appointment } from './appointmentFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';

const model = createMachine({
  id: 'appointmentsListModel',
  types: {} as { events: { type: 'loaded' | 'failed' | 'expired' | 'refresh' | 'retry' } },
  initial: 'Loading',
  states: {
    Loading: { on: { loaded: 'Ready', failed: 'Failed', expired: 'Failed', refresh: 'Loading' } },
    Ready: { on: { refresh: 'Loading' } },
    Failed: { on: { retry: 'Loading', refresh: 'Loading' } },
  },
});

function harness() {
  const load = answeredByHand<AppointmentRecord[], { email: string; token: string }>();
  let expiries = 0;
  const host = setup({ actors: { list: appointmentsListMachine.provide({ actors: { loadAppointments: load.logic } }) } }).createMachine({
    invoke: { id: 'list', src: 'list', input: { email: 'asha@example.in', token: 'tok-1' } },
    on: { 'session.expired': { actions: () => (expiries += 1) } },
  });
  const actor = createActor(host, { inspect: recordWalk }).start();
  const list = () => actor.getSnapshot().children.list as ActorRefFrom<typeof appointmentsListMachine>;
  let shown: string[] | null = null;
  let loads = 1;
  const answer = (act: () => void) => async () => {
    expect(load.latest().input).toEqual({ email: 'asha@example.in', token: 'tok-1' });
    act();
    await settle();
  };
  const again = (type: 'appointments.refresh' | 'appointments.retry') => () => {
    list().send({ type });
    loads += 1;
  };
  const check = (failed: boolean) => () => {
    const s = list().getSnapshot();
    expect(load.calls).toHaveLength(loads);
    expect(expiries).toBe(0);
    // A list loaded before stays shown while loading again, and after a failure.
    expect(selectAppointments(s).map((a) => a._id)).toEqual(shown ?? []);
    expect(selectListStatus(s)).toBe(failed ? 'failed' : shown === null ? 'loading' : shown.length === 0 ? 'empty' : 'ready');
  };
  return {
    stop: () => actor.stop(),
    events: {
      loaded: answer(() => {
        const records = shown === null ? [appointment(), appointment({ date: '2025-03-11' })] : [];
        shown = records.map((r) => r._id);
        load.latest().resolve(records);
      }),
      failed: answer(() => load.latest().reject(unanswered)),
      expired: answer(() => load.latest().reject(refused(401, 'Please log in again.'))),
      refresh: again('appointments.refresh'),
      retry: again('appointments.retry'),
    },
    states: {
      Loading: () => {
        check(false)();
        expect(selectIsLoading(list().getSnapshot())).toBe(true);
      },
      Ready: check(false),
      Failed: check(true),
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('appointmentsListMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  // Loaded, refreshed to an empty list, failed, retried, expired.
  const journeys = testModel.getPathsFromEvents((['loaded', 'refresh', 'loaded', 'refresh', 'failed', 'retry', 'expired'] as const).map((type) => ({ type })));

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(7);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
  expectWalkedFully(appointmentsListMachine);
});
