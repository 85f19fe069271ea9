/**
 * Help with a booked consultation (spec §1, §4, §8) wired to the real help machine: on
 * /myappointment once the session's list has loaded, with the clinic's contacts from the server's
 * configuration (GET /api/site/contacts, answered by hand), and the button on its own for a
 * logged-out person.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { HelpButton } from '../../src/components/Appointments/HelpButton';
import { ToastRegion } from '../../src/ui/ToastRegion';
import { unanswered } from '../machines/accountFakes';
import { appointment } from '../machines/appointmentFakes';
import { fakeAppointments, showList } from './appointmentsSupport';
import { answer, dialogBody, expectToast } from './support';

const contacts = { chatNumber: '+91 98220 12345', callNumber: '+91 20 4000 1234', email: 'help@sahaj-clinic.example' };

describe('help', () => {
  it("loads the clinic's configured contacts when it opens: chat with the prefilled text, a call and an email", async () => {
    const user = userEvent.setup();
    const fake = fakeAppointments();
    await showList([appointment({ consultationType: 'Video' })], fake);
    expect(fake.loadHelpContacts.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Help with your consultation' });
    expect(dialogBody(dialog).getByRole('status').textContent).toBe("Loading the clinic's contacts…");
    await answer(() => fake.loadHelpContacts.latest().resolve(contacts));
    const chat = within(dialog).getByRole('link', { name: /^Chat on WhatsApp/ });
    expect(chat.getAttribute('href')).toBe(`https://wa.me/919822012345?text=${encodeURIComponent('Hello, I want help.')}`);
    expect(chat.getAttribute('target')).toBe('_blank');
    expect(chat.getAttribute('rel')).toContain('noopener');
    expect(within(dialog).getByRole('link', { name: 'Call +91 20 4000 1234' }).getAttribute('href')).toBe('tel:+912040001234');
    expect(within(dialog).getByRole('link', { name: 'Email help@sahaj-clinic.example' }).getAttribute('href')).toBe(
      'mailto:help@sahaj-clinic.example',
    );

    // Closed and opened again: the contacts are kept.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(await screen.findByRole('link', { name: /^Chat on WhatsApp/ })).toBeTruthy();
    expect(fake.loadHelpContacts.calls).toHaveLength(1);
  });

  it('says when the contacts could not be loaded, with a retry', async () => {
    const user = userEvent.setup();
    const fake = fakeAppointments();
    await showList([appointment({ consultationType: 'Call' })], fake);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await answer(() => fake.loadHelpContacts.latest().reject(unanswered));
    const dialog = screen.getByRole('dialog', { name: 'Help with your consultation' });
    expect(dialogBody(dialog).getByRole('alert').textContent).toContain('Something went wrong.');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await answer(() => fake.loadHelpContacts.latest().resolve(contacts));
    expect(within(dialog).getByRole('link', { name: 'Call +91 20 4000 1234' })).toBeTruthy();
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
        <HelpButton isLoggedIn={false} appointments={[]} loadContacts={fromPromise(async () => contacts)} />
        <ToastRegion />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await expectToast('Please login.', 'alert');
  });
});
