/**
 * One appointment at the counter (docs/desk.md): the patient arrives and is checked in (a token in
 * the doctor's queue of the day), and a fee still to be paid is taken at the counter (cash, UPI or
 * card, with the reference the terminal or the app shows). The two are independent: a patient may
 * pay before, after or without checking in (a Call's fee, paid at the desk).
 *
 * Input: `{ token, appointment }`: the bearer token and the appointment as the desk sees it.
 *
 * Events:
 * - `checkin.requested`: POST /desk/appointments/{id}/check-in.
 * - `payment.opened` / `payment.closed`: the counter payment's form.
 * - `payment.method.changed` { method }, `payment.reference.changed` { reference }.
 * - `payment.submitted`: POST /desk/appointments/{id}/payment.
 *
 * The app provides (`checkInMachine.provide({ actors })`), each rejecting with an ApiFailure:
 * - `checkIn` { appointmentId, token } -> { entry } (the queue entry, its token "T7")
 * - `takePayment` { appointmentId, payment, token } -> AppointmentRecord (now paid)
 *
 * Effects (the provided `notify`; emitted until provided): `notice` { tone, notice } with kinds
 * `checkedIn` { token }, `paid`, `server` { text } (the server's words: a 409 such as "already in
 * the queue", "already paid", "not today's"), `somethingWentWrong` (no answer). A 400 naming the
 * reference is shown at the field instead (`selectPaymentErrors`).
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AppointmentRecord } from '../../../contract/appointments.js';
import type { CounterMethod, CounterPaymentRequest, QueueEntry } from '../../../contract/desk.js';
import { fieldErrorsOf, hasFieldErrors, type FieldErrors } from '../../failures.js';
import { serverWordsOr, type NoticeEvent, type Tone } from '../../shared/notices.js';
import { feeOutstanding } from '../desk.js';

export type CheckInInput = { token: string; appointment: AppointmentRecord };

export type CheckInEvent =
  | { type: 'checkin.requested' }
  | { type: 'payment.opened' }
  | { type: 'payment.closed' }
  | { type: 'payment.method.changed'; method: CounterMethod }
  | { type: 'payment.reference.changed'; reference: string }
  | { type: 'payment.submitted' };

export type CheckInNotice =
  | { kind: 'checkedIn'; token: string }
  | { kind: 'paid' }
  | { kind: 'server'; text: string }
  | { kind: 'somethingWentWrong' };

export type CheckInContext = {
  token: string;
  appointment: AppointmentRecord;
  /** The queue entry once checked in. */
  entry: QueueEntry | null;
  payment: { method: CounterMethod; reference: string };
  paymentErrors: FieldErrors;
};

const failed = (error: unknown): { tone: Tone; notice: CheckInNotice } => ({
  tone: 'error',
  notice: serverWordsOr<CheckInNotice>(error, { kind: 'somethingWentWrong' }),
});

/** The request: a cash payment keeps no reference. */
export const paymentRequest = (p: CheckInContext['payment']): CounterPaymentRequest => ({
  method: p.method,
  reference: p.method === 'cash' ? '' : p.reference.trim(),
});

export const checkInMachine = setup({
  types: {} as { context: CheckInContext; events: CheckInEvent; input: CheckInInput; emitted: NoticeEvent<CheckInNotice> },
  actors: {
    // Declared here with their types; the real ones come from the app, so these must never run.
    checkIn: fromPromise<{ entry: QueueEntry }, { appointmentId: string; token: string }>(() => Promise.reject(new Error('not provided'))),
    takePayment: fromPromise<AppointmentRecord, { appointmentId: string; payment: CounterPaymentRequest; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
  },
  guards: {
    feeOutstanding: ({ context }) => feeOutstanding(context.appointment),
    namesFields: (_, params: { error: unknown }) => hasFieldErrors(params.error),
  },
  actions: {
    storeEntry: assign({ entry: (_, params: { entry: QueueEntry }) => params.entry }),
    storePaid: assign({ appointment: (_, params: { appointment: AppointmentRecord }) => params.appointment, paymentErrors: {} }),
    storeMethod: assign({ payment: ({ context, event }) => (event.type === 'payment.method.changed' ? { ...context.payment, method: event.method } : context.payment) }),
    storeReference: assign({
      payment: ({ context, event }) => (event.type === 'payment.reference.changed' ? { ...context.payment, reference: event.reference } : context.payment),
      paymentErrors: {},
    }),
    showErrors: assign({ paymentErrors: (_, params: { error: unknown }) => fieldErrorsOf(params.error) }),
    // The effect: the app provides it (src/staff/desk/provider.ts); until then it is emitted.
    notify: emit((_, params: { tone: Tone; notice: CheckInNotice }) => ({ type: 'notice' as const, ...params })),
  },
}).createMachine({
  id: 'deskCheckIn',
  description: 'One appointment at the counter: checked in to the queue (a token), and its fee taken at the counter.',
  context: ({ input }) => ({
    token: input.token,
    appointment: input.appointment,
    entry: null,
    payment: { method: 'cash', reference: '' },
    paymentErrors: {},
  }),
  type: 'parallel',
  states: {
    Arrival: {
      description: 'Whether the patient has arrived.',
      initial: 'Expected',
      states: {
        Expected: { description: 'Not checked in here (yet): Check in is offered.', on: { 'checkin.requested': 'CheckingIn' } },
        CheckingIn: {
          description: 'POST /desk/appointments/{id}/check-in.',
          tags: ['checkingIn'],
          invoke: {
            src: 'checkIn',
            input: ({ context }) => ({ appointmentId: context.appointment._id, token: context.token }),
            onDone: {
              target: 'CheckedIn',
              actions: [
                { type: 'storeEntry', params: ({ event }) => ({ entry: event.output.entry }) },
                { type: 'notify', params: ({ event }) => ({ tone: 'success', notice: { kind: 'checkedIn', token: event.output.entry.token } }) },
              ],
            },
            onError: { target: 'Expected', actions: { type: 'notify', params: ({ event }) => failed(event.error) } },
          },
        },
        CheckedIn: { description: 'In the queue: its token is shown.', type: 'final' },
      },
    },
    Payment: {
      description: 'The fee at the counter.',
      initial: 'Judging',
      states: {
        Judging: { description: 'Is a fee still to be taken?', always: [{ guard: 'feeOutstanding', target: 'Due' }, { target: 'Settled' }] },
        Due: { description: 'A fee is due: Take payment is offered.', on: { 'payment.opened': 'Form' } },
        Form: {
          description: 'How it is paid and the reference; a 400 naming the reference is shown there.',
          on: {
            'payment.method.changed': { actions: 'storeMethod' },
            'payment.reference.changed': { actions: 'storeReference' },
            'payment.submitted': 'Paying',
            'payment.closed': 'Due',
          },
        },
        Paying: {
          description: 'POST /desk/appointments/{id}/payment.',
          tags: ['paying'],
          invoke: {
            src: 'takePayment',
            input: ({ context }) => ({ appointmentId: context.appointment._id, payment: paymentRequest(context.payment), token: context.token }),
            onDone: {
              target: 'Settled',
              actions: [
                { type: 'storePaid', params: ({ event }) => ({ appointment: event.output }) },
                { type: 'notify', params: { tone: 'success', notice: { kind: 'paid' } } },
              ],
            },
            onError: [
              {
                guard: { type: 'namesFields', params: ({ event }) => ({ error: event.error }) },
                target: 'Form',
                actions: { type: 'showErrors', params: ({ event }) => ({ error: event.error }) },
              },
              { target: 'Form', actions: { type: 'notify', params: ({ event }) => failed(event.error) } },
            ],
          },
        },
        Settled: { description: 'Nothing to take: paid (here or online), or refunded.', type: 'final' },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof checkInMachine>;

export const selectAppointment = (s: Snapshot): AppointmentRecord => s.context.appointment;
export const selectEntry = (s: Snapshot): QueueEntry | null => s.context.entry;
export const selectIsCheckingIn = (s: Snapshot): boolean => s.hasTag('checkingIn');
export const selectIsPaying = (s: Snapshot): boolean => s.hasTag('paying');
export const selectPaymentStatus = (s: Snapshot): 'due' | 'form' | 'settled' => {
  if (s.matches({ Payment: 'Settled' })) return 'settled';
  return s.matches({ Payment: 'Due' }) ? 'due' : 'form';
};
export const selectPayment = (s: Snapshot): CheckInContext['payment'] => s.context.payment;
export const selectPaymentErrors = (s: Snapshot): FieldErrors => s.context.paymentErrors;
