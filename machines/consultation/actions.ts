/**
 * The consultation machine's actions, on its setup (types, the actors, ./guards.ts, the clock's
 * delay): `consultationSetup`, from which the chart (./consultationMachine.ts) is made.
 *
 * The clock is a delayed self-send, not a timer in an actor: `scheduleTick` raises `clock.due`
 * after `tick`; `readClock` then reads the time as `clock.tick` { now }, which a test may send too.
 *
 * The effects (`notify`, `tellChanged`) are the app's to provide
 * (src/staff/provider.ts); until then they are emitted, so the machine's tests and the inspector
 * see them.
 */
import { assign, emit, fromPromise, raise, setup } from 'xstate';
import type { AppointmentRecord, Medicines } from '../../contract/appointments.js';
import type { StaffAppointmentDetail } from '../../contract/staff.js';
import { describeFailure, type NoticeEvent } from '../shared/notices.js';
import { consultationClockMs, draftFor, type ConsultationContext, type ConsultationInput } from './context.js';
import type { ChangeAnswer, ConsultationEmitted, ConsultationEvent, ConsultationNotice } from './events.js';
import { checkPrescription, prescriptionDraftOf, withNewRemedy } from './forms.js';
import { consultationGuards } from './guards.js';
import { orderMachine } from '../order/orderMachine.js';

const notProvided = () => Promise.reject(new Error('not provided'));

const base = setup({
  types: {} as { context: ConsultationContext; events: ConsultationEvent; input: ConsultationInput; emitted: ConsultationEmitted },
  actors: {
    // Declared here with their types; the real ones come from the app, so these must never run.
    loadAppointment: fromPromise<StaffAppointmentDetail, { appointmentId: string; token: string }>(notProvided),
    completeAppointment: fromPromise<ChangeAnswer, { appointmentId: string; medicines: Medicines; token: string }>(notProvided),
    orderForm: orderMachine,
    markDidNotAttend: fromPromise<ChangeAnswer, { appointmentId: string; note: string; token: string }>(notProvided),
  },
  guards: consultationGuards,
  delays: { tick: consultationClockMs },
});

/** `readClock` with another source of the time (the console's clock, `services.now`; a test's). */
export const readClockWith = (now: () => number) => base.raise(() => ({ type: 'clock.tick' as const, now: now() }));

/** The record, the drafts and what was said of them. */
const stored = base.extend({
  actions: {
    storeDetail: assign((_, params: { detail: StaffAppointmentDetail }) => ({
      detail: params.detail,
      failure: null,
      prescription: draftFor(params.detail.appointment),
      prescriptionProblems: {},
    })),
    storeAnswer: assign(({ context }, params: { appointment: AppointmentRecord }) => ({
      detail: context.detail ? { ...context.detail, appointment: params.appointment } : null,
    })),
    /** A change made elsewhere: the record only; the drafts and their problems stay as typed. */
    replaceAppointment: assign({
      detail: ({ context }, params: { appointment: AppointmentRecord }) =>
        context.detail ? { ...context.detail, appointment: params.appointment } : null,
    }),
    /** The prescription saved: the form shows it as stored (blank remedy rows were not sent). */
    showSavedPrescription: assign({
      prescription: (_, params: { appointment: AppointmentRecord }) => prescriptionDraftOf(params.appointment.medicines),
    }),
    storeFailure: assign({
      failure: (_, params: { error: unknown }) => {
        const failure = describeFailure(params.error);
        return failure.kind === 'refused' ? failure.text : null;
      },
    }),
    editPrescription: assign({
      prescription: ({ context, event }) => {
        const draft = context.prescription;
        switch (event.type) {
          case 'prescription.changed':
            return { ...draft, [event.field]: event.value };
          case 'prescription.showMedicine':
            return { ...draft, showMedicine: event.value };
          case 'followUp.changed':
            return { ...draft, followUp: { ...draft.followUp, ...event.change } };
          case 'remedy.added':
            return withNewRemedy(draft);
          case 'remedy.removed':
            return { ...draft, remedies: draft.remedies.filter((row) => row.key !== event.key) };
          case 'remedy.changed':
            return {
              ...draft,
              remedies: draft.remedies.map((row) => (row.key === event.key ? { ...row, [event.field]: event.value } : row)),
            };
          default:
            return draft;
        }
      },
      // Rows moved: problems named by row place would point at the wrong ones; they come back on Save.
      prescriptionProblems: ({ context, event }) =>
        event.type === 'remedy.removed' || event.type === 'remedy.added' ? {} : context.prescriptionProblems,
    }),
    showPrescriptionProblems: assign({
      prescriptionProblems: ({ context }) => {
        const checked = checkPrescription(context.prescription);
        return checked.ok ? {} : checked.problems;
      },
    }),
    clearPrescriptionProblems: assign({ prescriptionProblems: {} }),
    editMissedNote: assign({ missedNote: (_, params: { value: string }) => params.value }),
    clearMissedNote: assign({ missedNote: '' }),
  },
});

/** The clock, the forms judging again, and the effects. */
export const consultationSetup = stored.extend({
  actions: {
    scheduleTick: raise({ type: 'clock.due' as const }, { id: 'clock', delay: 'tick' }),
    readClock: readClockWith(() => Date.now()),
    storeNow: assign({ now: (_, params: { now: number }) => params.now }),
    announceStored: raise({ type: 'appointment.stored' as const }),
    announceTime: raise({ type: 'time.passed' as const }),
    notify: emit((_, params: NoticeEvent<ConsultationNotice>) => params),
    tellChanged: emit((_, params: { answer: ChangeAnswer }) => ({
      type: 'appointment.changed' as const,
      appointment: params.answer.appointment,
    })),
  },
});
