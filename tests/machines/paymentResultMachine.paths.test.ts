/**
 * Model-based paths for the payment result pages. `createTestModel` refuses machines with delays,
 * so the model writes the passing of one second as an event (`time.second`), and the server's
 * answers about the payment as events too (`check.*`: paid, pending, failed, refused, no answer,
 * and pending until the page stops asking). The pages as the person sees them:
 * - /paymentfail showing 5, 4, 3, 2, 1, then home with the booking popup opened again;
 * - a pharmacy order's /paymentsuccess, confirmed by the server, counting down to My appointments;
 * - /paymentsuccess: 'Confirming your payment...', then the confirmation (with Add to calendar),
 *   not paid, still pending ("Check again"), or nothing claimed (a direct visit, or not theirs).
 * Along every path the REAL machine runs under fake timers with its calls answered by hand; each
 * state must show what the model says and have emitted exactly what the model says, once.
 */
import { createActor, createMachine, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentStatusAnswer } from '../../contract/appointments.js';
import type { CalendarFile } from '../../machines/appointments/appointmentsMachine.js';
import { maxChecks, recheckMs, type PaymentResultInput } from '../../machines/paymentResult/context.js';
import type { PaymentResultEmitted } from '../../machines/paymentResult/events.js';
import { paymentResultMachine } from '../../machines/paymentResult/paymentResultMachine.js';
import { selectConfirmation, selectHasLeft, selectIsRefund, selectSecondsLeft, selectView } from '../../machines/paymentResult/selectors.js';
import { answeredByHand, recordEmitted, refused, unanswered } from './accountFakes.js';
import { appointment } from './appointmentFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';

type ModelEvent = {
  type:
    | 'open.fail'
    | 'open.order'
    | 'open.direct'
    | 'open.success'
    | 'open.checkingLogin'
    | 'open.loggedOut'
    | 'session.in'
    | 'session.out'
    | 'time.second'
    | 'countdown.skip'
    | 'check.paid'
    | 'check.pending'
    | 'check.unanswered'
    | 'check.failed'
    | 'check.refund'
    | 'check.refused'
    | 'check.giveUp'
    | 'recheck'
    | 'calendar.ok'
    | 'calendar.failed';
};

const counting = (page: 'Order' | 'Fail', home: string) =>
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
    NotOpen: {
      on: {
        'open.fail': 'Fail5',
        'open.order': 'Order5',
        'open.direct': 'Unconfirmed',
        'open.success': 'Confirming',
        'open.checkingLogin': 'AwaitingLogin',
        'open.loggedOut': 'Unconfirmed',
      },
    },
    // The app still checks the stored login: 'Confirming your payment...', nothing asked yet.
    AwaitingLogin: { on: { 'session.in': 'Confirming', 'session.out': 'Unconfirmed' } },
    ...counting('Order', 'HomeOrder'),
    ...counting('Fail', 'HomeReopened'),
    Confirming: {
      on: {
        'check.paid': 'Confirmed',
        'check.pending': 'Confirming',
        'check.unanswered': 'Confirming',
        'check.failed': 'NotPaid',
        'check.refund': 'Refunded',
        'check.refused': 'Unconfirmed',
        'check.giveUp': 'StillPending',
      },
    },
    StillPending: { on: { recheck: 'Confirming' } },
    Confirmed: { on: { 'calendar.ok': 'Confirmed', 'calendar.failed': 'Confirmed' } },
    NotPaid: { type: 'final' },
    Refunded: { type: 'final' },
    Unconfirmed: { type: 'final' },
    HomeOrder: { type: 'final' },
    HomeReopened: { type: 'final' },
  },
});

const merchantOrderId = 'SHCA-261124-abc';
const record = appointment({ appointmentId: 'APT-7' });
const answerOf = (status: PaymentStatusAnswer['status'], purpose: 'appointment' | 'order' = 'appointment'): PaymentStatusAnswer => ({
  merchantOrderId,
  purpose,
  status,
  amountPaid: status === 'paid' ? 450 : 0,
  ...(purpose === 'appointment' ? { appointment: record } : {}),
});
const ics: CalendarFile = { fileName: 'appointment-APT-7.ics', content: new Blob(['BEGIN:VCALENDAR']) };

function harness() {
  let actor: Actor<typeof paymentResultMachine> | undefined;
  let emitted: ReturnType<typeof recordEmitted<PaymentResultEmitted>> | undefined;
  const check = answeredByHand<PaymentStatusAnswer, { merchantOrderId: string; token: string }>();
  const calendar = answeredByHand<CalendarFile, { appointmentId: string; token: string }>();
  let checks = 0;
  let calendars = 0;
  let expectedEmitted: PaymentResultEmitted[] = [];
  const flush = () => vi.advanceTimersByTimeAsync(0);

  const open = (input: PaymentResultInput) => async () => {
    const machine = paymentResultMachine.provide({ actors: { checkPayment: check.logic, downloadCalendar: calendar.logic } });
    actor = createActor(machine, { input, inspect: recordWalk });
    emitted = recordEmitted<PaymentResultEmitted>(actor);
    actor.start();
    await flush();
  };
  /** Answers the page's latest question about the payment: it asked with the reference and the token. */
  const answerCheck = async (settle: (call: ReturnType<typeof check.latest>) => void) => {
    checks += 1;
    expect(check.calls).toHaveLength(checks);
    expect(check.latest().input).toEqual({ merchantOrderId, token: 'tok-1' });
    settle(check.latest());
    await flush();
  };
  const page = () => {
    if (!actor || !emitted) throw new Error('no page open');
    return { snapshot: actor.getSnapshot(), emitted: emitted.all };
  };
  const showing = (n: number) => () => {
    const { snapshot, emitted: all } = page();
    expect(selectView(snapshot)).toBe('counting');
    expect(selectSecondsLeft(snapshot)).toBe(n);
    expect(selectHasLeft(snapshot)).toBe(false);
    expect(all).toEqual([]);
  };
  const home = (expected: PaymentResultEmitted[], reopenBooking: boolean) => async () => {
    const { snapshot, emitted: all } = page();
    expect(selectHasLeft(snapshot)).toBe(true);
    expect(selectSecondsLeft(snapshot)).toBe(0);
    expect(all).toEqual(expected);
    expect(snapshot.output).toEqual({ to: '/', reopenBooking });
    // Nothing more, however long the page stays.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(page().emitted).toEqual(expected);
  };
  /** A page that settled on what it says: no more questions, nothing emitted, however long it stays. */
  const settled = (view: ReturnType<typeof selectView>, more: () => void = () => undefined) => async () => {
    const { snapshot, emitted: all } = page();
    expect(selectView(snapshot)).toBe(view);
    expect(all).toEqual(expectedEmitted);
    more();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check.calls).toHaveLength(checks);
    expect(page().emitted).toEqual(expectedEmitted);
  };
  const states: Record<string, () => void | Promise<void>> = {
    NotOpen: () => expect(actor).toBeUndefined(),
    HomeOrder: home([{ type: 'navigate', to: '/' }], false),
    HomeReopened: home([{ type: 'navigate', to: '/' }, { type: 'booking.reopen' }], true),
    AwaitingLogin: () => {
      const { snapshot, emitted: all } = page();
      expect(selectView(snapshot)).toBe('confirming');
      expect(check.calls).toHaveLength(0);
      expect(all).toEqual([]);
    },
    Confirming: () => {
      const { snapshot, emitted: all } = page();
      expect(selectView(snapshot)).toBe('confirming');
      expect(selectConfirmation(snapshot)).toBeNull();
      expect(all).toEqual([]);
      // Asking now: one question open, none answered by nobody.
      expect(page().snapshot.matches('Checking')).toBe(true);
      expect(check.calls).toHaveLength(checks + 1);
    },
    StillPending: settled('stillPending'),
    Confirmed: () => {
      const { snapshot, emitted: all } = page();
      expect(selectView(snapshot)).toBe('confirmed');
      expect(selectConfirmation(snapshot)).toEqual({ appointment: record, amountPaid: 450, joinOpensAt: null });
      expect(all).toEqual(expectedEmitted);
      expect(calendar.calls).toHaveLength(calendars);
    },
    NotPaid: settled('notPaid', () => expect(selectIsRefund(page().snapshot)).toBe(false)),
    Refunded: settled('notPaid', () => expect(selectIsRefund(page().snapshot)).toBe(true)),
    Unconfirmed: settled('unconfirmed'),
  };
  for (const n of [5, 4, 3, 2, 1]) {
    states[`Order${n}`] = showing(n);
    states[`Fail${n}`] = showing(n);
  }
  const addToCalendar = async (settle: (call: ReturnType<typeof calendar.latest>) => void, then: PaymentResultEmitted) => {
    actor?.send({ type: 'calendar.add' });
    calendars += 1;
    expect(calendar.latest().input).toEqual({ appointmentId: record._id, token: 'tok-1' });
    settle(calendar.latest());
    await flush();
    expectedEmitted = [...expectedEmitted, then];
  };
  return {
    stop: () => actor?.stop(),
    events: {
      'open.fail': open({ outcome: 'fail' }),
      'open.order': async () => {
        await open({ outcome: 'success', merchantOrderId, token: 'tok-1', forOrder: true })();
        await answerCheck((call) => call.resolve(answerOf('paid', 'order')));
      },
      // A direct visit: no reference (or no login) means no question and nothing claimed.
      'open.direct': open({ outcome: 'success', merchantOrderId: null, token: 'tok-1' }),
      'open.success': open({ outcome: 'success', merchantOrderId, token: 'tok-1' }),
      'open.loggedOut': open({ outcome: 'success', merchantOrderId, token: null, sessionChecking: false }),
      'open.checkingLogin': open({ outcome: 'success', merchantOrderId, token: null, sessionChecking: true }),
      'session.in': async () => {
        actor?.send({ type: 'session.changed', token: 'tok-1', checking: false });
        await flush();
      },
      'session.out': async () => {
        actor?.send({ type: 'session.changed', token: null, checking: false });
        await flush();
      },
      'time.second': () => vi.advanceTimersByTimeAsync(1000),
      'countdown.skip': () => actor?.send({ type: 'countdown.skip' }),
      'check.paid': () => answerCheck((call) => call.resolve(answerOf('paid'))),
      'check.pending': async () => {
        await answerCheck((call) => call.resolve(answerOf('pending')));
        expect(selectView(page().snapshot)).toBe('confirming');
        await vi.advanceTimersByTimeAsync(recheckMs);
      },
      'check.unanswered': async () => {
        await answerCheck((call) => call.reject(unanswered));
        await vi.advanceTimersByTimeAsync(recheckMs);
      },
      'check.failed': () => answerCheck((call) => call.resolve(answerOf('failed'))),
      'check.refund': () => answerCheck((call) => call.resolve(answerOf('refund'))),
      'check.refused': () => answerCheck((call) => call.reject(refused(404, 'Payment not found.'))),
      'check.giveUp': async () => {
        // Pending to the last question the page asks.
        while (page().snapshot.matches('Checking') || page().snapshot.matches('Waiting')) {
          if (page().snapshot.matches('Checking')) await answerCheck((call) => call.resolve(answerOf('pending')));
          else await vi.advanceTimersByTimeAsync(recheckMs);
        }
        expect(page().snapshot.context.checks).toBe(maxChecks);
      },
      recheck: async () => {
        actor?.send({ type: 'payment.recheck' });
        await flush();
      },
      'calendar.ok': () => addToCalendar((call) => call.resolve(ics), { type: 'calendar.file', ...ics }),
      'calendar.failed': () =>
        addToCalendar((call) => call.reject(unanswered), { type: 'notice', tone: 'error', notice: { kind: 'calendarFailed' } }),
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
    expect(declared).toHaveLength(38);
    expect(taken).toEqual(new Set(declared));
  });

  testPaths({ paths }, harness);
  expectWalkedFully(paymentResultMachine);
});
