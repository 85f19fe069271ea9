/**
 * Model-based paths for the /myappointment page's machine: Pay for an unpaid fee (redirected,
 * expired, refused because the hold lapsed, unanswered) and Add to calendar (the file, expired,
 * failed), side by side, with the time moving on (sent by the app, or the page's own 15-second
 * tick on a simulated clock). Along every path the REAL machine runs with its calls answered by
 * hand; each step must emit what the person reads and the app acts on, and each state must show
 * what the model says.
 */
import { assign, createActor, createMachine, SimulatedClock, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { AppointmentRecord } from '../../contract/appointments.js';
import {
  appointmentsMachine,
  clockTickMs,
  selectAppointmentView,
  selectCalendarId,
  selectIsPaying,
  selectIsRedirected,
  selectPayingId,
  type AppointmentsEmitted,
  type CalendarFile,
} from '../../machines/appointments/appointmentsMachine.js';
import type { PaymentAnswer, PaymentRequest } from '../../machines/booking/bookingMachine.js';
import { answeredByHand, recordEmitted, refused, unanswered } from './accountFakes.js';
import { appointment, checkoutUrl, minutes, now, unpaid } from './appointmentFakes.js';
import { modelTransitions, pathEndings, pathsTakingEveryTransition, testPaths } from './modelPaths.js';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

const emits = {
  tick: [],
  'time.passes': [],
  pay: [],
  'pay.done': ['redirect'],
  'pay.expired': ['server: Please log in again.', 'appointments.stale'],
  'pay.refused': ['server: This slot is no longer held.', 'appointments.stale'],
  'pay.unanswered': ['somethingWentWrong'],
  calendar: [],
  'calendar.done': ['calendar.file'],
  'calendar.expired': ['server: Please log in again.'],
  'calendar.failed': ['calendarFailed'],
} as const satisfies Record<string, readonly string[]>;

const model = createMachine({
  id: 'appointmentsModel',
  types: {} as { events: { type: keyof typeof emits } },
  type: 'parallel',
  on: { tick: {}, 'time.passes': {} },
  states: {
    Payment: {
      initial: 'Idle',
      states: {
        Idle: { on: { pay: 'Paying' } },
        Paying: { on: { 'pay.done': 'Redirected', 'pay.expired': 'Idle', 'pay.refused': 'Idle', 'pay.unanswered': 'Idle' } },
        Redirected: {},
      },
    },
    Calendar: {
      initial: 'Idle',
      states: {
        Idle: { on: { calendar: 'Fetching' } },
        Fetching: { on: { 'calendar.done': 'Idle', 'calendar.expired': 'Idle', 'calendar.failed': 'Idle' } },
      },
    },
  },
});

type ModelValue = { Payment: 'Idle' | 'Paying' | 'Redirected'; Calendar: 'Idle' | 'Fetching' };

function harness() {
  const createPayment = answeredByHand<PaymentAnswer, { request: PaymentRequest; token: string }>();
  const downloadCalendar = answeredByHand<CalendarFile, { appointmentId: string; token: string }>();
  // The page's tick fires on a simulated clock and reads the path's time.
  const clock = new SimulatedClock();
  let at = now;
  const machine = appointmentsMachine.provide({
    actors: { createPayment: createPayment.logic, downloadCalendar: downloadCalendar.logic },
    actions: { readClock: assign({ now: () => at }) },
  });
  const actor = createActor(machine, { input: { token: 'tok-1', now }, inspect: recordWalk, clock });
  const emitted = recordEmitted<AppointmentsEmitted>(actor);
  actor.start();
  const step = stepper(emitted.take, emits);
  // A hold with an hour left: the ticks of a path (a minute each) never lapse it.
  const held: AppointmentRecord = unpaid(60, { consultationFee: 450 });
  const paid = appointment();
  let payments = 0;
  let files = 0;
  const file: CalendarFile = { fileName: 'appointment.ics', content: new Blob(['BEGIN:VCALENDAR']) };
  return {
    stop: () => actor.stop(),
    events: {
      tick: step('tick', () => {
        at += minutes(1);
        actor.send({ type: 'clock.tick', now: at });
      }),
      'time.passes': step('time.passes', () => {
        at += clockTickMs;
        clock.increment(clockTickMs);
      }),
      pay: step('pay', () => {
        actor.send({ type: 'appointment.pay', appointment: held });
        payments += 1;
        expect(createPayment.latest().input).toEqual({ request: { appointmentId: held._id, consultationAmount: 450 }, token: 'tok-1' });
      }),
      'pay.done': step('pay.done', () => createPayment.latest().resolve({ merchantOrderId: 'm-1', checkoutPageUrl: checkoutUrl() })),
      'pay.expired': step('pay.expired', () => createPayment.latest().reject(refused(401, 'Please log in again.'))),
      'pay.refused': step('pay.refused', () => createPayment.latest().reject(refused(409, 'This slot is no longer held.'))),
      'pay.unanswered': step('pay.unanswered', () => createPayment.latest().reject(unanswered)),
      calendar: step('calendar', () => {
        actor.send({ type: 'appointment.addToCalendar', appointment: paid });
        files += 1;
        expect(downloadCalendar.latest().input).toEqual({ appointmentId: paid._id, token: 'tok-1' });
      }),
      'calendar.done': step('calendar.done', () => downloadCalendar.latest().resolve(file)),
      'calendar.expired': step('calendar.expired', () => downloadCalendar.latest().reject(refused(401, 'Please log in again.'))),
      'calendar.failed': step('calendar.failed', () => downloadCalendar.latest().reject(unanswered)),
    },
    states: {
      Payment: (state: SnapshotFrom<typeof model>) => {
        const value = state.value as ModelValue;
        const s = actor.getSnapshot();
        expect(selectIsPaying(s)).toBe(value.Payment === 'Paying');
        expect(selectPayingId(s)).toBe(value.Payment === 'Idle' ? null : held._id);
        expect(selectIsRedirected(s)).toBe(value.Payment === 'Redirected');
        expect(selectCalendarId(s)).toBe(value.Calendar === 'Fetching' ? paid._id : null);
        expect(createPayment.calls).toHaveLength(payments);
        expect(downloadCalendar.calls).toHaveLength(files);
        // The clock moved the page's time: the hold's minutes left follow it.
        expect(selectAppointmentView(s, held)).toMatchObject({ fee: 'unpaid', canPay: true });
        expect(s.context.now).toBe(at);
      },
    },
  };
}

describe('appointmentsMachine paths', () => {
  const testModel = createTestModel(model, { filterEvents: (state, event) => state.can(event) });
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    (['calendar', 'pay', 'tick', 'time.passes', 'pay.refused', 'calendar.failed', 'pay', 'pay.unanswered', 'calendar', 'calendar.done', 'pay', 'pay.done'] as const).map(
      (type) => ({ type }),
    ),
  );

  it('takes every transition of the model', () => {
    expect(pathEndings(everyTransition)).toEqual(modelTransitions(testModel));
    expect(modelTransitions(testModel).size).toBeGreaterThan(20);
    expect(journeys).toHaveLength(1);
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
  expectWalkedFully(appointmentsMachine);
});
