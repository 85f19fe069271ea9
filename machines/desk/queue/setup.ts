/**
 * The queue machine's types and setup (calls declared with their types, guards, actions), from
 * which the chart (./queueMachine.ts) is made.
 */
import { assign, emit, fromCallback, fromPromise, raise, setup } from 'xstate';
import type { QueueAnswer, QueueEntry, QueueMove } from '../../../contract/desk.js';
import { serverWordsOr, type NoticeEvent, type Tone } from '../../shared/notices.js';
import type { DeskDoctor } from '../desk.js';

/** Without the live stream: how long the line shows before it is read again, in milliseconds. */
export const queueRefreshMs = 5_000;
/** Without the live stream: how long the line is read so before the stream is tried again, in milliseconds. */
export const queueReconnectMs = 30_000;

/** `rooms`: the room each doctor's patients were last called to on this device (by doctor id). */
export type QueueInput = { token: string; doctors: readonly DeskDoctor[]; doctorId: string | null; date: string; rooms: Readonly<Record<string, string>> };

export type QueueEvent =
  | { type: 'doctor.chosen'; doctorId: string }
  | { type: 'queue.refresh' }
  | { type: 'queue.retry' }
  | { type: 'queue.call' }
  | { type: 'room.change' }
  | { type: 'room.set'; room: string }
  | { type: 'room.cancelled' }
  | { type: 'queue.move'; entryId: string; move: QueueMove }
  /** From the `queueStream` actor: the line as the server sends it (at once, then after each change). */
  | { type: 'stream.answer'; answer: QueueAnswer }
  /** From the `queueStream` actor: the stream ended, was refused or could not open. */
  | { type: 'stream.dropped' };

export type QueueNotice =
  | { kind: 'called'; token: string; room: string }
  | { kind: 'moved'; token: string; move: QueueMove }
  | { kind: 'server'; text: string }
  | { kind: 'somethingWentWrong' };

export type QueueEmitted = NoticeEvent<QueueNotice> | { type: 'rememberRoom'; doctorId: string; room: string };

export type QueueContext = {
  token: string;
  doctors: readonly DeskDoctor[];
  doctorId: string | null;
  date: string;
  answer: QueueAnswer | null;
  /** The server's words when the line could not be read, if it sent some. */
  failure: string | null;
  /** The chosen doctor's room ('' none yet), and every doctor's known so far. */
  room: string;
  rooms: Readonly<Record<string, string>>;
  /** The move being made. */
  moving: { entryId: string; move: QueueMove } | null;
};

export const failed = ({ event }: { event: { error: unknown } }) => ({
  tone: 'error' as Tone,
  notice: serverWordsOr<QueueNotice>(event.error, { kind: 'somethingWentWrong' }),
});
const notProvided = () => Promise.reject(new Error('not provided'));
/** Until the app provides the stream, there is none: the line is read again every few seconds. */
const noStream = fromCallback<QueueEvent, { doctorId: string; token: string }>(({ sendBack }) => {
  sendBack({ type: 'stream.dropped' });
});

export const queueSetup = setup({
  types: {} as { context: QueueContext; events: QueueEvent; input: QueueInput; emitted: QueueEmitted },
  actors: {
    loadQueue: fromPromise<QueueAnswer, { doctorId: string; date: string; token: string }>(notProvided),
    callNext: fromPromise<{ entry: QueueEntry }, { doctorId: string; room: string; token: string }>(notProvided),
    moveEntry: fromPromise<{ entry: QueueEntry }, { entryId: string; move: QueueMove; token: string }>(notProvided),
    queueStream: noStream,
  },
  delays: { refresh: queueRefreshMs, reconnect: queueReconnectMs },
  guards: {
    hasDoctor: ({ context }) => context.doctorId !== null,
    hasRoom: ({ context }) => context.room.trim() !== '',
    roomGiven: ({ event }) => event.type === 'room.set' && event.room.trim() !== '',
  },
  actions: {
    /** Another doctor: their line, and their room if one is known. */
    storeDoctor: assign(({ context, event }) =>
      event.type === 'doctor.chosen' ? { doctorId: event.doctorId, answer: null, failure: null, room: context.rooms[event.doctorId] ?? '' } : {},
    ),
    storeAnswer: assign({ answer: (_, params: { answer: QueueAnswer }) => params.answer, failure: null }),
    storeStreamed: assign({ answer: ({ context, event }) => (event.type === 'stream.answer' ? event.answer : context.answer), failure: null }),
    storeFailure: assign({
      failure: (_, params: { error: unknown }) => {
        const words = serverWordsOr(params.error, null);
        return words === null ? null : words.text;
      },
    }),
    storeRoom: assign(({ context, event }) => {
      const room = event.type === 'room.set' ? event.room.trim() : '';
      return { room, rooms: context.doctorId ? { ...context.rooms, [context.doctorId]: room } : context.rooms };
    }),
    storeMove: assign({ moving: ({ event }) => (event.type === 'queue.move' ? { entryId: event.entryId, move: event.move } : null) }),
    refreshLine: raise({ type: 'queue.refresh' }),
    // The effects: the app provides them (src/staff/desk/provider.ts); until then they are emitted.
    notify: emit((_, params: { tone: Tone; notice: QueueNotice }) => ({ type: 'notice' as const, ...params })),
    rememberRoom: emit(({ context }) => ({ type: 'rememberRoom' as const, doctorId: context.doctorId ?? '', room: context.room })),
  },
});
