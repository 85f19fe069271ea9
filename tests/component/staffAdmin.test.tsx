/**
 * The admin screens of the staff console with a fake server: each section's main path,
 * and the failures an admin must be able to act on: a 400's field errors beside the fields with
 * what was typed kept, and the ORPHAN RULE's 409 listing the booked appointments that would lose
 * their slot (nothing changed), each one moved or cancelled from there.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emptyMedicines } from '../../contract/appointments';
import { AppointmentsSection } from '../../src/staff/admin/AppointmentsSection';
import { DoctorsSection } from '../../src/staff/admin/DoctorsSection';
import { FeesSection } from '../../src/staff/admin/FeesSection';
import { LocationsSection } from '../../src/staff/admin/LocationsSection';
import { RefundsSection } from '../../src/staff/admin/RefundsSection';
import { SiteSection } from '../../src/staff/admin/SiteSection';
import { AccountsSection } from '../../src/staff/admin/AccountsSection';
import { adminSections } from '../../src/staff/admin/sections';
import { admin, expectToast, renderSection, sentTo, type Routes } from './staffAdminSupport';

const andheri = { _id: '10000000-0000-4000-8000-000000000001', name: 'Andheri West', displayOrder: 1, doctorCount: 1, appointmentCount: 2 };
const bandra = { _id: '10000000-0000-4000-8000-000000000002', name: 'Bandra', displayOrder: 2, doctorCount: 0, appointmentCount: 0 };
const anita = {
  _id: '20000000-0000-4000-8000-000000000001',
  name: 'Dr Anita Rao',
  email: 'anita@clinic.example',
  type: 'clinic',
  qualification: 'BHMS',
  registrationCouncil: 'Maharashtra Council of Homoeopathy',
  registrationNumber: 'MH-HOM-10001',
  morningList: false,
  slotMinutes: 30,
  active: true,
  displayOrder: 1,
  locations: [{ _id: andheri._id, name: andheri.name }],
  accountRole: 'doctor',
};
const booking = (id: string, firstName: string, startTime: string, paid = true) => ({
  _id: id,
  appointmentId: `SHC-${firstName}`,
  firstName,
  lastName: 'Verma',
  email: `${firstName.toLowerCase()}@example.in`,
  phoneNumber: '9876543210',
  age: 34,
  gender: 'female',
  doctorEmail: anita.email,
  doctorName: anita.name,
  location: 'Andheri West',
  date: '2025-03-17',
  startTime,
  consultationType: 'Video',
  consultationFee: 450,
  appointmentStatus: 'Booked',
  appointmentPaymentStatus: paid ? 'paid' : 'pending',
  appointmentPaymentId: paid ? 'PAY-1' : null,
  holdExpiresAt: null,
  medicines: emptyMedicines,
  order: null,
  createdAt: '2025-03-09T05:00:00.000Z',
});
const asha = booking('40000000-0000-4000-8000-000000000001', 'Asha', '09:00');
const ravi = booking('40000000-0000-4000-8000-000000000002', 'Ravi', '09:30', false);
const schedule = {
  doctor: anita,
  hours: [{ locationId: andheri._id, location: andheri.name, weekday: 1, start: '09:00', end: '13:00' }],
  leave: [],
};
const ok = (body: unknown) => ({ status: 200, body });

describe('admin sections', () => {
  it('the shell gets every section with its path and label', () => {
    expect(adminSections.map((s) => [s.path, s.label])).toEqual([
      ['appointments', 'Appointments'],
      ['refunds', 'Refunds'],
      ['doctors', 'Doctors'],
      ['locations', 'Locations'],
      ['fees', 'Fees'],
      ['site', 'Site content'],
      ['accounts', 'Staff accounts'],
      ['displays', 'Displays'],
    ]);
  });
});

describe('locations', () => {
  it('adds one; a 400 puts the message by the field and keeps what was typed; then it saves', async () => {
    const user = userEvent.setup();
    let added = false;
    const routes: Routes = {
      'GET /staff/locations': () => ok(added ? [andheri, bandra, { ...bandra, _id: 'l3', name: 'Kothrud' }] : [andheri, bandra]),
      'POST /staff/locations': (body) => {
        const name = (body as { name: string }).name;
        if (name.trim().length < 3) return { status: 400, body: { message: 'Please check the fields.', errors: [{ field: 'name', message: 'must be at least 3 characters' }] } };
        added = true;
        return ok({ message: 'Location added.', location: { ...bandra, _id: 'l3', name } });
      },
    };
    const { fetch } = renderSection(<LocationsSection />, routes);
    expect(await screen.findByText('Andheri West')).toBeTruthy();
    expect(screen.getByText('1 doctor, 2 appointments')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add location' }));
    const name = screen.getByLabelText('Location name');
    expect(document.activeElement).toBe(name);
    await user.type(name, 'Ko');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectToast('Please check the fields.', 'alert');
    expect(screen.getByText('must be at least 3 characters')).toBeTruthy();
    expect((screen.getByLabelText('Location name') as HTMLInputElement).value).toBe('Ko');
    expect(screen.getByLabelText('Location name').getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByLabelText('Location name'), 'thrud');
    expect(screen.queryByText('must be at least 3 characters')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectToast('Location added.', 'status');
    expect(await screen.findByText('Kothrud')).toBeTruthy();
    expect(sentTo(fetch, 'POST /staff/locations')).toEqual([{ name: 'Ko' }, { name: 'Kothrud' }]);
  });

  it("a delete the server refuses (in use) says the server's words and keeps the location", async () => {
    const user = userEvent.setup();
    renderSection(<LocationsSection />, {
      'GET /staff/locations': ok([andheri, bandra]),
      [`DELETE /staff/locations/${andheri._id}`]: { status: 409, body: { message: 'Andheri West is used by 1 doctor.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Andheri West' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    await expectToast('Andheri West is used by 1 doctor.', 'alert');
    expect(screen.getByText('Andheri West')).toBeTruthy();
  });
});

describe("a doctor's hours and leave", () => {
  function routes(): Routes {
    return {
      'GET /staff/doctors': ok([anita]),
      'GET /staff/locations': ok([andheri, bandra]),
      [`GET /staff/doctors/${anita._id}`]: ok(schedule),
      [`PUT /staff/doctors/${anita._id}/hours/${andheri._id}`]: {
        status: 409,
        body: { message: 'These booked appointments would lose their slot. Move or cancel them first.', affected: [asha, ravi] },
      },
      [`POST /staff/appointments/${asha._id}/cancel`]: ok({
        message: 'Appointment cancelled; the fee is flagged for refund.',
        appointment: { ...asha, appointmentStatus: 'Cancelled', appointmentPaymentStatus: 'refund' },
      }),
    };
  }

  it('a change that would orphan bookings lists them plainly, changes nothing, keeps the rows; a cancel takes one off', async () => {
    const user = userEvent.setup();
    const { fetch } = renderSection(<DoctorsSection />, routes());
    await user.click(await screen.findByRole('button', { name: 'Hours and leave of Dr Anita Rao' }));
    const hours = await screen.findByRole('form', { name: 'Weekly hours' });
    const end = await within(hours).findByLabelText('To');
    await user.clear(end);
    await user.type(end, '11:00');
    await user.click(within(hours).getByRole('button', { name: 'Save hours' }));
    await expectToast('These booked appointments would lose their slot. Move or cancel them first.', 'alert');
    expect(await screen.findByText('These booked appointments would lose their slot: move or cancel them first.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Nothing was changed' })).toBeTruthy();
    expect(sentTo(fetch, `PUT /staff/doctors/${anita._id}/hours/${andheri._id}`)).toEqual([{ hours: [{ weekday: 1, start: '09:00', end: '11:00' }] }]);
    // What was typed stays.
    expect((within(hours).getByLabelText('To') as HTMLInputElement).value).toBe('11:00');
    expect(screen.getByRole('button', { name: 'Move the appointment of Ravi Verma' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel the appointment of Asha Verma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    expect(within(dialog).getByText('The fee was paid: it will be flagged for refund under Refunds.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'Doctor away');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await expectToast('Appointment cancelled; the fee is flagged for refund.', 'status');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel the appointment of Asha Verma' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Cancel the appointment of Ravi Verma' })).toBeTruthy();
    expect(sentTo(fetch, `POST /staff/appointments/${asha._id}/cancel`)).toEqual([{ reason: 'Doctor away' }]);
  });

  it('adds a row and saves the week; adds leave', async () => {
    const user = userEvent.setup();
    const saved = { ...schedule, hours: [...schedule.hours, { locationId: andheri._id, location: andheri.name, weekday: 2, start: '09:00', end: '13:00' }] };
    const leave = { _id: '50000000-0000-4000-8000-000000000001', from: '2025-03-20', to: '2025-03-21', reason: 'Conference' };
    const { fetch } = renderSection(<DoctorsSection />, {
      ...routes(),
      [`PUT /staff/doctors/${anita._id}/hours/${andheri._id}`]: ok({ message: 'Hours saved.', schedule: saved }),
      [`POST /staff/doctors/${anita._id}/leave`]: ok({ message: 'Leave added.', schedule: { ...saved, leave: [leave] } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Hours and leave of Dr Anita Rao' }));
    const hours = await screen.findByRole('form', { name: 'Weekly hours' });
    await within(hours).findByLabelText('To');
    await user.click(within(hours).getByRole('button', { name: 'Add hours' }));
    expect(within(hours).getAllByLabelText('Day')).toHaveLength(2);
    await user.click(within(hours).getByRole('button', { name: 'Save hours' }));
    await expectToast('Hours saved.', 'status');
    expect(sentTo(fetch, `PUT /staff/doctors/${anita._id}/hours/${andheri._id}`)).toEqual([
      { hours: [{ weekday: 1, start: '09:00', end: '13:00' }, { weekday: 2, start: '09:00', end: '13:00' }] },
    ]);
    const leaveForm = screen.getByRole('form', { name: 'Leave' });
    await user.type(within(leaveForm).getByLabelText('Leave from'), '2025-03-20');
    await user.type(within(leaveForm).getByLabelText('Leave to'), '2025-03-21');
    await user.type(within(leaveForm).getByLabelText('Leave reason'), 'Conference');
    await user.click(within(leaveForm).getByRole('button', { name: 'Add leave' }));
    await expectToast('Leave added.', 'status');
    expect(within(leaveForm).getByText('Conference')).toBeTruthy();
    expect(sentTo(fetch, `POST /staff/doctors/${anita._id}/leave`)).toEqual([{ from: '2025-03-20', to: '2025-03-21', reason: 'Conference' }]);
  });

  it("the morning list by email: the doctor's form shows it off, the admin ticks it, the PUT sends it and the row says so", async () => {
    const user = userEvent.setup();
    // The server as it would answer: the list read again after the save shows the change.
    let morningList = false;
    const { fetch } = renderSection(<DoctorsSection />, {
      ...routes(),
      'GET /staff/doctors': () => ok([{ ...anita, morningList }]),
      [`PUT /staff/doctors/${anita._id}`]: () => {
        morningList = true;
        return ok({ message: 'Doctor saved.', doctor: { ...anita, morningList } });
      },
    });
    expect(await screen.findByText('Dr Anita Rao')).toBeTruthy();
    expect(screen.queryByText(/Morning list by email: on/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit Dr Anita Rao' }));
    const box = (await screen.findByRole('checkbox', { name: 'Morning list by email' })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toMatch(/booked and paid appointments by email/);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectToast('Doctor saved.', 'status');
    expect(sentTo(fetch, `PUT /staff/doctors/${anita._id}`)).toEqual([
      expect.objectContaining({ name: 'Dr Anita Rao', morningList: true, registrationNumber: 'MH-HOM-10001', locationIds: [andheri._id] }),
    ]);
    expect(await screen.findByText(/Morning list by email: on/)).toBeTruthy();
  });

  it("a doctor's form: the server's 400 beside each field, what was typed kept", async () => {
    const user = userEvent.setup();
    const { fetch } = renderSection(<DoctorsSection />, {
      ...routes(),
      'POST /staff/doctors': {
        status: 400,
        body: {
          message: 'Please check the fields.',
          errors: [
            { field: 'email', message: 'must be an email address like name@example.com' },
            { field: 'slotMinutes', message: 'must be a whole number from 5 to 240' },
          ],
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add doctor' }));
    await user.type(screen.getByLabelText('Name'), 'Dr Kiran Shah');
    await user.type(screen.getByLabelText('Email'), 'kiran');
    await user.clear(screen.getByLabelText('Slot length (minutes)'));
    await user.type(screen.getByLabelText('Slot length (minutes)'), '2');
    await user.click(await screen.findByRole('checkbox', { name: 'Bandra' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectToast('Please check the fields.', 'alert');
    expect(screen.getByText('must be an email address like name@example.com')).toBeTruthy();
    expect(screen.getByText('must be a whole number from 5 to 240')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Dr Kiran Shah');
    expect(sentTo(fetch, 'POST /staff/doctors')).toEqual([
      {
        name: 'Dr Kiran Shah',
        email: 'kiran',
        type: 'clinic',
        qualification: '',
        registrationCouncil: '',
        registrationNumber: '',
        morningList: false,
        slotMinutes: 2,
        locationIds: [bandra._id],
      },
    ]);
  });
});

describe('appointments by day', () => {
  it("shows today's appointments with their payment state, filters by doctor, and cancels one", async () => {
    const user = userEvent.setup();
    const today = 'from=2025-03-10&to=2025-03-10';
    let cancelled = false;
    const { fetch } = renderSection(<AppointmentsSection />, {
      [`GET /staff/appointments?${today}`]: () => ok(cancelled ? [ravi] : [asha, ravi]),
      [`GET /staff/appointments?${today}&doctorId=${anita._id}`]: ok([asha]),
      'GET /staff/doctors': ok([anita]),
      'GET /staff/locations': ok([andheri, bandra]),
      [`POST /staff/appointments/${asha._id}/cancel`]: () => {
        cancelled = true;
        return ok({ message: 'Appointment cancelled.', appointment: { ...asha, appointmentStatus: 'Cancelled' } });
      },
    });
    const table = await screen.findByRole('table', { name: /^Appointments on Mon, 10 Mar,? 2025$/ });
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2025-03-10');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Paid')).toBeTruthy();
    expect(within(table).getByText('Pending')).toBeTruthy();
    await user.selectOptions(await screen.findByLabelText('Doctor'), await screen.findByRole('option', { name: 'Dr Anita Rao' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText('Doctor'), 'Every doctor');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Cancel the appointment of Asha Verma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await expectToast('Appointment cancelled.', 'status');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(sentTo(fetch, `POST /staff/appointments/${asha._id}/cancel`)).toEqual([{ reason: '' }]);
  });
});

describe('moving an appointment', () => {
  const today = 'from=2025-03-10&to=2025-03-10';
  const slotsOn17th = `GET /doctor/gettimeslot/${encodeURIComponent(anita.email)}/${encodeURIComponent('Andheri West')}/2025-03-17`;
  const slots = [
    { time: '09:00', status: 'booked' },
    { time: '09:30', status: 'unavailable' },
    { time: '10:00', status: 'free' },
  ];

  it("offers the patient's edit choices (the doctor's locations, a date, that day's slots) and moves it to a free slot", async () => {
    const user = userEvent.setup();
    let moved = false;
    const { fetch } = renderSection(<AppointmentsSection />, {
      [`GET /staff/appointments?${today}`]: () => ok([moved ? { ...asha, startTime: '10:00' } : asha]),
      'GET /staff/doctors': ok([{ ...anita, bookableUntil: '2025-06-08' }]),
      'GET /staff/locations': ok([andheri, bandra]),
      [slotsOn17th]: ok(slots),
      [`POST /staff/appointments/${asha._id}/move`]: () => {
        moved = true;
        return ok({ message: 'Moved.', appointment: { ...asha, startTime: '10:00' } });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Move the appointment of Asha Verma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move appointment' });
    const free = (await within(dialog).findByRole('radio', { name: /^10:00$/ })) as HTMLInputElement;
    expect(free.disabled).toBe(false);
    expect((within(dialog).getByRole('radio', { name: /^09:00\s?\(current\)$/ }) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('radio', { name: /^09:30\s?\(unavailable\)$/ }) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('Location') as HTMLSelectElement).value).toBe('Andheri West');
    const date = within(dialog).getByLabelText('Date') as HTMLInputElement;
    // From today to the booking horizon's last day (GET /staff/doctors says it).
    expect([date.value, date.min, date.max]).toEqual(['2025-03-17', '2025-03-10', '2025-06-08']);
    const move = within(dialog).getByRole('button', { name: 'Move' }) as HTMLButtonElement;
    expect(move.disabled).toBe(true);

    await user.click(free);
    await user.click(move);
    await expectToast('Appointment updated successfully.', 'status');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Move appointment' })).toBeNull());
    expect(sentTo(fetch, `POST /staff/appointments/${asha._id}/move`)).toEqual([{ date: '2025-03-17', startTime: '10:00', locationId: andheri._id }]);
  });

  it("says when the doctor's locations could not be loaded, and loads them again", async () => {
    const user = userEvent.setup();
    let doctorLoads = 0;
    renderSection(<AppointmentsSection />, {
      [`GET /staff/appointments?${today}`]: ok([asha]),
      // The section's doctor filter asks first; the popup's own ask (the second) fails once.
      'GET /staff/doctors': () => {
        doctorLoads += 1;
        return doctorLoads === 2 ? { status: 503, body: { message: 'Try later.' } } : ok([{ ...anita, locations: [{ _id: andheri._id, name: andheri.name }, { _id: bandra._id, name: bandra.name }] }]);
      },
      'GET /staff/locations': ok([andheri, bandra]),
      [slotsOn17th]: ok(slots),
    });
    await waitFor(() => expect(doctorLoads).toBe(1));
    await user.click(await screen.findByRole('button', { name: 'Move the appointment of Asha Verma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move appointment' });
    const notice = (await within(dialog).findByText("We could not load the doctor's other locations.")).closest('p') as HTMLElement;
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(dialog).queryByText("We could not load the doctor's other locations.")).toBeNull());
    expect(doctorLoads).toBe(3);
    const location = within(dialog).getByLabelText('Location') as HTMLSelectElement;
    expect(within(location).getAllByRole('option').map((o) => o.textContent)).toEqual(['Andheri West', 'Bandra']);
  });
});

describe('fees, refunds, accounts, site content', () => {
  it('edits a fee and saves it', async () => {
    const user = userEvent.setup();
    const fees = [
      { consultationType: 'Chat', consultationFee: 300 },
      { consultationType: 'Video', consultationFee: 450 },
      { consultationType: 'Call', consultationFee: 350 },
      { consultationType: 'Clinic Visit', consultationFee: null },
    ];
    const { fetch } = renderSection(<FeesSection />, {
      'GET /staff/fees': ok(fees),
      'PUT /staff/fees': ok({ message: 'Video fee saved.', fees }),
    });
    expect(await screen.findByText('Not set')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit Video fee' }));
    const fee = screen.getByLabelText('Video fee (₹)');
    await user.clear(fee);
    await user.type(fee, '499');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectToast('Video fee saved.', 'status');
    expect(sentTo(fetch, 'PUT /staff/fees')).toEqual([{ consultationType: 'Video', consultationFee: 499 }]);
  });

  it('marks a refund refunded with a note', async () => {
    const user = userEvent.setup();
    const refund = {
      _id: 'pay-1',
      purpose: 'appointment',
      reason: 'slotLost',
      amount: 450,
      merchantOrderId: 'M-1',
      provider: 'sandbox',
      flaggedAt: '2025-03-09T05:00:00.000Z',
      appointmentId: asha._id,
      appointmentNumber: 'SHC-1',
      orderId: null,
      patient: { userId: 'p1', name: 'Asha Verma', email: 'asha@example.in', phoneNumber: '9876543210' },
      resolved: null,
    };
    let resolved = false;
    const { fetch } = renderSection(<RefundsSection />, {
      'GET /staff/refunds?state=open': () => ok(resolved ? [] : [refund]),
      'POST /staff/refunds/pay-1/resolve': () => {
        resolved = true;
        return ok({ message: 'Marked refunded.', refund: { ...refund, resolved: { at: '2025-03-10T05:00:00.000Z', by: 'admin', note: 'UPI' } } });
      },
    });
    expect(await screen.findByText('Paid after the slot was lost')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mark refunded: Asha Verma' }));
    await user.type(screen.getByLabelText('Note'), 'UPI refund R-9');
    // Not a failed refund through the provider: nothing to retry, only the note.
    expect(screen.queryByLabelText('What to do')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await expectToast('Marked refunded.', 'status');
    expect(await screen.findByText('No refunds waiting.')).toBeTruthy();
    expect(sentTo(fetch, 'POST /staff/refunds/pay-1/resolve')).toEqual([{ note: 'UPI refund R-9' }]);
  });

  it('reads the cancellation policy and each refund through the payment provider as it stands', async () => {
    const refund = {
      _id: 'pay-2',
      purpose: 'appointment',
      reason: 'cancelled',
      amount: 500,
      merchantOrderId: 'M-2',
      provider: 'phonepe',
      flaggedAt: '2025-03-09T05:00:00.000Z',
      appointmentId: asha._id,
      appointmentNumber: 'SHC-2',
      orderId: null,
      patient: { userId: 'p1', name: 'Asha Verma', email: 'asha@example.in', phoneNumber: '9876543210' },
      resolved: null,
      automatic: { state: 'failed', attempt: 1, merchantRefundId: 'RF1_x', errorCode: 'BANK_DECLINED', updatedAt: '2025-03-09T05:01:00.000Z' },
    };
    const user = userEvent.setup();
    let retried = false;
    const { fetch } = renderSection(
      <RefundsSection />,
      {
        'GET /staff/refunds?state=open': () => ok([retried ? { ...refund, automatic: { ...refund.automatic, state: 'new', attempt: 2, errorCode: null } } : refund]),
        'POST /staff/refunds/pay-2/retry': () => {
          retried = true;
          return ok({ message: 'Refund asked of the payment provider again.', refund: { ...refund, automatic: { ...refund.automatic, state: 'new', attempt: 2, errorCode: null } } });
        },
      },
      { ...admin, me: { ...admin.me, cancelFreeHours: 24 } },
    );
    expect(await screen.findByText('Failed (attempt 1, BANK_DECLINED)')).toBeTruthy();
    // A failed one: retried through the provider by default (no note), or marked refunded with one.
    await user.click(screen.getByRole('button', { name: 'Retry or mark refunded: Asha Verma' }));
    expect((screen.getByLabelText('What to do') as HTMLSelectElement).value).toBe('retry');
    expect(screen.queryByLabelText('Note')).toBeNull();
    await user.selectOptions(screen.getByLabelText('What to do'), 'resolve');
    expect(screen.getByLabelText('Note')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('What to do'), 'retry');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await expectToast('Refund asked of the payment provider again.', 'status');
    expect(await screen.findByText('Starting (attempt 2)')).toBeTruthy();
    expect(sentTo(fetch, 'POST /staff/refunds/pay-2/retry')).toHaveLength(1);
    expect(
      screen.getByText(
        "Cancellation policy (server setting CANCEL_FREE_HOURS = 24): a patient who cancels at least 24 hours before the start is refunded, later not; the clinic's cancellations always are.",
      ),
    ).toBeTruthy();
  });

  it("sets a role by email; the server's refusal is a toast and the form keeps the email", async () => {
    const user = userEvent.setup();
    renderSection(<AccountsSection />, {
      'GET /staff/accounts': ok([{ userId: 'u1', email: 'admin@clinic.example', firstName: 'Neha', lastName: 'Admin', role: 'admin', doctorId: null, doctorName: null }]),
      'PUT /staff/accounts/role': { status: 404, body: { message: 'There is no account with this email. They must register first.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Set a role' }));
    await user.type(screen.getByLabelText('Email'), 'new@clinic.example');
    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    await user.click(screen.getAllByRole('button', { name: 'Set a role' }).at(-1) as HTMLElement);
    await expectToast('There is no account with this email. They must register first.', 'alert');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('new@clinic.example');
  });

  it('lists each kind of site content with its picture, name and line, and edits one of each with its own fields', async () => {
    const user = userEvent.setup();
    const event = {
      _id: 'ev-1',
      caption: '',
      image: '',
      video: '/media/camp.mp4',
      displayImage: '',
      displayVideo: '/media/camp.mp4',
      displayOrder: 1,
      translations: { hi: { caption: '' }, mr: { caption: '' } },
    };
    const member = {
      _id: 'tm-1',
      name: 'Dr Neha Joshi',
      role: 'Homeopath',
      description: 'Ten years of practice.',
      image: '/media/team/neha.webp',
      displayImage: '/media/team/neha.webp',
      displayOrder: 1,
      translations: { hi: { role: 'होम्योपैथ', description: 'दस साल का अभ्यास।' }, mr: { role: 'होमिओपॅथ', description: 'दहा वर्षांचा अनुभव.' } },
    };
    const noTexts = { subject: '', description: '' };
    const testimonial = { _id: 'ts-1', name: 'Ravi', subject: 'Eczema', description: 'Much better now.', image: '', displayImage: '', displayOrder: 1, translations: { hi: noTexts, mr: noTexts } };
    const { fetch } = renderSection(<SiteSection />, {
      'GET /staff/site/events': ok([event]),
      'GET /staff/site/team': ok([member]),
      'GET /staff/site/testimonials': ok([testimonial]),
      'PUT /staff/site/events/ev-1': ok({ message: 'Saved.', event: { ...event, caption: 'Health camp' } }),
      'PUT /staff/site/team/tm-1': ok({ message: 'Saved.', member }),
      'PUT /staff/site/testimonials/ts-1': ok({ message: 'Saved.', testimonial }),
    });
    const list = async (title: string) => within(await screen.findByRole('list', { name: title }));
    expect((await list('Events')).getByText('Event without caption')).toBeTruthy();
    const team = await list('Team members');
    expect([team.getByText('Dr Neha Joshi').tagName, team.getByText('Homeopath').className]).toEqual(['STRONG', 'admin-row__meta']);
    expect(team.getByRole('presentation').getAttribute('src')).toBe('/media/team/neha.webp');
    expect((await list('Testimonials')).getByText('Eczema')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit Event without caption' }));
    const eventForm = screen.getByRole('form', { name: 'Event: Event without caption' });
    expect(['Caption', 'Image link', 'Video link'].map((label) => within(eventForm).getByLabelText(label).tagName)).toEqual(['INPUT', 'INPUT', 'INPUT']);
    await user.type(within(eventForm).getByLabelText('Caption'), 'Health camp');
    await user.click(within(eventForm).getByRole('button', { name: 'Save' }));
    await expectToast('Saved.', 'status');
    expect(sentTo(fetch, 'PUT /staff/site/events/ev-1')).toEqual([
      { caption: 'Health camp', image: '', video: '/media/camp.mp4', translations: { hi: { caption: '' }, mr: { caption: '' } } },
    ]);

    await user.click(screen.getByRole('button', { name: 'Edit Dr Neha Joshi' }));
    const memberForm = screen.getByRole('form', { name: 'Team member: Dr Neha Joshi' });
    expect((within(memberForm).getByLabelText('Name') as HTMLInputElement).required).toBe(true);
    expect((within(memberForm).getByLabelText('Description') as HTMLTextAreaElement).required).toBe(false);
    await user.click(within(memberForm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(fetch, 'PUT /staff/site/team/tm-1')).toEqual([
      { name: 'Dr Neha Joshi', role: 'Homeopath', image: '/media/team/neha.webp', description: 'Ten years of practice.', translations: member.translations },
    ]));

    await user.click(screen.getByRole('button', { name: 'Edit Ravi' }));
    const testimonialForm = screen.getByRole('form', { name: 'Testimonial: Ravi' });
    expect((within(testimonialForm).getByLabelText('Description') as HTMLTextAreaElement).required).toBe(true);
    expect((within(testimonialForm).getByLabelText('Subject') as HTMLInputElement).value).toBe('Eczema');
    await user.click(within(testimonialForm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(fetch, 'PUT /staff/site/testimonials/ts-1')).toEqual([
      { name: 'Ravi', subject: 'Eczema', image: '', description: 'Much better now.', translations: { hi: noTexts, mr: noTexts } },
    ]));
  });

  it('gives texts in Hindi and Marathi: marks in the list what shows English, labels each input with its language, puts a 400 on its field', async () => {
    const user = userEvent.setup();
    const noTexts = { role: '', description: '' };
    const member = {
      _id: 'tm-1',
      name: 'Dr Neha Joshi',
      role: 'Homeopath',
      description: '',
      image: '',
      displayImage: '',
      displayOrder: 1,
      translations: { hi: noTexts, mr: noTexts },
    };
    let saved = member;
    const { fetch } = renderSection(<SiteSection />, {
      'GET /staff/site/events': ok([]),
      'GET /staff/site/team': () => ok([saved]),
      'GET /staff/site/testimonials': ok([]),
      'PUT /staff/site/team/tm-1': (body) => {
        const texts = (body as { translations: typeof member.translations }).translations;
        if (texts.hi.role.length > 5) {
          return { status: 400, body: { message: 'Please check the fields.', errors: [{ field: 'translations.hi.role', message: 'must be at most 200 characters' }] } };
        }
        saved = { ...member, translations: { hi: texts.hi, mr: texts.mr } };
        return ok({ message: 'Saved.', member: saved });
      },
    });
    const team = within(await screen.findByRole('list', { name: 'Team members' }));
    // Neither language given: both marked. (The empty description needs no translation.)
    expect(team.getByText('Hindi: English shown')).toBeTruthy();
    expect(team.getByText('Marathi: English shown')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit Dr Neha Joshi' }));
    const form = screen.getByRole('form', { name: 'Team member: Dr Neha Joshi' });
    const labels = ['Role (हिन्दी)', 'Description (हिन्दी)', 'Role (मराठी)', 'Description (मराठी)'];
    expect(labels.map((label) => [within(form).getByLabelText(label).tagName, within(form).getByLabelText(label).getAttribute('lang')])).toEqual([
      ['INPUT', 'hi'],
      ['TEXTAREA', 'hi'],
      ['INPUT', 'mr'],
      ['TEXTAREA', 'mr'],
    ]);
    expect(within(form).getByRole('group', { name: 'In Hindi (हिन्दी)' })).toBeTruthy();
    expect(within(form).getByLabelText('Role').getAttribute('lang')).toBeNull();

    // The server refuses the Hindi role: its message under that field, what was typed kept.
    await user.type(within(form).getByLabelText('Role (मराठी)'), 'होमिओपॅथ');
    await user.type(within(form).getByLabelText('Role (हिन्दी)'), 'होम्योपैथ चिकित्सक');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await expectToast('Please check the fields.', 'alert');
    const hindiRole = within(form).getByLabelText('Role (हिन्दी)');
    expect(hindiRole.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(hindiRole.getAttribute('aria-describedby') ?? '')?.textContent).toBe('must be at most 200 characters');
    expect(within(form).getByLabelText('Role (मराठी)').getAttribute('aria-invalid')).toBeNull();
    expect((within(form).getByLabelText('Role (मराठी)') as HTMLInputElement).value).toBe('होमिओपॅथ');

    // Without the Hindi role it saves: Marathi given, Hindi still shows English.
    await user.clear(hindiRole);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await expectToast('Saved.', 'status');
    expect(sentTo(fetch, 'PUT /staff/site/team/tm-1').at(-1)).toEqual({
      name: 'Dr Neha Joshi',
      role: 'Homeopath',
      image: '',
      description: '',
      translations: { hi: { role: '', description: '' }, mr: { role: 'होमिओपॅथ', description: '' } },
    });
    await waitFor(() => expect(team.queryByText('Marathi: English shown')).toBeNull());
    expect(team.getByText('Hindi: English shown')).toBeTruthy();
  });

  it('previews a Drive share link as the site will show it', async () => {
    const user = userEvent.setup();
    renderSection(<SiteSection />, {
      'GET /staff/site/events': ok([]),
      'GET /staff/site/team': ok([]),
      'GET /staff/site/testimonials': ok([]),
    });
    await user.click(await screen.findByRole('button', { name: 'Add team member' }));
    const form = screen.getByRole('form', { name: 'Add team member' });
    await user.type(within(form).getByLabelText('Image link'), 'https://drive.google.com/file/d/abc_123/view?usp=sharing');
    expect(within(form).getByText('https://drive.google.com/thumbnail?id=abc_123&sz=w2000')).toBeTruthy();
    expect((within(form).getByRole('img', { name: 'Preview of the image link' }) as HTMLImageElement).src).toBe(
      'https://drive.google.com/thumbnail?id=abc_123&sz=w2000',
    );
  });
});

describe('retiring and reactivating a doctor', () => {
  it('a retirement the ORPHAN RULE refuses lists the bookings; once they are cancelled, it retires, and focus comes back', async () => {
    const user = userEvent.setup();
    let retired = false;
    const { fetch } = renderSection(<DoctorsSection />, {
      'GET /staff/doctors': () => ok([{ ...anita, active: !retired }]),
      'GET /staff/locations': ok([andheri, bandra]),
      [`PUT /staff/doctors/${anita._id}/active`]: () => {
        if (sentTo(fetch, `POST /staff/appointments/${asha._id}/cancel`).length === 0) {
          return { status: 409, body: { message: "This change would leave a booked appointment outside the doctor's schedule. Move or cancel it first.", affected: [asha] } };
        }
        retired = true;
        return ok({ message: 'Doctor retired: no longer listed or bookable.', doctor: { ...anita, active: false } });
      },
      [`POST /staff/appointments/${asha._id}/cancel`]: ok({
        message: 'Appointment cancelled. Its fee was paid: it is listed under Refunds.',
        appointment: { ...asha, appointmentStatus: 'Cancelled', appointmentPaymentStatus: 'refund' },
      }),
    });
    const retire = await screen.findByRole('button', { name: 'Retire Dr Anita Rao' });
    await user.click(retire);
    const panel = screen.getByRole('region', { name: 'Retire Dr Anita Rao?' });
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Retire Dr Anita Rao?' }));
    await user.click(within(panel).getByRole('button', { name: 'Yes, retire' }));
    await expectToast("This change would leave a booked appointment outside the doctor's schedule. Move or cancel it first.", 'alert');
    expect(within(panel).getByRole('heading', { name: 'Nothing was changed' })).toBeTruthy();
    expect(sentTo(fetch, `PUT /staff/doctors/${anita._id}/active`)).toEqual([{ active: false }]);

    await user.click(within(panel).getByRole('button', { name: 'Cancel the appointment of Asha Verma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await expectToast('Appointment cancelled. Its fee was paid: it is listed under Refunds.', 'status');
    expect(await within(panel).findByText('Every affected appointment was moved or cancelled: retire the doctor now.')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Yes, retire' }));
    await expectToast('Doctor retired: no longer listed or bookable.', 'status');
    // The list loads again: marked Retired, offered to reactivate; the panel is gone and focus is back on the row's button.
    const reactivate = await screen.findByRole('button', { name: 'Reactivate Dr Anita Rao' });
    expect(screen.getByText('Retired')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Retire Dr Anita Rao?' })).toBeNull();
    expect(document.activeElement).toBe(reactivate);
    expect(sentTo(fetch, `PUT /staff/doctors/${anita._id}/active`)).toEqual([{ active: false }, { active: false }]);
  });

  it('reactivates a retired doctor after asking; "No, keep as is" changes nothing', async () => {
    const user = userEvent.setup();
    let active = false;
    const { fetch } = renderSection(<DoctorsSection />, {
      'GET /staff/doctors': () => ok([{ ...anita, active }]),
      'GET /staff/locations': ok([andheri]),
      [`PUT /staff/doctors/${anita._id}/active`]: () => {
        active = true;
        return ok({ message: 'Doctor listed and bookable again.', doctor: { ...anita, active: true } });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reactivate Dr Anita Rao' }));
    await user.click(within(screen.getByRole('region', { name: 'Reactivate Dr Anita Rao?' })).getByRole('button', { name: 'No, keep as is' }));
    expect(screen.queryByRole('region', { name: 'Reactivate Dr Anita Rao?' })).toBeNull();
    expect(sentTo(fetch, `PUT /staff/doctors/${anita._id}/active`)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Reactivate Dr Anita Rao' }));
    await user.click(within(screen.getByRole('region', { name: 'Reactivate Dr Anita Rao?' })).getByRole('button', { name: 'Yes, reactivate' }));
    await expectToast('Doctor listed and bookable again.', 'status');
    expect(await screen.findByRole('button', { name: 'Retire Dr Anita Rao' })).toBeTruthy();
    expect(sentTo(fetch, `PUT /staff/doctors/${anita._id}/active`)).toEqual([{ active: true }]);
  });
});

describe("an order's status", () => {
  const order = (orderStatus: string, paymentStatus: string) => ({
    _id: '60000000-0000-4000-8000-000000000001',
    appointmentId: asha._id,
    totalPrice: 349.5,
    paymentMode: 'Card',
    paymentStatus,
    orderStatus,
    pharmacyId: 'PH-1',
  });
  const completed = (o: ReturnType<typeof order>) => ({ ...asha, appointmentStatus: 'Completed', order: o });
  const today = 'from=2025-03-10&to=2025-03-10';

  it('is chosen in its popup and saved; the list shows the new status', async () => {
    const user = userEvent.setup();
    let status = 'Placed';
    const { fetch } = renderSection(<AppointmentsSection />, {
      [`GET /staff/appointments?${today}`]: () => ok([completed(order(status, 'Pending'))]),
      'GET /staff/doctors': ok([anita]),
      'GET /staff/locations': ok([andheri]),
      'PUT /staff/orders/60000000-0000-4000-8000-000000000001/status': (body) => {
        status = (body as { orderStatus: string }).orderStatus;
        return ok({ message: 'Order status saved.', appointment: completed(order(status, 'Pending')) });
      },
    });
    expect(await screen.findByText('Placed, payment Pending')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change the order status of Asha Verma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order status' });
    const save = within(dialog).getByRole('button', { name: 'Save status' }) as HTMLButtonElement;
    expect((within(dialog).getByRole('radio', { name: /^Placed/ }) as HTMLInputElement).checked).toBe(true);
    expect(save.disabled).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: /^Ready/ }));
    expect(save.disabled).toBe(false);
    await user.click(save);
    await expectToast('Order status saved.', 'status');
    expect(await screen.findByText('Ready, payment Pending')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Order status' })).toBeNull();
    expect(sentTo(fetch, 'PUT /staff/orders/60000000-0000-4000-8000-000000000001/status')).toEqual([{ orderStatus: 'Ready' }]);
  });

  it('cancelling a paid order warns of the refund first; a refusal keeps the popup; a cancelled order offers no change', async () => {
    const user = userEvent.setup();
    const { fetch } = renderSection(<AppointmentsSection />, {
      [`GET /staff/appointments?${today}`]: ok([
        completed(order('Ready', 'Completed')),
        { ...completed(order('Cancelled', 'Pending')), _id: ravi._id, firstName: 'Ravi' },
      ]),
      'GET /staff/doctors': ok([anita]),
      'GET /staff/locations': ok([andheri]),
      'PUT /staff/orders/60000000-0000-4000-8000-000000000001/status': { status: 409, body: { message: 'This order was cancelled: its status cannot change any more.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Change the order status of Asha Verma' }));
    expect(screen.queryByRole('button', { name: 'Change the order status of Ravi Verma' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Order status' });
    expect(within(dialog).queryByText('This order was paid: cancelling it flags the payment for refund under Refunds.')).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: /^Cancelled/ }));
    expect(within(dialog).getByText('This order was paid: cancelling it flags the payment for refund under Refunds.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save status' }));
    await expectToast('This order was cancelled: its status cannot change any more.', 'alert');
    expect(screen.getByRole('dialog', { name: 'Order status' })).toBeTruthy();
    expect(sentTo(fetch, 'PUT /staff/orders/60000000-0000-4000-8000-000000000001/status')).toEqual([{ orderStatus: 'Cancelled' }]);
  });
});
