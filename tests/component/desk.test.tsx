/**
 * The Desk section wired to the real desk machines, with the desk's calls answered by hand: the
 * search and its hits (upcoming visits checked in, a fee taken at the counter), registering a
 * patient without an account (each problem at its field), a phone booking through the patients'
 * slot group, a walk-in into today's queue, and reception reading an appointment without the
 * prescription's forms.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refused } from '../machines/accountFakes';
import { andheri, deskAnita, deskAppointment, deskDoctors, deskPatient, freeSlots, hitOf, queueEntry, searchAnswer, today } from '../machines/deskFakes';
import { detailOf, receptionMe, staffAppointment } from '../machines/staffConsoleFakes';
import { fakeStaff, renderConsole } from './staffSupport';
import { answer, answerWhenCalled, expectOnField, expectToast } from './support';

async function openDesk() {
  const fake = fakeStaff();
  await renderConsole({ path: '/staff/desk', fake, me: receptionMe });
  await answerWhenCalled(fake.desk.loadDoctors, (call) => call.resolve([...deskDoctors]));
  return fake;
}

async function search(user: ReturnType<typeof userEvent.setup>, query: string) {
  const form = screen.getByRole('search', { name: 'Find a patient' });
  const input = within(form).getByLabelText('Name, phone, appointment ID or token');
  await user.clear(input);
  await user.type(input, query);
  await user.click(within(form).getByRole('button', { name: 'Search' }));
}

describe('finding a patient', () => {
  it('searches by what was typed and shows each patient with their upcoming visits', async () => {
    const user = userEvent.setup();
    const fake = await openDesk();
    expect(screen.getByRole('heading', { level: 1, name: 'Desk' })).toBeTruthy();
    await search(user, 'T12');
    expect(fake.desk.searchPatients.latest().input).toEqual({ query: 'T12', token: 'tok-stored' });
    const ramesh = deskPatient({ noShows: 2 });
    const visit = deskAppointment({ appointmentId: 'SHC-25-000042' });
    await answer(() => fake.desk.searchPatients.latest().resolve(searchAnswer([hitOf(ramesh, [visit])], true)));
    const results = screen.getByRole('region', { name: 'Patients for “T12”' });
    const card = within(results).getByRole('article', { name: 'Ramesh Patil' });
    expect(card.textContent).toContain('+91 98220 12345');
    expect(card.textContent).toContain('67 years, Male');
    expect(within(card).getByText('Registered at the desk (no account)')).toBeTruthy();
    expect(within(card).getByText('2 no-shows')).toBeTruthy();
    expect(card.textContent).toMatch(/10:30: Dr Anita Rao, Clinic Visit · Andheri West · Booked · To pay at the clinic SHC-25-000042/);
    expect(within(results).getByText('More patients match: type more of the name or number.')).toBeTruthy();
  });

  it('says when nobody matches, and a failed search in the toast', async () => {
    const user = userEvent.setup();
    const fake = await openDesk();
    await search(user, 'Zzz');
    await answer(() => fake.desk.searchPatients.latest().resolve(searchAnswer([])));
    expect(screen.getByText('No patient found for “Zzz”.')).toBeTruthy();
    await search(user, 'Zz');
    await answer(() => fake.desk.searchPatients.latest().reject(refused(400, 'q: must be at most 100 characters')));
    await expectToast('q: must be at most 100 characters', 'alert');
  });

  it("checks a patient in for today's Clinic Visit and shows the token", async () => {
    const user = userEvent.setup();
    const fake = await openDesk();
    await search(user, 'Ramesh');
    const visit = deskAppointment({ appointmentPaymentStatus: 'paid' });
    const later = deskAppointment({ date: '2025-03-12' });
    await answer(() => fake.desk.searchPatients.latest().resolve(searchAnswer([hitOf(deskPatient(), [visit, later])])));
    // Only today's visit can be checked in; the paid one has no fee to take.
    expect(screen.getAllByRole('button', { name: 'Check in' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Take payment/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(fake.desk.checkIn.latest().input).toEqual({ appointmentId: visit._id, token: 'tok-stored' });
    await answer(() => fake.desk.checkIn.latest().resolve({ entry: queueEntry({ token: 'T7', appointment: visit }) }));
    expect(screen.getByText('Checked in: token T7')).toBeTruthy();
    await expectToast('Checked in: token T7.', 'status');
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
  });

  it('a refused check-in says why and offers it again', async () => {
    const user = userEvent.setup();
    const fake = await openDesk();
    await search(user, 'Ramesh');
    await answer(() => fake.desk.searchPatients.latest().resolve(searchAnswer([hitOf(deskPatient(), [deskAppointment()])])));
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    await answer(() => fake.desk.checkIn.latest().reject(refused(409, 'This patient is already in the queue.')));
    await expectToast('This patient is already in the queue.', 'alert');
    expect(screen.getByRole('button', { name: 'Check in' })).toBeTruthy();
  });

  it('takes a due fee at the counter by UPI with its reference; the reference refused is said at the field', async () => {
    const user = userEvent.setup();
    const fake = await openDesk();
    await search(user, 'Ramesh');
    const visit = deskAppointment();
    await answer(() => fake.desk.searchPatients.latest().resolve(searchAnswer([hitOf(deskPatient(), [visit])])));
    await user.click(screen.getByRole('button', { name: 'Take payment (₹500)' }));
    const form = screen.getByRole('form', { name: 'Payment of Ramesh Patil' });
    expect(within(form).queryByLabelText('Reference (from the terminal or the UPI app)')).toBeNull();
    await user.click(within(form).getByRole('radio', { name: 'UPI' }));
    await user.type(within(form).getByLabelText('Reference (from the terminal or the UPI app)'), 'UPI 4471');
    await user.click(within(form).getByRole('button', { name: 'Take ₹500' }));
    expect(fake.desk.takePayment.latest().input).toEqual({ appointmentId: visit._id, payment: { method: 'upi', reference: 'UPI 4471' }, token: 'tok-stored' });
    await answer(() => fake.desk.takePayment.latest().reject({ ...refused(400, 'Check the fields.'), errors: [{ field: 'reference', message: 'must be at most 100 characters' }] }));
    await expectOnField(within(form).getByLabelText('Reference (from the terminal or the UPI app)'), 'must be at most 100 characters', { focused: false });
    await user.click(within(form).getByRole('button', { name: 'Take ₹500' }));
    await answer(() => fake.desk.takePayment.latest().resolve({ ...visit, appointmentPaymentStatus: 'paid' }));
    await expectToast('Payment taken.', 'status');
    expect(screen.queryByRole('form', { name: 'Payment of Ramesh Patil' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Ramesh Patil' }).textContent).toContain('Paid');
  });
});

describe('registering a patient without an account', () => {
  it('labels every field, says each problem at its field with the focus on the first, then takes the server 400 at its field', async () => {
    const user = userEvent.setup();
    const fake = await openDesk();
    await user.click(screen.getByRole('button', { name: 'Register a new patient' }));
    const form = screen.getByRole('form', { name: 'Register a patient' });
    for (const label of ['First name', 'Last name', 'Phone', 'Age', 'Gender', 'Email (optional)']) expect(within(form).getByLabelText(label)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Register' }));
    await expectOnField(within(form).getByLabelText('First name'), 'is required');
    await expectOnField(within(form).getByLabelText('Phone'), 'is required', { focused: false });
    expect(fake.desk.registerPatient.calls).toHaveLength(0);

    await user.type(within(form).getByLabelText('First name'), 'Ramesh');
    expect(within(form).getByLabelText('First name').getAttribute('aria-invalid')).toBeNull();
    await user.type(within(form).getByLabelText('Last name'), 'Patil');
    await user.type(within(form).getByLabelText('Phone'), '98220 12345');
    await user.type(within(form).getByLabelText('Age'), '67');
    await user.selectOptions(within(form).getByLabelText('Gender'), 'Male');
    await user.click(within(form).getByRole('button', { name: 'Register' }));
    expect(fake.desk.registerPatient.latest().input).toEqual({
      patient: { firstName: 'Ramesh', lastName: 'Patil', phoneNumber: '98220 12345', age: 67, gender: 'male', email: '' },
      token: 'tok-stored',
    });
    await answer(() => fake.desk.registerPatient.latest().reject({ ...refused(400, 'Check the fields.'), errors: [{ field: 'phoneNumber', message: 'must be a 10-digit phone number' }] }));
    await expectOnField(within(form).getByLabelText('Phone'), 'must be a 10-digit phone number');

    await user.click(within(form).getByRole('button', { name: 'Register' }));
    await answer(() => fake.desk.registerPatient.latest().resolve({ patient: deskPatient() }));
    await expectToast('Patient registered.', 'status');
    expect(screen.getByText('For Ramesh Patil, +91 98220 12345')).toBeTruthy();
  });

  it('an account with that email: the server says so, the form stays', async () => {
    const user = userEvent.setup();
    const fake = await openDesk();
    await user.click(screen.getByRole('button', { name: 'Register a new patient' }));
    const form = screen.getByRole('form', { name: 'Register a patient' });
    await user.type(within(form).getByLabelText('First name'), 'Sunil');
    await user.type(within(form).getByLabelText('Last name'), 'Kale');
    await user.type(within(form).getByLabelText('Phone'), '9822098220');
    await user.type(within(form).getByLabelText('Age'), '41');
    await user.selectOptions(within(form).getByLabelText('Gender'), 'Male');
    await user.type(within(form).getByLabelText('Email (optional)'), 'sunil@example.in');
    await user.click(within(form).getByRole('button', { name: 'Register' }));
    await answer(() => fake.desk.registerPatient.latest().reject(refused(409, 'An account has this email: book for the account instead.')));
    await expectToast('An account has this email: book for the account instead.', 'alert');
    expect(screen.getByRole('form', { name: 'Register a patient' })).toBeTruthy();
  });
});

describe("correcting a desk patient's details", () => {
  it('opens the form filled in, says a problem at its field, saves, and searches again by the new phone; an account holder has no Edit', async () => {
    const user = userEvent.setup();
    const fake = await openDesk();
    await search(user, 'Patil');
    const ramesh = deskPatient();
    const account = deskPatient({ firstName: 'Sunil', lastName: 'Kale', kind: 'account', email: 'sunil@example.in' });
    await answer(() => fake.desk.searchPatients.latest().resolve(searchAnswer([hitOf(ramesh, []), hitOf(account, [])])));
    expect(within(screen.getByRole('article', { name: 'Sunil Kale' })).queryByRole('button', { name: /^Edit details/ })).toBeNull();
    const card = screen.getByRole('article', { name: 'Ramesh Patil' });
    await user.click(within(card).getByRole('button', { name: 'Edit details of Ramesh Patil' }));
    const form = within(card).getByRole('form', { name: 'Details of Ramesh Patil' });
    expect((within(form).getByLabelText('Phone') as HTMLInputElement).value).toBe('9822012345');
    expect((within(form).getByLabelText('Age') as HTMLInputElement).value).toBe('67');
    expect((within(form).getByLabelText('Gender') as HTMLSelectElement).value).toBe('male');

    const phone = within(form).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '98230');
    await user.click(within(form).getByRole('button', { name: 'Save details' }));
    await expectOnField(phone, 'must be a 10-digit phone number');
    expect(fake.desk.updatePatient.calls).toHaveLength(0);
    await user.type(phone, ' 44455');
    await user.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(fake.desk.updatePatient.latest().input).toEqual({
      patientId: ramesh._id,
      patient: { firstName: 'Ramesh', lastName: 'Patil', phoneNumber: '98230 44455', age: 67, gender: 'male', email: '' },
      token: 'tok-stored',
    });
    const saved = { ...ramesh, phoneNumber: '+919823044455' };
    await answer(() => fake.desk.updatePatient.latest().resolve({ patient: saved }));
    await expectToast("Patient's details saved.", 'status');
    expect(fake.desk.searchPatients.latest().input).toEqual({ query: '+919823044455', token: 'tok-stored' });
    await answer(() => fake.desk.searchPatients.latest().resolve(searchAnswer([hitOf(saved, [])])));
    expect(screen.getByRole('article', { name: 'Ramesh Patil' }).textContent).toContain('+91 98230 44455');
  });
});

describe('booking for a patient', () => {
  async function choosePatient(user: ReturnType<typeof userEvent.setup>, fake: Awaited<ReturnType<typeof openDesk>>) {
    await search(user, 'Ramesh');
    const ramesh = deskPatient();
    await answer(() => fake.desk.searchPatients.latest().resolve(searchAnswer([hitOf(ramesh)])));
    await user.click(screen.getByRole('button', { name: 'Book for Ramesh Patil' }));
    return ramesh;
  }

  it('books a slot by phone: a patient without an account gets a Clinic Visit or a Call; the fee later', async () => {
    const user = userEvent.setup();
    const fake = await openDesk();
    const ramesh = await choosePatient(user, fake);
    const form = screen.getByRole('form', { name: 'Book a slot' });
    await user.selectOptions(within(form).getByLabelText('Doctor'), 'Dr Anita Rao');
    const types = [...(within(form).getByLabelText('Consultation type') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(types).toEqual(['Choose a type', 'Clinic Visit', 'Call (we ring the patient)']);
    await user.selectOptions(within(form).getByLabelText('Consultation type'), 'Clinic Visit');
    await user.selectOptions(within(form).getByLabelText('Location'), 'Andheri West');
    expect((within(form).getByLabelText('Date') as HTMLInputElement).value).toBe(today);
    await answerWhenCalled(fake.desk.loadTimeSlots, (call) => {
      expect(call.input).toEqual({ doctorEmail: deskAnita.email, location: 'Andheri West', date: today, token: 'tok-stored' });
      call.resolve(freeSlots);
    });
    const slots = within(form).getByRole('group', { name: 'Time' });
    expect((within(slots).getByRole('radio', { name: /10:00/ }) as HTMLInputElement).disabled).toBe(true);
    await user.click(within(slots).getByRole('radio', { name: '10:30' }));
    await user.click(within(form).getByRole('button', { name: 'Next: the fee' }));

    const fee = screen.getByRole('form', { name: 'The fee' });
    expect(fee.textContent).toContain('Booking: Dr Anita Rao, Andheri West');
    await user.click(within(fee).getByRole('radio', { name: 'Later, at the end of the visit' }));
    expect(within(fee).queryByRole('radio', { name: 'Cash' })).toBeNull();
    await user.click(within(fee).getByRole('button', { name: 'Book' }));
    expect(fake.desk.book.latest().input).toEqual({
      request: { patientId: ramesh._id, doctorId: deskAnita._id, locationId: andheri._id, date: today, startTime: '10:30', consultationType: 'Clinic Visit', fee: { pay: 'later' } },
      token: 'tok-stored',
    });
    await answer(() => fake.desk.book.latest().resolve(deskAppointment({ appointmentId: 'SHC-25-000077' })));
    await expectToast('Appointment booked.', 'status');
    const booked = screen.getByRole('region', { name: 'Booked' });
    expect(booked.textContent).toContain('SHC-25-000077');
    expect(booked.textContent).toContain('₹500, To pay at the clinic');
    await user.click(within(booked).getByRole('button', { name: 'Next patient' }));
    expect(screen.getByRole('search', { name: 'Find a patient' })).toBeTruthy();
  });

  it("adds a walk-in to today's queue with cash taken now, and shows the token", async () => {
    const user = userEvent.setup();
    const fake = await openDesk();
    const ramesh = await choosePatient(user, fake);
    await user.click(screen.getByRole('radio', { name: "Walk-in: today's queue" }));
    const form = screen.getByRole('form', { name: "Walk-in: today's queue" });
    expect(within(form).queryByLabelText('Date')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Next: the fee' }));
    await expectToast('Choose the doctor and the location first.', 'alert');
    await user.selectOptions(within(form).getByLabelText('Doctor'), 'Dr Vikram Shah');
    // His one clinic is chosen for him.
    expect((within(form).getByLabelText('Location') as HTMLSelectElement).value).toBe(deskDoctors[1]!.locations[0]!._id);
    await user.click(within(form).getByRole('button', { name: 'Next: the fee' }));
    const fee = screen.getByRole('form', { name: 'The fee' });
    expect((within(fee).getByRole('radio', { name: 'Cash' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(fee).getByRole('button', { name: 'Add to the queue' }));
    expect(fake.desk.walkIn.latest().input).toEqual({
      request: { patientId: ramesh._id, doctorId: deskDoctors[1]!._id, locationId: deskDoctors[1]!.locations[0]!._id, fee: { pay: 'now', method: 'cash', reference: '' } },
      token: 'tok-stored',
    });
    await answer(() => fake.desk.walkIn.latest().resolve({ entry: queueEntry({ token: 'T4', kind: 'walkin', appointment: deskAppointment({ appointmentPaymentStatus: 'paid' }) }) }));
    await expectToast('In the queue: token T4.', 'status');
    const done = screen.getByRole('region', { name: 'In the queue' });
    expect(within(done).getByText('T4')).toBeTruthy();
    await user.click(within(done).getByRole('button', { name: 'Another booking for Ramesh Patil' }));
    expect(screen.getByText('For Ramesh Patil, +91 98220 12345')).toBeTruthy();
  });
});

describe("reception reads an appointment", () => {
  it('without the prescription form, "did not attend" or the prescription PDF', async () => {
    const fake = fakeStaff();
    const record = staffAppointment({ consultationType: 'Clinic Visit', appointmentStatus: 'Completed' });
    await renderConsole({ path: `/staff/appointments/${record._id}`, fake, me: receptionMe });
    await answer(() => fake.loadAppointment.latest().resolve(detailOf(record)));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/^Appointment: Asha Verma/));
    expect(screen.queryByRole('region', { name: 'Complete the consultation' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Update the prescription' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Prescription/ })).toBeNull();
  });
});
