/**
 * The popups follow the browser's Back: opening one adds a history entry, so Back (the phone's
 * Back button, popstate) closes it, and a link to another page closes it too. Closing it from the
 * app (Close, Escape, a login) takes its entry back, so the next Back leaves the page as before.
 * The Book Appointment popup keeps what was chosen and typed for its next opening in the tab
 * (the same login only), and the login popup it asks for is one step further: Back closes that
 * first and comes back to the booking.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App, AppShell } from '../../src/app/App';
import { keptBookingKey } from '../../src/app/useBookingServices';
import { anita, doctors, fees, someFree } from '../machines/bookingFakes';
import { bookingDay, fakeBooking, type FakeBooking } from './bookingSupport';
import {
  answer,
  answerWhenCalled,
  currentPath,
  demoOptions,
  demoUser,
  fakeAccount,
  type FakeAccount,
  fakeSiteOptionsLogic,
  PathProbe,
  warmAccountChunks,
} from './support';

beforeAll(async () => {
  await warmAccountChunks();
  await Promise.all([import('../../src/components/Booking/BookingPopup'), import('../../src/pages/Payment/PaymentResultPage')]);
}, 30_000);

/** The router's navigate, as a link or the browser's Back and Forward would use it. */
let router: NavigateFunction;
function RouterProbe() {
  router = useNavigate();
  return null;
}

/** The browser's Back (a POP of the router's history), then React catching up. */
async function goBack() {
  await act(async () => {
    await router(-1);
  });
}

function renderAt(entries: string[], { account = fakeAccount(), booking = fakeBooking() }: { account?: FakeAccount; booking?: FakeBooking } = {}) {
  render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <AppShell siteOptionsLogic={fakeSiteOptionsLogic(() => Promise.resolve(demoOptions))} accountServices={account.services} bookingServices={booking.services} />
      <PathProbe />
      <RouterProbe />
    </MemoryRouter>,
  );
  return { account, booking };
}

const bookingDialog = () => screen.queryByRole('dialog', { name: 'Book Appointment' });

/** Opens the popup and answers its doctor and fee lists (each opening asks again). */
async function openBooking(user: ReturnType<typeof userEvent.setup>, booking: FakeBooking) {
  const asked = { doctors: booking.loadDoctors.calls.length, fees: booking.loadFees.calls.length };
  await user.click(screen.getAllByRole('button', { name: 'Book Appointment' })[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Book Appointment' });
  await waitFor(() => expect(booking.loadDoctors.calls.length).toBeGreaterThan(asked.doctors));
  await answer(() => booking.loadDoctors.latest().resolve(doctors));
  await waitFor(() => expect(booking.loadFees.calls.length).toBeGreaterThan(asked.fees));
  await answer(() => booking.loadFees.latest().resolve(fees));
  await waitFor(() => expect((within(dialog).getByLabelText('Location') as HTMLSelectElement).disabled).toBe(false));
  return dialog;
}

describe('the Book Appointment popup and the browser history', () => {
  it('Back closes it and stays on the page; reopened, what was chosen and typed is still there', async () => {
    const user = userEvent.setup();
    const { booking } = renderAt(['/aboutus', '/']);
    const dialog = await openBooking(user, booking);
    await user.selectOptions(within(dialog).getByLabelText('Location'), 'Andheri West');
    await user.selectOptions(await within(dialog).findByLabelText('Doctor'), anita.email);
    await user.type(within(dialog).getByLabelText('First name'), 'Meera');
    await user.type(within(dialog).getByLabelText('Phone number'), '9822012345');

    await goBack();
    await waitFor(() => expect(bookingDialog()).toBeNull());
    expect(currentPath()).toBe('/');
    // Focus goes back to the button that opened it.
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByRole('button', { name: 'Book Appointment' })[0]));

    const again = await openBooking(user, booking);
    expect((within(again).getByLabelText('Location') as HTMLSelectElement).value).toBe('Andheri West');
    expect((within(again).getByLabelText('Doctor') as HTMLSelectElement).value).toBe(anita.email);
    expect((within(again).getByLabelText('First name') as HTMLInputElement).value).toBe('Meera');
    expect((within(again).getByLabelText('Phone number') as HTMLInputElement).value).toBe('9822012345');

    // The popup's own entry went with it: a second Back leaves the page as it would have.
    await goBack();
    await waitFor(() => expect(bookingDialog()).toBeNull());
    expect(currentPath()).toBe('/');
    await goBack();
    await waitFor(() => expect(currentPath()).toBe('/aboutus'));
  });

  it('Close takes its history entry back: the next Back leaves the page', async () => {
    const user = userEvent.setup();
    const { booking } = renderAt(['/aboutus', '/']);
    const dialog = await openBooking(user, booking);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(bookingDialog()).toBeNull());
    expect(currentPath()).toBe('/');
    await goBack();
    await waitFor(() => expect(currentPath()).toBe('/aboutus'));
    expect(bookingDialog()).toBeNull();
  });

  it('a link to another page closes it', async () => {
    const user = userEvent.setup();
    const { booking } = renderAt(['/']);
    const dialog = await openBooking(user, booking);
    await user.selectOptions(within(dialog).getByLabelText('Location'), 'Andheri West');
    await act(async () => {
      await router('/contactus');
    });
    await waitFor(() => expect(bookingDialog()).toBeNull());
    expect(currentPath()).toBe('/contactus');
    // Back to the page it was open on: the page, without the popup.
    await goBack();
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(bookingDialog()).toBeNull();
    // Reopened, the place chosen is still chosen.
    const again = await openBooking(user, booking);
    expect((within(again).getByLabelText('Location') as HTMLSelectElement).value).toBe('Andheri West');
  });

  it('the login popup it asks for is one step further: Back closes the login, then the booking', async () => {
    const user = userEvent.setup();
    const { booking } = renderAt(['/aboutus', '/']);
    const dialog = await openBooking(user, booking);
    await user.selectOptions(within(dialog).getByLabelText('Location'), 'Andheri West');
    await user.selectOptions(await within(dialog).findByLabelText('Doctor'), anita.email);
    await user.selectOptions(await within(dialog).findByLabelText('Consultation type'), 'Clinic Visit');
    fireEvent.change(await within(dialog).findByLabelText('Date'), { target: { value: bookingDay } });
    await waitFor(() => expect(booking.loadTimeSlots.calls.length).toBeGreaterThan(0));
    await answer(() => booking.loadTimeSlots.latest().resolve(someFree));
    await user.click(within(dialog).getByRole('radio', { name: '10:30' }));
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    await screen.findByRole('dialog', { name: 'Login' });
    expect(bookingDialog()).toBeNull();

    await goBack();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Login' })).toBeNull());
    const back = await screen.findByRole('dialog', { name: 'Book Appointment' });
    expect((within(back).getByLabelText('Doctor') as HTMLSelectElement).value).toBe(anita.email);
    expect((within(back).getByRole('radio', { name: '10:30' }) as HTMLInputElement).checked).toBe(true);
    expect(booking.addAppointment.calls).toHaveLength(0);

    await goBack();
    await waitFor(() => expect(bookingDialog()).toBeNull());
    expect(currentPath()).toBe('/');
    await goBack();
    await waitFor(() => expect(currentPath()).toBe('/aboutus'));
  });

  it('keeps nothing for another login: after a logout the popup opens empty', async () => {
    const user = userEvent.setup();
    const account = fakeAccount({ storedToken: 'tok-stored' });
    const { booking } = renderAt(['/'], { account });
    await answer(() => account.fetchCurrentUser.latest().resolve(demoUser));
    await screen.findByRole('button', { name: 'My Profile' });
    const dialog = await openBooking(user, booking);
    await user.selectOptions(within(dialog).getByLabelText('Location'), 'Andheri West');
    await goBack();
    await waitFor(() => expect(bookingDialog()).toBeNull());

    await user.click(screen.getByRole('button', { name: 'My Profile' }));
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await screen.findByRole('button', { name: 'Login' });

    const again = await openBooking(user, booking);
    expect((within(again).getByLabelText('Location') as HTMLSelectElement).value).toBe('');
    expect((within(again).getByLabelText('First name') as HTMLInputElement).value).toBe('');
  });
});

describe('/paymentfail and the browser history', () => {
  it('"Go now" opens the popup over the home page: Back closes it there, not on /paymentfail', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem(keptBookingKey, JSON.stringify({ choices: { location: 'Andheri West' }, details: {} }));
    const { booking } = renderAt(['/paymentfail']);
    await screen.findByText('Going to the home page in 5 seconds.');
    await user.click(screen.getByRole('button', { name: 'Go now' }));
    await screen.findByRole('dialog', { name: 'Book Appointment' });
    expect(currentPath()).toBe('/');
    await answerWhenCalled(booking.loadDoctors, (call) => call.resolve(doctors));
    await goBack();
    await waitFor(() => expect(bookingDialog()).toBeNull());
    expect(currentPath()).toBe('/');
  });
});

describe('the login popup and the browser history', () => {
  it('Back closes the login popup opened from the header', async () => {
    const user = userEvent.setup();
    renderAt(['/']);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('dialog', { name: 'Login' });
    await goBack();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Login' })).toBeNull());
    expect(currentPath()).toBe('/');
  });
});

describe('in the hash router, with the window history', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it("the browser's Back (popstate) closes the Book Appointment popup", async () => {
    window.history.replaceState(null, '', '/#/');
    const user = userEvent.setup();
    const account = fakeAccount();
    const booking = fakeBooking();
    render(<App siteOptionsLogic={fakeSiteOptionsLogic(() => Promise.resolve(demoOptions))} accountServices={account.services} bookingServices={booking.services} />);
    await openBooking(user, booking);
    act(() => window.history.back());
    await waitFor(() => expect(bookingDialog()).toBeNull());
    expect(window.location.hash).toBe('#/');
  });
});
