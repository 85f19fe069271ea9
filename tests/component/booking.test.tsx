/**
 * The Book Appointment popup and the payment pages, wired to the real booking and payment-result
 * machines with fake calls answered by hand: every step of the flow, an online doctor without
 * Clinic Visit, a booked slot that explains itself, missing choices, login asked then resumed,
 * a 409, the /payment allow-list, /paymentsuccess claiming nothing unasked and the /paymentfail countdown.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TimeSlot } from '../../contract/appointments';
import type { Doctor } from '../../contract/site';
import { clinicToday } from '../../contract/clinicTime';
import { keptBookingKey } from '../../src/app/useBookingServices';
import { refused } from '../machines/accountFakes';
import { anita, appointmentFor, doctors, fees, kavita, someFree, tenTaken } from '../machines/bookingFakes';
import { bookingDay, checkoutAnswer, dayAfter, fakeBooking, type FakeBooking, renderBookingApp, sandboxCheckout } from './bookingSupport';
import { answer, answerWhenCalled, currentPath, demoUser, dialogBody, expectToast, fakeAccount, loginUser, warmAccountChunks } from './support';

beforeAll(async () => {
  await warmAccountChunks();
  await Promise.all([
    import('../../src/components/Booking/BookingPopup'),
    import('../../src/pages/Payment/PaymentPage'),
    import('../../src/pages/Payment/PaymentResultPage'),
  ]);
}, 30_000);

afterEach(() => {
  sessionStorage.clear();
  vi.useRealTimers();
});

async function loggedIn(booking = fakeBooking(), route = '/') {
  const account = fakeAccount({ storedToken: 'tok-stored' });
  renderBookingApp({ route, account, booking });
  await answer(() => account.fetchCurrentUser.latest().resolve(demoUser));
  await screen.findByRole('button', { name: 'My Profile' });
  return { account, booking };
}

/** Opens the popup and answers the doctor and fee lists. */
async function openPopup(user: ReturnType<typeof userEvent.setup>, booking: FakeBooking, { feesNow = true } = {}) {
  await user.click(screen.getAllByRole('button', { name: 'Book Appointment' })[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Book Appointment' });
  await answerWhenCalled(booking.loadDoctors, (call) => call.resolve(doctors));
  if (feesNow) await answerWhenCalled(booking.loadFees, (call) => call.resolve(fees));
  return dialog;
}

/** Location, doctor, type and date chosen; the slots answered. */
async function chooseUpToSlots(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  booking: FakeBooking,
  { location = 'Andheri West', doctor = anita, type = 'Clinic Visit', slots = someFree } = {},
) {
  await user.selectOptions(within(dialog).getByLabelText('Location'), location);
  await user.selectOptions(await within(dialog).findByLabelText('Doctor'), doctor.email);
  await user.selectOptions(await within(dialog).findByLabelText('Consultation type'), type);
  fireEvent.change(await within(dialog).findByLabelText('Date'), { target: { value: bookingDay } });
  await waitFor(() => expect(booking.loadTimeSlots.calls.length).toBeGreaterThan(0));
  await answer(() => booking.loadTimeSlots.latest().resolve(slots));
}

function description(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('Book Appointment popup', () => {
  it('goes through every step, books, pays and leaves for the checkout through /payment', async () => {
    const user = userEvent.setup();
    const { booking } = await loggedIn();
    const dialog = await openPopup(user, booking);

    // The personal fields come from the logged-in user.
    expect((within(dialog).getByLabelText('First name') as HTMLInputElement).value).toBe('Asha');
    expect((within(dialog).getByLabelText('Last name') as HTMLInputElement).value).toBe('Verma');
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('asha@example.in');
    expect((within(dialog).getByLabelText('Phone number') as HTMLInputElement).value).toBe('9876543210');
    expect((within(dialog).getByLabelText('Age') as HTMLInputElement).value).toBe('34');
    expect((within(dialog).getByLabelText('Gender') as HTMLSelectElement).value).toBe('female');

    const date = async () => within(dialog).findByLabelText('Date');
    await chooseUpToSlots(user, dialog, booking);
    expect((await date()).getAttribute('min')).toBe(clinicToday());
    expect(booking.loadTimeSlots.latest().input).toEqual({
      doctorEmail: anita.email,
      date: bookingDay,
      location: 'Andheri West',
      token: 'tok-stored',
    });

    // The fee of Clinic Visit, in rupees.
    expect(within(dialog).getByTestId('booking-fee').textContent).toBe('₹700');

    const slots = within(dialog).getByRole('group', { name: 'Time slot' });
    await user.click(within(slots).getByRole('radio', { name: '10:00' }));
    expect((within(slots).getByRole('radio', { name: '10:00' }) as HTMLInputElement).checked).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    const add = booking.addAppointment.latest();
    expect(add.input.token).toBe('tok-stored');
    expect(add.input.request).toMatchObject({
      doctorEmail: anita.email,
      doctorName: anita.name,
      location: 'Andheri West',
      consultationType: 'Clinic Visit',
      date: bookingDay,
      startTime: '10:00',
      firstName: 'Asha',
    });
    const appointment = appointmentFor(add.input.request);
    await answer(() => add.resolve(appointment));
    expect(booking.createPayment.latest().input.request).toEqual({
      appointmentId: appointment._id,
      consultationAmount: 700,
    });
    await answer(() => booking.createPayment.latest().resolve(checkoutAnswer));

    await waitFor(() => expect(currentPath()).toBe(`/payment?payUrl=${encodeURIComponent(sandboxCheckout)}`));
    expect(screen.queryByRole('dialog')).toBeNull();
    const kept = JSON.parse(sessionStorage.getItem(keptBookingKey) ?? 'null');
    expect(kept.choices).toMatchObject({ location: 'Andheri West', doctorEmail: anita.email, time: '10:00' });
    await waitFor(() => expect(booking.left).toEqual([sandboxCheckout]));
  });

  it('a popup opened while a stored token is still being checked takes the account once it is known: its details prefilled', async () => {
    const user = userEvent.setup();
    const account = fakeAccount({ storedToken: 'tok-stored' });
    const booking = fakeBooking();
    renderBookingApp({ route: '/', account, booking });
    const dialog = await openPopup(user, booking);
    await answer(() => account.fetchCurrentUser.latest().resolve(demoUser));
    await waitFor(() => expect((within(dialog).getByLabelText('Phone number') as HTMLInputElement).value.replace(/\D/g, '')).toContain(demoUser.phoneNumber));
    expect((within(dialog).getByLabelText('First name') as HTMLInputElement).value).toBe(demoUser.firstName);
  });

  it("stops the date picker at the booking horizon: max is the doctor list's last bookable day", async () => {
    const user = userEvent.setup();
    const { booking } = await loggedIn();
    await user.click(screen.getAllByRole('button', { name: 'Book Appointment' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Book Appointment' });
    const last = dayAfter(90);
    await answerWhenCalled(booking.loadDoctors, (call) => call.resolve(doctors.map((d) => ({ ...d, bookableUntil: last }) as Doctor)));
    await answerWhenCalled(booking.loadFees, (call) => call.resolve(fees));
    await user.selectOptions(within(dialog).getByLabelText('Location'), 'Andheri West');
    await user.selectOptions(await within(dialog).findByLabelText('Doctor'), anita.email);
    await user.selectOptions(await within(dialog).findByLabelText('Consultation type'), 'Clinic Visit');
    const date = (await within(dialog).findByLabelText('Date')) as HTMLInputElement;
    expect(date.getAttribute('min')).toBe(clinicToday());
    expect(date.getAttribute('max')).toBe(last);
    // Typed past it anyway: not taken, no slots asked for.
    fireEvent.change(date, { target: { value: dayAfter(91) } });
    expect(booking.loadTimeSlots.calls).toHaveLength(0);
  });

  it('offers a Clinic Visit at a clinic and Chat, Video and Call online, with the doctors of each place', async () => {
    const user = userEvent.setup();
    const { booking } = await loggedIn();
    const dialog = await openPopup(user, booking);
    const typeOptions = async () =>
      within(await within(dialog).findByLabelText('Consultation type'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    await user.selectOptions(within(dialog).getByLabelText('Location'), 'Andheri West');
    const doctorSelect = await within(dialog).findByLabelText('Doctor');
    expect(within(doctorSelect).queryByRole('option', { name: /Kavita/ })).toBeNull();
    // Kavita is at Bandra too, but consults online only: not offered at the clinic.
    await user.selectOptions(within(dialog).getByLabelText('Location'), 'Bandra');
    expect(within(within(dialog).getByLabelText('Doctor')).queryByRole('option', { name: /Kavita/ })).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Doctor'), anita.email);
    expect(await typeOptions()).not.toContain('Video');
    expect((within(dialog).getByLabelText('Consultation type') as HTMLSelectElement).value).toBe('Clinic Visit');
    await user.selectOptions(within(dialog).getByLabelText('Location'), 'Online (Chat, Video, Call)');
    await user.selectOptions(within(dialog).getByLabelText('Doctor'), kavita.email);
    const types = await typeOptions();
    expect(types).toContain('Video');
    expect(types).not.toContain('Clinic Visit');
  });

  it('disables booked and unavailable slots, each with its explanation', async () => {
    const user = userEvent.setup();
    const { booking } = await loggedIn();
    const dialog = await openPopup(user, booking);
    await chooseUpToSlots(user, dialog, booking);
    const booked = within(dialog).getByRole('radio', { name: '09:00' });
    expect((booked as HTMLInputElement).disabled).toBe(true);
    expect(description(booked)).toBe('This slot is already booked');
    expect(booked.closest('label')?.getAttribute('title')).toBe('This slot is already booked');
    const unavailable = within(dialog).getByRole('radio', { name: '09:30' });
    expect((unavailable as HTMLInputElement).disabled).toBe(true);
    expect(description(unavailable)).toBe('This slot is unavailable');
    expect((within(dialog).getByRole('radio', { name: '10:00' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('shows the empty states of the slot list', async () => {
    const user = userEvent.setup();
    const { booking } = await loggedIn();
    const dialog = await openPopup(user, booking);
    await chooseUpToSlots(user, dialog, booking, { slots: [] });
    expect(within(dialog).getByText('No schedule found for selected date or location or doctor.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: dayAfter(4) } });
    await answer(() =>
      booking.loadTimeSlots.latest().resolve([
        { time: '09:00', status: 'booked' },
        { time: '09:30', status: 'unavailable' },
      ] as TimeSlot[]),
    );
    expect(within(dialog).getByText('Doctor is not available for this date.')).toBeTruthy();
  });

  it('shows 500 until the fee list loads', async () => {
    const user = userEvent.setup();
    const { booking } = await loggedIn();
    const dialog = await openPopup(user, booking, { feesNow: false });
    expect(within(dialog).getByTestId('booking-fee').textContent).toBe('₹500');
    await user.selectOptions(within(dialog).getByLabelText('Location'), 'Andheri West');
    await user.selectOptions(await within(dialog).findByLabelText('Doctor'), anita.email);
    expect((within(dialog).getByLabelText('Consultation type') as HTMLSelectElement).value).toBe('Clinic Visit');
    expect(within(dialog).getByTestId('booking-fee').textContent).toBe('₹500');
    await answerWhenCalled(booking.loadFees, (call) => call.resolve(fees));
    expect(within(dialog).getByTestId('booking-fee').textContent).toBe('₹700');
  });

  it("says 'Please select all required fields.' when Book comes before the choices", async () => {
    const user = userEvent.setup();
    const { booking } = await loggedIn();
    const dialog = await openPopup(user, booking);
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    await expectToast('Please select all required fields.', 'alert');
    expect(booking.addAppointment.calls).toHaveLength(0);
  });

  /** Logged out: every choice made (10:30), then Book, which asks for a login. */
  async function bookLoggedOut(account: ReturnType<typeof fakeAccount>) {
    const user = userEvent.setup();
    const booking = fakeBooking();
    renderBookingApp({ account, booking });
    const dialog = await openPopup(user, booking);
    await chooseUpToSlots(user, dialog, booking);
    await user.click(within(dialog).getByRole('radio', { name: '10:30' }));
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    return { user, account, booking };
  }

  it('asks a logged-out visitor to log in, then goes on with Book by itself once the account is known: one Book, the choices and the details kept', async () => {
    const { user, account, booking } = await bookLoggedOut(fakeAccount());
    const login = await screen.findByRole('dialog', { name: 'Login' });
    expect(screen.queryByRole('dialog', { name: 'Book Appointment' })).toBeNull();
    expect(booking.addAppointment.calls).toHaveLength(0);
    await user.type(within(login).getByLabelText('Email'), 'asha@example.in');
    await user.type(within(login).getByLabelText('Password'), 'monsoon evenings');
    await user.click(within(login).getByRole('button', { name: 'Login' }));
    await answer(() => account.login.latest().resolve({ token: 'tok-new', user: loginUser }));

    // Back, the choices kept, busy while the session fetches the whole account (the login
    // answer has no phone, age or gender): nothing booked yet.
    const back = await screen.findByRole('dialog', { name: 'Book Appointment' });
    expect((within(back).getByLabelText('Location') as HTMLSelectElement).value).toBe('Andheri West');
    expect((within(back).getByLabelText('Doctor') as HTMLSelectElement).value).toBe(anita.email);
    expect((within(back).getByLabelText('Date') as HTMLInputElement).value).toBe(bookingDay);
    expect(booking.addAppointment.calls).toHaveLength(0);
    // The whole account fills in the rest, and Book goes on: no second press.
    await answer(() => account.fetchCurrentUser.latest().resolve(demoUser));
    await waitFor(() => expect(booking.addAppointment.calls).toHaveLength(1));
    expect(booking.addAppointment.latest().input).toMatchObject({
      token: 'tok-new',
      request: { location: 'Andheri West', doctorEmail: anita.email, date: bookingDay, startTime: '10:30', firstName: 'Asha', phoneNumber: '9876543210', age: 34, gender: 'female' },
    });
  });

  it('asks a logged-out visitor to log in, then asks for what the account lacks, the focus on it, with the choices kept', async () => {
    const { user, account, booking } = await bookLoggedOut(fakeAccount());
    const login = await screen.findByRole('dialog', { name: 'Login' });
    await user.type(within(login).getByLabelText('Email'), 'asha@example.in');
    await user.type(within(login).getByLabelText('Password'), 'monsoon evenings');
    await user.click(within(login).getByRole('button', { name: 'Login' }));
    await answer(() => account.login.latest().resolve({ token: 'tok-new', user: loginUser }));
    // An account without a phone: Book cannot go on; the focus is on the first detail missing,
    // not on Location at the top of the popup.
    await answer(() => account.fetchCurrentUser.latest().resolve({ ...demoUser, phoneNumber: null }));
    const back = await screen.findByRole('dialog', { name: 'Book Appointment' });
    await waitFor(() => expect(document.activeElement).toBe(within(back).getByLabelText('Phone number')));
    expect((within(back).getByLabelText('First name') as HTMLInputElement).value).toBe('Asha');
    expect((within(back).getByLabelText('Age') as HTMLInputElement).value).toBe('34');
    expect((within(back).getByLabelText('Gender') as HTMLSelectElement).value).toBe('female');
    expect((within(back).getByRole('radio', { name: '10:30' }) as HTMLInputElement).checked).toBe(true);
    expect(booking.addAppointment.calls).toHaveLength(0);
    // Given, Book keeps it on the account first (the account lacked it), then books.
    await user.type(within(back).getByLabelText('Phone number'), '9876543210');
    await user.click(within(back).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(booking.saveProfile.calls).toHaveLength(1));
    expect(booking.saveProfile.latest().input.input).toMatchObject({ phoneNumber: '9876543210' });
    await answer(() => booking.saveProfile.latest().resolve(demoUser));
    await waitFor(() => expect(booking.addAppointment.calls).toHaveLength(1));
  });

  it('keeps the booking beneath while the visitor goes from its login to Sign up and back: the login then returns to the same step', async () => {
    const { user, account } = await bookLoggedOut(fakeAccount());
    const login = await screen.findByRole('dialog', { name: 'Login' });
    await user.click(within(login).getByRole('button', { name: 'Sign up' }));
    const signUp = await screen.findByRole('dialog', { name: 'Sign up' });
    await user.click(within(signUp).getByRole('button', { name: 'Login' }));
    const again = await screen.findByRole('dialog', { name: 'Login' });
    await user.type(within(again).getByLabelText('Email'), 'asha@example.in');
    await user.type(within(again).getByLabelText('Password'), 'monsoon evenings');
    await user.click(within(again).getByRole('button', { name: 'Login' }));
    await answer(() => account.login.latest().resolve({ token: 'tok-new', user: loginUser }));

    const back = await screen.findByRole('dialog', { name: 'Book Appointment' });
    expect((within(back).getByLabelText('Location') as HTMLSelectElement).value).toBe('Andheri West');
    expect((within(back).getByLabelText('Doctor') as HTMLSelectElement).value).toBe(anita.email);
    expect((within(back).getByLabelText('Date') as HTMLInputElement).value).toBe(bookingDay);
  });

  it("opens the login Book asks for on the mobile number, where the clinic texts codes, with Google and the email a tap away; the header's Login opens on the email form", async () => {
    const { user, account } = await bookLoggedOut(fakeAccount({ signInOptions: { mobile: { channels: ['sms'] } } }));
    const login = await screen.findByRole('dialog', { name: 'Sign in with your mobile number' });
    await waitFor(() => expect(document.activeElement).toBe(within(login).getByLabelText('Mobile number')));
    expect(within(login).queryByLabelText('Email')).toBeNull();
    await user.click(within(login).getByRole('button', { name: 'Continue with Google' }));
    expect(account.googleRedirects).toEqual(['/']);
    await user.click(within(login).getByRole('button', { name: 'Use email instead' }));
    expect(await within(login).findByLabelText('Email')).toBeTruthy();
    await user.click(within(login).getByRole('button', { name: 'Close' }));

    // Back in the booking, closed: the header's Login keeps the email form first.
    await screen.findByRole('dialog', { name: 'Book Appointment' });
    await user.click(within(screen.getByRole('dialog', { name: 'Book Appointment' })).getByRole('button', { name: 'Close' }));
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Login' }));
    const plain = await screen.findByRole('dialog', { name: 'Login' });
    expect(within(plain).getByLabelText('Email')).toBeTruthy();
    expect(await within(plain).findByRole('button', { name: 'Continue with mobile number' })).toBeTruthy();
  });

  it('asks which ways to sign in as the popup opens, logged out; a login that opens before the answer waits for it, then opens on the mobile number', async () => {
    const base = fakeAccount();
    let answerOptions: (options: { mobile: { channels: Array<'sms'> } }) => void = () => undefined;
    const load = vi.fn(() => new Promise<{ mobile: { channels: Array<'sms'> } }>((resolve) => (answerOptions = resolve)));
    const { user } = await bookLoggedOut({ ...base, services: { ...base.services, loadSignInOptions: load } });
    expect(load).toHaveBeenCalledTimes(1);
    const waiting = await screen.findByRole('dialog', { name: 'Login' });
    expect(dialogBody(waiting).getByRole('status').textContent).toBe('Loading the ways to sign in…');
    expect(within(waiting).queryByLabelText('Email')).toBeNull();
    await answer(() => answerOptions({ mobile: { channels: ['sms'] } }));
    const login = await screen.findByRole('dialog', { name: 'Sign in with your mobile number' });
    await waitFor(() => expect(document.activeElement).toBe(within(login).getByLabelText('Mobile number')));
    expect(load).toHaveBeenCalledTimes(1);
    await user.click(within(login).getByRole('button', { name: 'Use email instead' }));
    expect(await within(login).findByLabelText('Email')).toBeTruthy();
  });

  it('shows the server\'s 409 message and refreshes the slots', async () => {
    const user = userEvent.setup();
    const { booking } = await loggedIn();
    const dialog = await openPopup(user, booking);
    await chooseUpToSlots(user, dialog, booking);
    await user.click(within(dialog).getByRole('radio', { name: '10:00' }));
    const before = booking.loadTimeSlots.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    await answer(() => booking.addAppointment.latest().reject(refused(409, 'This slot is already booked')));
    await expectToast('This slot is already booked', 'alert');
    await waitFor(() => expect(booking.loadTimeSlots.calls.length).toBe(before + 1));
    await answer(() => booking.loadTimeSlots.latest().resolve(tenTaken));
    expect((within(dialog).getByRole('radio', { name: '10:00' }) as HTMLInputElement).disabled).toBe(true);
  });

  it("says 'Something went wrong.' when booking fails without a readable message", async () => {
    const user = userEvent.setup();
    const { booking } = await loggedIn();
    const dialog = await openPopup(user, booking);
    await chooseUpToSlots(user, dialog, booking);
    await user.click(within(dialog).getByRole('radio', { name: '10:00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    await answer(() => booking.addAppointment.latest().reject({ _tag: 'NetworkFailure', message: 'Failed to fetch' }));
    await expectToast('Something went wrong.', 'alert');
  });
});

describe('/payment', () => {
  it('refuses a payUrl outside the checkout origins: an error, never a redirect', async () => {
    const booking = fakeBooking();
    renderBookingApp({ route: `/payment?payUrl=${encodeURIComponent('https://evil.example/pay')}`, booking });
    expect(await screen.findByText(/not one of our payment pages/)).toBeTruthy();
    expect(booking.left).toEqual([]);
  });

  it('refuses a missing payUrl', async () => {
    const booking = fakeBooking();
    renderBookingApp({ route: '/payment', booking });
    expect(await screen.findByText(/not one of our payment pages/)).toBeTruthy();
    expect(booking.left).toEqual([]);
  });

  it('leaves for a checkout page of the configured origin', async () => {
    const booking = fakeBooking();
    renderBookingApp({ route: `/payment?payUrl=${encodeURIComponent(sandboxCheckout)}`, booking });
    await waitFor(() => expect(booking.left).toEqual([sandboxCheckout]));
  });
});

describe('payment result pages', () => {
  it('/paymentsuccess without a payment to ask about claims nothing: no countdown home, no success toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    renderBookingApp({ route: '/paymentsuccess' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(screen.getByText(/There is no payment to confirm on this page/)).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(currentPath()).toBe('/paymentsuccess');
    expect(screen.queryByText('Appointment booked successfully.')).toBeNull();
  });

  it('/paymentfail goes home at "Go now" with the popup open again and the kept choices', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem(
      keptBookingKey,
      JSON.stringify({
        choices: { location: '', doctorEmail: kavita.email, consultationType: 'Video', date: bookingDay, time: '10:00' },
        details: { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.in', phoneNumber: '9876543210', age: '34', gender: 'female' },
      }),
    );
    const booking = fakeBooking();
    renderBookingApp({ route: '/paymentfail', booking });
    expect(await screen.findByText('Going to the home page in 5 seconds.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Appointment' });
    expect(currentPath()).toBe('/');
    expect(sessionStorage.getItem(keptBookingKey)).toBeNull();
    await answerWhenCalled(booking.loadDoctors, (call) => call.resolve(doctors));
    await answerWhenCalled(booking.loadFees, (call) => call.resolve(fees));
    await waitFor(() => expect(booking.loadTimeSlots.calls.length).toBeGreaterThan(0));
    await answer(() => booking.loadTimeSlots.latest().resolve(someFree));
    expect((within(dialog).getByLabelText('Location') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Online (Chat, Video, Call)');
    expect((within(dialog).getByLabelText('Doctor') as HTMLSelectElement).value).toBe(kavita.email);
    expect((within(dialog).getByLabelText('Consultation type') as HTMLSelectElement).value).toBe('Video');
    expect((within(dialog).getByLabelText('Date') as HTMLInputElement).value).toBe(bookingDay);
    expect((within(dialog).getByRole('radio', { name: '10:00' }) as HTMLInputElement).checked).toBe(true);
  });

  it('/paymentfail says why when the payment came too late for its slot and will be refunded', async () => {
    renderBookingApp({ route: '/paymentfail?reason=refund', booking: fakeBooking() });
    expect(await screen.findByText(/will be refunded to you in full/)).toBeTruthy();
    expect(screen.queryByText('Your payment did not go through. Your choices are kept: you can try again.')).toBeNull();
  });

  it('/paymentfail without a reason says the payment did not go through', async () => {
    renderBookingApp({ route: '/paymentfail', booking: fakeBooking() });
    expect(await screen.findByText('Your payment did not go through. Your choices are kept: you can try again.')).toBeTruthy();
    expect(screen.queryByText(/will be refunded/)).toBeNull();
  });
});
