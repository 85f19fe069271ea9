/**
 * The cancel confirmation popup (spec §2 cancel confirmation, §7 DELETE
 * /appointment/delete/{userId}/{appointmentId}, §8): asks whether the fee is refunded by the
 * clinic's cancellation policy (past its free-cancellation time, the spec's 'Your appointment fee
 * will not be refunded. Still want to cancel?'), then cancels one Booked or Expired appointment. The server
 * keeps the record, as Cancelled, and frees the slot. The /myappointment page starts one per
 * opening and stops it when the popup closes.
 *
 * Input: `{ appointment, userId, token, at }`: the record to cancel (from the appointments list), the
 * session user's `_id` (the path's userId; the server trusts only the token), the bearer token,
 * and when the popup opened (ISO instant; the app's clock), which the policy's question is asked at.
 *
 * Events:
 * - `cancel.confirm`: Yes. Refused silently for an appointment that is not Booked or Expired
 *   (`selectCanConfirm`), or while deleting.
 * - `cancel.dismiss`: No (or the popup's close button): done without a call.
 *
 * The app provides (`appointmentCancelMachine.provide({ actors })`), rejecting with an ApiFailure
 * (src/api/client.ts) when it fails (wrap the Either call in `orReject`):
 * - `deleteAppointment` { userId, appointmentId, token, refundExpected } -> { message }
 *                                        (deleteAppointment, src/api/appointments.ts; appointmentId
 *                                        is the record's `_id`; `refundExpected` when the question said
 *                                        the fee is refunded: the server then refuses, 409
 *                                        appointment.refundWindowClosed, if free cancellation ended meanwhile)
 *
 * Shown while Confirming (not a toast; `selectQuestion`), by what was paid and the policy:
 * - { kind: 'refundOnCancel', amount }  a paid fee, cancelled by `freeCancelUntil` (the record's, from
 *                              CANCEL_FREE_HOURS): the fee (rupees) will be refunded;
 * - { kind: 'cancelWarning' }  a paid fee past that time (or with no free cancellation): the
 *                              spec's 'Your appointment fee will not be refunded. Still want to cancel?';
 * - { kind: 'releaseHold' }    no fee paid (an unpaid hold, or a payment that failed): nothing is
 *                              kept back, so the question only says the slot will be released.
 *
 * Effects, actions the app provides (src/components/Appointments/provider.ts); until provided they
 * are emitted (`actor.on(...)`), as the machine's tests read them:
 * - `notify` { tone, notice } (emits `notice`): a toast. Kinds and the spec §8 message each stands for:
 *   - deleted        'Appointment Deleted Successfully.'
 *   - server {text}  the server's message, preferred when a cancel fails
 *   - deleteFailed   'Failed to delete appointment' (refused without a readable message, or no answer)
 *   After a failure the question is asked again: the person may try again or dismiss. After
 *   appointment.refundWindowClosed it is the spec's 'Your appointment fee will not be refunded.
 *   Still want to cancel?' (`windowClosed`), asked before anything is cancelled.
 * - `announceCancelled` (emits `appointment.cancelled` { appointmentId }): the record's `_id`; the app sends
 *   `appointments.refresh` to the list and closes the popup. The machine is then done, with
 *   output `{ cancelled: true }` (`{ cancelled: false }` when dismissed).
 * A 401 takes the ordinary failure path: the request base ends the session (src/api/client.ts).
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { MessageAnswer } from '../../contract/auth.js';
import { describeFailure, serverWordsOr, type NoticeEvent, type ServerNotice, type Tone } from '../shared/notices.js';
import { canCancel } from '../appointments/rules.js';
import { refusedWithCode } from '../shared/refusalCode.js';

export type AppointmentCancelInput = { appointment: AppointmentRecord; userId: string; token: string; at: string };

/** What the popup asks before cancelling: whether a paid fee is refunded, or that the slot is released. */
export type CancelQuestion = { kind: 'refundOnCancel'; amount: number } | { kind: 'cancelWarning' } | { kind: 'releaseHold' };

/** The question at `at` (ISO instant): a paid fee is refunded up to the record's `freeCancelUntil`, not after it. */
export function cancelQuestionFor(appointment: AppointmentRecord, at: string): CancelQuestion {
  if (appointment.appointmentPaymentStatus !== 'paid') return { kind: 'releaseHold' };
  const until = appointment.freeCancelUntil;
  return until !== undefined && Date.parse(at) <= Date.parse(until) ? { kind: 'refundOnCancel', amount: appointment.consultationFee } : { kind: 'cancelWarning' };
}

export type AppointmentCancelNotice = { kind: 'deleted' } | { kind: 'deleteFailed' } | ServerNotice;

export type AppointmentCancelEmitted =
  | NoticeEvent<AppointmentCancelNotice>
  | { type: 'appointment.cancelled'; appointmentId: string };

export type AppointmentCancelEvent = { type: 'cancel.confirm' } | { type: 'cancel.dismiss' };

export type AppointmentCancelContext = {
  appointment: AppointmentRecord;
  userId: string;
  token: string;
  /** When the popup opened: the policy's question is asked at this instant. */
  at: string;
  /** The server said free cancellation ended after the question was asked: it is the spec's no-refund question now. */
  windowClosed: boolean;
  /** True once the server cancelled it. */
  cancelled: boolean;
};

export type AppointmentCancelOutput = { cancelled: boolean };

export type DeleteRequest = { userId: string; appointmentId: string; token: string; refundExpected: boolean };

/** The question as the context has it: once the server said the time ran out, no refund any more. */
const questionOf = (context: AppointmentCancelContext): CancelQuestion =>
  context.windowClosed && context.appointment.appointmentPaymentStatus === 'paid' ? { kind: 'cancelWarning' } : cancelQuestionFor(context.appointment, context.at);

const notice = (tone: Tone, n: AppointmentCancelNotice): NoticeEvent<AppointmentCancelNotice> => ({ type: 'notice', tone, notice: n });

const failureNotice = (error: unknown) => notice('error', serverWordsOr(error, { kind: 'deleteFailed' }));

export const appointmentCancelMachine = setup({
  types: {} as {
    context: AppointmentCancelContext;
    events: AppointmentCancelEvent;
    input: AppointmentCancelInput;
    emitted: AppointmentCancelEmitted;
    output: AppointmentCancelOutput;
  },
  actors: {
    // Declared here with its type; the real one comes from the app, so this must never run.
    deleteAppointment: fromPromise<MessageAnswer, DeleteRequest>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    isCancellable: ({ context }) => canCancel(context.appointment),
    isWindowClosed: (_, params: { error: unknown }) => refusedWithCode(params.error, 'appointment.refundWindowClosed'),
  },
  actions: {
    markCancelled: assign({ cancelled: true }),
    markWindowClosed: assign({ windowClosed: true }),
    // The effects: the app provides them (src/components/Appointments/provider.ts); until then
    // they are emitted, so the machine's tests and the inspector see them.
    notify: emit((_, params: NoticeEvent<AppointmentCancelNotice>) => params),
    announceCancelled: emit(({ context }) => ({ type: 'appointment.cancelled' as const, appointmentId: context.appointment._id })),
  },
}).createMachine({
  id: 'appointmentCancel',
  description: 'Cancel appointment: a paid fee is refunded up to the free-cancellation time and not after it, an unpaid hold releases its slot; confirm, then the appointment is cancelled.',
  context: ({ input }) => ({ appointment: input.appointment, userId: input.userId, token: input.token, at: input.at, windowClosed: false, cancelled: false }),
  initial: 'Confirming',
  states: {
    Confirming: {
      description: "Paid, in time: the fee will be refunded; paid, too late: 'Your appointment fee will not be refunded. Still want to cancel?'; unpaid: the slot will be released. Yes or No.",
      on: {
        'cancel.confirm': { guard: 'isCancellable', target: 'Deleting' },
        'cancel.dismiss': 'Dismissed',
      },
    },
    Deleting: {
      description: 'Cancelling on the server (the record is kept as Cancelled, the slot freed). On failure, the question again.',
      tags: ['busy'],
      invoke: {
        id: 'deleteAppointment',
        src: 'deleteAppointment',
        input: ({ context }) => ({
          userId: context.userId,
          appointmentId: context.appointment._id,
          token: context.token,
          refundExpected: questionOf(context).kind === 'refundOnCancel',
        }),
        onDone: { target: 'Cancelled', actions: ['markCancelled', { type: 'notify', params: notice('success', { kind: 'deleted' }) }, 'announceCancelled'] },
        onError: [
          {
            guard: { type: 'isWindowClosed', params: ({ event }) => ({ error: event.error }) },
            target: 'Confirming',
            actions: ['markWindowClosed', { type: 'notify', params: ({ event }) => failureNotice(event.error) }],
          },
          { target: 'Confirming', actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) } },
        ],
      },
    },
    Cancelled: { description: 'The appointment is cancelled; the popup closes and the list is refreshed.', type: 'final' },
    Dismissed: { description: 'The person kept the appointment.', type: 'final' },
  },
  output: ({ context }) => ({ cancelled: context.cancelled }),
});

type Snapshot = SnapshotFrom<typeof appointmentCancelMachine>;

export const selectAppointment = (snapshot: Snapshot): AppointmentRecord => snapshot.context.appointment;
/** The question the popup asks while confirming (cancelQuestionFor at the popup's opening, unless the server said the time ran out). */
export const selectQuestion = (snapshot: Snapshot): CancelQuestion | null => (snapshot.matches('Confirming') ? questionOf(snapshot.context) : null);
/** Yes will cancel: enable it only then. */
export const selectCanConfirm = (snapshot: Snapshot): boolean => snapshot.matches('Confirming') && canCancel(snapshot.context.appointment);
export const selectIsDeleting = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
export const selectIsCancelled = (snapshot: Snapshot): boolean => snapshot.matches('Cancelled');
export const selectIsDone = (snapshot: Snapshot): boolean => snapshot.status === 'done';
