/**
 * Help (chat, call, email) from the footer for everyone and from the header's profile
 * menu, through the whole app: a logged-out person is told the spec's 'Please login.'; a patient
 * with an online consultation gets the links once the list has loaded (never "no appointment"
 * before it knows); focus comes back to the button that opened it.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from '../../src/app/App';
import { AppointmentsServicesProvider } from '../../src/components/Appointments/services';
import { appointment } from '../machines/appointmentFakes';
import { fakeAppointments } from './appointmentsSupport';
import { answer, demoOptions, demoUser, expectToast, fakeAccount, fakeSiteOptionsLogic, renderApp } from './support';

const contacts = { chatNumber: '+91 98220 12345', callNumber: '+91 20 4000 1234', email: 'help@sahaj-clinic.example' };

beforeAll(async () => {
  await import('../../src/components/Appointments/HelpPopup');
});

function renderLoggedIn() {
  const fake = fakeAppointments();
  const login = fakeAccount({ storedToken: 'tok-stored' });
  const services = { ...login.services, actors: { ...login.services.actors, loadAppointments: fake.loadAppointments.logic } };
  render(
    <MemoryRouter initialEntries={['/']}>
      <AppointmentsServicesProvider services={fake.services}>
        <AppShell siteOptionsLogic={fakeSiteOptionsLogic(() => Promise.resolve(demoOptions))} accountServices={services} />
      </AppointmentsServicesProvider>
    </MemoryRouter>,
  );
  return { fake, account: login };
}

describe('help from anywhere', () => {
  it("the footer's Help tells a logged-out person 'Please login.' and gives focus back", async () => {
    const user = userEvent.setup();
    renderApp({ route: '/' });
    const footer = screen.getByRole('contentinfo');
    const help = within(footer).getByRole('button', { name: 'Help with a consultation' });
    await user.click(help);
    await expectToast('Please login.', 'alert');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(help));
  });

  it('the profile menu and the footer offer chat, call and email to a patient with an online consultation', async () => {
    const user = userEvent.setup();
    const { fake, account } = renderLoggedIn();
    await answer(() => account.fetchCurrentUser.latest().resolve(demoUser));
    const menuButton = await screen.findByRole('button', { name: 'My Profile' });
    await user.click(menuButton);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    // The list is still loading: nothing is said yet, no "no appointment".
    expect(screen.queryByText('You have not booked any appointment', { selector: '.toast__text' })).toBeNull();
    await waitFor(() => expect(fake.loadAppointments.calls.length).toBeGreaterThan(0));
    await answer(() => fake.loadAppointments.latest().resolve([appointment({ consultationType: 'Video' })]));
    const dialog = await screen.findByRole('dialog', { name: 'Help with your consultation' });
    await answer(() => fake.loadHelpContacts.latest().resolve(contacts));
    expect(within(dialog).getByRole('link', { name: /^Chat on WhatsApp/ }).getAttribute('href')).toBe(
      `https://wa.me/919822012345?text=${encodeURIComponent('Hello, I want help.')}`,
    );
    expect(within(dialog).getByRole('link', { name: 'Call +91 20 4000 1234' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Email help@sahaj-clinic.example' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const help = within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Help with a consultation' });
    await user.click(help);
    expect(await screen.findByRole('dialog', { name: 'Help with your consultation' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement).toBe(help));
  });

  it("says 'Your consultation type is not chat, video or call.' from the footer when every appointment is a clinic visit", async () => {
    const user = userEvent.setup();
    const { fake, account } = renderLoggedIn();
    await answer(() => account.fetchCurrentUser.latest().resolve(demoUser));
    await waitFor(() => expect(fake.loadAppointments.calls.length).toBeGreaterThan(0));
    await answer(() => fake.loadAppointments.latest().resolve([appointment({ consultationType: 'Clinic Visit' })]));
    await user.click(within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Help with a consultation' }));
    await expectToast('Your consultation type is not chat, video or call.', 'alert');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
