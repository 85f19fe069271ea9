/**
 * Model-based paths for how a consultation ends in the staff console: before the join window the
 * page says when completing opens and offers no form; the clock brings the form at the window's
 * opening and "Patient did not attend" at the slot's end; marking it (with a note; refused without
 * an answer, as the login expired, or because it changed meanwhile) leaves a Missed appointment,
 * which can still be completed. Along every path the REAL machine runs with its calls answered by
 * hand and its clock moved by the test (a simulated clock whose tick reads the test's time); each
 * step must emit what the doctor reads.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { AppointmentRecord } from '../../contract/appointments.js';
import {
  selectAppointment,
  selectCompletionOpensAt,
  selectIsUpdate,
  selectMissedNote,
  selectOffersDidNotAttend,
  selectOffersPrescription,
} from '../../machines/consultation/selectors.js';
import { refused, settle, unanswered } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { stepper } from './pathSteps.js';
import { detailOf, prescription, startConsultation, staffAppointment, today } from './staffConsoleFakes.js';

const completedMeanwhile = 'This consultation is completed: it cannot be marked as not attended.';

const emits = {
  'open.early': [],
  'open.ended': [],
  'clock.notYet': [],
  'early.replaced': [],
  'clock.opens': [],
  'clock.notEnded': [],
  'clock.ends': [],
  'missed.note': [],
  'missed.unanswered': ['somethingWentWrong'],
  'missed.expired': ['server: Please log in again.'],
  'missed.conflict': [`server: ${completedMeanwhile}`],
  'missed.done': ['server: Noted: the patient did not attend.', 'appointment.changed'],
  'save.done': ['server: Consultation completed.', 'appointment.changed'],
} as const satisfies Record<string, readonly string[]>;

type ModelEvent = { type: keyof typeof emits };

const model = createMachine({
  id: 'consultationOutcomeModel',
  types: {} as { events: ModelEvent },
  initial: 'NotOpen',
  states: {
    NotOpen: { on: { 'open.early': 'Early', 'open.ended': 'Ended' } },
    /** Before the join window: when completing opens, no form, no "did not attend". */
    Early: { on: { 'clock.notYet': 'Early', 'early.replaced': 'Early', 'clock.opens': 'Started' } },
    /** The window is open, the slot not over: the form, no "did not attend" yet. */
    Started: { on: { 'clock.notEnded': 'Started', 'clock.ends': 'Ended' } },
    /** The slot is over: the form and "did not attend". */
    Ended: {
      on: {
        'missed.note': 'Ended',
        'missed.unanswered': 'Ended',
        'missed.expired': 'Ended',
        'missed.conflict': 'Completed',
        'missed.done': 'Missed',
      },
    },
    /** Noted as not attended: the form still completes it (a mistake put right). */
    Missed: { on: { 'save.done': 'Completed' } },
    Completed: {},
  },
});

/** An instant of the fakes' day in clinic time, as epoch milliseconds. */
const at = (time: string) => Date.parse(`${today}T${time}:00+05:30`);

function harness() {
  let page: ReturnType<typeof startConsultation> | undefined;
  let record: AppointmentRecord = staffAppointment({ _id: 'apt-1' });
  let note = '';
  const real = () => {
    if (!page) throw new Error('not open');
    return page;
  };
  const step = stepper(() => page?.emitted.take() ?? [], emits);
  // The console opens at 10:00 (the fakes' clock); the appointment decides what that means.
  const open = (startTime: string) => () => {
    record = staffAppointment({ _id: 'apt-1', startTime });
    page = startConsultation('apt-1', at('10:00'));
    real().calls.loadAppointment.latest().resolve(detailOf(record));
  };
  const tick = (time: string) => () => real().tickAt(at(time));
  const markMissed = (answer: (call: ReturnType<typeof real>['calls']['markDidNotAttend']) => void) => () => {
    real().send({ type: 'attendance.missed' });
    expect(real().calls.markDidNotAttend.latest().input).toEqual({ appointmentId: 'apt-1', note, token: 'tok-doc' });
    answer(real().calls.markDidNotAttend);
  };

  return {
    stop: () => page?.actor.stop(),
    events: {
      'open.early': step('open.early', open('11:00')),
      'open.ended': step('open.ended', open('09:00')),
      'clock.notYet': step('clock.notYet', tick('10:49')),
      'early.replaced': step('early.replaced', () => real().send({ type: 'appointment.replaced', appointment: record })),
      'clock.opens': step('clock.opens', tick('10:50')),
      'clock.notEnded': step('clock.notEnded', tick('11:14')),
      'clock.ends': step('clock.ends', tick('11:15')),
      'missed.note': step('missed.note', () => {
        note = note === '' ? 'Phone switched off' : '';
        real().send({ type: 'attendance.note', value: note });
      }),
      'missed.unanswered': step('missed.unanswered', markMissed((call) => call.latest().reject(unanswered))),
      'missed.expired': step('missed.expired', markMissed((call) => call.latest().reject(refused(401, 'Please log in again.')))),
      'missed.conflict': step(
        'missed.conflict',
        markMissed((call) => {
          call.latest().reject(refused(409, completedMeanwhile));
          record = { ...record, appointmentStatus: 'Completed', medicines: prescription };
          // The machine loads it again; the server answers it Completed.
          void settle().then(() => real().calls.loadAppointment.latest().resolve(detailOf(record)));
        }),
      ),
      'missed.done': step(
        'missed.done',
        markMissed((call) => {
          record = { ...record, appointmentStatus: 'Missed' };
          call.latest().resolve({ message: 'Noted: the patient did not attend.', appointment: record });
          note = '';
        }),
      ),
      'save.done': step('save.done', () => {
        const { send, snapshot } = real();
        if (snapshot().context.prescription.remedies.length === 0) send({ type: 'remedy.added' });
        const key = snapshot().context.prescription.remedies[0]!.key;
        send({ type: 'prescription.changed', field: 'complain', value: prescription.complain });
        send({ type: 'prescription.changed', field: 'diagnosis', value: prescription.diagnosis ?? '' });
        send({ type: 'remedy.changed', key, field: 'medicineName', value: 'Graphites' });
        send({ type: 'remedy.changed', key, field: 'dosage', value: '4 pills' });
        send({ type: 'remedy.changed', key, field: 'frequency', value: 'twice a day' });
        send({ type: 'prescription.save' });
        record = { ...record, appointmentStatus: 'Completed', medicines: prescription };
        real().calls.completeAppointment.latest().resolve({ message: 'Consultation completed.', appointment: record });
      }),
    },
    states: {
      NotOpen: () => expect(page).toBeUndefined(),
      Early: () => {
        const s = real().snapshot();
        expect(selectOffersPrescription(s)).toBe(false);
        expect(selectCompletionOpensAt(s)).toBe(new Date(at('10:50')).toISOString());
        expect(selectOffersDidNotAttend(s)).toBe(false);
      },
      Started: () => {
        const s = real().snapshot();
        expect(selectOffersPrescription(s)).toBe(true);
        expect(selectCompletionOpensAt(s)).toBeNull();
        expect(selectOffersDidNotAttend(s)).toBe(false);
      },
      Ended: () => {
        const s = real().snapshot();
        expect(selectOffersPrescription(s)).toBe(true);
        expect(selectOffersDidNotAttend(s)).toBe(true);
        expect(selectMissedNote(s)).toBe(note);
      },
      Missed: () => {
        const s = real().snapshot();
        expect(selectAppointment(s)?.appointmentStatus).toBe('Missed');
        expect(selectOffersDidNotAttend(s)).toBe(false);
        expect(selectOffersPrescription(s)).toBe(true);
        expect(selectIsUpdate(s)).toBe(false);
      },
      Completed: () => {
        const s = real().snapshot();
        expect(selectAppointment(s)?.appointmentStatus).toBe('Completed');
        expect(selectOffersDidNotAttend(s)).toBe(false);
        expect(selectIsUpdate(s)).toBe(true);
      },
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('consultationMachine: how a consultation ends', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    (
      [
        // The doctor opens the page early, waits for the window, then the slot ends with nobody there.
        'open.early',
        'clock.notYet',
        'clock.opens',
        'clock.notEnded',
        'clock.ends',
        'missed.note',
        'missed.unanswered',
        'missed.done',
        // The patient turns up after all.
        'save.done',
      ] as const
    ).map((type) => ({ type })),
  );

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(13);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
    expect(journeys).toHaveLength(1);
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
