/**
 * The consultation panel of a Video or Call appointment, on the patient's card and in
 * the doctor's console: loads GET /appointment/{id}/consultation and loads it again when the
 * join window opens or closes, so "Join video consultation" appears at the right moment without a
 * reload (the server decides; the browser's clock only says when to ask again).
 *
 * Input: `{ appointmentId, token, now }` (now: epoch milliseconds, `Date.now()`).
 *
 * Events:
 * - `clock.tick` { now }: the time moved on (the `clock` actor; a test may send it).
 * - `consultation.retry`: after a failed load.
 * - `call.noanswer` { note }: the doctor (or an admin) notes that the person consulted did not
 *   answer the call; only for a Call that has opened, as staff (the server checks it again).
 *
 * Effects, actions the app provides (src/components/Appointments/provider.ts,
 * src/staff/provider.ts): `notify` (emits `notice`), `tellSessionExpired` (emits
 * `session.expired`); until provided they are emitted, as the machine's tests read them
 * (`actor.on(...)`).
 * Emitted: `session.expired` when the server says the token is no longer live (401); `notice`
 * { kind: 'noted' } once the note is stored, or the server's words / 'somethingWentWrong'.
 *
 * Actors:
 * - `loadConsultation` { appointmentId, token } -> Consultation; rejects with an ApiFailure.
 * - `noteNoAnswer` { appointmentId, note, token } -> Consultation (with the note in its record).
 * - `clock` (optional): sends `clock.tick` { now }; the default ticks every 15 seconds.
 */
import { assign, emit, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Consultation } from '../../contract/consultation.js';
import { isUnauthorized, serverWordsOr } from '../failures.js';
import type { NoticeEvent } from '../session/notices.js';

export type ConsultationJoinInput = { appointmentId: string; token: string; now: number };

export type ConsultationJoinEvent =
  | { type: 'clock.tick'; now: number }
  | { type: 'consultation.retry' }
  | { type: 'call.noanswer'; note: string };

export type ConsultationJoinNotice = { kind: 'noted' } | { kind: 'server'; text: string } | { kind: 'somethingWentWrong' };

export type ConsultationJoinEmitted = { type: 'session.expired' } | NoticeEvent<ConsultationJoinNotice>;

export type ConsultationJoinContext = {
  appointmentId: string;
  token: string;
  now: number;
  consultation: Consultation | null;
};

/** How often the default clock ticks: the link appears at most this long after the window opens. */
export const consultationTickMs = 15_000;

/** The next instant (epoch ms) at which the consultation's state changes by the clock alone; null: never. */
export function nextChange(consultation: Consultation | null): number | null {
  if (!consultation) return null;
  if (consultation.state === 'upcoming') return Date.parse(consultation.opensAt);
  if (consultation.state === 'open') return Date.parse(consultation.closesAt);
  return null;
}

const noted: NoticeEvent<ConsultationJoinNotice> = { type: 'notice', tone: 'success', notice: { kind: 'noted' } };
const failureNotice = (error: unknown): NoticeEvent<ConsultationJoinNotice> => ({
  type: 'notice',
  tone: 'error',
  notice: serverWordsOr<ConsultationJoinNotice>(error, { kind: 'somethingWentWrong' }),
});

export const consultationJoinMachine = setup({
  types: {} as {
    context: ConsultationJoinContext;
    events: ConsultationJoinEvent;
    input: ConsultationJoinInput;
    emitted: ConsultationJoinEmitted;
  },
  actors: {
    loadConsultation: fromPromise<Consultation, { appointmentId: string; token: string }>(() => {
      throw new Error('loadConsultation is provided by the app');
    }),
    noteNoAnswer: fromPromise<Consultation, { appointmentId: string; note: string; token: string }>(() => {
      throw new Error('noteNoAnswer is provided by the app');
    }),
    clock: fromCallback<ConsultationJoinEvent>(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'clock.tick', now: Date.now() }), consultationTickMs);
      return () => clearInterval(timer);
    }),
  },
  guards: {
    isUnauthorized,
    canNote: ({ context }) => {
      const c = context.consultation;
      return c !== null && c.consultationType === 'Call' && c.as !== 'patient' && (c.state === 'open' || c.state === 'closed');
    },
    isChangeDue: ({ context, event }) => {
      if (event.type !== 'clock.tick') return false;
      const at = nextChange(context.consultation);
      return at !== null && event.now >= at;
    },
  },
  actions: {
    storeNow: assign({ now: ({ context, event }) => (event.type === 'clock.tick' ? event.now : context.now) }),
    store: assign({ consultation: (_, params: { consultation: Consultation }) => params.consultation }),
    // The effects: the app provides them (src/components/Appointments/provider.ts); until then
    // they are emitted, so the machine's tests and the inspector see them.
    notify: emit((_, params: NoticeEvent<ConsultationJoinNotice>) => params),
    tellSessionExpired: emit({ type: 'session.expired' }),
  },
}).createMachine({
  id: 'consultationJoin',
  description: "A Video or Call consultation's panel: its state from the server, asked again when the join window opens or closes.",
  context: ({ input }) => ({ appointmentId: input.appointmentId, token: input.token, now: input.now, consultation: null }),
  invoke: { id: 'clock', src: 'clock' },
  initial: 'Loading',
  states: {
    Loading: {
      description: 'Asking the server where the consultation stands (and for the join link when it is open).',
      on: { 'clock.tick': { actions: 'storeNow' } },
      invoke: {
        src: 'loadConsultation',
        input: ({ context }) => ({ appointmentId: context.appointmentId, token: context.token }),
        onDone: { target: 'Shown', actions: { type: 'store', params: ({ event }) => ({ consultation: event.output }) } },
        onError: [
          { guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) }, target: 'Failed', actions: 'tellSessionExpired' },
          { target: 'Failed' },
        ],
      },
    },
    Shown: {
      description: 'Shows the join link, when it opens, or the call; asks again once the window opens or closes.',
      on: {
        'clock.tick': [
          { guard: 'isChangeDue', target: 'Loading', actions: 'storeNow' },
          { actions: 'storeNow' },
        ],
        'call.noanswer': { guard: 'canNote', target: 'Noting' },
      },
    },
    Noting: {
      description: "Storing the doctor's note that nobody answered the call.",
      on: { 'clock.tick': { actions: 'storeNow' } },
      invoke: {
        src: 'noteNoAnswer',
        input: ({ context, event }) => ({
          appointmentId: context.appointmentId,
          note: event.type === 'call.noanswer' ? event.note : '',
          token: context.token,
        }),
        onDone: {
          target: 'Shown',
          actions: [{ type: 'store', params: ({ event }) => ({ consultation: event.output }) }, { type: 'notify', params: noted }],
        },
        onError: [
          { guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) }, target: 'Shown', actions: 'tellSessionExpired' },
          { target: 'Shown', actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) } },
        ],
      },
    },
    Failed: {
      description: 'The consultation could not be loaded: Try again.',
      on: { 'consultation.retry': 'Loading', 'clock.tick': { actions: 'storeNow' } },
    },
  },
});

type Snapshot = SnapshotFrom<typeof consultationJoinMachine>;

export const selectConsultation = (snapshot: Snapshot): Consultation | null => snapshot.context.consultation;
export const selectIsLoading = (snapshot: Snapshot): boolean => snapshot.matches('Loading');
export const selectHasFailed = (snapshot: Snapshot): boolean => snapshot.matches('Failed');
export const selectIsNoting = (snapshot: Snapshot): boolean => snapshot.matches('Noting');
/** Whether "No answer" can be noted now (a Call that has opened, as staff). */
export const selectCanNote = (snapshot: Snapshot): boolean => snapshot.can({ type: 'call.noanswer', note: '' });
