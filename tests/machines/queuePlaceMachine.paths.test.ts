/**
 * Model-based paths for the patient's place on My Appointment: read before check-in (asked again
 * after the poll, not a moment before), waiting or called (followed on the stream: the line moves,
 * the patient is called in, seen), finished at once (seen before the page opened), a failed read
 * (asked again after the poll), the stream dropping (the last place kept, read again after the
 * pause). Along every path the REAL machine runs with its read answered by hand, a hand-driven
 * stream and a simulated clock; each state must show what the model says and the calls made.
 */
import { createActor, createMachine, fromCallback, SimulatedClock, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { QueuePlace } from '../../contract/display.js';
import type { QueuePlaceEvent } from '../../machines/queuePlace/context.js';
import { queuePlaceMachine } from '../../machines/queuePlace/queuePlaceMachine.js';
import { selectIsLive, selectPlace } from '../../machines/queuePlace/selectors.js';
import { answeredByHand, settle, unanswered } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { recordWalk } from './pathCoverage.js';

type ModelEvent = 'notCheckedIn' | 'waiting' | 'called' | 'finished' | 'failed' | 'pollDue' | 'moved' | 'calledIn' | 'seen' | 'dropped' | 'pauseOver';

const model = createMachine({
  id: 'queuePlaceModel',
  types: {} as { events: { type: ModelEvent } },
  initial: 'Loading',
  states: {
    Loading: { on: { notCheckedIn: 'Idle', waiting: 'Live', called: 'Live', finished: 'Finished', failed: 'Idle' } },
    Idle: { on: { pollDue: 'Loading' } },
    Live: { on: { moved: 'Live', calledIn: 'Live', seen: 'Finished', dropped: 'Reconnecting' } },
    Reconnecting: { on: { pauseOver: 'Loading' } },
    Finished: {},
  },
});

const pollMs = 60_000;
const reconnectMs = 3000;
const input = { appointmentId: '3f2a7c1e-8d4b-4e6a-9b1c-2d3e4f5a6b7c', token: 'tok' };

function harness() {
  const clock = new SimulatedClock();
  const load = answeredByHand<QueuePlace, typeof input>();
  const streams: Array<{ input: typeof input; send: (e: QueuePlaceEvent) => void; open: boolean }> = [];
  const stream = fromCallback<QueuePlaceEvent, typeof input>(({ sendBack, input: given }) => {
    const s = { input: given, send: sendBack, open: true };
    streams.push(s);
    return () => {
      s.open = false;
    };
  });
  const actor = createActor(queuePlaceMachine.provide({ actors: { loadPlace: load.logic, stream } }), {
    input: { ...input, pollMs, reconnectMs },
    inspect: recordWalk,
    clock,
  });
  actor.start();
  let shown: QueuePlace | null = null;
  let loads = 1;
  let opened = 0;
  let before = 3;
  const live = () => streams.filter((s) => s.open);
  const answer = (place: QueuePlace, follows: boolean) => () => {
    load.latest().resolve(place);
    shown = place.status === 'notCheckedIn' ? null : place;
    if (follows) opened += 1;
  };
  const streamed = (place: QueuePlace) => () => {
    live()[0]!.send({ type: 'stream.place', place });
    shown = place;
  };
  const wait = (ms: number) => () => {
    clock.increment(ms - 1);
    expect(load.calls).toHaveLength(loads);
    clock.increment(1);
    loads += 1;
  };
  const shows = (state: 'Loading' | 'Idle' | 'Live' | 'Reconnecting' | 'Finished') => () => {
    const s = actor.getSnapshot();
    expect(selectPlace(s)).toEqual(shown);
    expect(selectIsLive(s)).toBe(state === 'Live');
    expect(s.status).toBe(state === 'Finished' ? 'done' : 'active');
    expect(load.calls).toHaveLength(loads);
    for (const call of load.calls) expect(call.input).toEqual(input);
    expect(live()).toHaveLength(state === 'Live' ? 1 : 0);
    expect(streams).toHaveLength(opened);
    for (const st of streams) expect(st.input).toEqual(input);
  };
  const step = (act: () => void) => async () => {
    act();
    await settle();
  };
  return {
    stop: () => actor.stop(),
    events: {
      notCheckedIn: step(answer({ status: 'notCheckedIn' }, false)),
      waiting: step(answer({ status: 'waiting', token: 'T7', before, minutes: before * 15 }, true)),
      called: step(answer({ status: 'called', token: 'T7', room: 'Room 2' }, true)),
      finished: step(answer({ status: 'done', token: 'T7' }, false)),
      failed: step(() => load.latest().reject(unanswered)),
      pollDue: step(wait(pollMs)),
      moved: step(() => {
        before = Math.max(0, before - 1);
        streamed({ status: 'waiting', token: 'T7', before, minutes: before * 15 })();
      }),
      calledIn: step(streamed({ status: 'called', token: 'T7', room: 'Room 2' })),
      seen: step(streamed({ status: 'done', token: 'T7' })),
      dropped: step(() => live()[0]!.send({ type: 'stream.dropped' })),
      pauseOver: step(wait(reconnectMs)),
    } satisfies Record<ModelEvent, () => Promise<void>>,
    states: {
      Loading: shows('Loading'),
      Idle: shows('Idle'),
      Live: shows('Live'),
      Reconnecting: shows('Reconnecting'),
      Finished: shows('Finished'),
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('queuePlaceMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    (['notCheckedIn', 'pollDue', 'failed', 'pollDue', 'waiting', 'moved', 'moved', 'dropped', 'pauseOver', 'waiting', 'moved', 'calledIn', 'seen'] as const).map((type) => ({ type })),
  );

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(11);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
