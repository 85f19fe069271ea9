import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SiteOptions } from '../../contract/site';
import { deferred, demoOptions, emptyOptions, renderApp } from './support';

describe('site options in the views', () => {
  it('shows a polite loading text where the data is used, then the data', async () => {
    const load = deferred<SiteOptions>();
    renderApp({ load: () => load.promise });
    const testimonials = screen.getByRole('region', { name: 'What our patients say' });
    expect(within(testimonials).getByRole('status').textContent).toBe('Loading clinic details…');
    load.resolve(demoOptions);
    expect(await within(testimonials).findByText('After six months the itching stopped.')).toBeTruthy();
    expect(within(testimonials).queryByRole('status')).toBeNull();
    expect(within(testimonials).getByRole('region', { name: 'Patient testimonials' }).getAttribute('aria-roledescription')).toBe(
      'carousel',
    );
  });

  it('shows the failure with a Try again button that loads again', async () => {
    const loader = vi
      .fn<() => Promise<SiteOptions>>()
      .mockRejectedValueOnce({ _tag: 'NetworkFailure', message: 'Failed to fetch' })
      .mockResolvedValueOnce(demoOptions);
    const user = userEvent.setup();
    renderApp({ load: loader });
    const footer = screen.getByRole('contentinfo');
    const alert = await within(footer).findByRole('alert');
    expect(alert.textContent).toContain('We could not load the clinic details.');
    expect(alert.textContent).toContain('Failed to fetch');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(footer).findByText('Kothrud')).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull());
  });

  it("shows 'No Testimonials Available.' when there are none", async () => {
    renderApp({ load: () => Promise.resolve(emptyOptions) });
    const testimonials = screen.getByRole('region', { name: 'What our patients say' });
    expect(await within(testimonials).findByText('No Testimonials Available.')).toBeTruthy();
  });

  it("shows 'No Event Available.' on the gallery when there are no events", async () => {
    renderApp({ route: '/gallery', load: () => Promise.resolve(emptyOptions) });
    expect(await screen.findByText('No Event Available.')).toBeTruthy();
    // The before/after illustrations are the clinic's own content and still show.
    expect(screen.getByRole('heading', { name: 'Skin, before and after' })).toBeTruthy();
  });

  it('shows the event video and image carousels on the gallery', async () => {
    renderApp({ route: '/gallery' });
    expect(await screen.findByRole('region', { name: 'Event videos' })).toBeTruthy();
    const photos = screen.getByRole('region', { name: 'Event photos' });
    expect(within(photos).getByRole('img', { name: 'Free skin-care camp, Kothrud, January 2024' })).toBeTruthy();
  });

  it('shows the team members with image, name, role and description', async () => {
    renderApp({ route: '/teams' });
    expect(await screen.findByRole('heading', { name: 'Dr. Meera Kulkarni' })).toBeTruthy();
    expect(screen.getByText('Founder and chief homeopath')).toBeTruthy();
    expect(screen.getByText('Twenty years of classical homeopathy practice in Pune.')).toBeTruthy();
    const image = screen.getByRole('img', { name: 'Portrait of Dr. Meera Kulkarni' });
    expect(image.getAttribute('width')).toBe('320');
    expect(image.getAttribute('height')).toBe('320');
  });

  it("shows 'No Location found' on the contact page when there are no locations", async () => {
    renderApp({ route: '/contactus', load: () => Promise.resolve(emptyOptions) });
    const main = screen.getByRole('main');
    expect(await within(main).findByText('No Location found')).toBeTruthy();
  });
});
