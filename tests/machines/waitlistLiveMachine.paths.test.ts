/**
 * Model-based paths for My waitlist followed live (machines/waitlistOffer/waitlistLiveMachine.ts):
 * the stream opens at once, each list it sends is handed on (`pushed`), a drop is followed again
 * after the pause (not a moment before), a refusal stops for good. Along every path the REAL
 * machine runs with a hand-driven stream and a simulated clock; each state must show what the
 * model says: which streams are open, what was handed on.
 */
import { createActor, createMachine, fromCallback, SimulatedClock, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { WaitlistList } from '../../contract/waitlist.js';
import { waitlistLiveMachine, type WaitlistLiveEvent } from '../../machines/waitlistOffer/waitlistLiveMachine.js';
import { settle } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';

type ModelEvent = 'list' | 'dropped' | 'pauseOver' | 'refused';

const model = createMachine({
  id: 'waitlistLiveModel',
  types: {} as { events: { type: ModelEvent } },
  initial: 'Following',
  states: {
    Following: { on: { list: 'Following', dropped: 'Reconnecting', refused: 'Stopped' } },
    Reconnecting: { on: { pauseOver: 'Following' } },
    Stopped: {},
  },
});

const reconnectMs = 3000;
const listOf = (n: number): WaitlistList => ({ entries: [], maxDays: 31 + n, lastDate: '2025-06-09' as WaitlistList['lastDate'] });

function harness() {
  const clock = new SimulatedClock();
  const streams: Array<{ token: string; send: (e: WaitlistLiveEvent) => void; open: boolean }> = [];
  const stream = fromCallback<WaitlistLiveEvent, { token: string }>(({ sendBack, input }) => {
    const s = { token: input.token, send: sendBack, open: true };
    streams.push(s);
    return () => {
      s.open = false;
    };
  });
  const pushed: WaitlistList[] = [];
  const actor = createActor(waitlistLiveMachine.provide({ actors: { stream }, actions: { pushed: (_, { list }) => void pushed.push(list) } }), {
    input: { token: 'tok', reconnectMs },
    inspect: recordWalk,
    clock,
  });
  actor.start();
  let opened = 1;
  let sent = 0;
  const live = () => streams.filter((s) => s.open);
  const shows = (state: 'Following' | 'Reconnecting' | 'Stopped') => () => {
    expect(actor.getSnapshot().status).toBe(state === 'Stopped' ? 'done' : 'active');
    expect(live()).toHaveLength(state === 'Following' ? 1 : 0);
    expect(streams).toHaveLength(opened);
    for (const s of streams) expect(s.token).toBe('tok');
    expect(pushed).toEqual(Array.from({ length: sent }, (_, i) => listOf(i + 1)));
  };
  const step = (act: () => void) => async () => {
    act();
    await settle();
  };
  return {
    stop: () => actor.stop(),
    events: {
      list: step(() => live()[0]!.send({ type: 'stream.list', list: listOf(++sent) })),
      dropped: step(() => live()[0]!.send({ type: 'stream.dropped' })),
      refused: step(() => live()[0]!.send({ type: 'stream.refused' })),
      pauseOver: step(() => {
        clock.increment(reconnectMs - 1);
        expect(streams).toHaveLength(opened);
        clock.increment(1);
        opened += 1;
      }),
    } satisfies Record<ModelEvent, () => Promise<void>>,
    states: {
      Following: shows('Following'),
      Reconnecting: shows('Reconnecting'),
      Stopped: shows('Stopped'),
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('waitlistLiveMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents((['list', 'dropped', 'pauseOver', 'list', 'list', 'refused'] as const).map((type) => ({ type })));

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(4);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
  expectWalkedFully(waitlistLiveMachine);
});
