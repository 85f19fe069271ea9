import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './support';

describe('routes and pages', () => {
  it.each([
    ['/ourtreatment', 'Our Treatments'],
    ['/gallery', 'Gallery'],
    ['/aboutus', 'About us'],
    ['/teams', 'Our team'],
    ['/contactus', 'Contact us'],
    ['/termandcondition', 'Terms of Service'],
    ['/privacypolicy', 'Privacy Policy'],
    ['/myremedies', 'My remedies'],
  ])('%s has the heading %s', async (route, heading) => {
    renderApp({ route });
    // Each page is a lazy chunk; on a loaded machine the first one's import can take seconds.
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows "Page not found" for an unknown route', async () => {
    renderApp({ route: '/no-such-page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('dates the legal pages 11/03/2025 and states the refund rules', async () => {
    renderApp({ route: '/termandcondition' });
    expect(await screen.findByText('Last updated: 11/03/2025')).toBeTruthy();
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('the clinic’s rule is up to 24 hours before the start, and before you confirm, the cancel question tells you whether your fee will be refunded.');
    expect(main.textContent).toContain('Cancelled later, your appointment fee will not be refunded.');
    expect(main.textContent).toContain('No refund is given once a paid appointment has been completed.');
  });

  it('home has the treatment cards linking to their sections', async () => {
    renderApp();
    const section = screen.getByRole('region', { name: 'What we treat' });
    expect(within(section).getByRole('link', { name: 'Skin care' }).getAttribute('href')).toBe('/ourtreatment#skin');
    expect(within(section).getByRole('link', { name: 'Women’s health' }).getAttribute('href')).toBe('/ourtreatment#female');
    expect(within(section).getByRole('link', { name: 'General health' }).getAttribute('href')).toBe('/ourtreatment#general');
  });

  it('every image on the home page has width, height and alt', () => {
    const { container } = renderApp();
    const images = Array.from(container.querySelectorAll('img'));
    expect(images.length).toBeGreaterThan(3);
    for (const img of images) {
      expect(img.hasAttribute('alt')).toBe(true);
      expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
    }
    const videos = Array.from(container.querySelectorAll('video'));
    expect(videos.length).toBe(3);
    for (const video of videos) {
      expect(video.getAttribute('preload')).toBe('none');
      expect(video.getAttribute('poster')).toMatch(/^\/media\//);
    }
  });

  it('the skip link moves focus to the main content', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('link', { name: 'Skip to main content' }));
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
