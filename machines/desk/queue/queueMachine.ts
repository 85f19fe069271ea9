/**
 * A doctor's queue of today, as the doctor (and the desk for a doctor it picks) works it
 * (docs/desk.md, "The queue rule"): the line in order with tokens, who is in the room, who is
 * finished; Call next (to the room, asked once and remembered), Done, No-show, Back to queue.
 *
 * The line is read again `queueRefreshMs` after each answer (a short poll: the waiting-room
 * displays have their own live stream; here a few seconds late is fine), and at once after each
 * move of this screen.
 *
 * Input: `{ token, doctors, doctorId, date, rooms }`: the doctors to choose from (a doctor's own
 * console gives only theirs: it is chosen at once), the doctor already chosen or null, the clinic
 * date, the room each doctor's patients were called to before on this device (a doctor without
 * one is asked at the first Call next).
 *
 * Events: `doctor.chosen` { doctorId }; `queue.refresh`; `queue.retry`; `queue.call` (Call next:
 * asks the room first when none is known); `room.change`; `room.set` { room }; `room.cancelled`;
 * `queue.move` { entryId, move: done | noshow | back }.
 *
 * The app provides (each rejecting with an ApiFailure): `loadQueue` { doctorId, date, token } ->
 * QueueAnswer, `callNext` { doctorId, room, token } -> { entry }, `moveEntry` { entryId, move,
 * token } -> { entry }. Effects (provided actions; emitted until provided): `notify` { tone,
 * notice: called { token, room } | moved { token, move } | server { text } | somethingWentWrong },
 * `rememberRoom` { doctorId, room } (the app keeps it for the next visit).
 */
import { and, type SnapshotFrom } from 'xstate';
import type { QueueEntry } from '../../../contract/desk.js';
import { doctorById, type DeskDoctor } from '../desk.js';
import { failed, queueSetup } from './setup.js';

export { queueRefreshMs, type QueueEvent, type QueueInput, type QueueNotice } from './setup.js';

const s = queueSetup;

const line = s.createStateConfig({
  description: "The doctor's line of today, read again every few seconds.",
  on: {
    'doctor.chosen': { target: '.Judging', actions: 'storeDoctor' },
    'queue.refresh': '.Judging',
  },
  initial: 'Judging',
  states: {
    Judging: { description: 'Is a doctor chosen?', always: [{ guard: 'hasDoctor', target: 'Loading' }, { target: 'NoDoctor' }] },
    NoDoctor: { description: 'The desk chooses whose queue to show.' },
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

/** Each move ends with the line read again (`refreshLine`), whatever its answer. */
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
  if (s.matches({ Line: 'Failed' })) return 'failed';
  return s.context.answer === null ? 'loading' : 'ready';
};
export const selectIsRefreshing = (s: Snapshot): boolean => s.hasTag('loading') && s.context.answer !== null;
export const selectFailure = (s: Snapshot): string | null => s.context.failure;
export const selectRoom = (s: Snapshot): string => s.context.room;
/** The room question open: before a call, or to change the room. */
export const selectAskingRoom = (s: Snapshot): 'call' | 'change' | null =>
  s.matches({ Moves: 'AskingRoom' }) ? 'call' : s.matches({ Moves: 'ChangingRoom' }) ? 'change' : null;
export const selectIsBusy = (s: Snapshot): boolean => s.hasTag('busy');
export const selectDoctorId = (s: Snapshot): string | null => s.context.doctorId;
export const selectQueueDoctor = (s: Snapshot): DeskDoctor | null => doctorById(s.context.doctors, s.context.doctorId);
export const selectQueueDoctors = (s: Snapshot): readonly DeskDoctor[] => s.context.doctors;
