import { createActor } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  carouselMachine,
  selectIndex,
  selectIsAutoPlaying,
  selectIsStopped,
  type CarouselInput,
} from '../../machines/carousel/carouselMachine.js';

const interval = 3000;

function start(input: Partial<CarouselInput> = {}) {
  const actor = createActor(carouselMachine, {
    input: { count: 3, intervalMs: interval, reducedMotion: false, ...input },
  }).start();
  const index = () => selectIndex(actor.getSnapshot());
  const state = () => actor.getSnapshot().value;
  return { actor, index, state };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('carouselMachine: playing', () => {
  it('shows the next slide every interval and wraps to the first', () => {
    const { actor, index } = start();
    expect(actor.getSnapshot().value).toBe('Playing');
    expect(selectIsAutoPlaying(actor.getSnapshot())).toBe(true);
    expect(index()).toBe(0);

    vi.advanceTimersByTime(interval - 1);
    expect(index()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(index()).toBe(1);
    vi.advanceTimersByTime(interval);
    expect(index()).toBe(2);
    vi.advanceTimersByTime(interval);
    expect(index()).toBe(0);
  });

  it('uses the interval it was given', () => {
    const { index } = start({ intervalMs: 10_000 });
    vi.advanceTimersByTime(9_999);
    expect(index()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(index()).toBe(1);
  });

  it('wraps both ways on next and previous', () => {
    const { actor, index } = start();
    actor.send({ type: 'carousel.previous' });
    expect(index()).toBe(2);
    actor.send({ type: 'carousel.next' });
    expect(index()).toBe(0);
    actor.send({ type: 'carousel.next' });
    actor.send({ type: 'carousel.next' });
    expect(index()).toBe(2);
    actor.send({ type: 'carousel.next' });
    expect(index()).toBe(0);
  });

  it('gives a slide chosen by hand its full interval', () => {
    const { actor, index } = start();
    vi.advanceTimersByTime(2000);
    actor.send({ type: 'carousel.next' });
    expect(index()).toBe(1);
    vi.advanceTimersByTime(2000); // the old timer would have fired here
    expect(index()).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(index()).toBe(2);

    vi.advanceTimersByTime(2500);
    actor.send({ type: 'carousel.previous' });
    expect(index()).toBe(1);
    vi.advanceTimersByTime(interval - 1);
    expect(index()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(index()).toBe(2);
  });

  it('goes to a chosen slide and restarts the interval; ignores an index that is not a slide', () => {
    const { actor, index } = start({ count: 5 });
    vi.advanceTimersByTime(2000);
    actor.send({ type: 'carousel.goTo', index: 3 });
    expect(index()).toBe(3);
    vi.advanceTimersByTime(interval - 1);
    expect(index()).toBe(3);
    vi.advanceTimersByTime(1);
    expect(index()).toBe(4);

    for (const bad of [-1, 5, 1.5, Number.NaN]) {
      expect(actor.getSnapshot().can({ type: 'carousel.goTo', index: bad })).toBe(false);
      actor.send({ type: 'carousel.goTo', index: bad });
      expect(index()).toBe(4);
    }
  });

  it('never advances with one slide or none', () => {
    for (const count of [0, 1]) {
      const { actor, index } = start({ count });
      vi.advanceTimersByTime(interval * 5);
      actor.send({ type: 'carousel.next' });
      actor.send({ type: 'carousel.previous' });
      vi.advanceTimersByTime(interval * 5);
      expect(index()).toBe(0);
      actor.stop();
    }
  });
});

describe('carouselMachine: pausing while the visitor is there', () => {
  it('pauses while pointed at and resumes when the pointer leaves', () => {
    const { actor, index, state } = start();
    vi.advanceTimersByTime(2000);
    actor.send({ type: 'carousel.pointerEnter' });
    expect(state()).toBe('Paused');
    expect(selectIsAutoPlaying(actor.getSnapshot())).toBe(false);
    expect(selectIsStopped(actor.getSnapshot())).toBe(false);
    vi.advanceTimersByTime(interval * 4);
    expect(index()).toBe(0);

    actor.send({ type: 'carousel.pointerLeave' });
    expect(state()).toBe('Playing');
    vi.advanceTimersByTime(interval - 1); // a full interval again, not what was left
    expect(index()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(index()).toBe(1);
  });

  it('pauses while focus is inside and resumes when it leaves', () => {
    const { actor, index, state } = start();
    actor.send({ type: 'carousel.focusIn' });
    expect(state()).toBe('Paused');
    vi.advanceTimersByTime(interval * 4);
    expect(index()).toBe(0);
    actor.send({ type: 'carousel.focusOut' });
    expect(state()).toBe('Playing');
    vi.advanceTimersByTime(interval);
    expect(index()).toBe(1);
  });

  it('resumes only when both pointer and focus have left, in either order', () => {
    for (const [first, second] of [
      ['carousel.pointerLeave', 'carousel.focusOut'],
      ['carousel.focusOut', 'carousel.pointerLeave'],
    ] as const) {
      const { actor, state } = start();
      actor.send({ type: 'carousel.pointerEnter' });
      actor.send({ type: 'carousel.focusIn' });
      actor.send({ type: first });
      expect(state()).toBe('Paused');
      actor.send({ type: second });
      expect(state()).toBe('Playing');
      actor.stop();
    }
  });

  it('lets the visitor move by hand while paused, without starting the timer', () => {
    const { actor, index, state } = start();
    actor.send({ type: 'carousel.pointerEnter' });
    actor.send({ type: 'carousel.next' });
    actor.send({ type: 'carousel.next' });
    actor.send({ type: 'carousel.next' });
    expect(index()).toBe(0);
    actor.send({ type: 'carousel.goTo', index: 2 });
    expect(index()).toBe(2);
    expect(state()).toBe('Paused');
    vi.advanceTimersByTime(interval * 3);
    expect(index()).toBe(2);
  });
});

describe('carouselMachine: stopped', () => {
  it('stops on pause until play, whatever the pointer and focus do', () => {
    const { actor, index, state } = start();
    actor.send({ type: 'carousel.pause' });
    expect(state()).toBe('Stopped');
    expect(selectIsStopped(actor.getSnapshot())).toBe(true);
    expect(selectIsAutoPlaying(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'carousel.pointerEnter' });
    actor.send({ type: 'carousel.pointerLeave' });
    actor.send({ type: 'carousel.focusIn' });
    actor.send({ type: 'carousel.focusOut' });
    vi.advanceTimersByTime(interval * 4);
    expect(state()).toBe('Stopped');
    expect(index()).toBe(0);

    actor.send({ type: 'carousel.play' });
    expect(state()).toBe('Playing');
    vi.advanceTimersByTime(interval);
    expect(index()).toBe(1);
  });

  it('stops from Paused too (the pause button is inside the carousel)', () => {
    const { actor, state } = start();
    actor.send({ type: 'carousel.focusIn' });
    actor.send({ type: 'carousel.pause' });
    expect(state()).toBe('Stopped');
  });

  it('after play, stays paused while the visitor is still there', () => {
    const { actor, index, state } = start();
    actor.send({ type: 'carousel.focusIn' });
    actor.send({ type: 'carousel.pause' });
    actor.send({ type: 'carousel.play' });
    expect(state()).toBe('Paused');
    expect(selectIsStopped(actor.getSnapshot())).toBe(false);
    vi.advanceTimersByTime(interval * 2);
    expect(index()).toBe(0);
    actor.send({ type: 'carousel.focusOut' });
    expect(state()).toBe('Playing');
  });

  it('starts stopped under reduced motion, still moves by hand, and plays only when asked', () => {
    const { actor, index, state } = start({ reducedMotion: true });
    expect(state()).toBe('Stopped');
    expect(selectIsStopped(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(interval * 5);
    expect(index()).toBe(0);
    actor.send({ type: 'carousel.next' });
    expect(index()).toBe(1);
    actor.send({ type: 'carousel.previous' });
    actor.send({ type: 'carousel.previous' });
    expect(index()).toBe(2);
    expect(actor.getSnapshot().can({ type: 'carousel.pause' })).toBe(false);

    actor.send({ type: 'carousel.play' });
    expect(state()).toBe('Playing');
    vi.advanceTimersByTime(interval);
    expect(index()).toBe(0);
  });
});

describe('carouselMachine: the number of slides changes', () => {
  it('shows the last slide left when the list shrinks below the current one', () => {
    const { actor, index } = start({ count: 5 });
    actor.send({ type: 'carousel.goTo', index: 4 });
    actor.send({ type: 'carousel.countChanged', count: 2 });
    expect(index()).toBe(1);
    expect(actor.getSnapshot().context.count).toBe(2);
    vi.advanceTimersByTime(interval);
    expect(index()).toBe(0);
  });

  it('keeps the current slide when the list grows or shrinks above it', () => {
    const { actor, index } = start({ count: 5 });
    actor.send({ type: 'carousel.goTo', index: 2 });
    actor.send({ type: 'carousel.countChanged', count: 4 });
    expect(index()).toBe(2);
    actor.send({ type: 'carousel.countChanged', count: 9 });
    expect(index()).toBe(2);
  });

  it('goes to 0 when the list empties, and starts advancing when slides arrive', () => {
    const { actor, index } = start({ count: 3 });
    actor.send({ type: 'carousel.goTo', index: 2 });
    actor.send({ type: 'carousel.countChanged', count: 0 });
    expect(index()).toBe(0);
    vi.advanceTimersByTime(interval * 3); // the timer lapses with nothing to show
    actor.send({ type: 'carousel.countChanged', count: 3 });
    vi.advanceTimersByTime(interval);
    expect(index()).toBe(1);
  });

  it('clamps the index while stopped too', () => {
    const { actor, index } = start({ count: 4, reducedMotion: true });
    actor.send({ type: 'carousel.goTo', index: 3 });
    actor.send({ type: 'carousel.countChanged', count: 3 });
    expect(index()).toBe(2);
  });
});
