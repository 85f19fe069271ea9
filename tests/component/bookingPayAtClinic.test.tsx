/**
 * The Book Appointment popup where the chosen place takes the fee at the visit (the admin's
 * setting, on the doctor list): its payment step offers "Pay at the clinic" beside paying online
 * for a Clinic Visit there; chosen, Book asks for it, and a booking the server makes with its fee
 * due ends the popup with 'Appointment booked successfully.' and no checkout. Elsewhere the step
 * is not shown and the fee is paid online.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Doctor } from '../../contract/site';
import { anita, appointmentFor, doctors, fees, someFree } from '../machines/bookingFakes';
import { bookingDay, fakeBooking, type FakeBooking, renderBookingApp } from './bookingSupport';
import { answer, answerWhenCalled, currentPath, demoUser, expectToast, fakeAccount, warmAccountChunks } from './support';

beforeAll(async () => {
  await warmAccountChunks();
  await import('../../src/components/Booking/BookingPopup');
}, 30_000);

afterEach(() => sessionStorage.clear());

const anitaPaysThere: Doctor = { ...anita, payAtClinic: ['Andheri West'] };

async function openAt(user: ReturnType<typeof userEvent.setup>, booking: FakeBooking, location: string) {
  const account = fakeAccount({ storedToken: 'tok-stored' });
  renderBookingApp({ account, booking });
  await answer(() => account.fetchCurrentUser.latest().resolve(demoUser));
  await user.click((await screen.findAllByRole('button', { name: 'Book Appointment' }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Book Appointment' });
  await answerWhenCalled(booking.loadDoctors, (call) => call.resolve(doctors.map((d) => (d.email === anita.email ? anitaPaysThere : d))));
  await answerWhenCalled(booking.loadFees, (call) => call.resolve(fees));
  await user.selectOptions(within(dialog).getByLabelText('Location'), location);
  await user.selectOptions(await within(dialog).findByLabelText('Doctor'), anita.email);
  await user.selectOptions(await within(dialog).findByLabelText('Consultation type'), 'Clinic Visit');
  fireEvent.change(await within(dialog).findByLabelText('Date'), { target: { value: bookingDay } });
  await waitFor(() => expect(booking.loadTimeSlots.calls.length).toBeGreaterThan(0));
  await answer(() => booking.loadTimeSlots.latest().resolve(someFree));
  await user.click(within(within(dialog).getByRole('group', { name: 'Time slot' })).getByRole('radio', { name: '10:00' }));
  return dialog;
}

describe('Book Appointment popup: paying at the clinic', () => {
  it('offers it for a Clinic Visit there; chosen, it books with the fee due and ends with the success toast, no checkout', async () => {
    const user = userEvent.setup();
    const booking = fakeBooking();
    const dialog = await openAt(user, booking, 'Andheri West');

    const payment = within(dialog).getByRole('group', { name: 'Payment' });
    const online = within(payment).getByRole('radio', { name: 'Pay online now' }) as HTMLInputElement;
    const clinic = within(payment).getByRole('radio', { name: 'Pay at the clinic' }) as HTMLInputElement;
    expect(online.checked).toBe(true);
    expect(document.getElementById(clinic.getAttribute('aria-describedby')!)?.textContent).toContain('you pay the fee at the clinic');
    await user.click(clinic);
    expect(clinic.checked).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    const add = booking.addAppointment.latest();
    expect(add.input.request).toMatchObject({ location: 'Andheri West', consultationType: 'Clinic Visit', startTime: '10:00', payAtClinic: true });
    await answer(() => add.resolve(appointmentFor(add.input.request, { appointmentPaymentStatus: 'due', holdExpiresAt: null })));

    await expectToast('Appointment booked successfully.', 'status');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(booking.createPayment.calls).toHaveLength(0);
    expect(booking.left).toEqual([]);
    expect(currentPath()).toBe('/');
  });

  it('is not offered at a place that does not take the fee at the visit: Book pays online', async () => {
    const user = userEvent.setup();
    const booking = fakeBooking();
    const dialog = await openAt(user, booking, 'Bandra');
    expect(within(dialog).queryByRole('group', { name: 'Payment' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    const add = booking.addAppointment.latest();
    expect(add.input.request).not.toHaveProperty('payAtClinic');
    await answer(() => add.resolve(appointmentFor(add.input.request)));
    await waitFor(() => expect(booking.createPayment.calls).toHaveLength(1));
  });
});
