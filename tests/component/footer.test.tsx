import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyOptions, renderApp } from './support';

describe('footer', () => {
  it('links the four pages of spec §2', () => {
    renderApp();
    const footer = screen.getByRole('contentinfo');
    const expected: Array<[string, string]> = [
      ['About us', '/aboutus'],
      ['Contact', '/contactus'],
      ['Privacy Policy', '/privacypolicy'],
      ['Terms of Service', '/termandcondition'],
    ];
    for (const [name, href] of expected) {
      expect(within(footer).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
  });

  it('has the clinic phone as a tel: link and the 2024 copyright', () => {
    renderApp();
    const footer = screen.getByRole('contentinfo');
    const phone = within(footer).getByRole('link', { name: /\+91 20 4000 1234/ });
    expect(phone.getAttribute('href')).toBe('tel:+912040001234');
    expect(footer.textContent).toContain('© 2024 Sahaj Homeopathy Clinic');
  });

  it('opens the five social networks in new tabs, safely', () => {
    renderApp();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('heading', { name: 'Follow Us On' })).toBeTruthy();
    for (const name of ['Facebook', 'Instagram', 'X', 'YouTube', 'LinkedIn']) {
      const link = within(footer).getByRole('link', { name });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(link.querySelector('svg')).not.toBeNull();
    }
  });

  it('lists the clinic locations from site options', async () => {
    renderApp();
    const footer = screen.getByRole('contentinfo');
    for (const name of ['Kothrud', 'Aundh', 'Viman Nagar', 'Hadapsar']) {
      expect(await within(footer).findByText(name)).toBeTruthy();
    }
  });

  it("says 'No Location found' when there are none", async () => {
    renderApp({ load: () => Promise.resolve(emptyOptions) });
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByText('No Location found')).toBeTruthy();
  });
});
