import { createActor } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  paymentResultMachine,
  paymentResultSeconds,
  selectHasLeft,
  selectSecondsLeft,
  type PaymentOutcome,
  type PaymentResultEmitted,
} from '../../machines/paymentResult/paymentResultMachine.js';
import { recordEmitted } from './accountFakes.js';

function start(outcome: PaymentOutcome, seconds?: number) {
  const actor = createActor(paymentResultMachine, { input: seconds === undefined ? { outcome } : { outcome, seconds } });
  const emitted = recordEmitted<PaymentResultEmitted>(actor);
  actor.start();
  return { actor, emitted, secondsLeft: () => selectSecondsLeft(actor.getSnapshot()) };
}

const booked: PaymentResultEmitted[] = [
  { type: 'navigate', to: '/' },
  { type: 'notice', tone: 'success', notice: { kind: 'appointmentBooked' } },
];
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
  ] as const)('counts down each second on /payment%s, then goes home', (outcome, expected, reopenBooking) => {
    const { actor, emitted, secondsLeft } = start(outcome);
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
  ] as const)('goes at once on "go now" (%s), and only once', (outcome, expected) => {
    const { actor, emitted } = start(outcome);
    vi.advanceTimersByTime(2000);
    actor.send({ type: 'countdown.skip' });
    expect(emitted.take()).toEqual(expected);
    actor.send({ type: 'countdown.skip' });
    vi.advanceTimersByTime(10_000);
    expect(emitted.take()).toEqual([]);
  });

  it('says nothing when the page goes away first', () => {
    const { actor, emitted } = start('success');
    vi.advanceTimersByTime(3000);
    actor.stop();
    vi.advanceTimersByTime(10_000);
    expect(emitted.all).toEqual([]);
  });

  it.each([
    [0, 0],
    [2.5, 3],
    [-1, 0],
    [Number.NaN, 5],
  ])('counts from %s seconds as %s', (seconds, from) => {
    const { actor, emitted } = start('success', seconds);
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
});
