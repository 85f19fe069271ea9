/**
 * The desk corrects a patient it registered (no account): a new phone, a misspelt name, an email
 * they now have (PUT /desk/patients/{id}; an account's holder keeps their own details, so the
 * console offers this for desk patients only). The same form and checks as registering
 * (../deskBooking/patientForm.ts): the contract's codec before any request, each problem on its
 * field, and the server's 400 on the fields it names.
 *
 * Input: `{ token, patient }` (the patient as the search found them).
 * Events: `edit.opened`; `edit.changed` { field }; `edit.submitted` { draft }; `edit.cancelled`.
 * The app provides `updatePatient` { patientId, patient, token } -> { patient }, rejecting with an
 * ApiFailure. Effects: `notify` { tone, notice } (a toast) and `saved` { patient } (the desk's
 * search is read again); emitted until provided.
 */
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { DeskPatient } from '../../../contract/desk.js';
import { fieldErrorsOf, type FieldErrors } from '../../failures.js';
import { serverWordsOr, type Tone } from '../../shared/notices.js';
import { patientErrors, patientErrorsOf, patientRequest, type PatientDraft, type PatientRequest } from '../deskBooking/patientForm.js';

export type PatientEditNotice = { kind: 'patientUpdated' } | { kind: 'somethingWentWrong' } | { kind: 'server'; text: string };
export type PatientEditEvent =
  | { type: 'edit.opened' }
  | { type: 'edit.changed'; field: string }
  | { type: 'edit.submitted'; draft: PatientDraft }
  | { type: 'edit.cancelled' };
export interface PatientEditContext {
  token: string;
  patient: DeskPatient;
  draft: PatientDraft | null;
  errors: FieldErrors;
  /** Grows each time problems are shown anew, so the view focuses the first. */
  errorsShown: number;
}
export type UpdatePatientInput = { patientId: string; patient: PatientRequest; token: string };

const notProvided = () => Promise.reject(new Error('not provided'));
const failed = (error: unknown) => ({ tone: 'error' as Tone, notice: serverWordsOr<PatientEditNotice>(error, { kind: 'somethingWentWrong' }) });

/** The form as it opens: the patient's details as the desk has them. */
export const draftOf = (p: DeskPatient): PatientDraft => ({
  firstName: p.firstName,
  lastName: p.lastName,
  phoneNumber: p.phoneNumber,
  age: p.age === null ? '' : String(p.age),
  gender: p.gender ?? '',
  email: p.email,
});

export const patientEditMachine = setup({
  types: {} as {
    context: PatientEditContext;
    events: PatientEditEvent;
    input: { token: string; patient: DeskPatient };
    emitted: { type: 'notice'; tone: Tone; notice: PatientEditNotice } | { type: 'saved'; patient: DeskPatient };
  },
  actors: { updatePatient: fromPromise<{ patient: DeskPatient }, UpdatePatientInput>(notProvided) },
  guards: {
    draftInvalid: ({ event }) => event.type === 'edit.submitted' && Object.keys(patientErrors(event.draft)).length > 0,
    namesFields: (_, params: { error: unknown }) => Object.keys(patientErrorsOf(fieldErrorsOf(params.error))).length > 0,
  },
  actions: {
    showErrors: assign(({ context }, params: { errors: FieldErrors }) => ({ errors: params.errors, errorsShown: context.errorsShown + 1 })),
    clearError: assign({
      errors: ({ context, event }) => {
        if (event.type !== 'edit.changed') return context.errors;
        const { [event.field]: _gone, ...rest } = context.errors;
        return rest;
      },
    }),
    rememberDraft: assign({ draft: ({ event }) => (event.type === 'edit.submitted' ? event.draft : null) }),
    closeForm: assign({ draft: null, errors: {} }),
    storePatient: assign({ patient: (_, params: { patient: DeskPatient }) => params.patient }),
    notify: emit((_, params: { tone: Tone; notice: PatientEditNotice }) => ({ type: 'notice' as const, ...params })),
    saved: emit((_, params: { patient: DeskPatient }) => ({ type: 'saved' as const, patient: params.patient })),
  },
}).createMachine({
  id: 'deskPatientEdit',
  description: "The desk corrects the details of a patient it registered.",
  context: ({ input }) => ({ token: input.token, patient: input.patient, draft: null, errors: {}, errorsShown: 0 }),
  initial: 'Closed',
  states: {
    Closed: { description: 'The patient as found, with "Edit details".', on: { 'edit.opened': 'Editing' } },
    Editing: {
      description: "The form, filled with the patient's details; Save checks it first.",
      on: {
        'edit.changed': { actions: 'clearError' },
        'edit.submitted': [
          { guard: 'draftInvalid', actions: { type: 'showErrors', params: ({ event }) => ({ errors: patientErrors(event.draft) }) } },
          { target: 'Saving', actions: 'rememberDraft' },
        ],
        'edit.cancelled': { target: 'Closed', actions: 'closeForm' },
      },
    },
    Saving: {
      description: 'PUT /desk/patients/{id}. Refused at a field: back to the form with it; otherwise a toast and the form stays.',
      tags: ['saving'],
      invoke: {
        src: 'updatePatient',
        input: ({ context }) => ({ patientId: context.patient._id, patient: patientRequest(context.draft!), token: context.token }),
        onDone: {
          target: 'Closed',
          actions: [
            { type: 'storePatient', params: ({ event }) => ({ patient: event.output.patient }) },
            'closeForm',
            { type: 'notify', params: { tone: 'success', notice: { kind: 'patientUpdated' } } },
            { type: 'saved', params: ({ event }) => ({ patient: event.output.patient }) },
          ],
        },
        onError: [
          {
            guard: { type: 'namesFields', params: ({ event }) => ({ error: event.error }) },
            target: 'Editing',
            actions: { type: 'showErrors', params: ({ event }) => ({ errors: patientErrorsOf(fieldErrorsOf(event.error)) }) },
          },
          { target: 'Editing', actions: { type: 'notify', params: ({ event }) => failed(event.error) } },
        ],
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof patientEditMachine>;
export type PatientEditActor = ActorRefFrom<typeof patientEditMachine>;
export const selectEditOpen = (s: Snapshot): boolean => !s.matches('Closed');
export const selectEditSaving = (s: Snapshot): boolean => s.hasTag('saving');
export const selectEditErrors = (s: Snapshot): FieldErrors => s.context.errors;
export const selectEditErrorsShown = (s: Snapshot): number => s.context.errorsShown;
export const selectEditedPatient = (s: Snapshot): DeskPatient => s.context.patient;
