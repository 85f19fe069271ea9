/**
 * /myappointment wired to the real machines, with fake calls answered by hand (as the machines'
 * own tests do): the list, an unconfirmed fee with Pay, cancel, and a completed consultation's
 * order and prescription. Every spec message is checked word for word (spec §8).
 */
import { StrictMode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emptyMedicines, type AppointmentRecord } from '../../contract/appointments';
import { AccountProvider } from '../../src/app/account';
import { fromAbortablePromise } from '../../src/app/abortable';
import { AppointmentsServicesProvider } from '../../src/components/Appointments/services';
import MyAppointmentsPage from '../../src/pages/MyAppointments/MyAppointmentsPage';
import { refused, unanswered } from '../machines/accountFakes';
import { appointment, checkoutUrl, completed, order, unpaid } from '../machines/appointmentFakes';
import { fakeAppointments, renderMyAppointments, showList } from './appointmentsSupport';
import { answer, demoUser, expectToast, fakeAccount, findOpenDialog, refuseToken } from './support';

/** The card of the appointment with this appointment id. */
function card(appointmentId: string): HTMLElement {
  const id = screen.getByText(appointmentId);
  const article = id.closest('article');
  if (!article) throw new Error(`no card for ${appointmentId}`);
  return article;
}

/** The text of a fact (dt/dd pair) in a card. */
function fact(scope: HTMLElement, label: string): string {
  const term = within(scope).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('the list', () => {
  it('asks for the session user with the token, shows loading, then each appointment', async () => {
    const fake = fakeAppointments();
    await renderMyAppointments(fake);
    expect(fake.loadAppointments.latest().input).toEqual({ email: 'asha@example.in', token: 'tok-stored' });
    expect(screen.getByText('Loading your appointments…').getAttribute('role')).toBe('status');

    const booked = appointment({ appointmentId: 'APT-1001', date: '2025-03-11', startTime: '09:00' });
    const done = completed(null, { appointmentId: 'APT-0999', consultationType: 'Clinic Visit', location: 'Bandra' });
    const expired = appointment({ appointmentId: 'APT-0998', appointmentStatus: 'Expired' });
    const cancelled = appointment({ appointmentId: 'APT-0997', appointmentStatus: 'Cancelled' });
    await answer(() => fake.loadAppointments.latest().resolve([booked, done, expired, cancelled]));

    const first = card('APT-1001');
    // Doctor and date once, in the card's heading (compact cards).
    expect(within(first).getByRole('heading', { level: 3 }).textContent).toMatch(new RegExp(`^${booked.doctorName}, Tue, 11 Mar,? 2025$`));
    expect(within(first).queryByText('Doctor', { selector: 'dt' })).toBeNull();
    expect(fact(first, 'Location')).toBe('Andheri West');
    expect(fact(first, 'Consultation type')).toBe('Video');
    expect(fact(first, 'Time')).toMatch(/09:00$/);
    expect(fact(first, 'Status')).toBe('Booked');
    expect(fact(first, 'Appointment ID')).toBe('APT-1001');
    expect(within(first).getByRole('button', { name: 'Cancel' })).toBeTruthy();

    expect(fact(card('APT-0999'), 'Status')).toBe('Completed');
    expect(fact(card('APT-0999'), 'Consultation type')).toBe('Clinic Visit');
    expect(within(card('APT-0999')).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(fact(card('APT-0998'), 'Status')).toBe('Expired');
    expect(within(card('APT-0998')).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(fact(card('APT-0997'), 'Status')).toBe('Cancelled');
    expect(within(card('APT-0997')).queryByRole('button', { name: 'Cancel' })).toBeNull();
    // A paid appointment says nothing about its fee.
    expect(within(first).queryByText(/Fee not paid/)).toBeNull();
  });

  it('shows upcoming appointments first, soonest at the top, and the past and cancelled below, collapsed', async () => {
    const later = appointment({ appointmentId: 'APT-2002', date: '2025-03-20', startTime: '10:00' });
    const soonest = appointment({ appointmentId: 'APT-2001', date: '2025-03-12', startTime: '16:00' });
    const sameDayEarlier = appointment({ appointmentId: 'APT-2000', date: '2025-03-12', startTime: '09:30' });
    const done = completed(null, { appointmentId: 'APT-1999', date: '2025-03-01' });
    const cancelled = appointment({ appointmentId: 'APT-1998', appointmentStatus: 'Cancelled', date: '2025-03-05' });
    await showList([later, done, soonest, cancelled, sameDayEarlier]);
    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    const ids = (scope: HTMLElement) => within(scope).getAllByText(/^APT-/, { selector: 'dd' }).map((dd) => dd.textContent);
    expect(ids(upcoming)).toEqual(['APT-2000', 'APT-2001', 'APT-2002']);
    const earlier = document.querySelector('details.appointments__earlier') as HTMLDetailsElement;
    expect(earlier.open).toBe(false);
    expect(within(earlier).getByRole('heading', { level: 2 }).textContent).toBe('Past and cancelled (2)');
    // The most recent first.
    expect(ids(earlier)).toEqual(['APT-1998', 'APT-1999']);
  });

  it('opens the past part when something there still asks for action (an Expired appointment to move or cancel)', async () => {
    await showList([appointment({ appointmentId: 'APT-3001' }), appointment({ appointmentId: 'APT-3000', appointmentStatus: 'Expired' })]);
    const earlier = document.querySelector('details.appointments__earlier') as HTMLDetailsElement;
    expect(earlier.open).toBe(true);
  });

  it("says 'No Appointments Found.' when there are none", async () => {
    await showList([]);
    expect(await screen.findByText('No Appointments Found.')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('shows a failure with a retry that asks again', async () => {
    const user = userEvent.setup();
    const fake = fakeAppointments();
    await renderMyAppointments(fake);
    await answer(() => fake.loadAppointments.latest().reject(unanswered));
    const words = await screen.findByText('Something went wrong.', { selector: '.appointments__state p' });
    const alert = words.closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('the failure is not announced');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(fake.loadAppointments.calls).toHaveLength(2);
    await answer(() => fake.loadAppointments.latest().resolve([appointment({ appointmentId: 'APT-2' })]));
    expect(card('APT-2')).toBeTruthy();
    expect(screen.queryByText('Something went wrong.')).toBeNull();
  });

  it('a 401 ends the session, through the request base, saying the server\'s words once', async () => {
    const fake = fakeAppointments();
    const { account } = await renderMyAppointments(fake);
    await refuseToken((failure) => fake.loadAppointments.latest().reject(failure), 'Please log in again.');
    await waitFor(() => expect(account.storage.token).toBeNull());
    await expectToast('Please log in again.', 'alert');
    expect(screen.getAllByText('Please log in again.', { selector: '.toast__text' })).toHaveLength(1);
  });
});

describe('an appointment whose fee was never confirmed', () => {
  it('says so plainly, and Pay leaves for the payment page', async () => {
    const user = userEvent.setup();
    const fake = fakeAppointments();
    const record = unpaid(10, { appointmentId: 'APT-U1' });
    await showList([record], fake);
    const unpaidCard = card('APT-U1');
    expect(fact(unpaidCard, 'Status')).toBe('Booked');
    expect(within(unpaidCard).getByText(/^Fee not paid: this appointment is not confirmed yet\. Your slot is held until/)).toBeTruthy();

    await user.click(within(unpaidCard).getByRole('button', { name: /^Pay ₹450/ }));
    expect(fake.createPayment.latest().input).toEqual({
      request: { appointmentId: record._id, consultationAmount: 450 },
      token: 'tok-stored',
    });
    await answer(() => fake.createPayment.latest().resolve({ merchantOrderId: 'M-1', checkoutPageUrl: checkoutUrl(1) }));
    expect(fake.redirects).toEqual(['/#/payment?payUrl=' + encodeURIComponent(checkoutUrl(1))]);
  });

  it("shows the server's words when the payment is refused, and loads the list again", async () => {
    const user = userEvent.setup();
    const fake = fakeAppointments();
    await showList([unpaid(10, { appointmentId: 'APT-U2' })], fake);
    await user.click(within(card('APT-U2')).getByRole('button', { name: /^Pay/ }));
    await answer(() => fake.createPayment.latest().reject(refused(409, 'The hold on this slot has lapsed.')));
    await expectToast('The hold on this slot has lapsed.', 'alert');
    expect(fake.loadAppointments.calls).toHaveLength(2);
    expect(fake.redirects).toEqual([]);
  });

  it('once the hold lapses: no Pay, and it says the slot is no longer held', async () => {
    const fake = fakeAppointments();
    await showList([unpaid(-1, { appointmentId: 'APT-U3' })], fake);
    const lapsed = card('APT-U3');
    expect(
      within(lapsed).getByText('Fee not paid: this appointment was never confirmed, and its slot is no longer held.'),
    ).toBeTruthy();
    expect(within(lapsed).queryByRole('button', { name: /^Pay/ })).toBeNull();
  });
});

describe('cancel', () => {
  async function openCancel(appointmentId: string, record: AppointmentRecord = appointment({ appointmentId })) {
    const user = userEvent.setup();
    const fake = fakeAppointments();
    await showList([record], fake);
    await user.click(within(card(appointmentId)).getByRole('button', { name: 'Cancel' }));
    const dialog = await findOpenDialog('Cancel appointment');
    // The safe answer has focus.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'No, keep it' }));
    return { user, fake, record, dialog };
  }

  it("asks 'Your appointment fee will not be refunded. Still want to cancel?', cancels, tells and refreshes", async () => {
    const { user, fake, record, dialog } = await openCancel('APT-C1');
    expect(within(dialog).getByText('Your appointment fee will not be refunded. Still want to cancel?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(fake.deleteAppointment.latest().input).toEqual({ userId: 'u1', appointmentId: record._id, token: 'tok-stored', refundExpected: false });
    await answer(() => fake.deleteAppointment.latest().resolve({ message: 'Cancelled.' }));
    await expectToast('Appointment Deleted Successfully.', 'status');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.loadAppointments.calls).toHaveLength(2);
    await answer(() => fake.loadAppointments.latest().resolve([{ ...record, appointmentStatus: 'Cancelled' }]));
    expect(fact(card('APT-C1'), 'Status')).toBe('Cancelled');
  });

  it('says before Yes that the fee will be refunded while cancelling is free, and the spec\'s words once it is not', async () => {
    // The page's clock is 2025-03-10 10:00 in the clinic (04:30 UTC).
    const inTime = appointment({ appointmentId: 'APT-C6', consultationFee: 500, freeCancelUntil: '2025-03-10T04:31:00.000Z' });
    const { user, fake, dialog } = await openCancel('APT-C6', inTime);
    expect(within(dialog).getByText('Cancelling now is free: your appointment fee of ₹500 will be refunded. Still want to cancel?')).toBeTruthy();
    expect(within(dialog).queryByText(/will not be refunded/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(fake.deleteAppointment.latest().input).toMatchObject({ refundExpected: true });
    // Free cancellation ended meanwhile: the server refuses, and the spec's question is asked instead.
    const closed = 'Free cancellation of this appointment has just ended: its fee would not be refunded now. It is not cancelled.';
    await answer(() => fake.deleteAppointment.latest().reject({ ...refused(409, closed), code: 'appointment.refundWindowClosed' }));
    await expectToast(closed, 'alert');
    expect(within(dialog).getByText('Your appointment fee will not be refunded. Still want to cancel?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(fake.deleteAppointment.latest().input).toMatchObject({ refundExpected: false });
    await answer(() => fake.deleteAppointment.latest().resolve({ message: 'Cancelled.' }));
    await expectToast('Appointment Deleted Successfully.', 'status');
  });

  it("asks the spec's 'Your appointment fee will not be refunded. Still want to cancel?' once free cancellation has ended", async () => {
    const late = appointment({ appointmentId: 'APT-C7', consultationFee: 500, freeCancelUntil: '2025-03-10T04:29:59.999Z' });
    const { dialog } = await openCancel('APT-C7', late);
    expect(within(dialog).getByText('Your appointment fee will not be refunded. Still want to cancel?')).toBeTruthy();
    expect(within(dialog).queryByText(/will be refunded/)).toBeNull();
  });

  it('asks an unpaid hold whether to release its slot, without the refund warning', async () => {
    const { user, fake, dialog } = await openCancel('APT-C5', unpaid(20, { appointmentId: 'APT-C5' }));
    expect(
      within(dialog).getByText('No fee has been paid for this appointment. Cancelling releases its slot for someone else. Still want to cancel?'),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/will not be refunded/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await answer(() => fake.deleteAppointment.latest().resolve({ message: 'Cancelled.' }));
    await expectToast('Appointment Deleted Successfully.', 'status');
  });

  it("shows the server's message when it refuses, and asks again", async () => {
    const { user, fake, dialog } = await openCancel('APT-C2');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await answer(() => fake.deleteAppointment.latest().reject(refused(404, 'Appointment not found')));
    await expectToast('Appointment not found', 'alert');
    expect(screen.getByRole('dialog', { name: 'Cancel appointment' })).toBeTruthy();
    expect(fake.loadAppointments.calls).toHaveLength(1);
  });

  it("says 'Failed to delete appointment' without a readable message", async () => {
    const { user, fake, dialog } = await openCancel('APT-C3');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await answer(() => fake.deleteAppointment.latest().reject(unanswered));
    await expectToast('Failed to delete appointment', 'alert');
  });

  it('No keeps the appointment without a call', async () => {
    const { user, fake, dialog } = await openCancel('APT-C4');
    await user.click(within(dialog).getByRole('button', { name: 'No, keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.deleteAppointment.calls).toHaveLength(0);
    // Focus goes back to the button that opened the popup.
    expect(document.activeElement).toBe(within(card('APT-C4')).getByRole('button', { name: 'Cancel' }));
  });
});

describe('a completed consultation', () => {
  it("without an order: 'Order Status: Pending'", async () => {
    await showList([completed(null, { appointmentId: 'APT-O1' })]);
    expect(within(card('APT-O1')).getByText('Order Status: Pending')).toBeTruthy();
    expect(within(card('APT-O1')).queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it('a card order not yet paid: its facts, and Pay Now leaves for the payment page', async () => {
    const user = userEvent.setup();
    const fake = fakeAppointments();
    const theOrder = order({ totalPrice: 1250.5, paymentMode: 'Card', paymentStatus: 'Pending', orderStatus: 'Processing' });
    const record = completed(theOrder, { appointmentId: 'APT-O2' });
    await showList([record], fake);
    const done = card('APT-O2');
    expect(fact(done, 'Total')).toBe('₹1,250.50');
    expect(fact(done, 'Payment mode')).toBe('Card');
    expect(fact(done, 'Payment status')).toBe('Pending');
    expect(fact(done, 'Order status')).toBe('Processing');
    await user.click(within(done).getByRole('button', { name: 'Pay Now' }));
    expect(fake.createOrderPayment.latest().input).toEqual({ order: record.order, token: 'tok-stored' });
    await answer(() =>
      fake.createOrderPayment.latest().resolve({ merchantOrderId: 'O-1', checkoutPageUrl: checkoutUrl(2) } as never),
    );
    expect(fake.redirects).toEqual(['/#/payment?payUrl=' + encodeURIComponent(checkoutUrl(2))]);
  });

  it('a paid order: the amount already paid, no Pay Now', async () => {
    await showList([completed(order({ totalPrice: 800, paymentStatus: 'Completed' }), { appointmentId: 'APT-O3' })]);
    const done = card('APT-O3');
    expect(within(done).getByText('You have already paid ₹800.00.')).toBeTruthy();
    expect(within(done).queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it('shows the prescription only when the clinic chose to', async () => {
    const medicines = {
      ...emptyMedicines,
      complain: 'Dry cough',
      remedies: [{ medicineName: 'Bryonia', dosage: '4 pills', frequency: 'Twice a day' }],
      potency: '30C',
      showMedicine: true,
    };
    await showList([
      completed(null, { appointmentId: 'APT-P1', medicines }),
      completed(null, { appointmentId: 'APT-P2', medicines: { ...medicines, showMedicine: false } }),
    ]);
    const shown = within(card('APT-P1')).getByRole('region', { name: 'Prescription' });
    expect(within(shown).getByRole('cell', { name: 'Bryonia' })).toBeTruthy();
    expect(fact(shown, 'Complaint')).toBe('Dry cough');
    expect(fact(shown, 'Potency')).toBe('30C');
    expect(within(card('APT-P2')).queryByText('Prescription')).toBeNull();
  });
});

describe('documents on the cards', () => {
  const released = { ...emptyMedicines, complain: 'Dry cough', showMedicine: true };

  it('a Completed appointment offers its prescription and the settled fee and order receipts; they download one at a time', async () => {
    const paidOrder = order({ totalPrice: 800, paymentStatus: 'Completed' });
    const first = completed(paidOrder, { appointmentId: 'APT-D1', appointmentPaymentStatus: 'paid', medicines: released });
    const { fake } = await showList([
      first,
      completed(null, { appointmentId: 'APT-D2', appointmentPaymentStatus: 'paid', medicines: { ...released, showMedicine: false } }),
      completed(order({ paymentMode: 'Cash', paymentStatus: 'Completed' }), { appointmentId: 'APT-D3', appointmentPaymentStatus: 'failed', medicines: released }),
      completed(order({ paymentMode: 'Cash', paymentStatus: 'Pending' }), { appointmentId: 'APT-D5', appointmentPaymentStatus: 'failed', medicines: released }),
    ]);
    const done = card('APT-D1');
    const buttons = within(done).getAllByRole('button', { name: /^Download/ });
    expect(buttons.map((b) => b.textContent)).toEqual(['Download prescription (PDF)', 'Download fee receipt (PDF)', 'Download order receipt (PDF)']);
    const user = userEvent.setup();
    await user.click(buttons[0]!);
    expect(fake.downloadDocument.latest().input.path).toBe(`/appointments/${first._id}/prescription.pdf`);
    expect(fake.downloadDocument.latest().input.token).toBe('tok-stored');
    // Busy: every button of the card waits.
    expect(buttons[0]!.textContent).toBe('Downloading…');
    expect(buttons.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    const file = { fileName: 'prescription-APT-D1.pdf', content: new Blob(['%PDF-']) };
    await answer(() => fake.downloadDocument.latest().resolve(file));
    expect(fake.downloads).toEqual([file]);
    await user.click(within(done).getByRole('button', { name: 'Download order receipt (PDF)' }));
    expect(fake.downloadDocument.latest().input.path).toBe(`/orders/${paidOrder._id}/receipt.pdf`);
    await answer(() => fake.downloadDocument.latest().reject(refused(409, 'There is no settled payment for this yet.')));
    await expectToast('There is no settled payment for this yet.', 'alert');

    // Not shown to the patient yet: no prescription; the fee receipt still.
    expect(within(card('APT-D2')).getAllByRole('button', { name: /^Download/ }).map((b) => b.textContent)).toEqual(['Download fee receipt (PDF)']);
    // Fee never confirmed, order paid in cash when the pharmacy handed it over: the prescription and the order's receipt.
    expect(within(card('APT-D3')).getAllByRole('button', { name: /^Download/ }).map((b) => b.textContent)).toEqual([
      'Download prescription (PDF)',
      'Download order receipt (PDF)',
    ]);
    // A Cash order not handed over yet: nothing paid, no receipt.
    expect(within(card('APT-D5')).getAllByRole('button', { name: /^Download/ }).map((b) => b.textContent)).toEqual(['Download prescription (PDF)']);
  });

  it('a booked appointment not yet paid offers no document', async () => {
    await showList([appointment({ appointmentId: 'APT-D4', appointmentPaymentStatus: 'pending' })]);
    expect(within(card('APT-D4')).queryByRole('button', { name: /^Download/ })).toBeNull();
  });
});

describe('settled appointments', () => {
  it('a Completed or Cancelled appointment whose fee was never confirmed says nothing about the fee', async () => {
    await showList([
      completed(null, { appointmentId: 'APT-F1', appointmentPaymentStatus: 'failed', appointmentPaymentId: null }),
      unpaid(-5, { appointmentId: 'APT-F2', appointmentStatus: 'Cancelled' }),
      unpaid(-5, { appointmentId: 'APT-F3', appointmentStatus: 'Expired' }),
    ]);
    expect(within(card('APT-F1')).queryByText(/^Fee not paid/)).toBeNull();
    expect(within(card('APT-F2')).queryByText(/^Fee not paid/)).toBeNull();
    expect(within(card('APT-F3')).getByText(/^Fee not paid: this appointment was never confirmed/)).toBeTruthy();
  });
});

describe('a fee flagged for refund', () => {
  it('says "Refund of ₹450 started" until it is paid back, then "Refund of ₹450 completed"; a cancel with no refund says neither', async () => {
    const cancelled = { appointmentStatus: 'Cancelled', appointmentPaymentStatus: 'refund', date: '2025-03-05' } as const;
    await showList([
      appointment({ appointmentId: 'APT-R1', ...cancelled, refundState: 'pending' }),
      appointment({ appointmentId: 'APT-R2', ...cancelled, refundState: 'refunded' }),
      // No refund state from the server: it is not claimed as paid back.
      appointment({ appointmentId: 'APT-R3', ...cancelled }),
      appointment({ appointmentId: 'APT-R4', appointmentStatus: 'Cancelled', date: '2025-03-05', refundState: 'notRefundable' }),
    ]);
    const pending = 'Refund of ₹450 started';
    const done = 'Refund of ₹450 completed';
    expect(within(card('APT-R1')).getByText(pending)).toBeTruthy();
    expect(within(card('APT-R1')).queryByText(done)).toBeNull();
    expect(within(card('APT-R2')).getByText(done)).toBeTruthy();
    expect(within(card('APT-R2')).queryByText(pending)).toBeNull();
    expect(within(card('APT-R3')).getByText(pending)).toBeTruthy();
    expect(within(card('APT-R3')).queryByText(done)).toBeNull();
    expect(within(card('APT-R4')).queryByText(/refund/i)).toBeNull();
  });
});

describe('an appointment the patient did not attend', () => {
  it('says so, asks for a new booking, and offers no Edit, Cancel or consultation', async () => {
    await showList([appointment({ appointmentId: 'APT-M1', appointmentStatus: 'Missed', date: '2025-03-05' })]);
    const missed = card('APT-M1');
    expect(fact(missed, 'Status')).toBe('Did not attend');
    expect(within(missed).getByText('The doctor noted that you did not attend this appointment. Please book a new one if you still need a consultation.')).toBeTruthy();
    expect(within(missed).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(missed).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(missed).queryByRole('link', { name: /Join video consultation/ })).toBeNull();
  });
});

describe('Add to calendar', () => {
  it('offers the .ics of a booked and paid appointment as a download, fetched with the token', async () => {
    const user = userEvent.setup();
    const fake = fakeAppointments();
    const booked = appointment({ appointmentId: 'APT-C1' });
    await showList([booked, unpaid(10, { appointmentId: 'APT-C2' }), appointment({ appointmentId: 'APT-C3', appointmentStatus: 'Expired' })], fake);
    expect(within(card('APT-C2')).queryByRole('button', { name: 'Add to calendar' })).toBeNull();
    expect(within(card('APT-C3')).queryByRole('button', { name: 'Add to calendar' })).toBeNull();

    await user.click(within(card('APT-C1')).getByRole('button', { name: 'Add to calendar' }));
    expect(fake.downloadCalendar.latest().input).toEqual({ appointmentId: booked._id, token: 'tok-stored' });
    expect(within(card('APT-C1')).getByRole('button', { name: 'Preparing the calendar file…' }).hasAttribute('disabled')).toBe(true);
    const file = { fileName: 'sahaj-APT-C1.ics', content: new Blob(['BEGIN:VCALENDAR'], { type: 'text/calendar' }) };
    await answer(() => fake.downloadCalendar.latest().resolve(file));
    expect(fake.downloads).toEqual([file]);
    expect(within(card('APT-C1')).getByRole('button', { name: 'Add to calendar' }).hasAttribute('disabled')).toBe(false);
  });

  it("says what went wrong when the file could not be fetched", async () => {
    const user = userEvent.setup();
    const fake = fakeAppointments();
    await showList([appointment({ appointmentId: 'APT-C4' })], fake);
    await user.click(within(card('APT-C4')).getByRole('button', { name: 'Add to calendar' }));
    await answer(() => fake.downloadCalendar.latest().reject(unanswered));
    await expectToast('We could not make the calendar file. Please try again.', 'alert');
    expect(fake.downloads).toEqual([]);
  });
});

describe('under StrictMode', () => {
  it('an aborted list call is not a failure: the list shows', async () => {
    const fake = fakeAppointments();
    let made = 0;
    // As the live call does: answers after a moment, rejects with the abort, wrapped like account.tsx's.
    const loadAppointments = fromAbortablePromise<AppointmentRecord[], { email: string; token: string }>(
      ({ signal }) =>
        new Promise((resolve, reject) => {
          made += 1;
          const timer = setTimeout(() => resolve([appointment({ appointmentId: 'APT-S1' })]), 20);
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(signal.reason);
          });
        }),
    );
    const account = fakeAccount({ storedToken: 'tok-stored' });
    const accountServices = { ...account.services, actors: { ...account.services.actors, loadAppointments } };
    render(
      <StrictMode>
        <MemoryRouter>
          <AccountProvider services={accountServices}>
            <AppointmentsServicesProvider services={fake.services}>
              <MyAppointmentsPage />
            </AppointmentsServicesProvider>
          </AccountProvider>
        </MemoryRouter>
      </StrictMode>,
    );
    await answer(() => account.fetchCurrentUser.latest().resolve(demoUser));
    expect(await screen.findByText('APT-S1')).toBeTruthy();
    expect(made).toBeGreaterThanOrEqual(1);
    expect(screen.queryByText('Something went wrong.')).toBeNull();
  });
});
