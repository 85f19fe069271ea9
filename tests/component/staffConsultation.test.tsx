/**
 * One appointment in the staff console, wired to the real consultation machine with fake calls
 * answered by hand: the details, the prescription form (validation at the fields, the server's
 * errors and success as toasts), the order form once Completed, a Cancelled one refused, and an
 * admin setting the order's status.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppointmentRecord } from '../../contract/appointments';
import type { StaffAppointmentDetail } from '../../contract/staff';
import { refused, unanswered } from '../machines/accountFakes';
import { createStaffAdminApi } from '../../src/api/staffAdmin';
import { adminMe, detailOf, doctorMe, orderItem, orderLocations, orderPreviewOf, prescription, staffAppointment, staffOrder } from '../machines/staffConsoleFakes';
import { fakeFetch, sentTo, type Routes } from './staffAdminSupport';
import { fakeStaff, renderConsole } from './staffSupport';
import { answer, expectToast } from './support';

const paidFee = {
  merchantOrderId: 'M-1',
  provider: 'sandbox',
  purpose: 'appointment' as const,
  amount: 450,
  status: 'paid' as const,
  createdAt: '2025-03-09T05:00:00.000Z',
  settledAt: '2025-03-09T05:01:00.000Z',
};

async function openAppointment(record: AppointmentRecord, payments: StaffAppointmentDetail['payments'] = [paidFee]) {
  const fake = fakeStaff();
  await renderConsole({ path: `/staff/appointments/${record._id}`, fake, me: doctorMe });
  expect(fake.loadAppointment.latest().input).toEqual({ appointmentId: record._id, token: 'tok-stored' });
  await answer(() => fake.loadAppointment.latest().resolve(detailOf(record, payments)));
  return fake;
}

const form = () => screen.getByRole('heading', { name: /Complete the consultation|Update the prescription/ }).closest('section') as HTMLElement;
const orderForm = () => screen.getByRole('form', { name: 'Create the pharmacy order' });

describe('the details', () => {
  it('shows the patient, the appointment with its fee payment and checkouts', async () => {
    await openAppointment(staffAppointment({ appointmentId: 'APT-77', phoneNumber: '9812345678' }));
    const patient = screen.getByRole('region', { name: 'Patient' });
    expect(within(patient).getByText('Asha Verma')).toBeTruthy();
    expect(within(patient).getByText('9812345678')).toBeTruthy();
    expect(within(patient).getByText('Female')).toBeTruthy();
    const appointment = screen.getByRole('region', { name: 'Appointment' });
    expect(within(appointment).getByText('APT-77')).toBeTruthy();
    expect(within(appointment).getByText(/^Mon, 10 Mar,? 2025, 09:00 \(15 minutes\)$/i)).toBeTruthy();
    expect(within(appointment).getByText('Paid')).toBeTruthy();
    expect(within(appointment).getByText(/^Consultation fee: ₹450(\.00)?, Paid, /)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Pharmacy order' }).textContent).toContain('No order yet.');
  });

  it("another doctor's appointment is refused with the server's words", async () => {
    const fake = fakeStaff();
    await renderConsole({ path: '/staff/appointments/x', fake, me: doctorMe });
    await answer(() => fake.loadAppointment.latest().reject(refused(403, "This appointment is another doctor's.")));
    expect(screen.getByText("This appointment is another doctor's.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Complete consultation' })).toBeNull();
  });

  it('a Cancelled appointment says it cannot be completed and offers no form', async () => {
    await openAppointment(staffAppointment({ appointmentStatus: 'Cancelled' }));
    expect(screen.getByRole('note').textContent).toBe('This appointment was cancelled: it cannot be completed.');
    expect(screen.queryByRole('button', { name: 'Complete consultation' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Create the pharmacy order' })).toBeNull();
  });
});

describe('completing with the prescription', () => {
  it('marks the fields that need fixing, with nothing sent', async () => {
    const user = userEvent.setup();
    const fake = await openAppointment(staffAppointment());
    await user.type(within(form()).getByLabelText('Dosage'), '4 pills');
    await user.click(screen.getByRole('button', { name: 'Complete consultation' }));
    await expectToast('Please correct the fields marked below.', 'alert');
    const complaint = within(form()).getByLabelText('Complaint');
    expect(complaint.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(complaint.getAttribute('aria-describedby') ?? '')?.textContent).toBe('This is required.');
    expect(within(form()).getByLabelText('Medicine name').getAttribute('aria-invalid')).toBe('true');
    expect(within(form()).getByLabelText('Dosage').getAttribute('aria-invalid')).toBeNull();
    expect(fake.completeAppointment.calls).toHaveLength(0);
  });

  it('requires the provisional diagnosis on its field, and sends the history, investigations and follow-up as typed', async () => {
    const user = userEvent.setup();
    const record = staffAppointment();
    const fake = await openAppointment(record);
    const f = within(form());
    await user.type(f.getByLabelText('Complaint'), 'Itchy rash');
    await user.click(screen.getByRole('button', { name: 'Complete consultation' }));
    const diagnosis = f.getByLabelText('Provisional diagnosis');
    expect(diagnosis.getAttribute('aria-invalid')).toBe('true');
    expect(diagnosis.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('This is required.');
    await user.type(diagnosis, 'Contact dermatitis');
    await user.type(f.getByLabelText('Relevant history and findings'), 'New soap since a week');
    await user.type(f.getByLabelText('Investigations advised (optional)'), 'None needed');
    await user.click(f.getByLabelText('After'));
    await user.type(f.getByLabelText('Every (number)'), '2');
    await user.selectOptions(f.getByLabelText('Days or weeks'), 'weeks');
    await user.clear(f.getByLabelText(/^Visits/));
    await user.type(f.getByLabelText(/^Visits/), '3');
    await user.click(f.getByRole('button', { name: 'Remove remedy 1' }));
    await user.click(screen.getByRole('button', { name: 'Complete consultation' }));
    expect(fake.completeAppointment.latest().input.medicines).toMatchObject({
      diagnosis: 'Contact dermatitis',
      history: 'New soap since a week',
      investigations: 'None needed',
      followUp: { kind: 'after', every: 2, unit: 'weeks', times: 3 },
    });
  });

  it('adds and removes remedy rows, each with its own labelled fields', async () => {
    const user = userEvent.setup();
    await openAppointment(staffAppointment());
    await user.click(screen.getByRole('button', { name: 'Add a remedy' }));
    expect(within(form()).getAllByLabelText('Medicine name')).toHaveLength(2);
    expect(screen.getByRole('group', { name: 'Remedy 2' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove remedy 1' }));
    expect(within(form()).getAllByLabelText('Medicine name')).toHaveLength(1);
    expect(screen.queryByRole('group', { name: 'Remedy 2' })).toBeNull();
  });

  it('completes it, says so with the server words, then offers the order', async () => {
    const user = userEvent.setup();
    const record = staffAppointment();
    const fake = await openAppointment(record);
    const f = within(form());
    await user.type(f.getByLabelText('Complaint'), prescription.complain);
    await user.type(f.getByLabelText('Provisional diagnosis', { exact: false }), prescription.diagnosis ?? '');
    await user.type(f.getByLabelText('Medicine name'), 'Graphites');
    await user.type(f.getByLabelText('Dosage'), '4 pills');
    await user.type(f.getByLabelText('Frequency'), 'twice a day');
    await user.type(f.getByLabelText('Potency'), '30C');
    await user.type(f.getByLabelText('Duration'), '4 weeks');
    await user.type(f.getByLabelText('Pharmacy name'), 'Sahaj Pharmacy');
    await user.type(f.getByLabelText('Pharmacy ID'), 'PH-7');
    await user.type(f.getByLabelText('Instructions'), 'Avoid strong soaps.');
    await user.click(f.getByLabelText('Show the medicines to the patient'));
    await user.click(f.getByRole('button', { name: 'Complete consultation' }));
    expect(f.getByRole('button', { name: 'Saving…' })).toHaveProperty('disabled', true);
    expect(fake.completeAppointment.latest().input).toEqual({ appointmentId: record._id, medicines: prescription, token: 'tok-stored' });

    const done = { ...record, appointmentStatus: 'Completed' as const, medicines: prescription };
    await answer(() => fake.completeAppointment.latest().resolve({ message: 'Consultation completed.', appointment: done }));
    await expectToast('Consultation completed.', 'status');
    expect(screen.getByRole('heading', { name: 'Update the prescription' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save prescription' })).toBeTruthy();
    // The order form (machines/order) comes, asking for the locations it may be filled at.
    expect(orderForm()).toBeTruthy();
    expect(fake.loadPharmacies.latest().input).toEqual({ token: 'tok-stored' });
  });

  it("a refusal says the server's words and keeps what was typed", async () => {
    const user = userEvent.setup();
    const fake = await openAppointment(staffAppointment({ appointmentStatus: 'Completed', medicines: prescription, order: staffOrder() }));
    await user.clear(within(form()).getByLabelText('Potency'));
    await user.type(within(form()).getByLabelText('Potency'), '200C');
    await user.click(screen.getByRole('button', { name: 'Save prescription' }));
    await answer(() => fake.completeAppointment.latest().reject(refused(400, 'medicines.potency: must be text')));
    await expectToast('medicines.potency: must be text', 'alert');
    expect(within(form()).getByLabelText('Potency')).toHaveProperty('value', '200C');
    await user.click(screen.getByRole('button', { name: 'Save prescription' }));
    await answer(() => fake.completeAppointment.latest().reject(unanswered));
    await expectToast('Something went wrong.', 'alert');
  });
});

describe('the order', () => {
  const completedRecord = () => staffAppointment({ appointmentStatus: 'Completed', medicines: prescription });

  it('is offered only once Completed and without an order; an existing order is shown instead', async () => {
    await openAppointment(staffAppointment());
    expect(screen.queryByRole('form', { name: 'Create the pharmacy order' })).toBeNull();
    await openAppointment(staffAppointment({ appointmentStatus: 'Completed', medicines: prescription, order: staffOrder({ totalPrice: 640 }) }));
    const order = screen.getAllByRole('region', { name: 'Pharmacy order' }).at(-1) as HTMLElement;
    expect(within(order).getByText(/^₹640(\.00)?$/)).toBeTruthy();
    expect(within(order).getByText('Placed')).toBeTruthy();
  });

  it('checks the lines, finds an item in the catalogue, prices it on the server, then creates a card order and shows it', async () => {
    const user = userEvent.setup();
    const record = completedRecord();
    const fake = await openAppointment(record);
    await answer(() => fake.loadPharmacies.latest().resolve(orderLocations));
    const o = within(orderForm());
    expect(o.getByLabelText('Pharmacy (location)')).toHaveProperty('value', 'loc-1');
    await user.click(o.getByRole('button', { name: 'Check the total' }));
    expect(o.getByText('This is required.')).toBeTruthy();
    expect(fake.previewOrder.calls).toHaveLength(0);

    await user.type(o.getByLabelText('Find a remedy in the catalogue'), 'arn');
    await waitFor(() => expect(fake.searchCatalogue.calls).toHaveLength(1));
    expect(fake.searchCatalogue.latest().input).toEqual({ query: 'arn', locationId: 'loc-1', token: 'tok-stored' });
    await answer(() => fake.searchCatalogue.latest().resolve([orderItem]));
    // Each result says its stock at the order's location.
    expect(o.getByRole('button', { name: 'Arnica Montana 30C 2 dram · ₹90.00 · 12 in stock at Aundh' })).toBeTruthy();
    await user.click(o.getByRole('button', { name: /^Arnica Montana 30C 2 dram/ }));
    expect(o.getByText(/^Arnica Montana 30C 2 dram · /)).toBeTruthy();
    expect(o.getByRole('radio', { name: /^Card/ })).toHaveProperty('checked', true);
    await user.click(o.getByRole('button', { name: 'Check the total' }));
    const sent = {
      appointmentId: record._id,
      order: { lines: [{ itemId: 'i-arn', quantity: 1 }], paymentMode: 'Card', locationId: 'loc-1', fulfilment: 'pickup' },
      token: 'tok-stored',
    };
    expect(fake.previewOrder.latest().input).toEqual(sent);
    await answer(() => fake.previewOrder.latest().resolve(orderPreviewOf()));
    expect(o.getByText(/^₹94\.50$/)).toBeTruthy();
    await user.click(o.getByRole('button', { name: 'Send the order' }));
    expect(fake.createOrder.latest().input).toEqual(sent);
    const withOrder = { ...record, order: staffOrder({ appointmentId: record._id, totalPrice: 94.5 }) };
    await answer(() => fake.createOrder.latest().resolve({ message: 'Order created.', appointment: withOrder }));
    await expectToast('Order created.', 'status');
    expect(screen.queryByRole('form', { name: 'Create the pharmacy order' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Pharmacy order' })).getByText('Card')).toBeTruthy();
  });

  it('a cash order with a line written by hand; the server refusing it keeps the form and says why', async () => {
    const user = userEvent.setup();
    const fake = await openAppointment(completedRecord());
    await answer(() => fake.loadPharmacies.latest().resolve(orderLocations));
    const o = within(orderForm());
    await user.click(o.getByRole('button', { name: 'Add a line by hand (not in the catalogue)' }));
    await user.type(o.getByRole('textbox', { name: 'Item' }), 'Calendula cream');
    await user.type(o.getByLabelText('Price each (₹)'), 'free');
    await user.click(o.getByRole('button', { name: 'Check the total' }));
    expect(o.getByText('Write an amount in rupees, like 450 or 1250.50.')).toBeTruthy();
    expect(fake.previewOrder.calls).toHaveLength(0);
    await user.clear(o.getByLabelText('Price each (₹)'));
    await user.type(o.getByLabelText('Price each (₹)'), '99.50');
    await user.click(o.getByRole('radio', { name: /^Cash/ }));
    await user.click(o.getByRole('button', { name: 'Check the total' }));
    const order = { lines: [{ name: 'Calendula cream', quantity: 1, unitPrice: 99.5 }], paymentMode: 'Cash', locationId: 'loc-1', fulfilment: 'pickup' };
    expect(fake.previewOrder.latest().input.order).toEqual(order);
    await answer(() => fake.previewOrder.latest().resolve(orderPreviewOf({ subtotal: 99.5, tax: 0, totalPrice: 99.5 })));
    await user.click(o.getByRole('button', { name: 'Send the order' }));
    expect(fake.createOrder.latest().input.order).toEqual(order);
    await answer(() => fake.createOrder.latest().reject(refused(400, 'The total must be more than zero.')));
    expect(o.getByText('The total must be more than zero.')).toBeTruthy();
    expect(orderForm()).toBeTruthy();
    expect(o.getByRole('textbox', { name: 'Item' })).toHaveProperty('value', 'Calendula cream');
  });
});

describe("an admin and the order's status", () => {
  const withOrder = (orderStatus: 'Placed' | 'Ready' | 'Cancelled') =>
    staffAppointment({
      _id: '00000000-0000-4000-9000-00000000abcd',
      appointmentStatus: 'Completed',
      medicines: prescription,
      order: staffOrder({ appointmentId: '00000000-0000-4000-9000-00000000abcd', orderStatus }),
    });
  const statusPath = `PUT /staff/orders/${staffOrder()._id}/status`;

  async function openAsAdmin(record: AppointmentRecord, routes: Routes = {}) {
    const fetch = fakeFetch(routes);
    const fake = fakeStaff();
    await renderConsole({ path: `/staff/appointments/${record._id}`, fake, me: adminMe, adminApi: createStaffAdminApi({ fetch, base: '/api' }) });
    await answer(() => fake.loadAppointment.latest().resolve(detailOf(record)));
    return { fake, fetch };
  }

  it("is set in the popup; the page takes the answered record, keeps the unsaved prescription, and focus is on the order", async () => {
    const user = userEvent.setup();
    const ready = withOrder('Ready');
    const { fake, fetch } = await openAsAdmin(withOrder('Placed'), {
      [statusPath]: { status: 200, body: { message: 'Order status saved.', appointment: ready } },
    });
    // The admin starts rewriting the prescription and does not save it.
    const complaint = within(form()).getByLabelText('Complaint');
    await user.clear(complaint);
    await user.type(complaint, 'Eczema, worse at night');

    await user.click(screen.getByRole('button', { name: 'Change the order status of Asha Verma' }));
    const dialog = screen.getByRole('dialog', { name: 'Order status' });
    await user.click(within(dialog).getByRole('radio', { name: /^Ready/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save status' }));
    await expectToast('Order status saved.', 'status');
    expect(sentTo(fetch, statusPath)).toEqual([{ orderStatus: 'Ready' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Order status' })).toBeNull());

    const order = screen.getByRole('region', { name: 'Pharmacy order' });
    expect(within(order).getByText('Ready')).toBeTruthy();
    expect(within(order).queryByText('Placed')).toBeNull();
    expect(within(form()).getByLabelText('Complaint')).toHaveProperty('value', 'Eczema, worse at night');
    // Not loaded again: that would have thrown the draft away.
    expect(fake.loadAppointment.calls).toHaveLength(1);
    expect(document.activeElement).toBe(within(order).getByRole('heading', { name: 'Pharmacy order' }));
  });

  it('a cancelled order is shown as such without its button; focus is on the order', async () => {
    const user = userEvent.setup();
    const { fake } = await openAsAdmin(withOrder('Placed'), {
      [statusPath]: { status: 200, body: { message: 'Order status saved.', appointment: withOrder('Cancelled') } },
    });
    await user.click(screen.getByRole('button', { name: 'Change the order status of Asha Verma' }));
    const dialog = screen.getByRole('dialog', { name: 'Order status' });
    await user.click(within(dialog).getByRole('radio', { name: /^Cancelled/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save status' }));
    await expectToast('Order status saved.', 'status');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Order status' })).toBeNull());
    const order = screen.getByRole('region', { name: 'Pharmacy order' });
    expect(within(order).getByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change the order status of Asha Verma' })).toBeNull();
    expect(fake.loadAppointment.calls).toHaveLength(1);
    expect(document.activeElement).toBe(within(order).getByRole('heading', { name: 'Pharmacy order' }));
  });

  it('is not offered to a doctor, nor for a cancelled order', async () => {
    await openAppointment(withOrder('Placed'));
    expect(screen.getByRole('region', { name: 'Pharmacy order' }).textContent).toContain('Placed');
    expect(screen.queryByRole('button', { name: 'Change the order status of Asha Verma' })).toBeNull();
    await openAsAdmin(withOrder('Cancelled'));
    expect(screen.queryByRole('button', { name: 'Change the order status of Asha Verma' })).toBeNull();
  });
});

describe('the appointment\'s documents', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a Completed appointment: the prescription (shown to the patient or not) and the settled fee and order receipts, downloaded with the token', async () => {
    const saved: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(Object.create(URL) as typeof URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:doc'), revokeObjectURL: () => {} }));
    const record = staffAppointment({
      appointmentStatus: 'Completed',
      medicines: { ...prescription, showMedicine: false },
      order: staffOrder({ paymentStatus: 'Completed' }),
    });
    const orderPaid = { ...paidFee, merchantOrderId: 'M-2', purpose: 'order' as const, amount: 640 };
    const fake = await openAppointment(record, [paidFee, orderPaid]);
    const documents = screen.getByRole('region', { name: 'Documents' });
    const buttons = within(documents).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Prescription (PDF)', 'Fee receipt (PDF)', 'Order receipt (PDF)']);
    await userEvent.setup().click(buttons[0]!);
    expect(fake.downloadDocument.latest().input).toEqual({ path: `/appointments/${record._id}/prescription.pdf`, token: 'tok-stored' });
    expect(buttons[0]!.textContent).toBe('Downloading…');
    const content = new Blob(['%PDF-']);
    await answer(() => fake.downloadDocument.latest().resolve({ fileName: 'prescription-APT.pdf', content }));
    expect(saved).toEqual([content]);
    expect(buttons[0]!.textContent).toBe('Prescription (PDF)');
    await userEvent.setup().click(buttons[2]!);
    await answer(() => fake.downloadDocument.latest().reject(unanswered));
    await expectToast('The document could not be downloaded. Please try again.', 'alert');
  });

  it('before completion and without a settled payment: nothing to download, said plainly', async () => {
    await openAppointment(staffAppointment({ appointmentPaymentStatus: 'pending' }), [{ ...paidFee, status: 'pending', settledAt: null }]);
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(within(documents).queryByRole('button')).toBeNull();
    expect(documents.textContent).toContain('None yet: the prescription comes with completing the consultation, a receipt with a settled payment.');
  });
});
