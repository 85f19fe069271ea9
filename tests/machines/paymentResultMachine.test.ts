import { createActor, fromPromise } from 'xstate';
import type { PaymentStatusAnswer } from '../../contract/appointments.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentResultSeconds, type PaymentOutcome } from '../../machines/paymentResult/context.js';
import type { PaymentResultEmitted } from '../../machines/paymentResult/events.js';
import { paymentResultMachine } from '../../machines/paymentResult/paymentResultMachine.js';
import { selectHasLeft, selectSecondsLeft, selectView } from '../../machines/paymentResult/selectors.js';
import { recordEmitted } from './accountFakes.js';

const paidOrder: PaymentStatusAnswer = { merchantOrderId: 'SHCO-261124-x', purpose: 'order', status: 'paid', amountPaid: 120 };

/** /paymentfail, or a pharmacy order's /paymentsuccess that the server confirms at once. */
function start(outcome: PaymentOutcome, seconds?: number) {
  const machine = paymentResultMachine.provide({
    actors: { checkPayment: fromPromise(() => Promise.resolve(paidOrder)) },
  });
  const input = { outcome, merchantOrderId: 'SHCO-261124-x', token: 'tok-1', forOrder: true };
  const actor = createActor(machine, { input: seconds === undefined ? input : { ...input, seconds } });
  const emitted = recordEmitted<PaymentResultEmitted>(actor);
  actor.start();
  return { actor, emitted, secondsLeft: () => selectSecondsLeft(actor.getSnapshot()) };
}

/** A pharmacy order's confirmed payment counts down and goes (the page sends it to My appointments); no toast is replayed. */
const booked: PaymentResultEmitted[] = [{ type: 'navigate', to: '/' }];
const reopened: PaymentResultEmitted[] = [{ type: 'navigate', to: '/' }, { type: 'booking.reopen' }];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('paymentResultMachine', () => {
  it('waits 5 seconds (spec §9)', () => {
    expect(paymentResultSeconds).toBe(5);
  });

  it.each([
    ['success', booked, false],
    ['fail', reopened, true],
  ] as const)('counts down each second on /payment%s, then goes home', async (outcome, expected, reopenBooking) => {
    const { actor, emitted, secondsLeft } = start(outcome);
    await vi.advanceTimersByTimeAsync(0);
    const shown = [secondsLeft()];
    for (let i = 0; i < 4; i += 1) {
      vi.advanceTimersByTime(999);
      expect(secondsLeft()).toBe(shown.at(-1));
      vi.advanceTimersByTime(1);
      shown.push(secondsLeft());
    }
    expect(shown).toEqual([5, 4, 3, 2, 1]);
    expect(emitted.all).toEqual([]);
    expect(selectHasLeft(actor.getSnapshot())).toBe(false);

    vi.advanceTimersByTime(999);
    expect(emitted.all).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(emitted.take()).toEqual(expected);
    expect(secondsLeft()).toBe(0);
    expect(selectHasLeft(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ to: '/', reopenBooking });

    vi.advanceTimersByTime(10_000);
    expect(emitted.take()).toEqual([]);
  });

  it.each([
    ['success', booked],
    ['fail', reopened],
  ] as const)('goes at once on "go now" (%s), and only once', async (outcome, expected) => {
    const { actor, emitted } = start(outcome);
    await vi.advanceTimersByTimeAsync(2000);
    actor.send({ type: 'countdown.skip' });
    expect(emitted.take()).toEqual(expected);
    actor.send({ type: 'countdown.skip' });
    vi.advanceTimersByTime(10_000);
    expect(emitted.take()).toEqual([]);
  });

  it('says nothing when the page goes away first', async () => {
    const { actor, emitted } = start('success');
    await vi.advanceTimersByTimeAsync(3000);
    actor.stop();
    vi.advanceTimersByTime(10_000);
    expect(emitted.all).toEqual([]);
  });

  it.each([
    [0, 0],
    [2.5, 3],
    [-1, 0],
    [Number.NaN, 5],
  ])('counts from %s seconds as %s', async (seconds, from) => {
    const { actor, emitted } = start('success', seconds);
    await vi.advanceTimersByTimeAsync(0);
    const first = actor.getSnapshot();
    if (from === 0) {
      expect(selectHasLeft(first)).toBe(true); // nothing to wait for
    } else {
      expect(selectSecondsLeft(first)).toBe(from);
      vi.advanceTimersByTime(from * 1000 - 1);
      expect(emitted.all).toEqual([]);
      vi.advanceTimersByTime(1);
    }
    expect(emitted.all).toEqual(booked);
  });

  it.each([
    ['a direct visit (no payment reference)', { merchantOrderId: null, token: 'tok-1' }],
    ['a logged-out visit', { merchantOrderId: 'SHCA-261124-x', token: null }],
  ])('claims nothing and asks nothing on %s', async (_, given) => {
    let asked = 0;
    const machine = paymentResultMachine.provide({
      actors: { checkPayment: fromPromise(() => ((asked += 1), Promise.resolve(paidOrder))) },
    });
    const actor = createActor(machine, { input: { outcome: 'success', ...given } });
    const emitted = recordEmitted<PaymentResultEmitted>(actor);
    actor.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(selectView(actor.getSnapshot())).toBe('unconfirmed');
    expect(asked).toBe(0);
    expect(emitted.all).toEqual([]);
  });
});
