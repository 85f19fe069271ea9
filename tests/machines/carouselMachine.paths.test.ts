/**
 * Model-based paths for the carousel. `createTestModel` refuses machines with delays, so the model
 * below writes the passing of one interval as an event (`time.interval`) and says, with its own
 * guards, what a visitor should see. Along every path it generates, the REAL machine runs under
 * fake timers (`time.interval` advances the clock by one interval) and must match the model's
 * state and slide at each step; in Paused and Stopped, time is also let run to show nothing moves.
 */
import { assign, createActor, setup, type Actor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  carouselMachine,
  selectIndex,
  selectIsAutoPlaying,
  selectIsStopped,
  type CarouselEvent,
} from '../../machines/carousel/carouselMachine.js';
import { testPaths } from './modelPaths';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';

const count = 3;
const intervalMs = 3000;

type ModelEvent =
  | { type: 'mount' }
  | { type: 'mount.reducedMotion' }
  | { type: 'time.interval' }
  | { type: 'carousel.next' }
  | { type: 'carousel.previous' }
  | { type: 'carousel.goTo'; index: number }
  | { type: 'carousel.pointerEnter' }
  | { type: 'carousel.pointerLeave' }
  | { type: 'carousel.focusIn' }
  | { type: 'carousel.focusOut' }
  | { type: 'carousel.pause' }
  | { type: 'carousel.play' }
  // The slides were loaded again, as many as before: nothing shown changes (Playing re-arms its timer).
  | { type: 'carousel.countChanged'; count: number };

const model = setup({
  types: {} as { context: { index: number; hovered: boolean; focused: boolean }; events: ModelEvent },
  actions: {
    forward: assign({ index: ({ context }) => (context.index + 1) % count }),
    back: assign({ index: ({ context }) => (context.index + count - 1) % count }),
    choose: assign({ index: ({ event, context }) => (event.type === 'carousel.goTo' ? event.index : context.index) }),
    enter: assign({ hovered: true }),
    leave: assign({ hovered: false }),
    focus: assign({ focused: true }),
    blur: assign({ focused: false }),
  },
  guards: {
    stillFocused: ({ context }) => context.focused,
    stillHovered: ({ context }) => context.hovered,
    visitorThere: ({ context }) => context.hovered || context.focused,
  },
}).createMachine({
  id: 'carouselModel',
  context: { index: 0, hovered: false, focused: false },
  on: { 'carousel.countChanged': {} },
  initial: 'Unmounted',
  states: {
    Unmounted: { on: { mount: 'Playing', 'mount.reducedMotion': 'Stopped' } },
    Playing: {
      on: {
        'time.interval': { actions: 'forward' },
        'carousel.next': { actions: 'forward' },
        'carousel.previous': { actions: 'back' },
        'carousel.goTo': { actions: 'choose' },
        'carousel.pointerEnter': { target: 'Paused', actions: 'enter' },
        'carousel.focusIn': { target: 'Paused', actions: 'focus' },
        'carousel.pause': 'Stopped',
      },
    },
    Paused: {
      on: {
        'carousel.next': { actions: 'forward' },
        'carousel.previous': { actions: 'back' },
        'carousel.goTo': { actions: 'choose' },
        'carousel.pointerEnter': { actions: 'enter' },
        'carousel.focusIn': { actions: 'focus' },
        'carousel.pointerLeave': [{ guard: 'stillFocused', actions: 'leave' }, { target: 'Playing', actions: 'leave' }],
        'carousel.focusOut': [{ guard: 'stillHovered', actions: 'blur' }, { target: 'Playing', actions: 'blur' }],
        'carousel.pause': 'Stopped',
      },
    },
    Stopped: {
      on: {
        'carousel.next': { actions: 'forward' },
        'carousel.previous': { actions: 'back' },
        'carousel.goTo': { actions: 'choose' },
        'carousel.pointerEnter': { actions: 'enter' },
        'carousel.pointerLeave': { actions: 'leave' },
        'carousel.focusIn': { actions: 'focus' },
        'carousel.focusOut': { actions: 'blur' },
        'carousel.play': [{ guard: 'visitorThere', target: 'Paused' }, { target: 'Playing' }],
      },
    },
  },
});

type ModelSnapshot = SnapshotFrom<typeof model>;

function harness() {
  let actor: Actor<typeof carouselMachine> | undefined;
  const real = () => {
    if (!actor) throw new Error('the carousel is not mounted');
    return actor.getSnapshot();
  };
  const mount = (reducedMotion: boolean) => {
    actor = createActor(carouselMachine, { input: { count, intervalMs, reducedMotion }, inspect: recordWalk }).start();
  };
  /** A model event that is also a carousel event goes to the real machine as it is. */
  const send = ({ event }: { event: { type: string } }) => {
    if (!actor) throw new Error('the carousel is not mounted');
    actor.send(event as CarouselEvent);
  };

  /** The real machine shows what the model says, in the same state. */
  const matches = (expected: ModelSnapshot) => {
    const s = real();
    expect(s.value).toBe(expected.value);
    expect(selectIndex(s)).toBe(expected.context.index);
    expect({ hovered: s.context.hovered, focused: s.context.focused }).toEqual({
      hovered: expected.context.hovered,
      focused: expected.context.focused,
    });
    expect(selectIsAutoPlaying(s)).toBe(expected.value === 'Playing');
    expect(selectIsStopped(s)).toBe(expected.value === 'Stopped');
  };
  /** Time passes and nothing moves. */
  const holdsStill = (expected: ModelSnapshot) => {
    matches(expected);
    vi.advanceTimersByTime(intervalMs * 3);
    matches(expected);
  };

  return {
    stop: () => actor?.stop(),
    events: {
      mount: () => mount(false),
      'mount.reducedMotion': () => mount(true),
      'time.interval': () => {
        vi.advanceTimersByTime(intervalMs);
      },
      'carousel.next': send,
      'carousel.previous': send,
      'carousel.goTo': send,
      'carousel.pointerEnter': send,
      'carousel.pointerLeave': send,
      'carousel.focusIn': send,
      'carousel.focusOut': send,
      'carousel.pause': send,
      'carousel.play': send,
      'carousel.countChanged': send,
    },
    states: {
      Unmounted: () => expect(actor).toBeUndefined(),
      Playing: (expected: ModelSnapshot) => matches(expected),
      Paused: holdsStill,
      Stopped: holdsStill,
    },
  };
}

describe('carouselMachine paths', () => {
  const testModel = createTestModel(model, {
    events: [
      { type: 'carousel.goTo', index: 0 },
      { type: 'carousel.goTo', index: 2 },
      { type: 'carousel.countChanged', count },
    ],
  });
  const paths = testModel.getShortestPaths();
  // Shortest paths never take a transition back to a state they reached (Playing's own next, the
  // count loaded again): these do.
  const journeys = (
    [
      ['mount', 'carousel.next', 'time.interval', 'carousel.next'],
      ['mount', 'carousel.countChanged', 'time.interval', 'carousel.pause', 'carousel.countChanged'],
    ] as const
  ).flatMap((types) => testModel.getPathsFromEvents(types.map((type) => (type === 'carousel.countChanged' ? { type, count } : { type })) as ModelEvent[]));

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reaches every state of the model, from both starts', () => {
    const ends = new Set(paths.map((p) => String(p.state.value)));
    expect(ends).toEqual(new Set(['Playing', 'Paused', 'Stopped']));
    const starts = new Set(paths.map((p) => p.steps[1]?.event.type));
    expect(starts).toEqual(new Set(['mount', 'mount.reducedMotion']));
    // Every model transition is taken by some path.
    const taken = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    for (const type of ['time.interval', 'carousel.next', 'carousel.previous', 'carousel.goTo', 'carousel.pointerEnter',
      'carousel.pointerLeave', 'carousel.focusIn', 'carousel.focusOut', 'carousel.pause', 'carousel.play']) {
      expect(taken, type).toContain(type);
    }
  });

  it('has its journeys', () => expect(journeys).toHaveLength(2));

  testPaths({ paths, journeys }, harness);
  expectWalkedFully(carouselMachine);
});
