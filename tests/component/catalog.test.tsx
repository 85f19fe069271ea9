import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../src/i18n/catalogs';
import { en, getMessages, messages, setCatalog, type Messages } from '../../src/i18n/messages';
import { getMessages as getShellMessages } from '../../src/i18n/shell';
import { getStaffMessages, setStaffCatalog, staffMessages, useStaffMessages, type StaffMessages } from '../../src/i18n/staffMessages';
import {
  getStaffAdminMessages,
  setStaffAdminCatalog,
  staffAdminMessages,
  useStaffAdminMessages,
  type StaffAdminMessages,
} from '../../src/i18n/staffAdminMessages';
import { renderApp } from './support';

// A stand-in second language: English with a few texts changed, the shape the Hindi
// and Marathi catalogs have.
const other: Messages = {
  ...en,
  nav: { ...en.nav, home: 'Accueil' },
  header: { ...en.header, login: 'Connexion' },
  footer: { ...en.footer, followUsOn: 'Suivez-nous', copyright: (year: number) => `© ${year} autre` },
};

describe('the catalog in use', () => {
  afterEach(() => act(() => setCatalog(en)));

  it('starts as the English catalog, whole', () => {
    expect(getMessages()).toBe(en);
    expect(getShellMessages()).toBe(en);
    expect(messages).toBe(en);
  });

  it('shows another language in the views already on screen once it is set, and English again after', async () => {
    renderApp();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('heading', { name: 'Follow Us On' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' }).textContent).toContain('Home');

    act(() => setCatalog(other));
    expect(within(footer).getByRole('heading', { name: 'Suivez-nous' })).toBeTruthy();
    expect(footer.textContent).toContain('© 2024 autre');
    expect(screen.getByRole('navigation', { name: 'Main' }).textContent).toContain('Accueil');
    // Code outside React reads the same catalog.
    expect(getMessages().header.login).toBe('Connexion');
    expect(messages.nav.home).toBe('Accueil');

    await act(() => loadLanguage('en'));
    expect(within(footer).getByRole('heading', { name: 'Follow Us On' })).toBeTruthy();
    expect(messages).toBe(en);
  });
});

describe("the staff console's catalogs in use", () => {
  afterEach(() =>
    act(() => {
      setStaffCatalog(staffMessages);
      setStaffAdminCatalog(staffAdminMessages);
    }),
  );

  function Headings() {
    return (
      <>
        <h1>{useStaffMessages().audit.heading}</h1>
        <h2>{useStaffAdminMessages().sections.doctors}</h2>
      </>
    );
  }

  it('start as English and show other texts of the same shape in the views on screen once set', () => {
    expect(getStaffMessages()).toBe(staffMessages);
    expect(getStaffAdminMessages()).toBe(staffAdminMessages);
    render(<Headings />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(staffMessages.audit.heading);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(staffAdminMessages.sections.doctors);

    const console: StaffMessages = { ...staffMessages, audit: { ...staffMessages.audit, heading: 'Journal' } };
    const admin: StaffAdminMessages = { ...staffAdminMessages, sections: { ...staffAdminMessages.sections, doctors: 'Médecins' } };
    act(() => {
      setStaffCatalog(console);
      setStaffAdminCatalog(admin);
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Journal');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Médecins');
    expect(getStaffMessages().audit.heading).toBe('Journal');
  });
});
