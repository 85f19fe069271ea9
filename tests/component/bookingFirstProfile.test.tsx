/**
 * The first booking of an account made by a mobile number, in the rendered Book Appointment
 * popup: "Myself" asks the first and last name, age and gender (the number is there already),
 * Book saves them on the account (PUT /auth/profile) before the appointment is made, the session
 * takes the saved user, and the next popup is prefilled and books without saving again. A
 * Google sign-up (a name, no phone, age or gender) is asked and saved the same way.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../contract/auth';
import { anita, appointmentFor, doctors, fees, someFree } from '../machines/bookingFakes';
import { bookingDay, checkoutAnswer, fakeBooking, type FakeBooking, renderBookingApp } from './bookingSupport';
import { answer, answerWhenCalled, fakeAccount, warmAccountChunks } from './support';

beforeAll(async () => {
  await warmAccountChunks();
  await import('../../src/components/Booking/BookingPopup');
}, 30_000);

afterEach(() => sessionStorage.clear());

const mobileUser: User = {
  _id: 'u9',
  firstName: '',
  lastName: '',
  email: null,
  phoneNumber: '+919822012345',
  age: null,
  gender: null,
  signInMethod: 'phone',
  role: 'patient',
  phoneVerified: true,
};
const savedUser: User = { ...mobileUser, firstName: 'Ravi', lastName: 'Patil', age: 61, gender: 'male' };

async function loggedInAs(user: User) {
  const account = fakeAccount({ storedToken: 'tok-stored' });
  const booking = fakeBooking();
  renderBookingApp({ account, booking });
  await answer(() => account.fetchCurrentUser.latest().resolve(user));
  await screen.findByRole('button', { name: 'My Profile' });
  return { account, booking };
}

async function openAndChoose(person: ReturnType<typeof userEvent.setup>, booking: FakeBooking) {
  // After a checkout the page would have left for the provider; in jsdom it stays, and the popup's
  // owner takes a new Book Appointment only once the last booking has ended: asked again until it opens.
  const button = screen.getAllByRole('button', { name: 'Book Appointment' })[0]!;
  for (let tries = 0; tries < 20 && !screen.queryByRole('dialog', { name: 'Book Appointment' }); tries++) {
    await person.click(button);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Book Appointment' })).not.toBeNull(), { timeout: 500 }).catch(() => undefined);
  }
  const dialog = await screen.findByRole('dialog', { name: 'Book Appointment' });
  await answerWhenCalled(booking.loadDoctors, (call) => call.resolve(doctors));
  await answerWhenCalled(booking.loadFees, (call) => call.resolve(fees));
  await person.selectOptions(within(dialog).getByLabelText('Location'), 'Andheri West');
  await person.selectOptions(await within(dialog).findByLabelText('Doctor'), anita.email);
  await person.selectOptions(await within(dialog).findByLabelText('Consultation type'), 'Clinic Visit');
  fireEvent.change(await within(dialog).findByLabelText('Date'), { target: { value: bookingDay } });
  await waitFor(() => expect(booking.loadTimeSlots.calls.length).toBeGreaterThan(0));
  await answer(() => booking.loadTimeSlots.latest().resolve(someFree));
  await person.click(within(within(dialog).getByRole('group', { name: 'Time slot' })).getByRole('radio', { name: '10:00' }));
  return dialog;
}

const value = (dialog: HTMLElement, label: string) => (within(dialog).getByLabelText(label) as HTMLInputElement).value;

describe('the first booking of a mobile sign-up', () => {
  it('asks the name, age and gender once, saves them on the account, then books; the next popup is prefilled', async () => {
    const person = userEvent.setup();
    const { booking } = await loggedInAs(mobileUser);
    let dialog = await openAndChoose(person, booking);
    expect(within(dialog).getByText('We keep your name, age and gender on your account, so you are asked for them only once.')).toBeTruthy();
    expect(value(dialog, 'First name')).toBe('');
    expect(value(dialog, 'Phone number')).toBe('+919822012345');

    // Blank: refused on the fields, nothing saved.
    await person.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(within(dialog).getByLabelText('First name').getAttribute('aria-invalid')).toBe('true'));
    expect(booking.saveProfile.calls).toHaveLength(0);

    await person.type(within(dialog).getByLabelText('First name'), 'Ravi');
    await person.type(within(dialog).getByLabelText('Last name'), 'Patil');
    // An account without an email is not asked for one.
    expect(within(dialog).queryByLabelText('Email')).toBeNull();
    await person.type(within(dialog).getByLabelText('Age'), '61');
    await person.selectOptions(within(dialog).getByLabelText('Gender'), 'male');
    await person.click(within(dialog).getByRole('button', { name: 'Book' }));

    expect(booking.saveProfile.latest().input).toEqual({
      input: { firstName: 'Ravi', lastName: 'Patil', phoneNumber: '+919822012345', age: 61, gender: 'male' },
      token: 'tok-stored',
    });
    expect(booking.addAppointment.calls).toHaveLength(0);
    await answer(() => booking.saveProfile.latest().resolve(savedUser));
    const add = booking.addAppointment.latest();
    expect(add.input.request).toMatchObject({ firstName: 'Ravi', lastName: 'Patil', age: 61, gender: 'male' });
    expect(add.input.request).not.toHaveProperty('email');
    await answer(() => add.resolve(appointmentFor(add.input.request)));
    await answer(() => booking.createPayment.latest().resolve(checkoutAnswer));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Back on the site: a new popup starts from the session's saved user.
    dialog = await openAndChoose(person, booking);
    expect(value(dialog, 'First name')).toBe('Ravi');
    expect(value(dialog, 'Age')).toBe('61');
    expect(within(dialog).queryByText(/asked for them only once/)).toBeNull();
  });

  it('asks a Google sign-up (a name, no phone, age or gender) as before, and saves them on the account too', async () => {
    const person = userEvent.setup();
    const google: User = { ...mobileUser, firstName: 'Gita', lastName: 'Rao', email: 'gita@example.in', phoneNumber: null, signInMethod: 'google', phoneVerified: false };
    const { booking } = await loggedInAs(google);
    const dialog = await openAndChoose(person, booking);
    expect(within(dialog).getByText('We keep your phone number, age and gender on your account, so you are asked for them only once.')).toBeTruthy();
    expect(value(dialog, 'First name')).toBe('Gita');
    await person.type(within(dialog).getByLabelText('Phone number'), '9822012345');
    await person.type(within(dialog).getByLabelText('Age'), '45');
    await person.selectOptions(within(dialog).getByLabelText('Gender'), 'female');
    await person.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(booking.saveProfile.latest().input.input).toEqual({ firstName: 'Gita', lastName: 'Rao', phoneNumber: '9822012345', age: 45, gender: 'female' });
    await answer(() => booking.saveProfile.latest().resolve({ ...google, phoneNumber: '9822012345', age: 45, gender: 'female' }));
    expect(booking.addAppointment.latest().input.request).toMatchObject({ firstName: 'Gita', phoneNumber: '9822012345', age: 45 });
  });
});
