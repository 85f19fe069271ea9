/**
 * Model-based paths for one appointment at the counter (machines/desk/checkIn): checked in (or
 * refused: already in the queue, no answer), and its fee taken at the counter (the form opened and
 * closed, the method and the reference changed, a reference refused at its field, a refusal, paid)
 * or nothing to take. Along every path the REAL machine runs with its calls answered by hand; each
 * step must emit what the app acts on, and each state must show what the model says.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { CounterMethod } from '../../contract/desk.js';
import {
  checkInMachine,
  selectAppointment,
  selectEntry,
  selectIsCheckingIn,
  selectIsPaying,
  selectPayment,
  selectPaymentErrors,
  selectPaymentStatus,
} from '../../machines/desk/checkIn/checkInMachine.js';
import { refused, unanswered } from './accountFakes.js';
import { deskAppointment, queueEntry, startCheckIn } from './deskFakes.js';
import { modelTransitions, pathEndings, pathsTakingEveryTransition, testPaths } from './modelPaths.js';
import { expectWalkedFully } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

const emits = {
  'open.due': [],
  'open.paid': [],
  'checkin.requested': [],
  'checkin.ok': ['checkedIn'],
  'checkin.taken': ['server: This patient is already in the queue.'],
  'checkin.unanswered': ['somethingWentWrong'],
  'payment.opened': [],
  'payment.closed': [],
  'method.upi': [],
  'method.cash': [],
  'reference.typed': [],
  'payment.submitted': [],
  'payment.ok': ['paid'],
  'payment.badReference': [],
  'payment.refused': ['server: This fee is already paid.'],
} as const satisfies Record<string, readonly string[]>;

type ModelEvent = { type: keyof typeof emits };

const model = createMachine({
  id: 'deskCheckInModel',
  types: {} as { events: ModelEvent },
  type: 'parallel',
  states: {
    Arrival: {
      initial: 'Closed',
      states: {
        Closed: { on: { 'open.due': 'Expected', 'open.paid': 'Expected' } },
        Expected: { on: { 'checkin.requested': 'CheckingIn' } },
        CheckingIn: { on: { 'checkin.ok': 'CheckedIn', 'checkin.taken': 'Expected', 'checkin.unanswered': 'Expected' } },
        CheckedIn: {},
      },
    },
    Payment: {
      initial: 'Closed',
      states: {
        Closed: { on: { 'open.due': 'Due', 'open.paid': 'Settled' } },
        Due: { on: { 'payment.opened': 'Form' } },
        Form: { on: { 'method.upi': 'Form', 'method.cash': 'Form', 'reference.typed': 'Form', 'payment.closed': 'Due', 'payment.submitted': 'Paying' } },
        Paying: { on: { 'payment.ok': 'Settled', 'payment.badReference': 'Form', 'payment.refused': 'Form' } },
        Settled: {},
      },
    },
  },
});

type ModelSnapshot = SnapshotFrom<typeof model>;
type Value = { Arrival: string; Payment: string };

function harness() {
  let counter: ReturnType<typeof startCheckIn> | undefined;
  const real = () => {
    if (!counter) throw new Error('not open');
    return counter;
  };
  const step = stepper(() => counter?.emitted.take() ?? [], emits);
  const record = deskAppointment();
  let payment = { method: 'cash' as CounterMethod, reference: '' };
  let referenceError: string | undefined;
  let paid = false;
  const open = (status: 'due' | 'paid') => () => {
    counter = startCheckIn({ ...record, appointmentPaymentStatus: status });
  };
  const method = (m: CounterMethod) => () => {
    payment = { ...payment, method: m };
    real().send({ type: 'payment.method.changed', method: m });
  };
  const payCall = () => {
    const call = real().calls.takePayment.latest();
    // Cash keeps no reference.
    expect(call.input).toEqual({ appointmentId: record._id, payment: { method: payment.method, reference: payment.method === 'cash' ? '' : payment.reference.trim() }, token: 'tok-desk' });
    return call;
  };
  const check = (value: Value) => {
    const s = real().snapshot();
    expect(selectIsCheckingIn(s)).toBe(value.Arrival === 'CheckingIn');
    expect(selectEntry(s)?.token ?? null).toBe(value.Arrival === 'CheckedIn' ? 'T7' : null);
    const status = { Due: 'due', Form: 'form', Paying: 'form', Settled: 'settled' } as const;
    expect(selectPaymentStatus(s)).toBe(status[value.Payment as keyof typeof status]);
    expect(selectIsPaying(s)).toBe(value.Payment === 'Paying');
    expect(selectPayment(s)).toEqual(payment);
    expect(selectPaymentErrors(s)).toEqual(referenceError === undefined ? {} : { reference: referenceError });
    if (paid) expect(selectAppointment(s).appointmentPaymentStatus).toBe('paid');
  };
  return {
    stop: () => counter?.actor.stop(),
    events: {
      'open.due': step('open.due', open('due')),
      'open.paid': step('open.paid', open('paid')),
      'checkin.requested': step('checkin.requested', () => real().send({ type: 'checkin.requested' })),
      'checkin.ok': step('checkin.ok', () => {
        const call = real().calls.checkIn.latest();
        expect(call.input).toEqual({ appointmentId: record._id, token: 'tok-desk' });
        call.resolve({ entry: queueEntry({ token: 'T7', appointment: record }) });
      }),
      'checkin.taken': step('checkin.taken', () => real().calls.checkIn.latest().reject(refused(409, 'This patient is already in the queue.'))),
      'checkin.unanswered': step('checkin.unanswered', () => real().calls.checkIn.latest().reject(unanswered)),
      'payment.opened': step('payment.opened', () => real().send({ type: 'payment.opened' })),
      'payment.closed': step('payment.closed', () => real().send({ type: 'payment.closed' })),
      'method.upi': step('method.upi', method('upi')),
      'method.cash': step('method.cash', method('cash')),
      'reference.typed': step('reference.typed', () => {
        // Kept as typed; the request trims it. A change clears the field's error.
        payment = { ...payment, reference: ' UPI-4471 ' };
        referenceError = undefined;
        real().send({ type: 'payment.reference.changed', reference: payment.reference });
      }),
      'payment.submitted': step('payment.submitted', () => real().send({ type: 'payment.submitted' })),
      'payment.ok': step('payment.ok', () => {
        const call = payCall();
        paid = true;
        call.resolve({ ...record, appointmentPaymentStatus: 'paid' });
      }),
      'payment.badReference': step('payment.badReference', () => {
        referenceError = 'must be at most 100 characters';
        payCall().reject({ ...refused(400, 'Check the fields.'), errors: [{ field: 'reference', message: referenceError }] });
      }),
      'payment.refused': step('payment.refused', () => payCall().reject(refused(409, 'This fee is already paid.'))),
    },
    states: {
      Arrival: (state: ModelSnapshot) => {
        const value = state.value as Value;
        if (value.Arrival === 'Closed') return expect(counter).toBeUndefined();
        check(value);
      },
    },
  };
}

describe('checkInMachine paths', () => {
  const testModel = createTestModel(model, { filterEvents: (state, event) => state.can(event) });
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    (['open.due', 'checkin.requested', 'checkin.taken', 'payment.opened', 'method.upi', 'reference.typed', 'payment.submitted', 'payment.badReference', 'reference.typed', 'payment.submitted', 'payment.ok', 'checkin.requested', 'checkin.ok'] as const).map((type) => ({ type })),
  );

  it('takes every transition of the model', () => {
    expect(pathEndings(everyTransition)).toEqual(modelTransitions(testModel));
    expect(journeys).toHaveLength(1);
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
  expectWalkedFully(checkInMachine);
});
