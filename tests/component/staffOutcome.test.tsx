/**
 * How a consultation ends in the staff console, and how its lists read, with the real machines and
 * fake calls answered by hand (the console's clock is 10:00 on the fakes' day):
 * - before the join window the appointment says when completing opens, and offers no Complete;
 * - inside it, Complete; once the slot has ended, "Patient did not attend" too, which sends its
 *   note and shows the appointment as not attended;
 * - the lists say "Former patient" for a closed account (the server's `formerPatient`), never a
 *   name, and a cancelled or refunded fee by its refund state.
 */
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AppointmentRecord } from '../../contract/appointments';
import { AppointmentsSection as AdminAppointments } from '../../src/staff/admin/AppointmentsSection';
import { RefundsSection } from '../../src/staff/admin/RefundsSection';
import { refused } from '../machines/accountFakes';
import type { RecordOverrides } from '../machines/appointmentFakes';
import { adminMe, auditEntry, detailOf, doctorMe, staffAppointment } from '../machines/staffConsoleFakes';
import { renderSection } from './staffAdminSupport';
import { fakeStaff, renderConsole } from './staffSupport';
import { answer, expectToast } from './support';

async function openAppointment(record: AppointmentRecord) {
  const fake = fakeStaff();
  await renderConsole({ path: `/staff/appointments/${record._id}`, fake, me: doctorMe });
  await answer(() => fake.loadAppointment.latest().resolve(detailOf(record)));
  return fake;
}

const completeButton = () => screen.queryByRole('button', { name: 'Complete consultation' });
const didNotAttendButton = () => screen.queryByRole('button', { name: 'Patient did not attend' });
const appointmentFacts = () => {
  const card = screen.getByRole('region', { name: 'Appointment' });
  return Object.fromEntries(within(card).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
};

describe('ending a consultation', () => {
  it('before the join window: says when completing opens, and offers neither Complete nor "did not attend"', async () => {
    // 11:00 today: the window opens at 10:50, the console's clock says 10:00.
    await openAppointment(staffAppointment({ startTime: '11:00' }));
    const section = screen.getByRole('region', { name: 'Complete the consultation' });
    expect(section.textContent).toContain('You can complete this consultation from 10:50, when its join window opens.');
    expect(completeButton()).toBeNull();
    expect(within(section).queryByRole('textbox')).toBeNull();
    expect(didNotAttendButton()).toBeNull();
  });

  it('inside the window, before the slot ends: Complete, and no "did not attend" yet', async () => {
    await openAppointment(staffAppointment({ startTime: '10:00' }));
    expect(completeButton()).toBeTruthy();
    expect(screen.queryByText(/You can complete this consultation from/)).toBeNull();
    expect(didNotAttendButton()).toBeNull();
  });

  it('once the slot has ended: "Patient did not attend" sends its note; the appointment then reads as not attended', async () => {
    const user = userEvent.setup();
    const record = staffAppointment();
    const fake = await openAppointment(record);
    expect(completeButton()).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Patient did not attend?' });
    await user.type(within(section).getByLabelText('Note for the clinic (optional)'), 'Phone switched off');
    await user.click(within(section).getByRole('button', { name: 'Patient did not attend' }));
    expect(within(section).getByRole('button', { name: 'Saving…' })).toHaveProperty('disabled', true);
    expect(fake.markDidNotAttend.latest().input).toEqual({ appointmentId: record._id, note: 'Phone switched off', token: 'tok-stored' });

    const missed = { ...record, appointmentStatus: 'Missed' as const };
    await answer(() => fake.markDidNotAttend.latest().resolve({ message: 'Noted: the patient did not attend.', appointment: missed }));
    await expectToast('Noted: the patient did not attend.', 'status');
    expect(appointmentFacts().Status).toBe('Did not attend');
    expect(screen.getByRole('note').textContent).toBe('Noted: the patient did not attend. If they were seen after all, complete the consultation below.');
    expect(didNotAttendButton()).toBeNull();
    // A mistake can still be put right by completing it.
    expect(completeButton()).toBeTruthy();
  });

  it('a refusal says the server\'s words and loads the appointment again', async () => {
    const user = userEvent.setup();
    const record = staffAppointment();
    const fake = await openAppointment(record);
    await user.click(didNotAttendButton()!);
    await answer(() => fake.markDidNotAttend.latest().reject(refused(409, 'This consultation is completed: it cannot be marked as not attended.')));
    await expectToast('This consultation is completed: it cannot be marked as not attended.', 'alert');
    expect(fake.loadAppointment.calls).toHaveLength(2);
  });

  it('no "did not attend" for a Chat, an unpaid or a completed appointment, even after the slot', async () => {
    for (const record of [
      staffAppointment({ consultationType: 'Chat' }),
      staffAppointment({ appointmentPaymentStatus: 'failed', appointmentPaymentId: null }),
      staffAppointment({ appointmentStatus: 'Completed' }),
    ]) {
      await openAppointment(record);
      expect(didNotAttendButton(), record.consultationType).toBeNull();
      cleanup();
    }
  });
});

describe('who the patient was, and where the fee stands', () => {
  const former = (overrides: RecordOverrides = {}) =>
    staffAppointment({
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      accountHolder: { firstName: '', lastName: '' },
      formerPatient: true,
      ...overrides,
    });

  it("the doctor's list: \"Former patient\" for a closed account, and each fee's refund state", async () => {
    const { fake } = await renderConsole({ me: doctorMe });
    const rows = [
      former({ startTime: '09:00', appointmentStatus: 'Cancelled', refundState: 'notRefundable' }),
      former({ startTime: '09:30', appointmentStatus: 'Cancelled', appointmentPaymentStatus: 'refund', refundState: 'pending' }),
      staffAppointment({ startTime: '10:00', appointmentStatus: 'Cancelled', appointmentPaymentStatus: 'refund', refundState: 'refunded' }),
      staffAppointment({ startTime: '10:30' }),
    ];
    await answer(() => fake.loadAppointments.latest().resolve(rows));
    const articles = within(screen.getByRole('list', { name: 'Appointments' })).getAllByRole('article');
    expect(articles.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      '09:00, Former patient',
      '09:30, Former patient',
      '10:00, Asha Verma',
      '10:30, Asha Verma',
    ]);
    const fee = (row: HTMLElement) => within(row).getByText('Fee').nextElementSibling?.textContent;
    expect(articles.map(fee)).toEqual(['Paid, not refundable', 'Refund pending', 'Refunded', 'Paid']);
  });

  it('the appointment: "Former patient", with no email or phone, and the refund state of its fee', async () => {
    await openAppointment(former({ appointmentStatus: 'Cancelled', appointmentPaymentStatus: 'refund', refundState: 'pending' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/^Appointment: Former patient, /);
    const patient = screen.getByRole('region', { name: 'Patient' });
    expect(within(patient).getByText('Former patient')).toBeTruthy();
    expect(within(patient).queryByText('Email')).toBeNull();
    expect(within(patient).queryByText('Phone')).toBeNull();
    expect(appointmentFacts()['Fee payment']).toBe('Refund pending');
  });

  it("the admin's appointments of a day and the refunds say \"Former patient\"; a cancelled paid fee is not refundable", async () => {
    const closed = { ...former({ appointmentStatus: 'Cancelled', refundState: 'notRefundable' }), date: '2025-03-10' };
    renderSection(<AdminAppointments />, {
      'GET /staff/appointments?from=2025-03-10&to=2025-03-10': { status: 200, body: [closed] },
      'GET /staff/doctors': { status: 200, body: [] },
      'GET /staff/locations': { status: 200, body: [] },
    });
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Former patient')).toBeTruthy();
    expect(within(row).getByText('Paid, not refundable')).toBeTruthy();
    cleanup();

    renderSection(<RefundsSection />, {
      'GET /staff/refunds?state=open': {
        status: 200,
        body: [
          {
            _id: 'pay-1',
            purpose: 'appointment',
            reason: 'cancelled',
            amount: 450,
            merchantOrderId: 'M-1',
            provider: 'sandbox',
            flaggedAt: '2025-03-09T05:00:00.000Z',
            appointmentId: closed._id,
            appointmentNumber: 'SHC-1',
            orderId: null,
            patient: { userId: 'p1', name: '', email: '', phoneNumber: '', formerPatient: true },
            resolved: null,
          },
        ],
      },
    });
    expect(await screen.findByText(/^Former patient, ₹450/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark refunded: Former patient' })).toBeTruthy();
    expect(screen.queryByText(', ')).toBeNull();
  });

  it('the audit log says "Former patient" for what a closed account did', async () => {
    const { fake } = await renderConsole({ path: '/staff/audit', me: adminMe });
    await answer(() =>
      fake.loadAudit.latest().resolve([auditEntry(2, { actor: '', actorRole: 'patient', action: 'appointment.cancelled', actorFormerPatient: true })]),
    );
    const entry = screen.getAllByRole('article')[0]!;
    expect(within(entry).getByText('Who').nextElementSibling?.textContent).toBe('Former patient');
  });
});
