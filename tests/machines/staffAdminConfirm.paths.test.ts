/**
 * Model-based paths for the admin's two confirmation popups: the clinic cancelling a booking (with
 * a reason), and a change confirmed first (retire a doctor, an order's status) whose ORPHAN RULE
 * refusal lists the bookings to handle. Along every path the REAL machine runs with its call
 * answered by hand; each step must emit what the person reads and the app acts on, and each state
 * must show what the model says.
 */
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { AppointmentRecord } from '../../contract/appointments.js';
import {
  adminCancelMachine,
  selectCanConfirm,
  selectIsCancelling,
  selectReason,
  selectReasonError,
  type AdminCancelAnswer,
  type AdminCancelEmitted,
} from '../../machines/staffAdmin/adminCancelMachine.js';
import {
  confirmedChangeMachine,
  selectChoice,
  selectConflict,
  selectIsApplying,
  type ConfirmedChangeAnswer,
  type ConfirmedChangeEmitted,
} from '../../machines/staffAdmin/confirmedChangeMachine.js';
import { answeredByHand, recordEmitted, refused, unanswered } from './accountFakes.js';
import { appointment } from './appointmentFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';
import { stepper } from './pathSteps.js';
import { invalid, orphanRefusal, orphans } from './staffAdminFakes.js';

describe('adminCancelMachine paths', () => {
  const emits = {
    open: [],
    'open.completed': [],
    reason: [],
    'confirm.done': ['server: Appointment cancelled; the fee is flagged for refund.', 'appointment.cancelled'],
    'confirm.invalid': ['server: Please check the fields.'],
    'confirm.expired': ['server: Please log in again.'],
    'confirm.ignored': [],
    dismiss: [],
  } as const satisfies Record<string, readonly string[]>;

  const model = createMachine({
    id: 'adminCancelModel',
    types: {} as { events: { type: keyof typeof emits } },
    initial: 'NotOpen',
    states: {
      NotOpen: { on: { open: 'Asking', 'open.completed': 'NotCancellable' } },
      Asking: {
        on: { reason: 'Asking', 'confirm.done': 'Cancelled', 'confirm.invalid': 'Asking', 'confirm.expired': 'Asking', dismiss: 'Dismissed' },
      },
      NotCancellable: { on: { 'confirm.ignored': 'NotCancellable', dismiss: 'Dismissed' } },
      Cancelled: { type: 'final' },
      Dismissed: { type: 'final' },
    },
  });

  function harness() {
    let popup: { actor: ReturnType<typeof createActor<typeof adminCancelMachine>>; take: () => AdminCancelEmitted[] } | undefined;
    const cancel = answeredByHand<AdminCancelAnswer, { appointmentId: string; reason: string; token: string }>();
    let record: AppointmentRecord | undefined;
    let reason = '';
    let reasonError: string | undefined;
    let cancelled: AdminCancelEmitted[] = [];
    const real = () => {
      if (!popup) throw new Error('the popup is not open');
      return popup.actor;
    };
    const step = stepper(() => {
      const all = popup?.take() ?? [];
      cancelled = [...cancelled, ...all.filter((e) => e.type === 'appointment.cancelled')];
      return all;
    }, emits);
    const open = (status: AppointmentRecord['appointmentStatus']) => () => {
      record = appointment({ appointmentStatus: status });
      const actor = createActor(adminCancelMachine.provide({ actors: { cancelAppointment: cancel.logic } }), {
        input: { appointment: record, token: 'tok-admin' },
        inspect: recordWalk,
      });
      const emitted = recordEmitted<AdminCancelEmitted>(actor);
      actor.start();
      popup = { actor, take: emitted.take };
    };
    const confirm = (answer: (call: ReturnType<typeof cancel.latest>) => void) => () => {
      const before = cancel.calls.length;
      real().send({ type: 'cancel.confirm' });
      expect(cancel.calls).toHaveLength(before + 1);
      expect(selectIsCancelling(real().getSnapshot())).toBe(true);
      expect(cancel.latest().input).toEqual({ appointmentId: record?._id, reason, token: 'tok-admin' });
      answer(cancel.latest());
    };
    const asking = (cancellable: boolean) => () => {
      const s = real().getSnapshot();
      expect(s.status).toBe('active');
      expect(selectCanConfirm(s)).toBe(cancellable);
      expect(selectIsCancelling(s)).toBe(false);
      expect(selectReason(s)).toBe(reason);
      expect(selectReasonError(s)).toBe(reasonError);
    };
    return {
      stop: () => popup?.actor.stop(),
      events: {
        open: step('open', open('Booked')),
        'open.completed': step('open.completed', open('Completed')),
        reason: step('reason', () => {
          reason = `${reason}moved abroad `;
          reasonError = undefined; // typing clears what the server said of the field
          real().send({ type: 'reason.change', value: reason });
        }),
        'confirm.done': step(
          'confirm.done',
          confirm((call) =>
            call.resolve({ message: 'Appointment cancelled; the fee is flagged for refund.', appointment: { ...(record as AppointmentRecord), appointmentStatus: 'Cancelled' } }),
          ),
        ),
        'confirm.invalid': step(
          'confirm.invalid',
          confirm((call) => {
            reasonError = 'At most 500 characters.';
            call.reject(invalid([{ field: 'reason', message: 'At most 500 characters.' }]));
          }),
        ),
        'confirm.expired': step('confirm.expired', confirm((call) => call.reject(refused(401, 'Please log in again.')))),
        'confirm.ignored': step('confirm.ignored', () => real().send({ type: 'cancel.confirm' })),
        dismiss: step('dismiss', () => real().send({ type: 'cancel.dismiss' })),
      },
      states: {
        NotOpen: () => expect(popup).toBeUndefined(),
        Asking: asking(true),
        NotCancellable: () => {
          asking(false)();
          expect(cancel.calls).toHaveLength(0);
        },
        Cancelled: () => {
          expect(real().getSnapshot().status).toBe('done');
          expect(cancelled).toEqual([{ type: 'appointment.cancelled', appointment: { ...record, appointmentStatus: 'Cancelled' } }]);
        },
        Dismissed: () => {
          expect(real().getSnapshot().status).toBe('done');
          expect(cancelled).toEqual([]);
        },
      } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
    };
  }

  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    (['open', 'reason', 'confirm.invalid', 'reason', 'confirm.expired', 'confirm.done'] as const).map((type) => ({ type })),
  );

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(9);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
  expectWalkedFully(adminCancelMachine);
});

describe('confirmedChangeMachine paths', () => {
  const emits = {
    choose: [],
    'confirm.done': ['server: Order status saved.', 'change.done'],
    'confirm.expired': ['server: Please log in again.'],
    'confirm.orphan': ['server: These booked appointments would lose their slot. Move or cancel them first.'],
    'confirm.failed': ['failed'],
    handled: [],
    'handled.ignored': [],
    dismiss: [],
  } as const satisfies Record<string, readonly string[]>;

  // Asking: no refusal listed; Conflict: the ORPHAN RULE listed bookings; Handled: all of them handled.
  const model = createMachine({
    id: 'confirmedChangeModel',
    types: {} as { events: { type: keyof typeof emits } },
    initial: 'Asking',
    states: {
      Asking: {
        on: {
          choose: 'Asking',
          'confirm.done': 'Done',
          'confirm.expired': 'Asking',
          'confirm.orphan': 'Conflict',
          'confirm.failed': 'Asking',
          'handled.ignored': 'Asking',
          dismiss: 'Dismissed',
        },
      },
      Conflict: { on: { handled: 'Conflict', 'confirm.done': 'Done', dismiss: 'Dismissed' } },
      Done: { type: 'final' },
      Dismissed: { type: 'final' },
    },
  });

  function harness() {
    const apply = answeredByHand<ConfirmedChangeAnswer, { token: string; choice: string }>();
    const actor = createActor(confirmedChangeMachine.provide({ actors: { applyChange: apply.logic } }), {
      input: { token: 'tok-admin', choice: 'Placed' },
      inspect: recordWalk,
    });
    const emitted = recordEmitted<ConfirmedChangeEmitted>(actor);
    actor.start();
    const step = stepper(emitted.take, emits);
    let choice = 'Placed';
    let listed: AppointmentRecord[] | null = null;
    const delivered = appointment({ appointmentStatus: 'Completed' });
    const confirm = (answer: (call: ReturnType<typeof apply.latest>) => void) => () => {
      actor.send({ type: 'change.confirm' });
      expect(selectIsApplying(actor.getSnapshot())).toBe(true);
      expect(apply.latest().input).toEqual({ token: 'tok-admin', choice });
      answer(apply.latest());
    };
    const asking = () => {
      const s = actor.getSnapshot();
      expect(s.status).toBe('active');
      expect(selectIsApplying(s)).toBe(false);
      expect(selectChoice(s)).toBe(choice);
      expect(selectConflict(s)?.map((a) => a._id) ?? null).toEqual(listed?.map((a) => a._id) ?? null);
    };
    return {
      stop: () => actor.stop(),
      events: {
        choose: step('choose', () => {
          choice = choice === 'Placed' ? 'Delivered' : 'Placed';
          actor.send({ type: 'choice.change', value: choice });
        }),
        'confirm.done': step('confirm.done', confirm((call) => call.resolve({ message: 'Order status saved.', appointment: delivered }))),
        'confirm.expired': step('confirm.expired', confirm((call) => call.reject(refused(401, 'Please log in again.')))),
        'confirm.orphan': step(
          'confirm.orphan',
          confirm((call) => {
            listed = [...orphans];
            call.reject(orphanRefusal());
          }),
        ),
        'confirm.failed': step('confirm.failed', confirm((call) => call.reject(unanswered))),
        handled: step('handled', () => {
          const first = listed?.[0];
          if (!first) throw new Error('no booking is listed');
          listed = listed?.slice(1) ?? null;
          actor.send({ type: 'conflict.handled', appointmentId: first._id });
        }),
        'handled.ignored': step('handled.ignored', () => actor.send({ type: 'conflict.handled', appointmentId: 'someone-else' })),
        dismiss: step('dismiss', () => actor.send({ type: 'change.dismiss' })),
      },
      states: {
        Asking: () => {
          asking();
          expect(listed).toBeNull();
        },
        Conflict: () => {
          asking();
          expect(listed).not.toBeNull();
        },
        Done: () => {
          expect(actor.getSnapshot().status).toBe('done');
          expect(emitted.all.filter((e) => e.type === 'change.done')).toEqual([{ type: 'change.done', message: 'Order status saved.', appointment: delivered }]);
        },
        Dismissed: () => {
          expect(actor.getSnapshot().status).toBe('done');
          expect(emitted.all.filter((e) => e.type === 'change.done')).toEqual([]);
        },
      } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
    };
  }

  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  // orphans lists two bookings: both handled, then confirmed again.
  const journeys = testModel.getPathsFromEvents(
    (['choose', 'confirm.failed', 'confirm.orphan', 'handled', 'handled', 'confirm.done'] as const).map((type) => ({ type })),
  );

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(10);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
    expect(orphans.length).toBeGreaterThanOrEqual(2);
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
  expectWalkedFully(confirmedChangeMachine);
});
