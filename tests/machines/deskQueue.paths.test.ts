/**
 * Model-based paths for a doctor's queue of today (machines/desk/queue): opened by a doctor (their
 * own, chosen at once, with the room remembered) or by the desk (a doctor to choose, no room yet;
 * each doctor keeps their own room when the desk switches between them);
 * the line live from its stream (an answer at once and after each change; a move reads nothing),
 * and when the stream drops polled instead: loaded, failed, retried, read again when its few
 * seconds pass and after each move, and the stream tried again after a while;
 * Call next asking the room once (a blank answer refused), the room changed, Done / No-show / Back
 * to queue, a move refused. Along every path the REAL machine runs on a simulated clock with its
 * calls answered by hand; each step must emit what the app acts on, each state show what the
 * model says.
 */
import { and, not, or, setup, stateIn, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { QueueMove } from '../../contract/desk.js';
import {
  queueMachine,
  queueReconnectMs,
  queueRefreshMs,
  selectAskingRoom,
  selectCalled,
  selectDoctorId,
  selectFailure,
  selectFinished,
  selectIsBusy,
  selectIsLive,
  selectIsRefreshing,
  selectLine,
  selectQueueStatus,
  selectRoom,
} from '../../machines/desk/queue/queueMachine.js';
import { refused, unanswered } from './accountFakes.js';
import { deskAnita, deskVikram, queueEntry, queueOf, startQueue, today } from './deskFakes.js';
import { modelTransitions, pathEndings, pathsTakingEveryTransition, testPaths } from './modelPaths.js';
import { expectWalkedFully } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

const emits = {
  'open.doctor': [],
  'open.desk': [],
  'doctor.chosen': [],
  'stream.answer': [],
  'stream.dropped': [],
  reconnect: [],
  'line.loaded': [],
  'line.failed': [],
  retry: [],
  tick: [],
  refresh: [],
  call: [],
  'room.change': [],
  'room.set': ['rememberRoom'],
  'room.blank': [],
  'room.cancelled': [],
  'call.ok': ['called'],
  'call.busy': ['server: Someone is in the room already.'],
  'move.done': [],
  'move.noshow': [],
  'move.back': [],
  'move.ok': ['moved'],
  'move.failed': ['somethingWentWrong'],
} as const satisfies Record<string, readonly string[]>;

type ModelEvent = { type: keyof typeof emits };

/** Every answer to a move reads the line again while it is polled (live, the stream brings the change). */
const readsAgain = {
  'call.ok': { guard: 'calling', target: 'Loading' },
  'call.busy': { guard: 'calling', target: 'Loading' },
  'move.ok': { guard: 'moving', target: 'Loading' },
  'move.failed': { guard: 'moving', target: 'Loading' },
} as const;

const model = setup({
  types: {} as { events: ModelEvent },
  guards: {
    doctorChosen: not(stateIn({ Line: 'NoDoctor' })),
    roomSet: or([stateIn({ Room: 'Set' }), stateIn({ Room: 'BothSet' })]),
    asDesk: stateIn({ Who: 'Desk' }),
    idle: stateIn({ Moves: 'Idle' }),
    calling: stateIn({ Moves: 'Calling' }),
    moving: stateIn({ Moves: 'Moving' }),
    askingRoom: or([stateIn({ Moves: 'AskingRoom' }), stateIn({ Moves: 'ChangingRoom' })]),
  },
}).createMachine({
  id: 'deskQueueModel',
  type: 'parallel',
  states: {
    Line: {
      initial: 'Closed',
      states: {
        Closed: { on: { 'open.doctor': 'Live', 'open.desk': 'NoDoctor' } },
        NoDoctor: { on: { 'doctor.chosen': 'Live' } },
        Live: { on: { 'stream.answer': 'Live', 'stream.dropped': 'Loading', 'doctor.chosen': { guard: and(['idle', 'asDesk']), target: 'Live' } } },
        Loading: { on: { 'line.loaded': 'Showing', 'line.failed': 'Failed', reconnect: 'Live', 'doctor.chosen': { guard: and(['idle', 'asDesk']), target: 'Live' }, ...readsAgain } },
        Showing: { on: { tick: 'Loading', refresh: 'Loading', reconnect: 'Live', 'doctor.chosen': { guard: and(['idle', 'asDesk']), target: 'Live' }, ...readsAgain } },
        Failed: { on: { retry: 'Loading', tick: 'Loading', reconnect: 'Live', 'doctor.chosen': { guard: and(['idle', 'asDesk']), target: 'Live' }, ...readsAgain } },
      },
    },
    Moves: {
      initial: 'Closed',
      states: {
        Closed: { on: { 'open.doctor': 'Idle', 'open.desk': 'Idle' } },
        Idle: {
          on: {
            call: [
              { guard: and(['doctorChosen', 'roomSet']), target: 'Calling' },
              { guard: 'doctorChosen', target: 'AskingRoom' },
            ],
            'room.change': { guard: and(['doctorChosen', 'roomSet']), target: 'ChangingRoom' },
            'move.done': { guard: 'doctorChosen', target: 'Moving' },
            'move.noshow': { guard: 'doctorChosen', target: 'Moving' },
            'move.back': { guard: 'doctorChosen', target: 'Moving' },
          },
        },
        AskingRoom: { on: { 'room.set': 'Calling', 'room.blank': 'AskingRoom', 'room.cancelled': 'Idle' } },
        ChangingRoom: { on: { 'room.set': 'Idle', 'room.cancelled': 'Idle' } },
        Calling: { on: { 'call.ok': 'Idle', 'call.busy': 'Idle' } },
        Moving: { on: { 'move.ok': 'Idle', 'move.failed': 'Idle' } },
      },
    },
    Who: {
      initial: 'Closed',
      states: { Closed: { on: { 'open.doctor': 'Doctor', 'open.desk': 'Desk' } }, Doctor: {}, Desk: {} },
    },
    /**
     * The chosen doctor's room: none, set, none but the other doctor's is (the desk switched), or
     * both set. Each doctor keeps their own; the desk's switch takes the other's.
     */
    Room: {
      initial: 'Closed',
      states: {
        Closed: { on: { 'open.doctor': 'Set', 'open.desk': 'None' } },
        None: { on: { 'room.set': { guard: 'askingRoom', target: 'Set' }, 'doctor.chosen': { guard: 'idle', target: 'None' } } },
        Set: { on: { 'room.set': { guard: 'askingRoom', target: 'Set' }, 'doctor.chosen': { guard: and(['idle', 'asDesk']), target: 'OtherSet' } } },
        OtherSet: { on: { 'room.set': { guard: 'askingRoom', target: 'BothSet' }, 'doctor.chosen': { guard: 'idle', target: 'Set' } } },
        BothSet: { on: { 'room.set': { guard: 'askingRoom', target: 'BothSet' }, 'doctor.chosen': { guard: 'idle', target: 'BothSet' } } },
      },
    },
  },
});

type ModelSnapshot = SnapshotFrom<typeof model>;
type Value = { Line: string; Moves: string; Room: string; Who: string };

function harness() {
  let queue: ReturnType<typeof startQueue> | undefined;
  const real = () => {
    if (!queue) throw new Error('not open');
    return queue;
  };
  const step = stepper(() => queue?.emitted.take() ?? [], emits);
  let doctorId: string | null = null;
  // The room each doctor's patients are called to, as this device remembers it.
  let rooms: Record<string, string> = {};
  const room = () => (doctorId ? (rooms[doctorId] ?? '') : '');
  let loads = 0;
  let streams = 0;
  let live = false;
  /** When the stream last dropped (the simulated clock): the stream is tried again queueReconnectMs later. */
  let droppedAt = 0;
  let shown = false;
  let failure: string | null = null;
  let pendingMove: { entryId: string; move: QueueMove } | null = null;
  const inRoom = queueEntry({ token: 'T1', status: 'called', place: null, room: '2' });
  const waiting = [queueEntry({ token: 'T3', dueTime: '10:15', place: 1 }), queueEntry({ token: 'T2', kind: 'walkin', dueTime: '10:20', place: 2 })];
  const absent = queueEntry({ token: 'T0', status: 'noshow', place: null });

  const open = (as: 'doctor' | 'desk') => () => {
    if (as === 'doctor') {
      doctorId = deskAnita._id;
      rooms = { [deskAnita._id]: 'Room 2' };
      queue = startQueue({ doctors: [deskAnita], rooms });
      streams = 1;
      live = true;
    } else {
      queue = startQueue({ doctors: [deskAnita, deskVikram] });
    }
  };
  const loadCall = () => {
    const call = real().calls.loadQueue.latest();
    expect(call.input).toEqual({ doctorId, date: today, token: 'tok-desk' });
    return call;
  };
  const streamCall = () => {
    const stream = real().calls.queueStream.latest();
    expect(stream.input).toEqual({ doctorId, token: 'tok-desk' });
    return stream;
  };
  const loadsAgain = (act: () => void) => () => {
    act();
    loads += 1;
  };
  const move = (m: QueueMove, entryId: string) => () => {
    pendingMove = { entryId, move: m };
    real().send({ type: 'queue.move', entryId, move: m });
  };
  const answered = (settleIt: () => void) => () => {
    settleIt();
    if (!live) loads += 1; // the polled line is read again after each answer
  };
  const check = (value: Value) => {
    const s = real().snapshot();
    expect(selectDoctorId(s)).toBe(doctorId);
    expect(real().calls.loadQueue.calls).toHaveLength(loads);
    // One stream at a time: every earlier one stopped, the latest open only while live.
    const opened = real().calls.queueStream.streams;
    expect(opened).toHaveLength(streams);
    expect(opened.map((o) => o.stopped)).toEqual(opened.map((_, i) => i < streams - 1 || !live));
    expect(selectIsLive(s)).toBe(value.Line === 'Live');
    expect(live).toBe(value.Line === 'Live');
    const status = value.Line === 'NoDoctor' ? 'noDoctor' : value.Line === 'Failed' ? 'failed' : shown ? 'ready' : 'loading';
    expect(selectQueueStatus(s)).toBe(status);
    expect(selectIsRefreshing(s)).toBe(value.Line === 'Loading' && shown);
    if (value.Line === 'Failed') expect(selectFailure(s)).toBe(failure);
    if (shown && value.Line !== 'Failed') {
      expect(selectLine(s).map((e) => e.token)).toEqual(['T3', 'T2']);
      expect(selectCalled(s)?.token).toBe('T1');
      expect(selectFinished(s).map((e) => e.token)).toEqual(['T0']);
    }
    expect(selectAskingRoom(s)).toBe(value.Moves === 'AskingRoom' ? 'call' : value.Moves === 'ChangingRoom' ? 'change' : null);
    expect(selectIsBusy(s)).toBe(value.Moves === 'Calling' || value.Moves === 'Moving');
    expect(selectRoom(s)).toBe(room());
  };
  return {
    stop: () => queue?.actor.stop(),
    events: {
      'open.doctor': step('open.doctor', open('doctor')),
      'open.desk': step('open.desk', open('desk')),
      'doctor.chosen': step('doctor.chosen', () => {
        // Another doctor: what was shown goes (it was someone else's line), and their stream opens.
        doctorId = doctorId === deskVikram._id ? deskAnita._id : deskVikram._id;
        shown = false;
        streams += 1;
        live = true;
        real().send({ type: 'doctor.chosen', doctorId });
      }),
      'stream.answer': step('stream.answer', () => {
        shown = true;
        failure = null;
        streamCall().send(queueOf([...waiting, inRoom, absent], doctorId ?? ''));
      }),
      'stream.dropped': step('stream.dropped', () => {
        streamCall().drop();
        live = false;
        loads += 1; // read at once
        droppedAt = real().clock.now();
      }),
      reconnect: step('reconnect', () => {
        const polled = real().snapshot().matches({ Line: { Polling: 'Loading' } }) ? 0 : 1;
        const left = queueReconnectMs - (real().clock.now() - droppedAt);
        expect(left).toBeGreaterThan(0);
        real().clock.increment(left);
        // While the time passed, a shown or failed line may have been read again once (left unanswered).
        const made = real().calls.loadQueue.calls.length - loads;
        expect(made).toBeLessThanOrEqual(polled);
        loads += made;
        streams += 1;
        live = true;
      }),
      'line.loaded': step('line.loaded', () => {
        shown = true;
        failure = null;
        loadCall().resolve(queueOf([...waiting, inRoom, absent], doctorId ?? ''));
      }),
      'line.failed': step('line.failed', () => {
        failure = 'The queue is resting.';
        loadCall().reject(refused(503, 'The queue is resting.'));
      }),
      retry: step('retry', loadsAgain(() => real().send({ type: 'queue.retry' }))),
      tick: step('tick', loadsAgain(() => real().clock.increment(queueRefreshMs))),
      refresh: step('refresh', loadsAgain(() => real().send({ type: 'queue.refresh' }))),
      call: step('call', () => real().send({ type: 'queue.call' })),
      'room.change': step('room.change', () => real().send({ type: 'room.change' })),
      'room.set': step('room.set', () => {
        const next = room() === 'Room 4' ? 'Room 5' : 'Room 4';
        rooms = { ...rooms, [doctorId ?? '']: next };
        real().send({ type: 'room.set', room: ` ${next} ` });
      }),
      'room.blank': step('room.blank', () => real().send({ type: 'room.set', room: '  ' })),
      'room.cancelled': step('room.cancelled', () => real().send({ type: 'room.cancelled' })),
      'call.ok': step(
        'call.ok',
        answered(() => {
          const call = real().calls.callNext.latest();
          expect(call.input).toEqual({ doctorId, room: room(), token: 'tok-desk' });
          call.resolve({ entry: { ...waiting[0]!, status: 'called', room: room() } });
        }),
      ),
      'call.busy': step('call.busy', answered(() => real().calls.callNext.latest().reject(refused(409, 'Someone is in the room already.')))),
      'move.done': step('move.done', move('done', inRoom._id)),
      'move.noshow': step('move.noshow', move('noshow', waiting[0]!._id)),
      'move.back': step('move.back', move('back', absent._id)),
      'move.ok': step(
        'move.ok',
        answered(() => {
          const call = real().calls.moveEntry.latest();
          expect(call.input).toEqual({ ...pendingMove, token: 'tok-desk' });
          call.resolve({ entry: { ...inRoom, status: 'done' } });
        }),
      ),
      'move.failed': step('move.failed', answered(() => real().calls.moveEntry.latest().reject(unanswered))),
    },
    states: {
      Line: (state: ModelSnapshot) => {
        const value = state.value as Value;
        if (value.Line === 'Closed') return expect(queue).toBeUndefined();
        check(value);
      },
    },
  };
}

describe('queueMachine paths', () => {
  const testModel = createTestModel(model, { filterEvents: (state, event) => state.can(event) });
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    (
      [
        'open.desk', 'doctor.chosen', 'stream.answer', 'call', 'room.blank', 'room.set', 'call.busy', 'stream.answer', 'stream.dropped', 'line.loaded',
        'tick', 'line.failed', 'retry', 'line.loaded', 'move.done', 'move.ok', 'line.loaded', 'reconnect', 'stream.answer', 'room.change', 'room.set',
        'call', 'call.ok',
      ] as const
    ).map((type) => ({ type })),
  );

  it('takes every transition of the model', () => {
    expect(pathEndings(everyTransition)).toEqual(modelTransitions(testModel));
    expect(journeys).toHaveLength(1);
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
  expectWalkedFully(queueMachine);
});
