import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from '../../src/components/Carousel/Carousel';

const slides = ['Consultation', 'Remedies', 'Family'];

function renderCarousel(items: readonly string[] = slides) {
  return render(
    <Carousel
      label="Welcome"
      items={items}
      intervalMs={3000}
      getKey={(item) => item}
      renderSlide={(item) => <p>{item}</p>}
    />,
  );
}

/** The slide that is showing: the one group that is not inert. */
function currentSlide(): string | null {
  const groups = screen.getAllByRole('group').filter((g) => g.getAttribute('aria-roledescription') === 'slide');
  const active = groups.filter((g) => !g.hasAttribute('inert'));
  expect(active).toHaveLength(1);
  return active[0]?.getAttribute('aria-label') ?? null;
}

function toggle() {
  return screen.getByRole('button', { name: /^(Pause|Play)$/ });
}

describe('Carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('is a labelled carousel region with labelled slides and controls', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Welcome' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(currentSlide()).toBe('1 of 3');
    for (const name of ['Previous slide', 'Next slide', 'Pause', 'Go to slide 1', 'Go to slide 2', 'Go to slide 3']) {
      expect(within(region).getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Go to slide 1' }).getAttribute('aria-current')).toBe('true');
  });

  it('advances by itself every interval and wraps around', () => {
    renderCarousel();
    act(() => vi.advanceTimersByTime(3000));
    expect(currentSlide()).toBe('2 of 3');
    act(() => vi.advanceTimersByTime(3000));
    expect(currentSlide()).toBe('3 of 3');
    act(() => vi.advanceTimersByTime(3000));
    expect(currentSlide()).toBe('1 of 3');
  });

  it('moves with Next, Previous and the slide pickers', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentSlide()).toBe('2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(currentSlide()).toBe('3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }));
    expect(currentSlide()).toBe('2 of 3');
    expect(screen.getByRole('button', { name: 'Go to slide 2' }).getAttribute('aria-current')).toBe('true');
  });

  it('works by keyboard', async () => {
    // user-event drives the keyboard on real timers; the interval is long enough not to interfere.
    vi.useRealTimers();
    const user = userEvent.setup();
    render(
      <Carousel label="Welcome" items={slides} intervalMs={60_000} getKey={(i) => i} renderSlide={(i) => <p>{i}</p>} />,
    );
    screen.getByRole('button', { name: 'Next slide' }).focus();
    await user.keyboard('{Enter}');
    expect(currentSlide()).toBe('2 of 3');
    await user.keyboard(' ');
    expect(currentSlide()).toBe('3 of 3');
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Previous slide');
    await user.keyboard('{Enter}');
    expect(currentSlide()).toBe('2 of 3');
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Pause');
    await user.keyboard('{Enter}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Play');
  });

  it('Pause stops it for good and becomes Play; Play starts it again', () => {
    renderCarousel();
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-label')).toBe('Play');
    // Leaving the carousel with pointer and focus does not start it again.
    fireEvent.pointerLeave(screen.getByRole('region', { name: 'Welcome' }));
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    act(() => vi.advanceTimersByTime(10_000));
    expect(currentSlide()).toBe('1 of 3');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-label')).toBe('Pause');
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    fireEvent.pointerLeave(screen.getByRole('region', { name: 'Welcome' }));
    act(() => vi.advanceTimersByTime(3000));
    expect(currentSlide()).toBe('2 of 3');
  });

  it('pauses while pointed at, and plays again when the pointer leaves', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Welcome' });
    fireEvent.pointerEnter(region);
    act(() => vi.advanceTimersByTime(9000));
    expect(currentSlide()).toBe('1 of 3');
    fireEvent.pointerLeave(region);
    act(() => vi.advanceTimersByTime(3000));
    expect(currentSlide()).toBe('2 of 3');
  });

  it('pauses while keyboard focus is inside, and plays again when it leaves', () => {
    render(
      <>
        <Carousel label="Welcome" items={slides} intervalMs={3000} getKey={(i) => i} renderSlide={(i) => <p>{i}</p>} />
        <button type="button">Outside</button>
      </>,
    );
    act(() => screen.getByRole('button', { name: 'Next slide' }).focus());
    act(() => vi.advanceTimersByTime(9000));
    expect(currentSlide()).toBe('1 of 3');
    act(() => screen.getByRole('button', { name: 'Outside' }).focus());
    act(() => vi.advanceTimersByTime(3000));
    expect(currentSlide()).toBe('2 of 3');
  });

  it('holds still when the visitor prefers reduced motion, with Play to start it', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query.includes('prefers-reduced-motion'), media: query }) as MediaQueryList,
    );
    renderCarousel();
    act(() => vi.advanceTimersByTime(10_000));
    expect(currentSlide()).toBe('1 of 3');
    expect(toggle().getAttribute('aria-label')).toBe('Play');
  });

  it('announces slide changes politely only while it is not moving by itself', () => {
    const { container } = renderCarousel();
    const track = container.querySelector('.carousel__track');
    expect(track?.getAttribute('aria-live')).toBe('off');
    fireEvent.click(toggle());
    expect(track?.getAttribute('aria-live')).toBe('polite');
  });

  it('shows no controls for a single slide', () => {
    renderCarousel(['Only one']);
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
    expect(screen.getByText('Only one')).toBeTruthy();
  });
});
