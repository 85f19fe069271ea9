/**
 * Model-based paths for a Completed appointment's pharmacy order. `createTestModel` refuses
 * machines that invoke actors, so the model below is the order as the patient sees it over time:
 * none yet ('Order Status: Pending'), then made by the clinic (card or cash), Pay Now with each
 * answer the payment service may give, paid (the list refreshed after the provider confirmed it),
 * and Pay Now on a paid order (the amount already paid). Along every path the REAL machine runs
 * with a fake call (provided as the app provides the real one): each step must emit what the
 * person should read and the app act on; each state must show the model's status line and Pay Now.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { AppointmentRecord, Order } from '../../contract/appointments.js';
import {
  selectCanPay,
  selectIsPaying,
  selectIsRedirected,
  selectOffersPayNow,
  selectStatusNotice,
  orderPaymentMachine,
  type OrderPaymentEmitted,
} from '../../machines/orderPayment/orderPaymentMachine.js';
import { expectWalkedFully } from './pathCoverage.js';
import { refused, refusedPlainly, settle, unanswered } from './accountFakes.js';
import { checkoutUrl, completed, order, startOrderPayment } from './appointmentFakes.js';
import { pathsTakingEveryTransition, declaredTransitions, takenTransitions, testPaths } from './modelPaths.js';

const total = 1250.5;

/** What each step makes the machine emit (notice kinds with their amount, a server's words, or the event type). */
const emits = {
  'open.noOrder': [],
  'open.notCompleted': [],
  'appointment.completed': [],
  'order.delivered': [],
  'open.cardOrder': [],
  'open.paidOrder': [],
  'order.madeCard': [],
  'order.madeCash': [],
  'order.settled': [],
  'pay.ignored': [],
  'pay.done': ['redirect'],
  'pay.refused': ['server: The amount does not match the order.'],
  'pay.refusedPlainly': ['somethingWentWrong'],
  'pay.unanswered': ['somethingWentWrong'],
  'pay.expired': ['somethingWentWrong'],
  'pay.alreadyPaid': [`alreadyPaid ${total}`],
} as const satisfies Record<string, readonly string[]>;

type ModelEvent = { type: keyof typeof emits };

const model = createMachine({
  id: 'orderPaymentModel',
  types: {} as { events: ModelEvent },
  initial: 'NotOpen',
  states: {
    NotOpen: { on: { 'open.noOrder': 'Pending', 'open.cardOrder': 'Payable', 'open.paidOrder': 'Paid', 'open.notCompleted': 'NotCompleted' } },
    /** A Booked appointment (the card shows no order), until the consultation is completed. */
    NotCompleted: { on: { 'appointment.completed': 'Pending' } },
    /** 'Order Status: Pending'; no Pay Now. */
    Pending: { on: { 'order.madeCard': 'Payable', 'order.madeCash': 'Other', 'pay.ignored': 'Pending' } },
    /** Card, not Completed: Pay Now. */
    Payable: {
      on: {
        'pay.done': 'Redirected',
        'pay.refused': 'Payable',
        'pay.refusedPlainly': 'Payable',
        'pay.unanswered': 'Payable',
        'pay.expired': 'Payable',
        'order.settled': 'Paid',
      },
    },
    /** Cash at the pharmacy: shown, no Pay Now. */
    Other: { on: { 'pay.ignored': 'Other', 'order.settled': 'Paid' } },
    /** Completed: the amount already paid; Pay Now says so. */
    Paid: { on: { 'pay.alreadyPaid': 'Paid', 'order.delivered': 'Paid' } },
    Redirected: { type: 'final' },
  },
});

type ModelSnapshot = SnapshotFrom<typeof model>;

function words(events: readonly OrderPaymentEmitted[]): string[] {
  return events.map((e) => {
    if (e.type !== 'notice') return e.type;
    const n = e.notice;
    return n.kind === 'server' ? `server: ${n.text}` : n.kind === 'alreadyPaid' ? `alreadyPaid ${n.amount}` : n.kind;
  });
}

function harness() {
  let page: ReturnType<typeof startOrderPayment> | undefined;
  let record: AppointmentRecord | undefined;
  let payments = 0;
  let redirects: OrderPaymentEmitted[] = [];

  const real = () => {
    if (!page) throw new Error('the page is not open');
    return page;
  };
  const step =
    (type: ModelEvent['type'], act: () => void | Promise<void>) =>
    async () => {
      page?.emitted.take();
      await act();
      await settle();
      const all = real().emitted.take();
      redirects = all.filter((e) => e.type === 'redirect');
      expect(words(all), type).toEqual(emits[type]);
    };
  const open = (theOrder: Order | null) => () => {
    record = completed(theOrder);
    page = startOrderPayment({ appointment: record });
  };
  /** The list refreshed and brought the appointment with `change` made to its order. */
  const changed = (change: (current: AppointmentRecord) => Order) => () => {
    if (!record) throw new Error('no record');
    record = { ...record, order: change(record) };
    real().send({ type: 'appointment.changed', appointment: record });
  };
  const pay = (answer: (call: ReturnType<typeof real>['calls']['createOrderPayment']) => void) => () => {
    real().send({ type: 'order.pay' });
    payments += 1;
    const call = real().calls.createOrderPayment;
    expect(call.latest().input).toEqual({ order: record?.order, token: 'tok-1' });
    expect(selectIsPaying(real().snapshot())).toBe(true);
    answer(call);
  };

  const shows = (line: ReturnType<typeof selectStatusNotice>, payNow: boolean) => () => {
    const s = real().snapshot();
    expect(selectStatusNotice(s)).toEqual(line);
    expect(selectCanPay(s)).toBe(payNow);
    expect(selectIsPaying(s)).toBe(false);
    expect(selectIsRedirected(s)).toBe(false);
    expect(real().calls.createOrderPayment.calls).toHaveLength(payments);
  };

  return {
    stop: () => page?.actor.stop(),
    events: {
      'open.noOrder': step('open.noOrder', open(null)),
      'open.cardOrder': step('open.cardOrder', open(order({ totalPrice: total }))),
      'open.paidOrder': step('open.paidOrder', open(order({ totalPrice: total, paymentStatus: 'Completed' }))),
      'open.notCompleted': step('open.notCompleted', () => {
        record = { ...completed(null), appointmentStatus: 'Booked' };
        page = startOrderPayment({ appointment: record });
      }),
      'appointment.completed': step('appointment.completed', () => {
        record = { ...(record as AppointmentRecord), appointmentStatus: 'Completed' };
        real().send({ type: 'appointment.changed', appointment: record });
      }),
      'order.delivered': step('order.delivered', changed((r) => ({ ...(r.order as Order), orderStatus: 'Delivered' }))),
      'order.madeCard': step('order.madeCard', changed((r) => order({ appointmentId: r._id, totalPrice: total }))),
      'order.madeCash': step('order.madeCash', changed((r) => order({ appointmentId: r._id, totalPrice: total, paymentMode: 'Cash' }))),
      'order.settled': step('order.settled', changed((r) => ({ ...(r.order as Order), paymentStatus: 'Completed' }))),
      'pay.ignored': step('pay.ignored', () => real().send({ type: 'order.pay' })),
      'pay.done': step('pay.done', pay((call) => call.latest().resolve({ checkoutPageUrl: checkoutUrl(payments) }))),
      'pay.refused': step('pay.refused', pay((call) => call.latest().reject(refused(400, 'The amount does not match the order.')))),
      'pay.refusedPlainly': step('pay.refusedPlainly', pay((call) => call.latest().reject(refusedPlainly(502)))),
      'pay.unanswered': step('pay.unanswered', pay((call) => call.latest().reject(unanswered))),
      'pay.expired': step('pay.expired', pay((call) => call.latest().reject(refusedPlainly(401)))),
      'pay.alreadyPaid': step('pay.alreadyPaid', () => real().send({ type: 'order.pay' })),
    },
    states: {
      NotOpen: () => expect(page).toBeUndefined(),
      NotCompleted: () => {
        shows(null, false)();
        expect(selectOffersPayNow(real().snapshot())).toBe(false);
      },
      Pending: () => {
        shows({ kind: 'orderPending' }, false)();
        expect(selectOffersPayNow(real().snapshot())).toBe(false);
      },
      Payable: () => {
        shows(null, true)();
        expect(selectOffersPayNow(real().snapshot())).toBe(true);
      },
      Other: () => {
        shows(null, false)();
        expect(selectOffersPayNow(real().snapshot())).toBe(false);
      },
      Paid: () => {
        shows({ kind: 'alreadyPaid', amount: total }, false)();
        expect(selectOffersPayNow(real().snapshot())).toBe(true);
      },
      Redirected: () => {
        const s = real().snapshot();
        expect(selectIsRedirected(s)).toBe(true);
        expect(s.status).toBe('done');
        expect(redirects).toEqual([
          {
            type: 'redirect',
            url: `/#/payment?payUrl=${encodeURIComponent(checkoutUrl(payments))}`,
            payUrl: checkoutUrl(payments),
            orderId: record?.order?._id,
          },
        ]);
      },
    } satisfies Record<string, (state: ModelSnapshot) => void>,
  };
}

describe('orderPaymentMachine paths', () => {
  expectWalkedFully(orderPaymentMachine);
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = (
    [
      // No order yet; the clinic makes a card order; the first try gets no answer; paid at the checkout.
      ['open.noOrder', 'pay.ignored', 'order.madeCard', 'pay.unanswered', 'pay.refused', 'pay.done'],
      // Paid by card, back on the page: told the amount paid.
      ['open.cardOrder', 'order.settled', 'pay.alreadyPaid', 'pay.alreadyPaid'],
      // Cash at the pharmacy, then settled there.
      ['open.noOrder', 'order.madeCash', 'pay.ignored', 'order.settled', 'pay.alreadyPaid'],
    ] as const
  ).flatMap((types) => testModel.getPathsFromEvents(types.map((type) => ({ type }))));

  it('takes every transition of the model, and every event', () => {
    const taken = takenTransitions(everyTransition);
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(18);
    expect(taken).toEqual(new Set(declared));
    const events = new Set(everyTransition.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const type of Object.keys(emits)) expect(events, type).toContain(type);
    expect(journeys).toHaveLength(3);
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
