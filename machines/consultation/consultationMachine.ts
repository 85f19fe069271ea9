/**
 * One appointment in the staff console: the doctor opens it, completes the consultation
 * with the prescription, then creates its pharmacy order, which the patient sees and pays in
 * /myappointment. An admin may do the same for any doctor's appointment; a doctor only for their
 * own (the server refuses another's with 403).
 *
 * Input: `{ appointmentId, token, now }`: the record's `_id`, the staff member's bearer token and
 * the current instant (epoch milliseconds, `Date.now()`).
 *
 * Events (form edits are ignored while that form is being saved):
 * - `consultation.retry`: load again after a failed load.
 * - `prescription.changed` { field, value }; `prescription.showMedicine` { value };
 *   `remedy.added`; `remedy.removed` { key }; `remedy.changed` { key, field, value }.
 * - `prescription.save`: checked first (./forms.ts `checkPrescription`); with problems, they are
 *   shown at the fields and nothing is sent. Completes a Booked or Expired appointment ('Consultation
 *   completed.'), writes the prescription again on a Completed one ('Prescription updated.').
 * - `order.changed` { field: 'pharmacyId' | 'total', value }; `order.mode` { paymentMode }.
 * - `order.save`: checked first (`checkOrder`), then creates the order.
 * - `attendance.note` { value }; `attendance.missed`: notes that the patient did not attend, with
 *   the note ('' for none), once the slot has ended (`selectOffersDidNotAttend`).
 * - `clock.tick` { now }: the time moved on (the `clock` actor; a test may send it): completion and
 *   "did not attend" are judged again when their time comes.
 * - `appointment.replaced` { appointment }: the record as the server now has it after a change made
 *   outside this machine (an admin setting the order's status: src/staff/admin/OrderStatusDialog.tsx).
 *   Only while shown, and only a record of this appointment. The record is replaced, the forms
 *   offered follow it, and what was typed in the prescription and order forms is KEPT (loading
 *   again would throw the unsaved drafts away).
 *
 * What is offered (the times are the server's, GET /staff/appointments/{id}: `completionOpensAt`,
 * the join window's opening, and `slotEndsAt`; the browser's clock only says when to judge again):
 * - a Cancelled appointment: no form; the view says it cannot be completed (`selectIsCancelled`);
 * - before `completionOpensAt` (not yet Completed): no form; the view says when it opens
 *   (`selectCompletionOpensAt`), and the form comes when the clock gets there;
 * - otherwise the prescription form (prefilled with the prescription there is); a Missed one too,
 *   so that a doctor who marked it by mistake can complete it after all;
 * - "Patient did not attend" from `slotEndsAt` on, for a paid Booked (or Expired) appointment that
 *   is not a Chat (a chat consultation lasts until the doctor completes it);
 * - the order form only once the appointment is Completed and has no order (`selectOffersOrder`),
 *   its pharmacy id prefilled from the prescription's.
 *
 * The app provides (`consultationMachine.provide({ actors })`), each rejecting with an ApiFailure:
 * - `loadAppointment` { appointmentId, token } -> StaffAppointmentDetail (fetchStaffAppointment, src/api/staff.ts)
 * - `completeAppointment` { appointmentId, medicines, token } -> { message, appointment }
 * - `createOrder` { appointmentId, order, token } -> { message, appointment }
 * - `markDidNotAttend` { appointmentId, note, token } -> { message, appointment }
 * - `clock` (optional): sends `clock.tick` { now }; the default ticks every 15 seconds.
 *
 * Load outcome (`selectStatus`): 'loading' | 'ready' | 'refused' (403/404: `selectFailure` has the
 * server's words: another doctor's, not found) | 'failed' (no answer: retry).
 *
 * Effects, actions the app provides (src/staff/provider.ts): `notify` (emits `notice`),
 * `tellChanged` (emits `appointment.changed`), `tellExpired` (emits `session.expired`); until
 * provided they are emitted, as the machine's tests read them (`actor.on(...)`).
 * What is emitted:
 * - `notice` { tone, notice }: a toast. Kinds:
 *   - server {text}       the server's words: its success message, or why it refused
 *   - checkFields         the form has problems, shown at the fields (nothing was sent)
 *   - somethingWentWrong  'Something went wrong.' (no answer, or refused without words)
 *   A 409 (cancelled meanwhile, an order made by someone else) also loads the appointment again.
 * - `appointment.changed` { appointment }: a save succeeded; the lists may refresh.
 * - `session.expired`: a call answered 401.
 */
import { assign, emit, fromCallback, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { type AppointmentRecord, emptyMedicines, type Medicines } from '../../contract/appointments.js';
import type { StaffAppointmentDetail, StaffPayment } from '../../contract/staff.js';
import { describeFailure, serverWordsOr, type NoticeEvent, type ServerNotice, type Tone } from '../session/notices.js';
import {
  checkOrder,
  checkPrescription,
  prescriptionDraftOf,
  withNewRemedy,
  type FieldProblems,
  type OrderDraft,
  type OrderRequest,
  type PaymentMode,
  type PrescriptionDraft,
  type PrescriptionField,
  type RemedyField,
} from './forms.js';
import { isConflict, isUnauthorized, refusedWith } from '../failures.js';

export type ConsultationInput = { appointmentId: string; token: string; now: number };

/** How often the default clock ticks: the form (or "did not attend") appears at most this long after its time. */
export const consultationClockMs = 15_000;

export type ChangeAnswer = { message: string; appointment: AppointmentRecord };

export type ConsultationNotice = { kind: 'checkFields' } | { kind: 'somethingWentWrong' } | ServerNotice;

export type ConsultationEmitted =
  | NoticeEvent<ConsultationNotice>
  | { type: 'appointment.changed'; appointment: AppointmentRecord }
  | { type: 'session.expired' };

export type ConsultationEvent =
  | { type: 'consultation.retry' }
  | { type: 'prescription.changed'; field: PrescriptionField; value: string }
  | { type: 'prescription.showMedicine'; value: boolean }
  | { type: 'remedy.added' }
  | { type: 'remedy.removed'; key: number }
  | { type: 'remedy.changed'; key: number; field: RemedyField; value: string }
  | { type: 'prescription.save' }
  | { type: 'order.changed'; field: 'pharmacyId' | 'total'; value: string }
  | { type: 'order.mode'; paymentMode: PaymentMode }
  | { type: 'order.save' }
  | { type: 'attendance.note'; value: string }
  | { type: 'attendance.missed' }
  | { type: 'clock.tick'; now: number }
  | { type: 'appointment.replaced'; appointment: AppointmentRecord }
  /** Internal: the stored appointment changed (raised after a prescription save or a replaced record): the forms judge again. */
  | { type: 'appointment.stored' }
  /** Internal: the clock moved on (raised on `clock.tick`): what waits for a time judges again. */
  | { type: 'time.passed' };

export type ConsultationContext = {
  appointmentId: string;
  token: string;
  detail: StaffAppointmentDetail | null;
  prescription: PrescriptionDraft;
  prescriptionProblems: FieldProblems;
  order: OrderDraft;
  orderProblems: FieldProblems;
  /** The note that goes with "did not attend" ('' for none). */
  missedNote: string;
  /** The current instant (epoch milliseconds), as the clock last said. */
  now: number;
  /** The server's words when loading was refused or failed. */
  failure: string | null;
};

export type ConsultationStatus = 'loading' | 'ready' | 'refused' | 'failed';

const emptyPrescription: PrescriptionDraft = prescriptionDraftOf(emptyMedicines);

/** The first form of a new consultation has one remedy row to fill in. */
function draftFor(appointment: AppointmentRecord): PrescriptionDraft {
  const draft = prescriptionDraftOf(appointment.medicines);
  return draft.remedies.length === 0 ? withNewRemedy(draft) : draft;
}

const emptyOrder: OrderDraft = { pharmacyId: '', total: '', paymentMode: 'Card' };

const notice = (tone: Tone, n: ConsultationNotice): NoticeEvent<ConsultationNotice> => ({ type: 'notice', tone, notice: n });

const appointmentOf = (context: ConsultationContext): AppointmentRecord | null => context.detail?.appointment ?? null;

const failureNotice = (error: unknown) => notice('error', serverWordsOr(error, { kind: 'somethingWentWrong' }));

/** Not Completed yet, and the join window (with it, completion) has not opened at `now`. */
function completionNotOpen(context: ConsultationContext): boolean {
  const detail = context.detail;
  if (!detail || detail.appointment.appointmentStatus === 'Completed') return false;
  return context.now < Date.parse(detail.completionOpensAt);
}

/** "Patient did not attend" may be noted: a paid Booked (or Expired) one, not a Chat, whose slot has ended at `now`. */
function didNotAttendOpen(context: ConsultationContext): boolean {
  const detail = context.detail;
  if (!detail) return false;
  const a = detail.appointment;
  return (
    (a.appointmentStatus === 'Booked' || a.appointmentStatus === 'Expired') &&
    a.appointmentPaymentStatus === 'paid' &&
    a.consultationType !== 'Chat' &&
    context.now >= Date.parse(detail.slotEndsAt)
  );
}

export const consultationMachine = setup({
  types: {} as {
    context: ConsultationContext;
    events: ConsultationEvent;
    input: ConsultationInput;
    emitted: ConsultationEmitted;
  },
  actors: {
    // Declared here with their types; the real ones come from the app, so these must never run.
    loadAppointment: fromPromise<StaffAppointmentDetail, { appointmentId: string; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
    completeAppointment: fromPromise<ChangeAnswer, { appointmentId: string; medicines: Medicines; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
    createOrder: fromPromise<ChangeAnswer, { appointmentId: string; order: OrderRequest; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
    markDidNotAttend: fromPromise<ChangeAnswer, { appointmentId: string; note: string; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
    clock: fromCallback<ConsultationEvent>(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'clock.tick', now: Date.now() }), consultationClockMs);
      return () => clearInterval(timer);
    }),
  },
  guards: {
    isCancelled: ({ context }) => appointmentOf(context)?.appointmentStatus === 'Cancelled',
    canOrder: ({ context }) => {
      const appointment = appointmentOf(context);
      return appointment?.appointmentStatus === 'Completed' && appointment.order === null;
    },
    isCompletionNotOpen: ({ context }) => completionNotOpen(context),
    canMarkMissed: ({ context }) => didNotAttendOpen(context),
    prescriptionHasProblems: ({ context }) => !checkPrescription(context.prescription).ok,
    orderHasProblems: ({ context }) => !checkOrder(context.order).ok,
    isUnauthorized,
    isRefusedToLoad: (_, params: { error: unknown }) => refusedWith(params.error, (status) => [400, 403, 404].includes(status)),
    isConflict,
    isThisAppointment: ({ context }, params: { appointment: AppointmentRecord }) => params.appointment._id === context.appointmentId,
  },
  actions: {
    storeDetail: assign(({ context }, params: { detail: StaffAppointmentDetail }) => {
      const prescription = draftFor(params.detail.appointment);
      return {
        detail: params.detail,
        failure: null,
        prescription,
        prescriptionProblems: {},
        order: { ...emptyOrder, pharmacyId: prescription.pharmacyId || context.order.pharmacyId },
        orderProblems: {},
      };
    }),
    storeAnswer: assign(({ context }, params: { appointment: AppointmentRecord }) => ({
      detail: context.detail ? { ...context.detail, appointment: params.appointment } : null,
      order: context.order.pharmacyId.trim() === '' ? { ...context.order, pharmacyId: params.appointment.medicines.pharmacyId } : context.order,
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
    editOrder: assign({
      order: ({ context, event }) => {
        if (event.type === 'order.changed') return { ...context.order, [event.field]: event.value };
        if (event.type === 'order.mode') return { ...context.order, paymentMode: event.paymentMode };
        return context.order;
      },
    }),
    showPrescriptionProblems: assign({
      prescriptionProblems: ({ context }) => {
        const checked = checkPrescription(context.prescription);
        return checked.ok ? {} : checked.problems;
      },
    }),
    clearPrescriptionProblems: assign({ prescriptionProblems: {} }),
    showOrderProblems: assign({
      orderProblems: ({ context }) => {
        const checked = checkOrder(context.order);
        return checked.ok ? {} : checked.problems;
      },
    }),
    clearOrderProblems: assign({ orderProblems: {} }),
    editMissedNote: assign({ missedNote: (_, params: { value: string }) => params.value }),
    clearMissedNote: assign({ missedNote: '' }),
    storeNow: assign({ now: (_, params: { now: number }) => params.now }),
    announceStored: raise({ type: 'appointment.stored' as const }),
    announceTime: raise({ type: 'time.passed' as const }),
    // The effects: the app provides them (src/staff/provider.ts); until then they are emitted,
    // so the machine's tests and the inspector see them.
    notify: emit((_, params: NoticeEvent<ConsultationNotice>) => params),
    tellChanged: emit((_, params: { answer: ChangeAnswer }) => ({
      type: 'appointment.changed' as const,
      appointment: params.answer.appointment,
    })),
    tellExpired: emit({ type: 'session.expired' as const }),
  },
}).createMachine({
  id: 'consultation',
  description:
    'One appointment for staff: its details, completing it with the prescription (from the join window on) or noting that the patient did not attend (from the slot\'s end), then its pharmacy order.',
  context: ({ input }) => ({
    appointmentId: input.appointmentId,
    token: input.token,
    detail: null,
    prescription: emptyPrescription,
    prescriptionProblems: {},
    order: emptyOrder,
    orderProblems: {},
    missedNote: '',
    now: input.now,
    failure: null,
  }),
  invoke: { id: 'clock', src: 'clock' },
  on: {
    'clock.tick': { actions: [{ type: 'storeNow', params: ({ event }) => ({ now: event.now }) }, 'announceTime'] },
  },
  initial: 'Loading',
  states: {
    Loading: {
      description: 'GET /staff/appointments/{id}: the record, its prescription, order and checkouts.',
      tags: ['loading'],
      invoke: {
        id: 'loadAppointment',
        src: 'loadAppointment',
        input: ({ context }) => ({ appointmentId: context.appointmentId, token: context.token }),
        onDone: { target: 'Ready', actions: { type: 'storeDetail', params: ({ event }) => ({ detail: event.output }) } },
        onError: [
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'Failed',
            actions: [{ type: 'storeFailure', params: ({ event }) => ({ error: event.error }) }, 'tellExpired'],
          },
          {
            guard: { type: 'isRefusedToLoad', params: ({ event }) => ({ error: event.error }) },
            target: 'Refused',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'Failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    Refused: {
      description: "Not this staff member's to open (another doctor's: 403), or no such appointment (404).",
      type: 'final',
    },
    Failed: {
      description: 'No answer: a retry.',
      on: { 'consultation.retry': 'Loading' },
    },
    Ready: {
      description: 'The appointment is shown; its forms (the prescription, "did not attend", the order) run side by side.',
      type: 'parallel',
      on: {
        'appointment.replaced': {
          guard: { type: 'isThisAppointment', params: ({ event }) => ({ appointment: event.appointment }) },
          actions: [{ type: 'replaceAppointment', params: ({ event }) => ({ appointment: event.appointment }) }, 'announceStored'],
        },
      },
      states: {
        Prescription: {
          description: 'Completing the consultation, or writing its prescription again.',
          initial: 'Judging',
          states: {
            Judging: {
              description: 'A Cancelled appointment cannot be completed; before the join window opens, not yet.',
              always: [{ guard: 'isCancelled', target: 'Closed' }, { guard: 'isCompletionNotOpen', target: 'NotYetOpen' }, { target: 'Editing' }],
            },
            Closed: { description: 'Cancelled: no form, and the reason said plainly.' },
            NotYetOpen: {
              description: 'Before the join window: no form; when completion opens is said instead.',
              on: { 'appointment.stored': 'Judging', 'time.passed': 'Judging' },
            },
            Editing: {
              description: 'The prescription form (what was typed stays when the record is replaced).',
              on: {
                'appointment.stored': 'Judging',
                'prescription.changed': { actions: 'editPrescription' },
                'prescription.showMedicine': { actions: 'editPrescription' },
                'remedy.added': { actions: 'editPrescription' },
                'remedy.removed': { actions: 'editPrescription' },
                'remedy.changed': { actions: 'editPrescription' },
                'prescription.save': [
                  { guard: 'prescriptionHasProblems', actions: ['showPrescriptionProblems', { type: 'notify', params: notice('error', { kind: 'checkFields' }) }] },
                  { target: 'Saving', actions: 'clearPrescriptionProblems' },
                ],
              },
            },
            Saving: {
              description: 'POST /staff/appointments/{id}/complete with the prescription.',
              tags: ['savingPrescription'],
              invoke: {
                id: 'completeAppointment',
                src: 'completeAppointment',
                input: ({ context }) => {
                  const checked = checkPrescription(context.prescription);
                  // Only entered with a draft that passed the check (the guard above).
                  if (!checked.ok) throw new Error('completeAppointment: the prescription has problems');
                  return { appointmentId: context.appointmentId, medicines: checked.value, token: context.token };
                },
                onDone: {
                  target: 'Judging',
                  actions: [
                    { type: 'storeAnswer', params: ({ event }) => ({ appointment: event.output.appointment }) },
                    { type: 'showSavedPrescription', params: ({ event }) => ({ appointment: event.output.appointment }) },
                    { type: 'notify', params: ({ event }) => notice('success', { kind: 'server', text: event.output.message }) },
                    { type: 'tellChanged', params: ({ event }) => ({ answer: event.output }) },
                    'announceStored',
                  ],
                },
                onError: [
                  {
                    guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                    target: 'Editing',
                    actions: ['tellExpired', { type: 'notify', params: ({ event }) => failureNotice(event.error) }],
                  },
                  {
                    guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
                    target: '#consultation.Loading',
                    actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) },
                  },
                  { target: 'Editing', actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) } },
                ],
              },
            },
          },
        },
        Attendance: {
          description: '"Patient did not attend": offered from the slot\'s end for a paid, live appointment that is not a Chat.',
          initial: 'Judging',
          states: {
            Judging: {
              description: 'Paid, Booked or Expired, not a Chat, and the slot over?',
              always: [{ guard: 'canMarkMissed', target: 'Offered' }, { target: 'Hidden' }],
            },
            Hidden: {
              description: 'Not yet (the slot has not ended), or not for this appointment.',
              on: { 'appointment.stored': 'Judging', 'time.passed': 'Judging' },
            },
            Offered: {
              description: 'The note (optional) and "Patient did not attend".',
              on: {
                'appointment.stored': 'Judging',
                'attendance.note': { actions: { type: 'editMissedNote', params: ({ event }) => ({ value: event.value }) } },
                'attendance.missed': 'Marking',
              },
            },
            Marking: {
              description: 'POST /staff/appointments/{id}/did-not-attend with the note.',
              tags: ['markingMissed'],
              invoke: {
                id: 'markDidNotAttend',
                src: 'markDidNotAttend',
                input: ({ context }) => ({ appointmentId: context.appointmentId, note: context.missedNote.trim(), token: context.token }),
                onDone: {
                  target: 'Judging',
                  actions: [
                    { type: 'storeAnswer', params: ({ event }) => ({ appointment: event.output.appointment }) },
                    'clearMissedNote',
                    { type: 'notify', params: ({ event }) => notice('success', { kind: 'server', text: event.output.message }) },
                    { type: 'tellChanged', params: ({ event }) => ({ answer: event.output }) },
                    'announceStored',
                  ],
                },
                onError: [
                  {
                    guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                    target: 'Offered',
                    actions: ['tellExpired', { type: 'notify', params: ({ event }) => failureNotice(event.error) }],
                  },
                  {
                    guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
                    target: '#consultation.Loading',
                    actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) },
                  },
                  { target: 'Offered', actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) } },
                ],
              },
            },
          },
        },
        Order: {
          description: 'The pharmacy order: offered once the appointment is Completed and has none.',
          initial: 'Judging',
          states: {
            Judging: {
              description: 'Completed and without an order?',
              always: [{ guard: 'canOrder', target: 'Offered' }, { target: 'Hidden' }],
            },
            Hidden: {
              description: 'Not Completed yet, or the order exists (shown with the details).',
              on: { 'appointment.stored': 'Judging' },
            },
            Offered: {
              description: 'The order form: pharmacy id, total in rupees, payment mode (what was typed stays when the record is replaced).',
              on: {
                'appointment.stored': 'Judging',
                'order.changed': { actions: 'editOrder' },
                'order.mode': { actions: 'editOrder' },
                'order.save': [
                  { guard: 'orderHasProblems', actions: ['showOrderProblems', { type: 'notify', params: notice('error', { kind: 'checkFields' }) }] },
                  { target: 'Saving', actions: 'clearOrderProblems' },
                ],
              },
            },
            Saving: {
              description: 'POST /staff/appointments/{id}/order.',
              tags: ['savingOrder'],
              invoke: {
                id: 'createOrder',
                src: 'createOrder',
                input: ({ context }) => {
                  const checked = checkOrder(context.order);
                  if (!checked.ok) throw new Error('createOrder: the order has problems');
                  return { appointmentId: context.appointmentId, order: checked.value, token: context.token };
                },
                onDone: {
                  target: 'Judging',
                  actions: [
                    { type: 'storeAnswer', params: ({ event }) => ({ appointment: event.output.appointment }) },
                    { type: 'notify', params: ({ event }) => notice('success', { kind: 'server', text: event.output.message }) },
                    { type: 'tellChanged', params: ({ event }) => ({ answer: event.output }) },
                  ],
                },
                onError: [
                  {
                    guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                    target: 'Offered',
                    actions: ['tellExpired', { type: 'notify', params: ({ event }) => failureNotice(event.error) }],
                  },
                  {
                    guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
                    target: '#consultation.Loading',
                    actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) },
                  },
                  { target: 'Offered', actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) } },
                ],
              },
            },
          },
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof consultationMachine>;

export const selectStatus = (snapshot: Snapshot): ConsultationStatus => {
  if (snapshot.matches('Refused')) return 'refused';
  if (snapshot.matches('Failed')) return 'failed';
  // A reload after a conflict keeps the appointment shown until the answer arrives.
  return snapshot.context.detail === null ? 'loading' : 'ready';
};
export const selectIsLoading = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');
export const selectFailure = (snapshot: Snapshot): string | null => snapshot.context.failure;
export const selectAppointment = (snapshot: Snapshot): AppointmentRecord | null => appointmentOf(snapshot.context);
export const selectPayments = (snapshot: Snapshot): StaffPayment[] => snapshot.context.detail?.payments ?? [];
export const selectSlotMinutes = (snapshot: Snapshot): number | null => snapshot.context.detail?.slotMinutes ?? null;
export const selectIsCancelled = (snapshot: Snapshot): boolean => snapshot.matches({ Ready: { Prescription: 'Closed' } });
/** When completion opens (ISO instant) while it has not: the view says so instead of the form; null otherwise. */
export const selectCompletionOpensAt = (snapshot: Snapshot): string | null =>
  snapshot.matches({ Ready: { Prescription: 'NotYetOpen' } }) ? (snapshot.context.detail?.completionOpensAt ?? null) : null;
/** "Patient did not attend" is offered (Offered or Marking). */
export const selectOffersDidNotAttend = (snapshot: Snapshot): boolean =>
  snapshot.matches({ Ready: { Attendance: 'Offered' } }) || snapshot.matches({ Ready: { Attendance: 'Marking' } });
/** The console's clock as the machine last heard it (epoch milliseconds). */
export const selectNow = (snapshot: Snapshot): number => snapshot.context.now;
export const selectIsMarkingMissed = (snapshot: Snapshot): boolean => snapshot.hasTag('markingMissed');
export const selectMissedNote = (snapshot: Snapshot): string => snapshot.context.missedNote;
/** The prescription form is shown (Editing or Saving). */
export const selectOffersPrescription = (snapshot: Snapshot): boolean =>
  snapshot.matches({ Ready: { Prescription: 'Editing' } }) || snapshot.matches({ Ready: { Prescription: 'Saving' } });
/** Save writes the prescription again (the appointment is already Completed) rather than completing it. */
export const selectIsUpdate = (snapshot: Snapshot): boolean => appointmentOf(snapshot.context)?.appointmentStatus === 'Completed';
export const selectPrescription = (snapshot: Snapshot): PrescriptionDraft => snapshot.context.prescription;
export const selectPrescriptionProblems = (snapshot: Snapshot): FieldProblems => snapshot.context.prescriptionProblems;
export const selectIsSavingPrescription = (snapshot: Snapshot): boolean => snapshot.hasTag('savingPrescription');
/** The order form is shown (Offered or Saving). */
export const selectOffersOrder = (snapshot: Snapshot): boolean =>
  snapshot.matches({ Ready: { Order: 'Offered' } }) || snapshot.matches({ Ready: { Order: 'Saving' } });
export const selectOrderDraft = (snapshot: Snapshot): OrderDraft => snapshot.context.order;
export const selectOrderProblems = (snapshot: Snapshot): FieldProblems => snapshot.context.orderProblems;
export const selectIsSavingOrder = (snapshot: Snapshot): boolean => snapshot.hasTag('savingOrder');
