/**
 * Help with a booked consultation (spec §1, §4, §8) wired to the real help machine: on
 * /myappointment once the list has loaded, and the button on its own for a logged-out person.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HelpButton } from '../../src/components/Appointments/HelpButton';
import { ToastRegion } from '../../src/components/Toast/ToastRegion';
import { clinic } from '../../src/content/clinic';
import { helpContacts } from '../../src/content/helpContacts';
import { appointment } from '../machines/appointmentFakes';
import { expectToast, showList } from './appointmentsSupport';

describe('help', () => {
  it('offers chat with the prefilled text, a call and an email to the clinic', async () => {
    const user = userEvent.setup();
    await showList([appointment({ consultationType: 'Video' })]);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Help with your consultation' });
    const chat = within(dialog).getByRole('link', { name: /^Chat on WhatsApp/ });
    expect(chat.getAttribute('href')).toBe(`https://wa.me/912040001234?text=${encodeURIComponent('Hello, I want help.')}`);
    expect(chat.getAttribute('target')).toBe('_blank');
    expect(chat.getAttribute('rel')).toContain('noopener');
    expect(within(dialog).getByRole('link', { name: `Call ${clinic.phone.display}` }).getAttribute('href')).toBe(
      'tel:+912040001234',
    );
    expect(within(dialog).getByRole('link', { name: `Email ${clinic.email}` }).getAttribute('href')).toBe(
      `mailto:${clinic.email}`,
    );
  });

  it('the contacts come from the clinic configuration, the chat going to the clinic phone', () => {
    expect(helpContacts).toEqual({ chatNumber: clinic.phone.display, callNumber: clinic.phone.display, email: clinic.email });
  });

  it("says 'You have not booked any appointment' when there are none", async () => {
    const user = userEvent.setup();
    await showList([]);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await expectToast('You have not booked any appointment', 'alert');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'Your consultation type is not chat, video or call.' when every one is a clinic visit", async () => {
    const user = userEvent.setup();
    await showList([appointment({ consultationType: 'Clinic Visit' }), appointment({ consultationType: 'Video', appointmentStatus: 'Cancelled' })]);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await expectToast('Your consultation type is not chat, video or call.', 'alert');
  });

  it("says 'Please login.' to a logged-out person", async () => {
    const user = userEvent.setup();
    render(
      <>
        <HelpButton isLoggedIn={false} appointments={[]} />
        <ToastRegion />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await expectToast('Please login.', 'alert');
  });
});
