/**
 * The payment result pages.
 *
 * After paying, only the server's word counts: /paymentsuccess asks the server about the payment it came
 * back with (`?order=`), says 'Confirming your payment...' while it is pending, and shows
 * 'Appointment booked successfully.' with the confirmation view only when the server confirms
 * it; a direct visit claims nothing and shows no toast.
 *
 * A pharmacy order's payment comes back to /paymentsuccess?for=order or
 * /paymentfail?for=order: the page speaks of the order, not of a booking, and the countdown ends
 * on /myappointment, without the booking's toast or popup.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentStatusAnswer } from '../../contract/appointments';
import type { CalendarFile } from '../../machines/appointments/appointmentsMachine';
import type { BookingServices } from '../../src/app/booking';
import { answeredByHand, refused } from '../machines/accountFakes';
import { appointment } from '../machines/appointmentFakes';
import { answer, currentPath, demoUser, fakeAccount, renderApp } from './support';

beforeAll(async () => {
  await import('../../src/pages/Payment/PaymentResultPage');
});

const ref = 'SHCA-261124-abcdef';
const record = appointment({ appointmentId: 'APT-0042', consultationType: 'Clinic Visit', location: 'Aundh', date: '2025-03-11', startTime: '16:30' });

function fakePayments() {
  const checkPayment = answeredByHand<PaymentStatusAnswer, { merchantOrderId: string; token: string }>();
  const downloadCalendar = answeredByHand<CalendarFile, { appointmentId: string; token: string }>();
  const offered: CalendarFile[] = [];
  const services: BookingServices = {
    actors: {} as BookingServices['actors'],
    checkoutOrigins: () => Promise.resolve([]),
    leaveFor: () => undefined,
    paymentResult: {
      checkPayment: checkPayment.logic,
      downloadCalendar: downloadCalendar.logic,
      offerDownload: (file) => offered.push(file),
    },
  };
  return { checkPayment, downloadCalendar, offered, services };
}

/** The page opened by a patient whose stored login the app checks first: the page waits for it, then asks. */
async function openLoggedIn(route: string, booking: BookingServices) {
  const account = fakeAccount({ storedToken: 'tok-9' });
  renderApp({ route, account, booking });
  await waitFor(() => expect(account.fetchCurrentUser.calls).toHaveLength(1));
  await answer(() => account.fetchCurrentUser.latest().resolve(demoUser));
  return account;
}

const status = (s: PaymentStatusAnswer['status'], extra: Partial<PaymentStatusAnswer> = {}): PaymentStatusAnswer => ({
  merchantOrderId: ref,
  purpose: 'appointment',
  status: s,
  amountPaid: s === 'paid' ? 450 : 0,
  appointment: record,
  ...extra,
});

describe('after paying, the truth', () => {
  it('says "Confirming your payment...", asks again while pending, then confirms with the details', async () => {
    const user = userEvent.setup();
    const payments = fakePayments();
    const account = fakeAccount({ storedToken: 'tok-9' });
    renderApp({ route: `/paymentsuccess?order=${ref}`, account, booking: payments.services });
    // While the stored login is checked, nothing is claimed and nothing asked.
    expect(await screen.findByText('Confirming your payment...')).toBeTruthy();
    expect(payments.checkPayment.calls).toHaveLength(0);
    await answer(() => account.fetchCurrentUser.latest().resolve(demoUser));
    await waitFor(() => expect(payments.checkPayment.calls).toHaveLength(1));
    expect(screen.queryByText('Appointment booked successfully.')).toBeNull();
    expect(payments.checkPayment.latest().input).toEqual({ merchantOrderId: ref, token: 'tok-9' });
    await answer(() => payments.checkPayment.latest().resolve(status('pending')));
    expect(screen.getByText('Confirming your payment...')).toBeTruthy();
    // Asked again a few seconds later.
    await waitFor(() => expect(payments.checkPayment.calls).toHaveLength(2), { timeout: 5000 });
    await answer(() => payments.checkPayment.latest().resolve(status('paid')));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Appointment booked successfully.' });
    expect(document.activeElement).toBe(heading);
    const view = screen.getByRole('region', { name: 'Your appointment' });
    expect(within(view).getByText(`Clinic Visit consultation with ${record.doctorName}`)).toBeTruthy();
    expect(within(view).getByText(/^Tue, 11 Mar,? 2025, 16:30 \(clinic time, IST\)$/i)).toBeTruthy();
    expect(within(view).getByText('Aundh')).toBeTruthy();
    expect(within(view).getByRole('link', { name: 'Aundh on the map' }).getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(within(view).getByText('₹450.00')).toBeTruthy();
    expect(within(view).getByText('APT-0042')).toBeTruthy();
    expect(within(view).getByRole('link', { name: 'Go to My appointments' }).getAttribute('href')).toBe('/myappointment');
    // No toast replays the news, and the page does not leave by itself.
    expect(screen.queryByText('Appointment booked successfully.', { selector: '.toast__text' })).toBeNull();

    await user.click(within(view).getByRole('button', { name: 'Add to calendar' }));
    expect(payments.downloadCalendar.latest().input).toEqual({ appointmentId: record._id, token: 'tok-9' });
    const ics = { fileName: 'appointment-APT-0042.ics', content: new Blob(['BEGIN:VCALENDAR']) };
    await answer(() => payments.downloadCalendar.latest().resolve(ics));
    expect(payments.offered).toEqual([ics]);
    expect(currentPath()).toBe(`/paymentsuccess?order=${ref}`);
  }, 15_000);

  it('an online Call says who calls whom', async () => {
    const payments = fakePayments();
    await openLoggedIn(`/paymentsuccess?order=${ref}`, payments.services);
    await screen.findByText('Confirming your payment...');
    await answer(() =>
      payments.checkPayment.latest().resolve(status('paid', { appointment: { ...record, consultationType: 'Call', phoneNumber: '9876543210' } })),
    );
    expect(await screen.findByText('Online (Call): the doctor will call you on 9876543210.')).toBeTruthy();
    expect(screen.queryByText('Where')).toBeNull();
  });

  it('an online Video says where and from when it opens, as the answer gives it', async () => {
    const payments = fakePayments();
    await openLoggedIn(`/paymentsuccess?order=${ref}`, payments.services);
    await screen.findByText('Confirming your payment...');
    // 16:30 clinic time is 11:00 UTC; the server's join window opens 15 minutes before.
    const video = { ...record, consultationType: 'Video' as const, location: '' };
    await answer(() => payments.checkPayment.latest().resolve(status('paid', { appointment: video, joinOpensAt: '2025-03-11T10:45:00.000Z' })));
    expect(await screen.findByText('Online (Video): the video call opens here, on My appointments, 15 minutes before 16:30.')).toBeTruthy();
  });

  it('a failed payment is said plainly: no "booked", no toast', async () => {
    const payments = fakePayments();
    await openLoggedIn(`/paymentsuccess?order=${ref}`, payments.services);
    await screen.findByText('Confirming your payment...');
    await answer(() => payments.checkPayment.latest().resolve(status('failed')));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not completed' })).toBeTruthy();
    expect(screen.getByText(/Your payment did not go through, so the appointment is not confirmed/)).toBeTruthy();
    expect(screen.queryByText('Appointment booked successfully.')).toBeNull();
  });

  it('a direct visit (or Back to a page whose payment is not ours) asks nothing it cannot, claims nothing, replays nothing', async () => {
    const payments = fakePayments();
    renderApp({ route: '/paymentsuccess', account: fakeAccount({ storedToken: 'tok-9' }), booking: payments.services });
    expect(await screen.findByText(/There is no payment to confirm on this page/)).toBeTruthy();
    expect(payments.checkPayment.calls).toHaveLength(0);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Appointment booked successfully.')).toBeNull();
    expect(currentPath()).toBe('/paymentsuccess');

    const other = fakePayments();
    await openLoggedIn(`/paymentsuccess?order=${ref}`, other.services);
    await waitFor(() => expect(other.checkPayment.calls).toHaveLength(1));
    await answer(() => other.checkPayment.latest().reject(refused(404, 'Payment not found.')));
    expect(await screen.findAllByText(/There is no payment to confirm on this page/)).toHaveLength(2);
  });

  it('a logged-out visit with a reference asks nothing and claims nothing', async () => {
    const payments = fakePayments();
    renderApp({ route: `/paymentsuccess?order=${ref}`, booking: payments.services });
    expect(await screen.findByText(/There is no payment to confirm on this page/)).toBeTruthy();
    expect(payments.checkPayment.calls).toHaveLength(0);
  });
});

describe('order payment result pages', () => {
  it('/paymentsuccess?for=order thanks for the order once confirmed, and "Go now" leads to My appointments', async () => {
    const user = userEvent.setup();
    const payments = fakePayments();
    await openLoggedIn(`/paymentsuccess?for=order&order=${ref}`, payments.services);
    await waitFor(() => expect(payments.checkPayment.calls).toHaveLength(1));
    await answer(() => payments.checkPayment.latest().resolve({ merchantOrderId: ref, purpose: 'order', status: 'paid', amountPaid: 120 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order payment received' })).toBeTruthy();
    expect(screen.getByText(/Your pharmacy order shows as paid in My appointments/)).toBeTruthy();
    expect(screen.getByText(/^Going to My appointments in [1-5] seconds?\.$/)).toBeTruthy();
    expect(screen.queryByText(/appointment/i, { selector: 'h1' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Go now' }));
    await waitFor(() => expect(currentPath()).toBe('/myappointment'), { timeout: 5000 });
    expect(screen.queryByText('Appointment booked successfully.', { selector: '.toast__text' })).toBeNull();
  });

  it('/paymentfail?for=order says the order payment did not go through, and opens no booking popup', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/paymentfail?for=order' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order payment not completed' })).toBeTruthy();
    expect(screen.getByText('Your payment for the pharmacy order did not go through. You can pay again from My appointments.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go now' }));
    await waitFor(() => expect(currentPath()).toBe('/myappointment'));
    expect(screen.queryByRole('dialog', { name: 'Book Appointment' })).toBeNull();
  });
});
