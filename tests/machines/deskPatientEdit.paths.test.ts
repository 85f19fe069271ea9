/**
 * Model-based paths for the desk correcting a patient it registered (machines/desk/patientEdit):
 * the form opened with their details and closed; refused by its own check (no call), by the
 * server at a field, by a 409 (the patient made an account meanwhile); saved. Along every path the
 * REAL machine runs with its call answered by hand; each step must emit what the app acts on, and
 * each state must show what the model says.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { PatientDraft } from '../../machines/desk/deskBooking/patientForm.js';
import {
  draftOf,
  patientEditMachine,
  selectEditedPatient,
  selectEditErrors,
  selectEditOpen,
  selectEditSaving,
} from '../../machines/desk/patientEdit/patientEditMachine.js';
import { refused } from './accountFakes.js';
import { deskPatient, startPatientEdit } from './deskFakes.js';
import { modelTransitions, pathEndings, pathsTakingEveryTransition, testPaths } from './modelPaths.js';
import { expectWalkedFully } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

const emits = {
  open: [],
  invalid: [],
  cancel: [],
  save: [],
  saved: ['patientUpdated', 'saved'],
  'saved.badPhone': [],
  'saved.isAccount': ["server: This patient has an account: they change their own details on it."],
} as const satisfies Record<string, readonly string[]>;
type ModelEvent = { type: keyof typeof emits };

const model = createMachine({
  id: 'deskPatientEditModel',
  types: {} as { events: ModelEvent },
  initial: 'Closed',
  states: {
    Closed: { on: { open: 'Editing' } },
    Editing: { on: { invalid: 'Editing', cancel: 'Closed', save: 'Saving' } },
    Saving: { on: { saved: 'Closed', 'saved.badPhone': 'Editing', 'saved.isAccount': 'Editing' } },
  },
});
type ModelSnapshot = SnapshotFrom<typeof model>;

const ramesh = deskPatient();
const corrected: PatientDraft = { ...draftOf(ramesh), lastName: ' Patil-Kale ', phoneNumber: '98230 44455' };

function harness() {
  const edit = startPatientEdit(ramesh);
  const step = stepper(edit.emitted.take, emits);
  let errors: Record<string, string> = {};
  let patient = ramesh;
  const saveCall = () => {
    const call = edit.calls.updatePatient.latest();
    expect(call.input).toEqual({
      patientId: ramesh._id,
      patient: { firstName: 'Ramesh', lastName: 'Patil-Kale', phoneNumber: '98230 44455', age: 67, gender: 'male', email: '' },
      token: 'tok-desk',
    });
    return call;
  };
  const shows = (open: boolean, saving = false) => () => {
    const s = edit.snapshot();
    expect(selectEditOpen(s)).toBe(open);
    expect(selectEditSaving(s)).toBe(saving);
    expect(selectEditErrors(s)).toEqual(errors);
    expect(selectEditedPatient(s)).toEqual(patient);
  };
  return {
    stop: () => edit.actor.stop(),
    events: {
      open: step('open', () => edit.send({ type: 'edit.opened' })),
      invalid: step('invalid', () => {
        // A short phone and no age: said at the fields, no call; a change clears its field's problem.
        edit.send({ type: 'edit.submitted', draft: { ...corrected, phoneNumber: '98230', age: '' } });
        expect(selectEditErrors(edit.snapshot())).toEqual({ phoneNumber: 'must be a 10-digit phone number', age: 'is required' });
        edit.send({ type: 'edit.changed', field: 'age' });
        errors = { phoneNumber: 'must be a 10-digit phone number' };
        expect(edit.calls.updatePatient.calls).toHaveLength(0);
      }),
      cancel: step('cancel', () => {
        errors = {};
        edit.send({ type: 'edit.cancelled' });
      }),
      save: step('save', () => {
        for (const field of Object.keys(errors)) edit.send({ type: 'edit.changed', field });
        errors = {};
        edit.send({ type: 'edit.submitted', draft: corrected });
      }),
      saved: step('saved', () => {
        patient = { ...ramesh, lastName: 'Patil-Kale', phoneNumber: '+919823044455' };
        saveCall().resolve({ patient });
      }),
      'saved.badPhone': step('saved.badPhone', () => {
        errors = { phoneNumber: 'is the clinic’s own number' };
        saveCall().reject({ ...refused(400, 'Check the fields.'), errors: [{ field: 'phoneNumber', message: errors.phoneNumber }] });
      }),
      'saved.isAccount': step('saved.isAccount', () => saveCall().reject(refused(409, 'This patient has an account: they change their own details on it.'))),
    },
    states: {
      Closed: shows(false),
      Editing: shows(true),
      Saving: shows(true, true),
    } satisfies Record<string, (state: ModelSnapshot) => void>,
  };
}

describe('patientEditMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);

  it('takes every transition of the model', () => {
    expect(pathEndings(everyTransition)).toEqual(modelTransitions(testModel));
  });

  testPaths({ 'every transition': everyTransition }, harness);
  expectWalkedFully(patientEditMachine);
});
