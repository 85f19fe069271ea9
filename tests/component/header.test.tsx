import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../contract/auth';
import { settle } from '../machines/accountFakes';
import { demoUser, fakeAccount, renderApp, warmAccountChunks } from './support';

beforeAll(warmAccountChunks, 30_000);

function menuButton() {
  return screen.getByRole('button', { name: 'Menu' });
}

describe('header', () => {
  it('has the contact bar, the clinic name linking home and the main navigation', async () => {
    renderApp();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: /\+91 20 4000 1234/ }).getAttribute('href')).toBe('tel:+912040001234');
    expect(within(banner).getByRole('link', { name: /care@sahaj-clinic\.example/ }).getAttribute('href')).toBe(
      'mailto:care@sahaj-clinic.example',
    );
    expect(within(banner).getByRole('link', { name: /Sahaj Homeopathy Clinic/ }).getAttribute('href')).toBe('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Our Treatments', 'Gallery', 'Teams', 'About us', 'Contact us']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(nav).getByRole('button', { name: 'Book Appointment' })).toBeTruthy();
    expect(within(banner).getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(within(banner).getByRole('button', { name: 'Sign up' })).toBeTruthy();
  });

  it('lists the locations in the picker, defaulting to the city', async () => {
    renderApp();
    const picker = screen.getByRole('combobox', { name: 'Location' }) as HTMLSelectElement;
    expect(picker.value).toBe('');
    expect(picker.selectedOptions[0]?.textContent).toBe('Pune');
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(5));
    await userEvent.selectOptions(picker, 'Aundh');
    expect(picker.value).toBe('Aundh');
  });

  it('opens and closes the hamburger menu with the mouse, and names what it controls', async () => {
    const user = userEvent.setup();
    renderApp();
    const button = menuButton();
    const list = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(list).not.toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(list?.className).toContain('main-nav__list--open');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(list?.className).not.toContain('main-nav__list--open');
  });

  it('works by keyboard: Enter opens, Escape closes and returns focus to the button', async () => {
    const user = userEvent.setup();
    renderApp();
    const button = menuButton();
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Home');
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    await user.keyboard(' ');
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('closes when the visitor navigates', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(menuButton());
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Teams' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Our team' })).toBeTruthy();
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(within(nav).getByRole('link', { name: 'Teams' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens the Login popup, traps focus in it, and Escape returns focus to the button', async () => {
    const user = userEvent.setup();
    renderApp();
    const login = screen.getByRole('button', { name: 'Login' });
    await user.click(login);
    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByLabelText('Email')).toBeTruthy();
    expect(within(dialog).getByLabelText('Password')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Email')));
    // That Tab and Shift+Tab stay inside (the page behind is inert, which jsdom does not do) is
    // checked in the browser: tests/e2e/booking.test.ts, 'keeps Tab inside the popups'.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(login);
  });

  it('Book Appointment opens the booking popup; Sign up opens the form; Close closes', async () => {
    const user = userEvent.setup();
    renderApp();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Book Appointment' }));
    const booking = await screen.findByRole('dialog', { name: 'Book Appointment' });
    expect(within(booking).getByLabelText('Location')).toBeTruthy();
    await user.click(within(booking).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    const signUp = await screen.findByRole('dialog', { name: 'Sign up' });
    expect(within(signUp).getByLabelText('First name')).toBeTruthy();
    await act(async () => {
      await user.keyboard('{Escape}');
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('showing the Sign up panel hides the Login panel, and the reverse', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const login = await screen.findByRole('dialog', { name: 'Login' });
    await user.click(within(login).getByRole('button', { name: 'Sign up' }));
    const signUp = await screen.findByRole('dialog', { name: 'Sign up' });
    expect(screen.queryByRole('dialog', { name: 'Login' })).toBeNull();
    await user.click(within(signUp).getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Sign up' })).toBeNull();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  describe('the profile menu and the staff console', () => {
    /** Logged in with a stored token as `user`; the profile menu opened. Answers the menu's items. */
    async function openMenuAs(user: User) {
      const account = fakeAccount({ storedToken: 'tok-stored' });
      renderApp({ account });
      await act(async () => {
        account.fetchCurrentUser.latest().resolve(user);
        await settle();
      });
      const profile = await screen.findByRole('button', { name: 'My Profile' });
      await userEvent.click(profile);
      const list = document.getElementById(profile.getAttribute('aria-controls') ?? '')!;
      expect(list.hidden).toBe(false);
      return within(list)
        .getAllByRole('listitem')
        .map((item) => item.firstElementChild as HTMLElement);
    }

    it.each(['admin', 'doctor', 'reception'] as const)('an %s account finds Staff console (to /staff) just before Logout', async (role) => {
      const items = await openMenuAs({ ...demoUser, role });
      expect(items.map((item) => item.textContent)).toEqual(['My Profile', 'My Appointment', 'My Remedies', 'Help', 'Staff console', 'Logout']);
      expect(screen.getByRole('link', { name: 'Staff console' }).getAttribute('href')).toBe('/staff');
    });

    it('a patient sees no link to the staff console', async () => {
      const items = await openMenuAs({ ...demoUser, role: 'patient' });
      expect(items.map((item) => item.textContent)).toEqual(['My Profile', 'My Appointment', 'My Remedies', 'Help', 'Logout']);
      expect(screen.queryByRole('link', { name: 'Staff console' })).toBeNull();
    });
  });
});
