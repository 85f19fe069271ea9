/**
 * Model-based paths for one appointment in the staff console. `createTestModel` refuses machines
 * that invoke actors, so the model below is the appointment as the doctor sees it: opened Booked,
 * Completed or Cancelled; the prescription saved (refused, conflicting with a cancellation made
 * meanwhile, or done); the order created (with problems, refused, made by someone else meanwhile,
 * or done: machines/order as the consultation invokes it; or made on another screen and
 * arriving with the record); its status set by an admin (the record replaced, what was typed
 * kept). Along every path the REAL machine runs with fake calls: each step must emit what the
 * doctor should read, and each state must offer the model's forms.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { AppointmentRecord } from '../../contract/appointments.js';
import {
  selectIsCancelled,
  selectIsUpdate,
  selectOffersOrder,
  selectOffersPrescription,
  selectAppointment,
} from '../../machines/consultation/selectors.js';
import type { ConsultationEmitted } from '../../machines/consultation/events.js';
import { refused, settle, unanswered } from './accountFakes.js';
import { pathsTakingEveryTransition, declaredTransitions, takenTransitions, testPaths } from './modelPaths.js';
import { detailOf, prescription, priceAndPlace, readyOrderForm, startConsultation, staffAppointment, staffOrder } from './staffConsoleFakes.js';

const emits = {
  'open.booked': [],
  'open.completed': [],
  'open.cancelled': [],
  'save.invalid': ['checkFields'],
  'save.unanswered': ['somethingWentWrong'],
  'save.done': ['server: Consultation completed.', 'appointment.changed'],
  'save.again': ['server: Prescription updated.', 'appointment.changed'],
  'save.cancelledMeanwhile': ['server: This appointment was cancelled: it cannot be completed.'],
  // The order form (machines/order) shows its problems and a refusal beside itself: no toast.
  'order.invalid': [],
  'order.refused': [],
  'order.done': ['server: Order created.', 'appointment.changed'],
  'order.madeMeanwhile': ['server: This appointment already has an order.'],
  // The admin's popup says the server's words; the consultation machine only takes the record.
  'order.statusSet': [],
  // An order made on another screen arrives with the record: the form goes, without a word.
  'order.madeElsewhere': [],
} as const satisfies Record<string, readonly string[]>;

type ModelEvent = { type: keyof typeof emits };

const model = createMachine({
  id: 'consultationModel',
  types: {} as { events: ModelEvent },
  initial: 'NotOpen',
  states: {
    NotOpen: { on: { 'open.booked': 'Booked', 'open.completed': 'Completed', 'open.cancelled': 'Cancelled' } },
    /** The prescription form completes it; no order form. */
    Booked: {
      on: {
        'save.invalid': 'Booked',
        'save.unanswered': 'Booked',
        'save.done': 'Completed',
        'save.cancelledMeanwhile': 'Cancelled',
      },
    },
    /** The prescription form updates it; the order form. */
    Completed: {
      on: {
        'save.again': 'Completed',
        'order.invalid': 'Completed',
        'order.refused': 'Completed',
        'order.done': 'WithOrder',
        'order.madeMeanwhile': 'WithOrder',
        'order.madeElsewhere': 'WithOrder',
      },
    },
    /** The prescription form updates it; the order is shown. */
    WithOrder: { on: { 'save.again': 'WithOrder', 'order.statusSet': 'WithOrder' } },
    /** No form: it cannot be completed. */
    Cancelled: {},
  },
});

type ModelSnapshot = SnapshotFrom<typeof model>;

function words(events: readonly ConsultationEmitted[]): string[] {
  return events.map((e) => (e.type !== 'notice' ? e.type : e.notice.kind === 'server' ? `server: ${e.notice.text}` : e.notice.kind));
}

function harness() {
  let page: ReturnType<typeof startConsultation> | undefined;
  let record: AppointmentRecord = staffAppointment();
  const real = () => {
    if (!page) throw new Error('not open');
    return page;
  };
  const step =
    (type: ModelEvent['type'], act: () => void | Promise<void>) =>
    async () => {
      page?.emitted.take();
      await act();
      await settle();
      expect(words(real().emitted.take()), type).toEqual(emits[type]);
    };
  const open = (appointment: AppointmentRecord) => () => {
    record = appointment;
    page = startConsultation(record._id);
    page.calls.loadAppointment.latest().resolve(detailOf(record));
  };
  const fillPrescription = () => {
    const { send, snapshot } = real();
    const key = real().snapshot().context.prescription.remedies[0]?.key ?? 1;
    if (snapshot().context.prescription.remedies.length === 0) send({ type: 'remedy.added' });
    send({ type: 'prescription.changed', field: 'complain', value: prescription.complain });
    send({ type: 'prescription.changed', field: 'diagnosis', value: prescription.diagnosis ?? '' });
    // The follow-up chosen as none (as the saved prescription has it).
    send({ type: 'followUp.changed', change: { kind: 'none' } });
    send({ type: 'remedy.changed', key, field: 'medicineName', value: 'Graphites' });
    send({ type: 'remedy.changed', key, field: 'dosage', value: '4 pills' });
    send({ type: 'remedy.changed', key, field: 'frequency', value: 'twice a day' });
  };
  const save = (answer: (call: ReturnType<typeof real>['calls']['completeAppointment']) => void) => () => {
    fillPrescription();
    real().send({ type: 'prescription.save' });
    answer(real().calls.completeAppointment);
  };
  const completedNow = (message: string) => (call: ReturnType<typeof real>['calls']['completeAppointment']) => {
    record = { ...record, appointmentStatus: 'Completed', medicines: prescription };
    call.latest().resolve({ message, appointment: record });
  };

  return {
    stop: () => page?.actor.stop(),
    events: {
      'open.booked': step('open.booked', open(staffAppointment())),
      'open.completed': step('open.completed', open(staffAppointment({ appointmentStatus: 'Completed', medicines: prescription }))),
      'open.cancelled': step('open.cancelled', open(staffAppointment({ appointmentStatus: 'Cancelled' }))),
      'save.invalid': step('save.invalid', () => {
        real().send({ type: 'prescription.changed', field: 'complain', value: '' });
        real().send({ type: 'prescription.save' });
      }),
      'save.unanswered': step('save.unanswered', save((call) => call.latest().reject(unanswered))),
      'save.done': step('save.done', save(completedNow('Consultation completed.'))),
      'save.again': step('save.again', save(completedNow('Prescription updated.'))),
      'save.cancelledMeanwhile': step(
        'save.cancelledMeanwhile',
        save((call) => {
          call.latest().reject(refused(409, 'This appointment was cancelled: it cannot be completed.'));
          record = { ...record, appointmentStatus: 'Cancelled' };
          // The machine loads it again; the server answers it Cancelled.
          void settle().then(() => real().calls.loadAppointment.latest().resolve(detailOf(record)));
        }),
      ),
      'order.invalid': step('order.invalid', async () => {
        // A line written by hand and left blank: nothing is priced, the fields say why; the line goes again.
        const form = await readyOrderForm(real());
        const previews = real().calls.previewOrder.calls.length;
        form.send({ type: 'line.handAdded' });
        form.send({ type: 'order.preview' });
        const n = form.getSnapshot().context.lines.length - 1;
        expect(form.getSnapshot().context.problems).toMatchObject({ [`lines.${n}.name`]: 'required', [`lines.${n}.unitPrice`]: 'required' });
        expect(real().calls.previewOrder.calls).toHaveLength(previews);
        form.send({ type: 'line.removed', key: form.getSnapshot().context.lines[n]!.key });
      }),
      'order.refused': step('order.refused', async () => {
        const form = await priceAndPlace(real());
        real().calls.createOrder.latest().reject(refused(400, 'Nope.'));
        await settle();
        expect(form.getSnapshot().context.failure).toBe('Nope.');
      }),
      'order.done': step('order.done', async () => {
        await priceAndPlace(real());
        expect(real().calls.createOrder.latest().input.order).toEqual({ lines: [{ itemId: 'i-arn', quantity: 1 }], paymentMode: 'Card', locationId: 'loc-1', fulfilment: 'pickup' });
        record = { ...record, order: staffOrder({ appointmentId: record._id }) };
        real().calls.createOrder.latest().resolve({ message: 'Order created.', appointment: record });
      }),
      'order.madeMeanwhile': step('order.madeMeanwhile', async () => {
        await priceAndPlace(real());
        real().calls.createOrder.latest().reject(refused(409, 'This appointment already has an order.'));
        record = { ...record, order: staffOrder({ appointmentId: record._id }) };
        void settle().then(() => real().calls.loadAppointment.latest().resolve(detailOf(record)));
      }),
      'order.madeElsewhere': step('order.madeElsewhere', () => {
        record = { ...record, order: staffOrder({ appointmentId: record._id }) };
        real().send({ type: 'appointment.replaced', appointment: record });
        expect(selectOffersOrder(real().snapshot()), 'the order form is gone').toBe(false);
        expect(real().calls.loadAppointment.calls).toHaveLength(1);
      }),
      'order.statusSet': step('order.statusSet', () => {
        const order = record.order;
        if (!order) throw new Error('no order to set the status of');
        // An unsaved edit of the prescription, then the admin's change arrives.
        real().send({ type: 'prescription.changed', field: 'complain', value: 'Worse at night' });
        record = { ...record, order: { ...order, orderStatus: order.orderStatus === 'Ready' ? 'Delivered' : 'Ready' } };
        real().send({ type: 'appointment.replaced', appointment: record });
        expect(real().snapshot().context.prescription.complain).toBe('Worse at night');
        expect(real().calls.loadAppointment.calls).toHaveLength(1);
      }),
    },
    states: {
      NotOpen: () => expect(page).toBeUndefined(),
      Booked: () => {
        const s = real().snapshot();
        expect(selectOffersPrescription(s)).toBe(true);
        expect(selectIsUpdate(s)).toBe(false);
        expect(selectOffersOrder(s)).toBe(false);
      },
      Completed: () => {
        const s = real().snapshot();
        expect(selectOffersPrescription(s)).toBe(true);
        expect(selectIsUpdate(s)).toBe(true);
        expect(selectOffersOrder(s)).toBe(true);
      },
      WithOrder: () => {
        const s = real().snapshot();
        expect(selectOffersPrescription(s)).toBe(true);
        expect(selectOffersOrder(s)).toBe(false);
        expect(selectAppointment(s)?.order).not.toBeNull();
        // The record as the server last answered it (created, made meanwhile, or its status set).
        expect(selectAppointment(s)?.order).toEqual(record.order);
      },
      Cancelled: () => {
        const s = real().snapshot();
        expect(selectIsCancelled(s)).toBe(true);
        expect(selectOffersPrescription(s)).toBe(false);
        expect(selectOffersOrder(s)).toBe(false);
      },
    } satisfies Record<string, (state: ModelSnapshot) => void | Promise<void>>,
  };
}

describe('consultationMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = (
    [
      // The flow: a booked consultation, a slip, completed, the order with a typo, then made.
      ['open.booked', 'save.invalid', 'save.unanswered', 'save.done', 'order.invalid', 'order.done', 'save.again'],
      // An admin sets the order's status while the doctor is rewriting the prescription, which is then saved.
      ['open.completed', 'order.done', 'order.statusSet', 'order.statusSet', 'save.again'],
      // Cancelled by the clinic while the doctor was writing.
      ['open.booked', 'save.cancelledMeanwhile'],
    ] as const
  ).flatMap((types) => testModel.getPathsFromEvents(types.map((type) => ({ type }))));

  it('takes every transition of the model, and every event', () => {
    const declared = declaredTransitions(model);
    const taken = takenTransitions(everyTransition);
    expect(declared).toHaveLength(15);
    expect(taken).toEqual(new Set(declared));
    expect(journeys).toHaveLength(3);
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
