/**
 * One change the admin confirms before it is made: retiring or reactivating a doctor,
 * setting a pharmacy order's status. The question is shown (with a choice, e.g. the order's new
 * status), the admin confirms, the change is made; a refusal of the ORPHAN RULE (a retirement
 * that would leave booked appointments without their doctor) lists those appointments, each to
 * move or cancel, and the admin confirms again once they are handled.
 *
 * Input: `{ token, choice? }` (the choice the question starts with; '' when there is none).
 * Events: `choice.change` { value }, `change.confirm`, `change.dismiss`,
 * `conflict.handled` { appointmentId } (one listed appointment was moved or cancelled).
 *
 * The app provides `applyChange` { token, choice } -> { message, appointment }, rejecting with an
 * ApiFailure (an OrphanFailure for the ORPHAN RULE); what is changed (which doctor, which order) is
 * the app's, given with `machine.provide`. `appointment` is the record the server answered when the
 * change was to one appointment (an order's status), null otherwise (a doctor).
 *
 * Effects, actions the app provides (src/staff/admin/provider.ts): `notify` (emits `notice`),
 * `tellDone` (emits `change.done`); until provided they
 * are emitted, as the machine's tests read them (`actor.on(...)`).
 * Emitted: `notice` { tone, notice } (the server's words, or failed), `change.done` { message,
 * appointment } (so a page showing that appointment can take the record as it now is, without
 * loading it again).
 * A 401 takes the ordinary failure path: the request base ends the session (src/api/client.ts).
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments.js';
import { serverWordsOr, type NoticeEvent, type ServerNotice, type Tone } from '../shared/notices.js';
import { affectedOf } from '../failures.js';

export type ConfirmedChangeNotice = { kind: 'failed' } | ServerNotice;
export type ConfirmedChangeEmitted =
  | NoticeEvent<ConfirmedChangeNotice>
  | { type: 'change.done'; message: string; appointment: AppointmentRecord | null };
export type ConfirmedChangeEvent =
  | { type: 'choice.change'; value: string }
  | { type: 'change.confirm' }
  | { type: 'change.dismiss' }
  | { type: 'conflict.handled'; appointmentId: string };
export type ConfirmedChangeAnswer = { message: string; appointment: AppointmentRecord | null };

export interface ConfirmedChangeContext {
  token: string;
  choice: string;
  /** The bookings the last refusal named and that are not handled yet; null without a refusal. */
  conflict: AppointmentRecord[] | null;
}

const notice = (tone: Tone, n: ConfirmedChangeNotice): NoticeEvent<ConfirmedChangeNotice> => ({ type: 'notice', tone, notice: n });

const failureNotice = (error: unknown) => notice('error', serverWordsOr<ConfirmedChangeNotice>(error, { kind: 'failed' }));

export const confirmedChangeMachine = setup({
  types: {} as {
    context: ConfirmedChangeContext;
    events: ConfirmedChangeEvent;
    input: { token: string; choice?: string };
    emitted: ConfirmedChangeEmitted;
    tags: 'busy';
  },
  actors: {
    // Declared here with its type; the real one comes from the app, so this must never run.
    applyChange: fromPromise<ConfirmedChangeAnswer, { token: string; choice: string }>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    isOrphanConflict: (_, params: { error: unknown }) => affectedOf(params.error) !== null,
  },
  actions: {
    changeChoice: assign(({ event }) => (event.type === 'choice.change' ? { choice: event.value } : {})),
    storeConflict: assign({ conflict: (_, params: { error: unknown }) => affectedOf(params.error) }),
    dropHandled: assign({
      conflict: ({ context, event }) =>
        event.type === 'conflict.handled' && context.conflict ? context.conflict.filter((a) => a._id !== event.appointmentId) : context.conflict,
    }),
    // The effects: the app provides them (src/staff/admin/provider.ts); until then they are emitted,
    // so the machine's tests and the inspector see them.
    notify: emit((_, params: NoticeEvent<ConfirmedChangeNotice>) => params),
    tellDone: emit((_, params: { answer: ConfirmedChangeAnswer }) => ({
      type: 'change.done' as const,
      message: params.answer.message,
      appointment: params.answer.appointment,
    })),
  },
}).createMachine({
  id: 'confirmedChange',
  description: 'A change the admin confirms first (retire or reactivate a doctor, an order status); the ORPHAN RULE lists what to handle first.',
  context: ({ input }) => ({ token: input.token, choice: input.choice ?? '', conflict: null }),
  initial: 'Confirming',
  states: {
    Confirming: {
      description: 'The question (and the choice); after a refusal of the ORPHAN RULE, the bookings to move or cancel first.',
      on: {
        'choice.change': { actions: 'changeChoice' },
        'change.confirm': 'Applying',
        'change.dismiss': 'Dismissed',
        'conflict.handled': { actions: 'dropHandled' },
      },
    },
    Applying: {
      description: 'Making the change on the server.',
      tags: ['busy'],
      invoke: {
        src: 'applyChange',
        input: ({ context }) => ({ token: context.token, choice: context.choice }),
        onDone: {
          target: 'Done',
          actions: [
            { type: 'notify', params: ({ event }) => notice('success', { kind: 'server', text: event.output.message }) },
            { type: 'tellDone', params: ({ event }) => ({ answer: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isOrphanConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'Confirming',
            actions: [
              { type: 'storeConflict', params: ({ event }) => ({ error: event.error }) },
              { type: 'notify', params: ({ event }) => failureNotice(event.error) },
            ],
          },
          { target: 'Confirming', actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) } },
        ],
      },
    },
    Done: { description: 'Changed; the question closes and the list loads again.', type: 'final' },
    Dismissed: { description: 'The admin changed nothing.', type: 'final' },
  },
});

type Snapshot = SnapshotFrom<typeof confirmedChangeMachine>;

export const selectChoice = (s: Snapshot): string => s.context.choice;
export const selectConflict = (s: Snapshot): AppointmentRecord[] | null => s.context.conflict;
export const selectIsApplying = (s: Snapshot): boolean => s.hasTag('busy');
