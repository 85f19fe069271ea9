/**
 * Model-based paths for the waiting room's display: connecting, the first snapshot (live), a
 * change, the connection lost (the last queue kept and marked stale; before any snapshot, nothing
 * to keep), the pause, connecting again (catching up: still marked stale until the first
 * snapshot), the link revoked (or never valid) at any point. Along every path the REAL machine
 * runs with a hand-driven stream and a simulated clock; each state must show what the model says:
 * what is on screen, whether it is marked stale, and how many streams were opened and are open.
 */
import { createActor, createMachine, fromCallback, SimulatedClock, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { DisplaySnapshot } from '../../contract/display.js';
import type { QueueDisplayEvent } from '../../machines/queueDisplay/context.js';
import { queueDisplayMachine } from '../../machines/queueDisplay/queueDisplayMachine.js';
import { selectIsConnecting, selectIsLive, selectIsRevoked, selectIsStale, selectQueue } from '../../machines/queueDisplay/selectors.js';
import { settle } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { recordWalk } from './pathCoverage.js';

const model = createMachine({
  id: 'queueDisplayModel',
  types: {} as { events: { type: 'snapshot' | 'dropped' | 'revoked' | 'pauseOver' } },
  initial: 'Connecting',
  states: {
    Connecting: { on: { snapshot: 'Live', dropped: 'Unreachable', revoked: 'Revoked' } },
    Unreachable: { on: { pauseOver: 'Connecting' } },
    Live: { on: { snapshot: 'Live', dropped: 'Stale', revoked: 'Revoked' } },
    Stale: { on: { pauseOver: 'CatchingUp' } },
    CatchingUp: { on: { snapshot: 'Live', dropped: 'Stale', revoked: 'Revoked' } },
    Revoked: {},
  },
});

const reconnectMs = 3000;
const key = 'k'.repeat(43);
const queue = (called: string | null, next: string[]): DisplaySnapshot => ({
  location: 'Aundh',
  date: '2025-03-11' as DisplaySnapshot['date'],
  doctors: [
    {
      doctorId: 'd1',
      doctorName: 'Dr. Meera Kulkarni',
      called: called ? { token: called, initial: 'R', room: 'Room 1' } : null,
      next: next.map((token) => ({ token, initial: 'A' })),
      waiting: next.length,
    },
  ],
});

function harness() {
  const clock = new SimulatedClock();
  const streams: Array<{ key: string; send: (e: QueueDisplayEvent) => void; open: boolean }> = [];
  const stream = fromCallback<QueueDisplayEvent, { key: string }>(({ sendBack, input }) => {
    const s = { key: input.key, send: sendBack, open: true };
    streams.push(s);
    return () => {
      s.open = false;
    };
  });
  const actor = createActor(queueDisplayMachine.provide({ actors: { stream } }), { input: { key, reconnectMs }, inspect: recordWalk, clock });
  actor.start();
  // What the screen should show: the last snapshot the server sent (none once revoked).
  let shown: DisplaySnapshot | null = null;
  let opened = 1;
  let token = 1;
  const live = () => streams.filter((s) => s.open);
  const shows = (state: 'Connecting' | 'Unreachable' | 'Live' | 'Stale' | 'CatchingUp' | 'Revoked') => () => {
    const s = actor.getSnapshot();
    expect(selectQueue(s)).toEqual(shown);
    expect(selectIsConnecting(s)).toBe(state === 'Connecting');
    expect(selectIsLive(s)).toBe(state === 'Live');
    // The connection is lost (nothing to show yet, or the last queue): the view says so.
    expect(selectIsStale(s)).toBe(state === 'Stale' || state === 'CatchingUp' || state === 'Unreachable');
    expect(selectIsRevoked(s)).toBe(state === 'Revoked');
    expect(s.status).toBe(state === 'Revoked' ? 'done' : 'active');
    // One stream while connecting, live or catching up; none while waiting to reconnect or revoked.
    expect(live()).toHaveLength(state === 'Connecting' || state === 'Live' || state === 'CatchingUp' ? 1 : 0);
    expect(streams).toHaveLength(opened);
    for (const st of streams) expect(st.key).toBe(key);
  };
  const step = (act: () => void) => async () => {
    act();
    await settle();
  };
  return {
    stop: () => actor.stop(),
    events: {
      snapshot: step(() => {
        token += 1;
        shown = queue(`T${token - 1}`, [`T${token}`, `T${token + 1}`]);
        live()[0]!.send({ type: 'stream.snapshot', snapshot: shown });
      }),
      dropped: step(() => live()[0]!.send({ type: 'stream.dropped' })),
      revoked: step(() => {
        live()[0]!.send({ type: 'stream.revoked' });
        shown = null;
      }),
      pauseOver: step(() => {
        // Not a moment before the pause is over.
        clock.increment(reconnectMs - 1);
        expect(live()).toHaveLength(0);
        clock.increment(1);
        opened += 1;
      }),
    },
    states: {
      Connecting: shows('Connecting'),
      Unreachable: shows('Unreachable'),
      Live: shows('Live'),
      Stale: shows('Stale'),
      CatchingUp: shows('CatchingUp'),
      Revoked: shows('Revoked'),
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('queueDisplayMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    (['dropped', 'pauseOver', 'snapshot', 'snapshot', 'dropped', 'pauseOver', 'dropped', 'pauseOver', 'snapshot', 'revoked'] as const).map((type) => ({ type })),
  );

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(11);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
