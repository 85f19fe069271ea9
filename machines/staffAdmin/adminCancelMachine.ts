/**
 * The clinic cancels one booking (admin appointments): a confirmation with an optional
 * reason (kept in the audit log), then POST /staff/appointments/{id}/cancel. The record is kept as
 * Cancelled and its slot freed; a paid one is flagged for refund (it then shows under Refunds).
 * The appointments overview, and the doctor screens' "affected appointments", start one per
 * opening of the popup.
 *
 * Input: `{ appointment, token }`. Events: `reason.change` { value }, `cancel.confirm`,
 * `cancel.dismiss`.
 *
 * The app provides `cancelAppointment` { appointmentId, reason, token } -> { message, appointment },
 * rejecting with an ApiFailure.
 *
 * Effects, actions the app provides (src/staff/admin/provider.ts): `notify` (emits `notice`),
 * `announceCancelled` (emits `appointment.cancelled`);
 * until provided they are emitted, as the machine's tests read them (`actor.on(...)`).
 * Emitted: `notice` { tone, notice } (the server's words, or cancelled / cancelFailed),
 * `appointment.cancelled` { appointment } (as it is now). After a failure (a 401 too: the request
 * base ends the session) the question is asked again, with the reason kept.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments.js';
import { serverWordsOr, type NoticeEvent, type ServerNotice, type Tone } from '../shared/notices.js';
import { fieldErrorsOf, type FieldErrors } from '../failures.js';

export type AdminCancelNotice = { kind: 'cancelled' } | { kind: 'cancelFailed' } | ServerNotice;
export type AdminCancelEmitted =
  | NoticeEvent<AdminCancelNotice>
  | { type: 'appointment.cancelled'; appointment: AppointmentRecord };
export type AdminCancelEvent = { type: 'reason.change'; value: string } | { type: 'cancel.confirm' } | { type: 'cancel.dismiss' };
export type AdminCancelAnswer = { message: string; appointment: AppointmentRecord };

export interface AdminCancelContext {
  appointment: AppointmentRecord;
  token: string;
  reason: string;
  fieldErrors: FieldErrors;
}

/** Only a booking that still holds its slot can be cancelled by the clinic. */
export const isCancellable = (appointment: Pick<AppointmentRecord, 'appointmentStatus'>): boolean =>
  appointment.appointmentStatus === 'Booked' || appointment.appointmentStatus === 'Expired';

const notice = (tone: Tone, n: AdminCancelNotice): NoticeEvent<AdminCancelNotice> => ({ type: 'notice', tone, notice: n });

const failureNotice = (error: unknown) => notice('error', serverWordsOr<AdminCancelNotice>(error, { kind: 'cancelFailed' }));
const cancelledNotice = (answer: AdminCancelAnswer) =>
  notice('success', answer.message.trim() === '' ? { kind: 'cancelled' } : { kind: 'server', text: answer.message });

export const adminCancelMachine = setup({
  types: {} as {
    context: AdminCancelContext;
    events: AdminCancelEvent;
    input: { appointment: AppointmentRecord; token: string };
    emitted: AdminCancelEmitted;
    tags: 'busy';
  },
  actors: {
    // Declared here with its type; the real one comes from the app, so this must never run.
    cancelAppointment: fromPromise<AdminCancelAnswer, { appointmentId: string; reason: string; token: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
  },
  guards: {
    isCancellable: ({ context }) => isCancellable(context.appointment),
  },
  actions: {
    changeReason: assign(({ event }) => (event.type === 'reason.change' ? { reason: event.value, fieldErrors: {} } : {})),
    storeCancelled: assign({ appointment: (_, params: { answer: AdminCancelAnswer }) => params.answer.appointment }),
    storeFieldErrors: assign({ fieldErrors: (_, params: { error: unknown }) => fieldErrorsOf(params.error) }),
    // The effects: the app provides them (src/staff/admin/provider.ts); until then they are emitted,
    // so the machine's tests and the inspector see them.
    notify: emit((_, params: NoticeEvent<AdminCancelNotice>) => params),
    announceCancelled: emit(({ context }) => ({ type: 'appointment.cancelled' as const, appointment: context.appointment })),
  },
}).createMachine({
  id: 'adminCancel',
  description: 'The clinic cancels a booking: confirm (with a reason); a paid one is flagged for refund.',
  context: ({ input }) => ({ appointment: input.appointment, token: input.token, reason: '', fieldErrors: {} }),
  initial: 'Confirming',
  states: {
    Confirming: {
      description: 'Cancel this booking? A paid fee will be flagged for refund. A reason may be given.',
      on: {
        'reason.change': { actions: 'changeReason' },
        'cancel.confirm': { guard: 'isCancellable', target: 'Cancelling' },
        'cancel.dismiss': 'Dismissed',
      },
    },
    Cancelling: {
      description: 'Cancelling on the server.',
      tags: ['busy'],
      invoke: {
        src: 'cancelAppointment',
        input: ({ context }) => ({ appointmentId: context.appointment._id, reason: context.reason, token: context.token }),
        onDone: {
          target: 'Cancelled',
          actions: [
            { type: 'storeCancelled', params: ({ event }) => ({ answer: event.output }) },
            { type: 'notify', params: ({ event }) => cancelledNotice(event.output) },
            'announceCancelled',
          ],
        },
        onError: [
          {
            target: 'Confirming',
            actions: [
              { type: 'storeFieldErrors', params: ({ event }) => ({ error: event.error }) },
              { type: 'notify', params: ({ event }) => failureNotice(event.error) },
            ],
          },
        ],
      },
    },
    Cancelled: { description: 'Cancelled; the popup closes and the lists load again.', type: 'final' },
    Dismissed: { description: 'The admin kept the booking.', type: 'final' },
  },
});

type Snapshot = SnapshotFrom<typeof adminCancelMachine>;

export const selectReason = (s: Snapshot): string => s.context.reason;
export const selectReasonError = (s: Snapshot): string | undefined => s.context.fieldErrors.reason;
export const selectIsCancelling = (s: Snapshot): boolean => s.hasTag('busy');
export const selectCanConfirm = (s: Snapshot): boolean => s.matches('Confirming') && isCancellable(s.context.appointment);
