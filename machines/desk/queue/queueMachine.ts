/**
 * A doctor's queue of today, as the doctor (and the desk for a doctor it picks) works it
 * (docs/desk.md, "The queue rule"): the line in order with tokens, who is in the room, who is
 * finished; Call next (to the room, asked once and remembered), Done, No-show, Back to queue.
 *
 * The line is live: the `queueStream` actor (GET /desk/queue/stream) sends it at once and after
 * every change of the queue, from any desk, doctor or instance. Polling is only the fallback: when
 * the stream drops, is refused (its bound per account) or cannot open, the line is read at once,
 * again `queueRefreshMs` after each answer and after each move of this screen, and the stream is
 * tried again `queueReconnectMs` after it dropped.
 *
 * Input: `{ token, doctors, doctorId, date, rooms }`: the doctors to choose from (a doctor's own
 * console gives only theirs: it is chosen at once), the doctor already chosen or null, the clinic
 * date, the room each doctor's patients were called to before on this device (a doctor without
 * one is asked at the first Call next).
 *
 * Events: `doctor.chosen` { doctorId }; `queue.refresh`; `queue.retry`; `queue.call` (Call next:
 * asks the room first when none is known); `room.change`; `room.set` { room }; `room.cancelled`;
 * `queue.move` { entryId, move: done | noshow | back }; from the stream `stream.answer` { answer }
 * and `stream.dropped`.
 *
 * The app provides (each rejecting with an ApiFailure): `loadQueue` { doctorId, date, token } ->
 * QueueAnswer, `callNext` { doctorId, room, token } -> { entry }, `moveEntry` { entryId, move,
 * token } -> { entry }, `queueStream` { doctorId, token } (a callback actor sending the two stream
 * events; until provided it drops at once, so the line is polled). Effects (provided actions; emitted until provided): `notify` { tone,
 * notice: called { token, room } | moved { token, move } | server { text } | somethingWentWrong },
 * `rememberRoom` { doctorId, room } (the app keeps it for the next visit).
 */
import { and, type SnapshotFrom } from 'xstate';
import type { QueueEntry } from '../../../contract/desk.js';
import { doctorById, type DeskDoctor } from '../desk.js';
import { failed, queueSetup } from './setup.js';

export { queueReconnectMs, queueRefreshMs, type QueueEvent, type QueueInput, type QueueNotice } from './setup.js';

const s = queueSetup;

const polling = s.createStateConfig({
  description: 'Without the stream: the line read again every few seconds, and the stream tried again after a while.',
  initial: 'Loading',
  after: { reconnect: 'Live' },
  on: { 'queue.refresh': '.Loading' },
  states: {
    Loading: {
      description: 'GET /desk/queue for the doctor today; what is shown stays until the answer.',
      tags: ['loading'],
      invoke: {
        src: 'loadQueue',
        input: ({ context }) => ({ doctorId: context.doctorId ?? '', date: context.date, token: context.token }),
        onDone: { target: 'Showing', actions: { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'Failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    Showing: { description: 'The line, the room and who is finished; read again shortly.', after: { refresh: 'Loading' } },
    Failed: {
      description: "The line could not be read: the server's words or 'Something went wrong.', a retry; tried again shortly.",
      on: { 'queue.retry': 'Loading' },
      after: { refresh: 'Loading' },
    },
  },
});

const line = s.createStateConfig({
  description: "The doctor's line of today: live from the stream, read again every few seconds without it.",
  on: { 'doctor.chosen': { target: '.Judging', actions: 'storeDoctor' } },
  initial: 'Judging',
  states: {
    Judging: { description: 'Is a doctor chosen?', always: [{ guard: 'hasDoctor', target: 'Live' }, { target: 'NoDoctor' }] },
    NoDoctor: { description: 'The desk chooses whose queue to show.' },
    Live: {
      description: 'GET /desk/queue/stream: the line at once, then after every change of the queue; a move needs no read.',
      tags: ['live'],
      invoke: { src: 'queueStream', input: ({ context }) => ({ doctorId: context.doctorId ?? '', token: context.token }) },
      on: { 'stream.answer': { actions: 'storeStreamed' }, 'stream.dropped': 'Polling' },
    },
    Polling: polling,
  },
});

const moves = s.createStateConfig({
  description: "The doctor's moves: Call next, Done, No-show, Back to queue.",
  initial: 'Idle',
  states: {
    Idle: {
      description: 'Nothing under way.',
      on: {
        'queue.call': [
          { guard: and(['hasDoctor', 'hasRoom']), target: 'Calling' },
          { guard: 'hasDoctor', target: 'AskingRoom' },
        ],
        'room.change': { guard: 'hasDoctor', target: 'ChangingRoom' },
        'queue.move': { guard: 'hasDoctor', target: 'Moving', actions: 'storeMove' },
      },
    },
    AskingRoom: {
      description: 'Call next with no room known: which room the patient is called to (remembered after).',
      on: {
        'room.set': { guard: 'roomGiven', target: 'Calling', actions: ['storeRoom', 'rememberRoom'] },
        'room.cancelled': 'Idle',
      },
    },
    ChangingRoom: {
      description: 'Another room for the calls to come.',
      on: {
        'room.set': { guard: 'roomGiven', target: 'Idle', actions: ['storeRoom', 'rememberRoom'] },
        'room.cancelled': 'Idle',
      },
    },
    Calling: {
      description: 'POST /desk/queue/call-next: the first in the line to the room.',
      tags: ['busy'],
      invoke: {
        src: 'callNext',
        input: ({ context }) => ({ doctorId: context.doctorId ?? '', room: context.room, token: context.token }),
        onDone: {
          target: 'Idle',
          actions: [
            {
              type: 'notify',
              params: ({ event }) => ({ tone: 'success', notice: { kind: 'called', token: event.output.entry.token, room: event.output.entry.room } }),
            },
            'refreshLine',
          ],
        },
        onError: { target: 'Idle', actions: [{ type: 'notify', params: failed }, 'refreshLine'] },
      },
    },
    Moving: {
      description: 'POST /desk/queue/{id}/{move}: done, no-show, or back to the line in its place.',
      tags: ['busy'],
      invoke: {
        src: 'moveEntry',
        input: ({ context }) => ({ entryId: context.moving?.entryId ?? '', move: context.moving?.move ?? 'done', token: context.token }),
        onDone: {
          target: 'Idle',
          actions: [
            {
              type: 'notify',
              params: ({ context, event }) => ({ tone: 'success', notice: { kind: 'moved', token: event.output.entry.token, move: context.moving?.move ?? 'done' } }),
            },
            'refreshLine',
          ],
        },
        onError: { target: 'Idle', actions: [{ type: 'notify', params: failed }, 'refreshLine'] },
      },
    },
  },
});

/** Each move ends with the line read again (`refreshLine`) when it is polled, whatever its answer; the stream brings it when live. */
export const queueMachine = s.createMachine({
  id: 'deskQueue',
  description: "A doctor's queue of today: the line by the queue rule, Call next to the room, Done, No-show, Back to queue.",
  context: ({ input }) => {
    // A doctor's console knows only its own doctor: chosen at once.
    const doctorId = input.doctorId ?? (input.doctors.length === 1 ? input.doctors[0]!._id : null);
    return {
      token: input.token,
      doctors: input.doctors,
      doctorId,
      date: input.date,
      answer: null,
      failure: null,
      room: doctorId ? (input.rooms[doctorId] ?? '') : '',
      rooms: input.rooms,
      moving: null,
    };
  },
  type: 'parallel',
  states: { Line: line, Moves: moves },
});

type Snapshot = SnapshotFrom<typeof queueMachine>;

const entries = (s: Snapshot): QueueEntry[] => s.context.answer?.entries ?? [];
/** The line: those waiting, in the server's order (the queue rule). */
export const selectLine = (s: Snapshot): QueueEntry[] => entries(s).filter((e) => e.status === 'waiting');
/** Who is in the room, if anyone. */
export const selectCalled = (s: Snapshot): QueueEntry | null => entries(s).find((e) => e.status === 'called') ?? null;
/** Seen or absent, latest first as the server lists them. */
export const selectFinished = (s: Snapshot): QueueEntry[] => entries(s).filter((e) => e.status === 'done' || e.status === 'noshow');
export const selectMinutesPerPatient = (s: Snapshot): number => s.context.answer?.minutesPerPatient ?? 0;
export const selectQueueStatus = (s: Snapshot): 'noDoctor' | 'loading' | 'ready' | 'failed' => {
  if (s.matches({ Line: 'NoDoctor' })) return 'noDoctor';
  if (s.matches({ Line: { Polling: 'Failed' } })) return 'failed';
  return s.context.answer === null ? 'loading' : 'ready';
};
export const selectIsRefreshing = (s: Snapshot): boolean => s.hasTag('loading') && s.context.answer !== null;
/** The line follows the stream (else it is polled: the stream dropped or was refused). */
export const selectIsLive = (s: Snapshot): boolean => s.hasTag('live');
export const selectFailure = (s: Snapshot): string | null => s.context.failure;
export const selectRoom = (s: Snapshot): string => s.context.room;
/** The room question open: before a call, or to change the room. */
export const selectAskingRoom = (s: Snapshot): 'call' | 'change' | null =>
  s.matches({ Moves: 'AskingRoom' }) ? 'call' : s.matches({ Moves: 'ChangingRoom' }) ? 'change' : null;
export const selectIsBusy = (s: Snapshot): boolean => s.hasTag('busy');
export const selectDoctorId = (s: Snapshot): string | null => s.context.doctorId;
export const selectQueueDoctor = (s: Snapshot): DeskDoctor | null => doctorById(s.context.doctors, s.context.doctorId);
export const selectQueueDoctors = (s: Snapshot): readonly DeskDoctor[] => s.context.doctors;
