/**
 * One carousel for every slideshow on the site. It renders the carousel machine's state (which
 * slide, playing or not) and sends it the visitor's events; the machine owns the timing.
 * WAI-ARIA carousel pattern: a labelled region with roledescription "carousel", slides as
 * labelled groups, previous/next buttons, a Pause/Play toggle and slide pickers. Hover and
 * keyboard focus pause it; prefers-reduced-motion starts it stopped. The slide moves with a 1 s
 * CSS transform transition (none under reduced motion).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type FocusEvent, type ReactNode } from 'react';
import {
  carouselMachine,
  selectIndex,
  selectIsAutoPlaying,
  selectIsStopped,
} from '../../../machines/carousel/carouselMachine';
import { useMessages } from '../../i18n/shell';
import './Carousel.css';

export interface SlideState {
  readonly index: number;
  /** This slide is the one showing. */
  readonly active: boolean;
}

export interface CarouselProps<T> {
  /** The carousel's accessible name. */
  readonly label: string;
  readonly items: readonly T[];
  readonly intervalMs: number;
  readonly getKey: (item: T, index: number) => string;
  readonly renderSlide: (item: T, slide: SlideState) => ReactNode;
  readonly className?: string;
}

function prefersReducedMotion(): boolean {
  // No window when the home page is prerendered at build (src/prerender/home.tsx): it plays, as most do.
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function Carousel<T>({ label, items, intervalMs, getKey, renderSlide, className }: CarouselProps<T>) {
  const messages = useMessages();
  const count = items.length;
  // Read once, when the carousel mounts: the machine's input.
  const [reducedMotion] = useState(prefersReducedMotion);
  const actor = useActorRef(carouselMachine, { input: { count, intervalMs, reducedMotion } });
  const index = useSelector(actor, selectIndex);
  const autoPlaying = useSelector(actor, selectIsAutoPlaying);
  const stopped = useSelector(actor, selectIsStopped);

  useEffect(() => {
    actor.send({ type: 'carousel.countChanged', count });
  }, [actor, count]);

  function onBlur(event: FocusEvent<HTMLElement>) {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !event.currentTarget.contains(next)) actor.send({ type: 'carousel.focusOut' });
  }

  return (
    <section
      className={`carousel${className ? ` ${className}` : ''}`}
      aria-roledescription="carousel"
      aria-label={label}
      onPointerEnter={() => actor.send({ type: 'carousel.pointerEnter' })}
      onPointerLeave={() => actor.send({ type: 'carousel.pointerLeave' })}
      onFocus={() => actor.send({ type: 'carousel.focusIn' })}
      onBlur={onBlur}
      // A video started by the visitor stops the slideshow, so it does not slide away.
      onPlay={() => actor.send({ type: 'carousel.pause' })}
    >
      <div className="carousel__viewport">
        <div
          className="carousel__track"
          aria-live={autoPlaying ? 'off' : 'polite'}
          style={{ transform: `translateX(${-100 * index}%)` }}
        >
          {items.map((item, i) => (
            <div
              key={getKey(item, i)}
              className="carousel__slide"
              role="group"
              aria-roledescription={messages.carousel.slide}
              aria-label={messages.carousel.slideOf(i + 1, count)}
              inert={i !== index}
            >
              {renderSlide(item, { index: i, active: i === index })}
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__button"
            onClick={() => actor.send({ type: 'carousel.previous' })}
            aria-label={messages.carousel.previous}
          >
            <Chevron direction="left" />
          </button>
          <button
            type="button"
            className="carousel__button carousel__button--toggle"
            onClick={() => actor.send({ type: stopped ? 'carousel.play' : 'carousel.pause' })}
            aria-label={stopped ? messages.carousel.play : messages.carousel.pause}
          >
            {stopped ? <PlayGlyph /> : <PauseGlyph />}
          </button>
          <button
            type="button"
            className="carousel__button"
            onClick={() => actor.send({ type: 'carousel.next' })}
            aria-label={messages.carousel.next}
          >
            <Chevron direction="right" />
          </button>
          <div className="carousel__pickers" role="group" aria-label={messages.carousel.pickersLabel}>
            {items.map((item, i) => (
              <button
                key={getKey(item, i)}
                type="button"
                className="carousel__picker"
                aria-label={messages.carousel.goToSlide(i + 1)}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => actor.send({ type: 'carousel.goTo', index: i })}
              >
                <span className="carousel__dot" aria-hidden="true" />
              </button>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PauseGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <rect x="6" y="5" width="4" height="14" rx="1" fill="currentColor" />
      <rect x="14" y="5" width="4" height="14" rx="1" fill="currentColor" />
    </svg>
  );
}

function PlayGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M7 5v14l12-7z" fill="currentColor" />
    </svg>
  );
}
