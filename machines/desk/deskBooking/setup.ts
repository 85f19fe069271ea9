/**
 * The desk booking's setup: its calls (declared with their types; the app provides the real ones),
 * guards and actions, from which the chart (./deskBookingMachine.ts) is made. The effect `notify`
 * is the app's to provide (a toast); until then it is emitted, so the tests and the inspector see it.
 */
import { assign, emit, enqueueActions, forwardTo, fromPromise, sendTo, setup } from 'xstate';
import type { AppointmentRecord } from '../../../contract/appointments.js';
import { DeskSearchQuery, type DeskPatient, type DeskSearchAnswer, type QueueEntry } from '../../../contract/desk.js';
import { fieldErrorsOf, type FieldErrors } from '../../failures.js';
import { serverWordsOr, type Tone } from '../../shared/notices.js';
import { shownSlots, slotPickerMachine, type SlotPickerSnapshot } from '../../slotPicker/slotPickerMachine.js';
import { firstFee, type FeeDraft } from '../desk.js';
import { choicesComplete, deskSlotList, firstChoices, nextChoices, type ChoiceChange } from './choices.js';
import {
  initialContext,
  type BookInput,
  type DeskBookingContext,
  type DeskBookingEmitted,
  type DeskBookingEvent,
  type DeskBookingInput,
  type DeskBookingNotice,
  type RegisterInput,
  type SearchInput,
  type WalkInInput,
} from './context.js';
import { patientErrors, patientErrorsOf } from './patientForm.js';

const notProvided = () => Promise.reject(new Error('not provided'));

/** A failed call in the person's words: the server's own, or 'Something went wrong.'. */
export const failureNotice = (error: unknown): { tone: Tone; notice: DeskBookingNotice } => ({
  tone: 'error',
  notice: serverWordsOr<DeskBookingNotice>(error, { kind: 'somethingWentWrong' }),
});

/** The slot picker is told the list the choices point at, with the token. */
const slotsFor = (context: DeskBookingContext) => ({ type: 'slots.for' as const, list: deskSlotList(context.choices, context.doctors), token: context.token });

export const deskBookingSetup = setup({
  types: {} as { context: DeskBookingContext; events: DeskBookingEvent; input: DeskBookingInput; emitted: DeskBookingEmitted },
  actors: {
    searchPatients: fromPromise<DeskSearchAnswer, SearchInput>(notProvided),
    registerPatient: fromPromise<{ patient: DeskPatient }, RegisterInput>(notProvided),
    book: fromPromise<AppointmentRecord, BookInput>(notProvided),
    walkIn: fromPromise<{ entry: QueueEntry }, WalkInInput>(notProvided),
    // The app provides the picker with its `loadTimeSlots` (machines/slotPicker/slotPickerMachine.ts).
    slotPicker: slotPickerMachine,
  },
  guards: {
    queryValid: ({ event }) => event.type === 'search.submitted' && DeskSearchQuery.is({ q: event.query.trim() }) && event.query.trim() !== '',
    isPerson: ({ context, event }) =>
      event.type === 'person.chosen' && (event.familyMemberId === null || context.family.some((m) => m._id === event.familyMemberId)),
    isHit: ({ context, event }) => event.type === 'patient.chosen' && context.hits.some((h) => h.patient._id === event.patientId),
    draftInvalid: ({ event }) => event.type === 'register.submitted' && Object.keys(patientErrors(event.draft)).length > 0,
    namesPatientFields: (_, params: { error: unknown }) => Object.keys(patientErrorsOf(fieldErrorsOf(params.error))).length > 0,
    choicesComplete: ({ context }) => choicesComplete(context.choices),
    isWalkIn: ({ context }) => context.choices.kind === 'walkin',
    isConflict: (_, params: { error: unknown }) => (params.error as { status?: unknown } | null)?.status === 409,
  },
  actions: {
    storeQuery: assign({ query: ({ event }) => (event.type === 'search.submitted' ? event.query.trim() : '') }),
    storeHits: assign((_, params: { query: string; answer: DeskSearchAnswer }) => ({
      searchedFor: params.query,
      hits: params.answer.hits,
      more: params.answer.more,
    })),
    choosePatient: assign(({ context, event }) => {
      const hit = event.type === 'patient.chosen' ? context.hits.find((h) => h.patient._id === event.patientId) : undefined;
      const patient = hit?.patient ?? null;
      return { patient, family: hit?.family ?? [], familyMemberId: null, choices: firstChoices(context.doctors, context.today, patient), fee: firstFee, booked: null };
    }),
    choosePerson: assign({ familyMemberId: ({ event }) => (event.type === 'person.chosen' ? event.familyMemberId : null) }),
    storeRegistered: assign(({ context }, params: { patient: DeskPatient }) => ({
      patient: params.patient,
      family: [],
      familyMemberId: null,
      draft: null,
      patientErrors: {},
      choices: firstChoices(context.doctors, context.today, params.patient),
      fee: firstFee,
      booked: null,
    })),
    rememberDraft: assign({ draft: ({ event }) => (event.type === 'register.submitted' ? event.draft : null) }),
    showErrors: assign(({ context }, params: { errors: FieldErrors }) => ({ patientErrors: params.errors, errorsShown: context.errorsShown + 1 })),
    clearError: assign({
      patientErrors: ({ context, event }) => {
        if (event.type !== 'register.edited') return context.patientErrors;
        const { [event.field]: _gone, ...rest } = context.patientErrors;
        return rest;
      },
    }),
    closeForm: assign({ draft: null, patientErrors: {} }),
    /** One choice changed: what no longer fits is cleared, and the slot picker is told. */
    choose: enqueueActions(({ context, enqueue }, params: { change: ChoiceChange }) => {
      enqueue.assign({ choices: nextChoices(context.choices, params.change, context.doctors, context.today, context.patient) });
      enqueue.raise({ type: 'slots.refresh' });
    }),
    tellSlotPicker: sendTo('slotPicker', ({ context }) => slotsFor(context)),
    passToSlotPicker: forwardTo('slotPicker'),
    dropTakenSlot: sendTo('slotPicker', { type: 'slot.taken' as const }),
    showSlots: assign(({ context }, params: { picker: SlotPickerSnapshot }) => shownSlots(params.picker, context.choices)),
    storeFee: assign({ fee: ({ context, event }) => (event.type === 'fee.changed' ? { ...context.fee, ...event.fee } : context.fee) as FeeDraft }),
    storeBooked: assign({ booked: (_, params: { appointment: AppointmentRecord; entry: QueueEntry | null }) => params }),
    startAgain: assign(({ context }) => ({ familyMemberId: null, choices: firstChoices(context.doctors, context.today, context.patient), fee: firstFee, booked: null })),
    forgetAll: assign(({ context }) => initialContext(context)),
    notify: emit((_, params: { tone: Tone; notice: DeskBookingNotice }) => ({ type: 'notice' as const, ...params })),
  },
});

/** The picker's input from the context (the list the choices point at). */
export const pickerInput = ({ context }: { context: DeskBookingContext }) => ({
  token: context.token,
  list: deskSlotList(context.choices, context.doctors),
  time: context.choices.time,
});
