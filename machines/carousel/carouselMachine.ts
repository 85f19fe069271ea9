/**
 * A carousel that advances by itself (spec §4, §9: 3 s for images, 10 s for videos), pauses while
 * the visitor points at it or has keyboard focus in it, and stops for good when they press pause
 * or prefer reduced motion (WCAG 2.2.2 Pause, Stop, Hide). The view owns the slides and the 1 s
 * slide animation; this machine owns which slide shows and whether time moves it.
 */
import { assign, not, setup, type SnapshotFrom } from 'xstate';

export type CarouselInput = {
  count: number;
  intervalMs: number;
  /** `prefers-reduced-motion: reduce` when the carousel mounted: start Stopped. */
  reducedMotion: boolean;
};

export type CarouselContext = {
  index: number;
  count: number;
  intervalMs: number;
  reducedMotion: boolean;
  hovered: boolean;
  focused: boolean;
};

export type CarouselEvent =
  | { type: 'carousel.next' }
  | { type: 'carousel.previous' }
  | { type: 'carousel.goTo'; index: number }
  | { type: 'carousel.pointerEnter' }
  | { type: 'carousel.pointerLeave' }
  | { type: 'carousel.focusIn' }
  | { type: 'carousel.focusOut' }
  | { type: 'carousel.pause' }
  | { type: 'carousel.play' }
  | { type: 'carousel.countChanged'; count: number };

const slideCount = (count: number): number => (Number.isFinite(count) ? Math.max(0, Math.trunc(count)) : 0);
const wrap = (index: number, count: number): number => (count > 0 ? ((index % count) + count) % count : 0);

export const carouselMachine = setup({
  types: {} as { context: CarouselContext; events: CarouselEvent; input: CarouselInput },
  delays: {
    interval: ({ context }) => context.intervalMs,
  },
  guards: {
    prefersReducedMotion: ({ context }) => context.reducedMotion,
    hasSeveralSlides: ({ context }) => context.count > 1,
    isEngaged: ({ context }) => context.hovered || context.focused,
    isSlideIndex: ({ context, event }) =>
      event.type === 'carousel.goTo' && Number.isInteger(event.index) && event.index >= 0 && event.index < context.count,
  },
  actions: {
    showNext: assign({ index: ({ context }) => wrap(context.index + 1, context.count) }),
    showPrevious: assign({ index: ({ context }) => wrap(context.index - 1, context.count) }),
    showChosen: assign({ index: ({ context, event }) => (event.type === 'carousel.goTo' ? event.index : context.index) }),
    setCount: assign(({ context, event }) => {
      if (event.type !== 'carousel.countChanged') return {};
      const count = slideCount(event.count);
      // Fewer slides than the one showing: show the last one left.
      return { count, index: Math.min(context.index, Math.max(0, count - 1)) };
    }),
    markHovered: assign({ hovered: true }),
    clearHovered: assign({ hovered: false }),
    markFocused: assign({ focused: true }),
    clearFocused: assign({ focused: false }),
  },
}).createMachine({
  id: 'carousel',
  description: 'Which slide shows, and whether time moves it on.',
  context: ({ input }) => ({
    index: 0,
    count: slideCount(input.count),
    intervalMs: Math.max(1, input.intervalMs),
    reducedMotion: input.reducedMotion,
    hovered: false,
    focused: false,
  }),
  // Handled the same in every state; Playing overrides some to restart its timer or pause.
  on: {
    'carousel.next': { actions: 'showNext' },
    'carousel.previous': { actions: 'showPrevious' },
    'carousel.goTo': { guard: 'isSlideIndex', actions: 'showChosen' },
    'carousel.countChanged': { actions: 'setCount' },
    'carousel.pointerEnter': { actions: 'markHovered' },
    'carousel.pointerLeave': { actions: 'clearHovered' },
    'carousel.focusIn': { actions: 'markFocused' },
    'carousel.focusOut': { actions: 'clearFocused' },
  },
  initial: 'Starting',
  states: {
    Starting: {
      description: 'Chooses how to begin. Stopped when the visitor prefers reduced motion, else Playing.',
      always: [{ guard: 'prefersReducedMotion', target: 'Stopped' }, { target: 'Playing' }],
    },
    Playing: {
      description: 'Shows the next slide every interval (when there are two or more).',
      after: {
        interval: { guard: 'hasSeveralSlides', target: 'Playing', reenter: true, actions: 'showNext' },
      },
      on: {
        // Re-entering restarts the interval, so a slide chosen by hand gets its full time.
        'carousel.next': { target: 'Playing', reenter: true, actions: 'showNext' },
        'carousel.previous': { target: 'Playing', reenter: true, actions: 'showPrevious' },
        'carousel.goTo': { guard: 'isSlideIndex', target: 'Playing', reenter: true, actions: 'showChosen' },
        // Also re-arms the timer, which a single slide let lapse.
        'carousel.countChanged': { target: 'Playing', reenter: true, actions: 'setCount' },
        'carousel.pointerEnter': { target: 'Paused', actions: 'markHovered' },
        'carousel.focusIn': { target: 'Paused', actions: 'markFocused' },
        'carousel.pause': 'Stopped',
      },
    },
    Paused: {
      description: 'The visitor points at the carousel or has focus in it. Plays again once both end.',
      always: { guard: not('isEngaged'), target: 'Playing' },
      on: {
        'carousel.pause': 'Stopped',
      },
    },
    Stopped: {
      description: 'The visitor pressed pause, or prefers reduced motion. Only play starts it again.',
      on: {
        'carousel.play': [{ guard: 'isEngaged', target: 'Paused' }, { target: 'Playing' }],
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof carouselMachine>;

export const selectIndex = (snapshot: Snapshot): number => snapshot.context.index;
/** True only while time moves the slides (Playing): not when Paused, Stopped or Starting. */
export const selectIsAutoPlaying = (snapshot: Snapshot): boolean => snapshot.matches('Playing');
/** True when only `carousel.play` moves it again: the pause/play button shows "play". */
export const selectIsStopped = (snapshot: Snapshot): boolean => snapshot.matches('Stopped');
