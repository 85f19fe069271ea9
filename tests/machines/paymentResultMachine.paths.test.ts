/**
 * Model-based paths for the payment result countdowns. `createTestModel` refuses machines with
 * delays, so the model below writes the passing of one second as an event (`time.second`) and
 * the pages as the person sees them: /paymentsuccess or /paymentfail showing 5, 4, 3, 2, 1, or
 * gone home (with the success alert, or the booking popup opened again). Along every path the
 * REAL machine runs under fake timers; each state must show the model's seconds and have emitted
 * exactly what the model says, once.
 */
import { createActor, createMachine, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  paymentResultMachine,
  selectHasLeft,
  selectSecondsLeft,
  type PaymentOutcome,
  type PaymentResultEmitted,
} from '../../machines/paymentResult/paymentResultMachine.js';
import { recordEmitted } from './accountFakes.js';
import { pathsTakingEveryTransition, declaredTransitions, takenTransitions, testPaths } from './modelPaths.js';
import { recordWalk } from './pathCoverage.js';

type ModelEvent = { type: 'open.success' | 'open.fail' | 'time.second' | 'countdown.skip' };

const counting = (page: 'Success' | 'Fail', home: string) =>
  Object.fromEntries(
    [5, 4, 3, 2, 1].map((n) => [
      `${page}${n}`,
      { on: { 'time.second': n === 1 ? home : `${page}${n - 1}`, 'countdown.skip': home } },
    ]),
  );

const model = createMachine({
  id: 'paymentResultModel',
  types: {} as { events: ModelEvent },
  initial: 'NotOpen',
  states: {
    NotOpen: { on: { 'open.success': 'Success5', 'open.fail': 'Fail5' } },
    ...counting('Success', 'HomeBooked'),
    ...counting('Fail', 'HomeReopened'),
    HomeBooked: { type: 'final' },
    HomeReopened: { type: 'final' },
  },
});

function harness() {
  let actor: Actor<typeof paymentResultMachine> | undefined;
  let emitted: ReturnType<typeof recordEmitted<PaymentResultEmitted>> | undefined;
  const open = (outcome: PaymentOutcome) => () => {
    actor = createActor(paymentResultMachine, { input: { outcome }, inspect: recordWalk });
    emitted = recordEmitted<PaymentResultEmitted>(actor);
    actor.start();
  };
  const page = () => {
    if (!actor || !emitted) throw new Error('no page open');
    return { snapshot: actor.getSnapshot(), emitted: emitted.all };
  };
  const showing = (n: number) => () => {
    const { snapshot, emitted: all } = page();
    expect(selectSecondsLeft(snapshot)).toBe(n);
    expect(selectHasLeft(snapshot)).toBe(false);
    expect(all).toEqual([]);
  };
  const home = (expected: PaymentResultEmitted[], reopenBooking: boolean) => () => {
    const { snapshot, emitted: all } = page();
    expect(selectHasLeft(snapshot)).toBe(true);
    expect(selectSecondsLeft(snapshot)).toBe(0);
    expect(all).toEqual(expected);
    expect(snapshot.output).toEqual({ to: '/', reopenBooking });
    // Nothing more, however long the page stays.
    vi.advanceTimersByTime(60_000);
    expect(page().emitted).toEqual(expected);
  };
  const states: Record<string, () => void> = {
    NotOpen: () => expect(actor).toBeUndefined(),
    HomeBooked: home(
      [
        { type: 'navigate', to: '/' },
        { type: 'notice', tone: 'success', notice: { kind: 'appointmentBooked' } },
      ],
      false,
    ),
    HomeReopened: home([{ type: 'navigate', to: '/' }, { type: 'booking.reopen' }], true),
  };
  for (const n of [5, 4, 3, 2, 1]) {
    states[`Success${n}`] = showing(n);
    states[`Fail${n}`] = showing(n);
  }
  return {
    stop: () => actor?.stop(),
    events: {
      'open.success': open('success'),
      'open.fail': open('fail'),
      'time.second': () => {
        vi.advanceTimersByTime(1000);
      },
      'countdown.skip': () => actor?.send({ type: 'countdown.skip' }),
    },
    states,
  };
}

describe('paymentResultMachine paths', () => {
  const testModel = createTestModel(model);
  const paths = pathsTakingEveryTransition(testModel);

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes every transition of the model', () => {
    const taken = takenTransitions(paths);
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(22);
    expect(taken).toEqual(new Set(declared));
  });

  testPaths({ paths }, harness);
});
