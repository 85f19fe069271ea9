/**
 * Model-based paths for the cancel popup. `createTestModel` refuses machines that invoke actors,
 * so the model below is the popup as a patient goes through it: opened on a paid Booked
 * appointment past its free-cancellation time (no refund), on one still inside it (refunded), or
 * on one that may no longer be cancelled, Yes with each answer the server may give (done,
 * refused with its words, no answer, an expired login), No. Along every path the REAL machine
 * runs with a fake call (provided as the app provides the real one): each step must emit what the
 * person should read and the app act on, and each state must show the model's question, buttons
 * and outcome, with no call made that the step did not expect.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  selectCanConfirm,
  selectIsCancelled,
  selectIsDeleting,
  selectIsDone,
  selectQuestion,
  type AppointmentCancelEmitted,
  type CancelQuestion,
} from '../../machines/appointmentCancel/appointmentCancelMachine.js';
import type { AppointmentRecord } from '../../contract/appointments.js';
import { refused, refusedPlainly, settle, unanswered } from './accountFakes.js';
import { appointment, startCancel, userId } from './appointmentFakes.js';
import { pathsTakingEveryTransition, declaredTransitions, takenTransitions, testPaths } from './modelPaths.js';

/** What each step makes the machine emit (notice kinds, a server's words, or the event type). */
const emits = {
  open: [],
  'open.refundable': [],
  'open.completed': [],
  'confirm.done': ['deleted', 'appointment.cancelled'],
  'confirm.refused': ['server: Appointment not found.'],
  'confirm.refusedPlainly': ['deleteFailed'],
  'confirm.unanswered': ['deleteFailed'],
  'confirm.expired': ['server: Please log in again.'],
  'confirm.windowClosed': ['server: Free cancellation of this appointment has just ended: its fee would not be refunded now. It is not cancelled.'],
  'confirm.ignored': [],
  dismiss: [],
} as const satisfies Record<string, readonly string[]>;

type ModelEvent = { type: keyof typeof emits };

const model = createMachine({
  id: 'appointmentCancelModel',
  types: {} as { events: ModelEvent },
  initial: 'NotOpen',
  states: {
    NotOpen: { on: { open: 'Asking', 'open.refundable': 'AskingRefund', 'open.completed': 'NotCancellable' } },
    /** Inside the free-cancellation time: 'Cancelling now is free: your appointment fee of ₹500 will be refunded...' */
    AskingRefund: { on: { 'confirm.done': 'Cancelled', 'confirm.refused': 'AskingRefund', 'confirm.windowClosed': 'Asking', dismiss: 'Dismissed' } },
    /** 'Your appointment fee will not be refunded. Still want to cancel?' */
    Asking: {
      on: {
        'confirm.done': 'Cancelled',
        'confirm.refused': 'Asking',
        'confirm.refusedPlainly': 'Asking',
        'confirm.unanswered': 'Asking',
        'confirm.expired': 'Asking',
        dismiss: 'Dismissed',
      },
    },
    /** A Completed appointment: the question shows, Yes does nothing. */
    NotCancellable: { on: { 'confirm.ignored': 'NotCancellable', dismiss: 'Dismissed' } },
    Cancelled: { type: 'final' },
    Dismissed: { type: 'final' },
  },
});

type ModelSnapshot = SnapshotFrom<typeof model>;

function words(events: readonly AppointmentCancelEmitted[]): string[] {
  return events.map((e) =>
    e.type === 'notice' ? (e.notice.kind === 'server' ? `server: ${e.notice.text}` : e.notice.kind) : e.type,
  );
}

function harness() {
  let popup: ReturnType<typeof startCancel> | undefined;
  let record: AppointmentRecord | undefined;
  let deletes = 0;
  let cancelled: AppointmentCancelEmitted[] = [];

  const real = () => {
    if (!popup) throw new Error('the popup is not open');
    return popup;
  };
  const step =
    (type: ModelEvent['type'], act: () => void | Promise<void>) =>
    async () => {
      popup?.emitted.take();
      await act();
      await settle();
      const all = real().emitted.take();
      cancelled = all.filter((e) => e.type === 'appointment.cancelled');
      expect(words(all), type).toEqual(emits[type]);
    };
  const open = (overrides: Partial<AppointmentRecord>) => () => {
    record = appointment(overrides);
    popup = startCancel({ appointment: record });
  };
  /** Yes, answered by the server with `answer`. */
  const confirm = (answer: (call: ReturnType<typeof real>['calls']['deleteAppointment']) => void) => () => {
    // Told the fee is refunded: the server is asked to refuse should that no longer hold.
    const expected = selectQuestion(real().snapshot())?.kind === 'refundOnCancel';
    real().send({ type: 'cancel.confirm' });
    deletes += 1;
    const call = real().calls.deleteAppointment;
    expect(call.latest().input).toEqual({ userId, appointmentId: record?._id, token: 'tok-1', refundExpected: expected });
    expect(selectIsDeleting(real().snapshot())).toBe(true);
    answer(call);
  };

  const asking = (cancellable: boolean, question: CancelQuestion = { kind: 'cancelWarning' }) => () => {
    const s = real().snapshot();
    expect(selectQuestion(s)).toEqual(question);
    expect(selectCanConfirm(s)).toBe(cancellable);
    expect(selectIsDeleting(s)).toBe(false);
    expect(selectIsDone(s)).toBe(false);
    expect(real().calls.deleteAppointment.calls).toHaveLength(deletes);
  };

  return {
    stop: () => popup?.actor.stop(),
    events: {
      // The popup opens at 10:00 in the clinic (04:30 UTC): free cancellation ended a minute before, or ends a minute after.
      open: step('open', open({ appointmentStatus: 'Booked', freeCancelUntil: '2025-03-11T04:29:00.000Z' })),
      'open.refundable': step('open.refundable', open({ appointmentStatus: 'Booked', consultationFee: 500, freeCancelUntil: '2025-03-11T04:31:00.000Z' })),
      'open.completed': step('open.completed', open({ appointmentStatus: 'Completed' })),
      'confirm.done': step('confirm.done', confirm((call) => call.latest().resolve({ message: 'Appointment cancelled' }))),
      'confirm.refused': step('confirm.refused', confirm((call) => call.latest().reject(refused(404, 'Appointment not found.')))),
      'confirm.refusedPlainly': step('confirm.refusedPlainly', confirm((call) => call.latest().reject(refusedPlainly(500)))),
      'confirm.unanswered': step('confirm.unanswered', confirm((call) => call.latest().reject(unanswered))),
      'confirm.expired': step('confirm.expired', confirm((call) => call.latest().reject(refused(401, 'Please log in again.')))),
      'confirm.windowClosed': step(
        'confirm.windowClosed',
        confirm((call) =>
          call.latest().reject({
            ...refused(409, 'Free cancellation of this appointment has just ended: its fee would not be refunded now. It is not cancelled.'),
            code: 'appointment.refundWindowClosed',
          }),
        ),
      ),
      'confirm.ignored': step('confirm.ignored', () => real().send({ type: 'cancel.confirm' })),
      dismiss: step('dismiss', () => real().send({ type: 'cancel.dismiss' })),
    },
    states: {
      NotOpen: () => expect(popup).toBeUndefined(),
      Asking: asking(true),
      AskingRefund: asking(true, { kind: 'refundOnCancel', amount: 500 }),
      NotCancellable: asking(false),
      Cancelled: () => {
        const s = real().snapshot();
        expect(selectIsCancelled(s)).toBe(true);
        expect(selectIsDone(s)).toBe(true);
        expect(selectQuestion(s)).toBeNull();
        expect(s.output).toEqual({ cancelled: true });
        expect(cancelled).toEqual([{ type: 'appointment.cancelled', appointmentId: record?._id }]);
        expect(real().calls.deleteAppointment.calls).toHaveLength(deletes);
      },
      Dismissed: () => {
        const s = real().snapshot();
        expect(selectIsCancelled(s)).toBe(false);
        expect(selectIsDone(s)).toBe(true);
        expect(s.output).toEqual({ cancelled: false });
        expect(real().calls.deleteAppointment.calls).toHaveLength(deletes);
      },
    } satisfies Record<string, (state: ModelSnapshot) => void>,
  };
}

describe('appointmentCancelMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = (
    [
      // Fails twice, then is cancelled.
      ['open', 'confirm.unanswered', 'confirm.refused', 'confirm.done'],
      // A login that expired, then No.
      ['open', 'confirm.expired', 'dismiss'],
    ] as const
  ).flatMap((types) => testModel.getPathsFromEvents(types.map((type) => ({ type }))));

  it('takes every transition of the model', () => {
    const taken = takenTransitions(everyTransition);
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(15);
    expect(taken).toEqual(new Set(declared));
    expect(journeys).toHaveLength(2);
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
