/**
 * One appointment in the staff console: the doctor opens it, completes the consultation
 * with the prescription, then creates its pharmacy order, which the patient sees and pays in
 * /myappointment. An admin may do the same for any doctor's appointment; a doctor only for their
 * own (the server refuses another's with 403).
 *
 * Input: `{ appointmentId, token, now }`: the record's `_id`, the staff member's bearer token and
 * the current instant (epoch milliseconds, `Date.now()`). ./context.ts
 *
 * Events (./events.ts; form edits are ignored while that form is being saved):
 * - `consultation.retry`: load again after a failed load.
 * - `prescription.changed` { field, value }; `prescription.showMedicine` { value };
 *   `followUp.changed` { change } (its kind, unit or numbers);
 *   `remedy.added`; `remedy.removed` { key }; `remedy.changed` { key, field, value }.
 * - `prescription.save`: checked first (./forms.ts `checkPrescription`); with problems, they are
 *   shown at the fields and nothing is sent. Completes a Booked or Expired appointment ('Consultation
 *   completed.'), writes the prescription again on a Completed one ('Prescription updated.').
 * - the order form's events go to its own actor (machines/order, invoked as `orderForm` while the
 *   order is offered; the view sends to it: `selectOrderForm`).
 * - `attendance.note` { value }; `attendance.missed`: notes that the patient did not attend, with
 *   the note ('' for none), once the slot has ended (`selectOffersDidNotAttend`).
 * - `clock.tick` { now }: the time moved on. The machine reads the clock every
 *   `consultationClockMs` (15 seconds: the delay `tick`; `readClock`, which the app may provide
 *   with its own clock: `readClockWith`, ./actions.ts); a test may send it. Completion and "did not
 *   attend" are judged again when their time comes.
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
 *   as its own machine (machines/order: catalogue items, location, pickup or delivery, the server's total).
 *
 * The app provides (`consultationMachine.provide({ actors })`), each rejecting with an ApiFailure:
 * - `loadAppointment` { appointmentId, token } -> StaffAppointmentDetail (fetchStaffAppointment, src/api/staff.ts)
 * - `completeAppointment` { appointmentId, medicines, token } -> { message, appointment }
 * - `orderForm`: machines/order with its own actors provided (src/staff/provider.ts).
 * - `markDidNotAttend` { appointmentId, note, token } -> { message, appointment }
 *
 * Load outcome (`selectStatus`, ./selectors.ts): 'loading' | 'ready' | 'refused' (403/404:
 * `selectFailure` has the server's words: another doctor's, not found) | 'failed' (no answer: retry).
 *
 * Effects, actions the app provides (src/staff/provider.ts): `notify` (emits `notice`),
 * `tellChanged` (emits `appointment.changed`); until provided they are emitted,
 * as the machine's tests read them (`actor.on(...)`).
 * What is emitted:
 * - `notice` { tone, notice }: a toast. Kinds:
 *   - server {text}       the server's words: its success message, or why it refused
 *   - checkFields         the form has problems, shown at the fields (nothing was sent)
 *   - somethingWentWrong  'Something went wrong.' (no answer, or refused without words)
 *   A 409 (cancelled meanwhile, an order made by someone else) also loads the appointment again.
 * - `appointment.changed` { appointment }: a save succeeded; the lists may refresh.
 * A 401 takes the ordinary failure path: the request base ends the session (src/api/client.ts).
 */
import { consultationSetup } from './actions.js';
import { initialContext } from './context.js';
import { failureNotice, notice, savedNotice, type ChangeAnswer } from './events.js';
import { checkPrescription } from './forms.js';

type Failed = { event: { error: unknown } };
type Saved = { event: { output: ChangeAnswer } };
const errorOf = ({ event }: Failed) => ({ error: event.error });
const failureOf = ({ event }: Failed) => failureNotice(event.error);
const appointmentOf = ({ event }: Saved) => ({ appointment: event.output.appointment });

/**
 * A save that failed, the same for the three forms: back to the form (`back`) with why said as a
 * toast (a 401 too: the request base ends the session); a 409 (cancelled meanwhile, an order
 * made by someone else) loads the appointment again.
 */
const saveFailed = (back: 'Editing' | 'Offered') =>
  [
    { guard: { type: 'isConflict', params: errorOf }, target: '#consultation.Loading', actions: { type: 'notify', params: failureOf } },
    { target: back, actions: { type: 'notify', params: failureOf } },
  ] as const;

/** A save that succeeded: the record stored as the server answered it (`storeAnswer`), then its words as a toast and the lists told. */
const storeAnswer = { type: 'storeAnswer', params: appointmentOf } as const;
const tellSaved = [
  { type: 'notify', params: ({ event }: Saved) => savedNotice(event.output) },
  { type: 'tellChanged', params: ({ event }: Saved) => ({ answer: event.output }) },
] as const;

export const consultationMachine = consultationSetup.createMachine({
  id: 'consultation',
  description:
    'One appointment for staff: its details, completing it with the prescription (from the join window on) or noting that the patient did not attend (from the slot\'s end), then its pharmacy order.',
  context: ({ input }) => initialContext(input),
  entry: 'scheduleTick',
  on: {
    'clock.due': { actions: ['readClock', 'scheduleTick'] },
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
          { guard: { type: 'isRefusedToLoad', params: errorOf }, target: 'Refused', actions: { type: 'storeFailure', params: errorOf } },
          { target: 'Failed', actions: { type: 'storeFailure', params: errorOf } },
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
                'followUp.changed': { actions: 'editPrescription' },
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
                onDone: { target: 'Judging', actions: [storeAnswer, { type: 'showSavedPrescription', params: appointmentOf }, ...tellSaved, 'announceStored'] },
                onError: saveFailed('Editing'),
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
                onDone: { target: 'Judging', actions: [storeAnswer, 'clearMissedNote', ...tellSaved, 'announceStored'] },
                onError: saveFailed('Offered'),
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
              description: 'The order form (machines/order, invoked): items, location, pickup or delivery, the priced total; what was typed stays when the record is replaced.',
              tags: ['offersOrder'],
              on: { 'appointment.stored': { guard: 'cannotOrder', target: 'Judging' } },
              invoke: {
                id: 'orderForm',
                src: 'orderForm',
                input: ({ context }) => ({ appointmentId: context.appointmentId, token: context.token }),
                onDone: [
                  {
                    guard: ({ event }) => 'answer' in event.output,
                    target: 'Judging',
                    actions: [
                      { type: 'storeAnswer', params: ({ event }) => ({ appointment: ('answer' in event.output ? event.output.answer : null)!.appointment }) },
                      { type: 'notify', params: ({ event }) => savedNotice(('answer' in event.output ? event.output.answer : null)!) },
                      { type: 'tellChanged', params: ({ event }) => ({ answer: ('answer' in event.output ? event.output.answer : null)! }) },
                    ],
                  },
                  // A 409 (an order made meanwhile, the consultation changed): the appointment again.
                  { target: '#consultation.Loading', actions: { type: 'notify', params: ({ event }) => failureNotice({ _tag: 'HttpFailure', status: 409, message: ('conflict' in event.output ? event.output.message : null) ?? '', generic: !('conflict' in event.output && event.output.message) }) } },
                ],
              },
            },
          },
        },
      },
    },
  },
});
