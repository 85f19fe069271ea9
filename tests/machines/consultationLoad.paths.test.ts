/**
 * Model-based paths for the consultation page's loading (expired, refused, unanswered, retried)
 * and the form edits consultationMachine.paths.test.ts does not take (a remedy row added and
 * removed, "show the medicine", the order form's payment mode, a save refused as the login expired).
 * Along every path the REAL machine runs with its calls answered by hand; each step must emit
 * what the doctor reads and the app acts on, and each state must show what the model says.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { AppointmentRecord } from '../../contract/appointments.js';
import {
  selectFailure,
  selectIsLoading,
  selectOffersOrder,
  selectOffersPrescription,
  selectOrderForm,
  selectPrescription,
  selectStatus,
} from '../../machines/consultation/selectors.js';
import { refused, settle, unanswered } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { stepper } from './pathSteps.js';
import { detailOf, prescription, priceAndPlace, readyOrderForm, startConsultation, staffAppointment } from './staffConsoleFakes.js';

const expiredWords = ['server: Please log in again.'];

const emits = {
  open: [],
  'load.booked': [],
  'load.completed': [],
  'load.expired': [],
  'load.refused': [],
  'load.unanswered': [],
  retry: [],
  'remedy.added': [],
  'remedy.removed': [],
  showMedicine: [],
  'save.expired': expiredWords,
  'order.mode': [],
  // The order form says it beside itself (machines/order), not as the consultation's toast.
  'order.expired': [],
} as const satisfies Record<string, readonly string[]>;

const model = createMachine({
  id: 'consultationLoadModel',
  types: {} as { events: { type: keyof typeof emits } },
  initial: 'NotOpen',
  states: {
    NotOpen: { on: { open: 'Loading' } },
    Loading: {
      on: { 'load.booked': 'Booked', 'load.completed': 'Completed', 'load.expired': 'Failed', 'load.refused': 'Refused', 'load.unanswered': 'Failed' },
    },
    Failed: { on: { retry: 'Loading' } },
    Refused: { type: 'final' },
    Booked: { on: { 'remedy.added': 'Booked', 'remedy.removed': 'Booked', showMedicine: 'Booked', 'save.expired': 'Booked' } },
    Completed: { on: { 'order.mode': 'Completed', 'order.expired': 'Completed' } },
  },
});

function harness() {
  let page: ReturnType<typeof startConsultation> | undefined;
  const real = () => {
    if (!page) throw new Error('not open');
    return page;
  };
  const step = stepper(() => page?.emitted.take() ?? [], emits);
  let loads = 0;
  let failure: string | null = null;
  let remedies = 0;
  let showMedicine = false;
  let mode: 'Card' | 'Cash' = 'Card';
  const load = (record: AppointmentRecord) => () => {
    expect(real().calls.loadAppointment.latest().input).toEqual({ appointmentId: 'apt-1', token: 'tok-doc' });
    real().calls.loadAppointment.latest().resolve(detailOf(record));
  };
  const fail = (error: unknown, words: string | null) => () => {
    failure = words;
    real().calls.loadAppointment.latest().reject(error);
  };
  return {
    stop: () => page?.actor.stop(),
    events: {
      open: step('open', () => {
        page = startConsultation('apt-1');
        loads = 1;
      }),
      'load.booked': step('load.booked', () => {
        load(staffAppointment({ _id: 'apt-1' }))();
        remedies = -1; // read once shown: the form's own starting rows
      }),
      'load.completed': step('load.completed', load(staffAppointment({ _id: 'apt-1', appointmentStatus: 'Completed', medicines: prescription }))),
      'load.expired': step('load.expired', fail(refused(401, 'Please log in again.'), 'Please log in again.')),
      'load.refused': step('load.refused', fail(refused(403, 'This appointment is not yours.'), 'This appointment is not yours.')),
      'load.unanswered': step('load.unanswered', fail(unanswered, null)),
      retry: step('retry', () => {
        real().send({ type: 'consultation.retry' });
        loads += 1;
      }),
      'remedy.added': step('remedy.added', () => {
        real().send({ type: 'remedy.added' });
        remedies += 1;
      }),
      'remedy.removed': step('remedy.removed', () => {
        const last = real().snapshot().context.prescription.remedies.at(-1);
        if (!last) throw new Error('no remedy row to remove');
        real().send({ type: 'remedy.removed', key: last.key });
        remedies -= 1;
      }),
      showMedicine: step('showMedicine', () => {
        showMedicine = !showMedicine;
        real().send({ type: 'prescription.showMedicine', value: showMedicine });
      }),
      'save.expired': step('save.expired', () => {
        const { send, snapshot } = real();
        if (snapshot().context.prescription.remedies.length === 0) {
          send({ type: 'remedy.added' });
          remedies += 1;
        }
        const key = snapshot().context.prescription.remedies[0]?.key ?? 0;
        send({ type: 'prescription.changed', field: 'complain', value: prescription.complain });
        send({ type: 'prescription.changed', field: 'diagnosis', value: prescription.diagnosis ?? '' });
        send({ type: 'remedy.changed', key, field: 'medicineName', value: 'Graphites' });
        send({ type: 'remedy.changed', key, field: 'dosage', value: '4 pills' });
        send({ type: 'remedy.changed', key, field: 'frequency', value: 'twice a day' });
        send({ type: 'prescription.save' });
        real().calls.completeAppointment.latest().reject(refused(401, 'Please log in again.'));
      }),
      'order.mode': step('order.mode', async () => {
        mode = mode === 'Card' ? 'Cash' : 'Card';
        (await readyOrderForm(real())).send({ type: 'mode.chosen', paymentMode: mode });
      }),
      'order.expired': step('order.expired', async () => {
        const form = await priceAndPlace(real());
        expect(real().calls.createOrder.latest().input.order).toEqual({ lines: [{ itemId: 'i-arn', quantity: 1 }], paymentMode: mode, locationId: 'loc-1', fulfilment: 'pickup' });
        real().calls.createOrder.latest().reject(refused(401, 'Please log in again.'));
        await settle();
        expect(form.getSnapshot().context.failure).toBe('Please log in again.');
      }),
    },
    states: {
      NotOpen: () => expect(page).toBeUndefined(),
      Loading: () => {
        expect(selectIsLoading(real().snapshot())).toBe(true);
        expect(selectStatus(real().snapshot())).toBe('loading');
        expect(real().calls.loadAppointment.calls).toHaveLength(loads);
      },
      Failed: () => {
        expect(selectStatus(real().snapshot())).toBe('failed');
        expect(selectFailure(real().snapshot())).toBe(failure);
      },
      Refused: () => {
        expect(selectStatus(real().snapshot())).toBe('refused');
        expect(selectFailure(real().snapshot())).toBe(failure);
        expect(real().snapshot().status).toBe('done');
      },
      Booked: () => {
        const s = real().snapshot();
        expect(selectOffersPrescription(s)).toBe(true);
        expect(selectOffersOrder(s)).toBe(false);
        if (remedies < 0) remedies = selectPrescription(s).remedies.length;
        expect(selectPrescription(s).remedies).toHaveLength(remedies);
        expect(selectPrescription(s).showMedicine).toBe(showMedicine);
      },
      Completed: () => {
        const s = real().snapshot();
        expect(selectOffersOrder(s)).toBe(true);
        expect(selectOrderForm(s)?.getSnapshot().context.paymentMode).toBe(mode);
      },
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('consultationMachine loading and edits paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    (['open', 'load.unanswered', 'retry', 'load.expired', 'retry', 'load.booked', 'remedy.added', 'remedy.added', 'remedy.removed', 'showMedicine', 'save.expired'] as const).map(
      (type) => ({ type }),
    ),
  );

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(13);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
