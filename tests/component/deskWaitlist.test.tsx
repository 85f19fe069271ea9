/**
 * The console's Waitlist section (reception and admins), wired to the real machine with the desk's
 * calls answered by hand: per doctor, in the order slots are offered, who waits (name, phone), for
 * what and which days, the slot out to one with its number and when its hold lapses (a patient
 * without an account: phone them); Refresh reads it again; a failed read offers Try again; Add to
 * waitlist with the desk's search, its own check and the server's 409; Remove asked once more; a
 * doctor's console has no Waitlist at all.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DeskWaitlistEntry } from '../../contract/desk';
import { refused, unanswered } from '../machines/accountFakes';
import { deskAnita, deskDoctors, deskPatient, hitOf, searchAnswer, today, waitlistEntry } from '../machines/deskFakes';
import { doctorMe, receptionMe } from '../machines/staffConsoleFakes';
import { fakeStaff, renderConsole } from './staffSupport';
import { answer, answerWhenCalled, expectToast } from './support';

const waiting = (over: Partial<DeskWaitlistEntry> = {}): DeskWaitlistEntry =>
  waitlistEntry({ _id: 'e1', patientName: 'Asha Kale', patientKind: 'account', doctorId: 'd-anita', doctorName: 'Dr Anita Rao', ...over });

/** The Waitlist section as reception opens it: the doctors, then the list answered with `entries`. */
async function openWaitlist(entries: DeskWaitlistEntry[] | null) {
  const fake = fakeStaff();
  await renderConsole({ path: '/staff/waitlist', fake, me: receptionMe });
  expect(screen.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeTruthy();
  await answerWhenCalled(fake.desk.loadDoctors, (call) => call.resolve([...deskDoctors]));
  if (entries) await answerWhenCalled(fake.desk.loadWaitlist, (call) => call.resolve(entries));
  return fake;
}

describe('the Waitlist section', () => {
  it('lists who waits for which doctor and days, and the slot out with when it lapses; Refresh reads again', async () => {
    const user = userEvent.setup();
    const offered = waiting({
      patientKind: 'desk',
      offer: { appointmentNumber: 'SHC-25-000109', date: '2025-03-12' as DeskWaitlistEntry['fromDate'], startTime: '17:00' as never, expiresAt: '2025-03-11T05:00:00.000Z' },
    });
    const fake = await openWaitlist([
      offered,
      waiting({ _id: 'e2', patientName: 'Ravi Patil', phoneNumber: null, location: 'Aundh', fromDate: '2025-03-13' as never, toDate: '2025-03-13' as never }),
      waiting({ _id: 'e3', patientName: 'Gita Joshi', doctorId: 'd-vikram', doctorName: 'Dr Vikram Shah', consultationType: 'Video' }),
    ]);
    expect(fake.desk.loadWaitlist.latest().input).toMatchObject({ token: 'tok-stored' });
    const anita = screen.getByRole('table', { name: 'Waiting for Dr Anita Rao' });
    expect(screen.getByRole('heading', { level: 2, name: 'Dr Anita Rao: 2 waiting' })).toBeTruthy();
    const [first, second] = within(anita).getAllByRole('row').slice(1);
    expect(first!.textContent).toContain('Asha Kale');
    expect(first!.textContent).toContain('no account');
    expect(first!.textContent).toContain('+91 98220 12345');
    expect(first!.textContent).toContain('Clinic Visit, any clinic');
    expect(first!.textContent).toMatch(/SHC-25-000109lapses .*10:30/);
    expect(first!.textContent).toContain('No account: phone them; take the fee on the Desk to keep the slot.');
    expect(second!.textContent).toContain('Ravi Patil');
    expect(second!.textContent).toContain('Clinic Visit, Aundh');
    expect(second!.textContent).toContain('Waiting');
    expect(second!.textContent).not.toContain('phone them');
    const vikram = screen.getByRole('table', { name: 'Waiting for Dr Vikram Shah' });
    expect(vikram.textContent).toContain('Video, online');
    expect(screen.getByRole('heading', { level: 2, name: 'Dr Vikram Shah: 1 waiting' })).toBeTruthy();

    const calls = fake.desk.loadWaitlist.calls.length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(fake.desk.loadWaitlist.calls.length).toBe(calls + 1));
    await answer(() => fake.desk.loadWaitlist.latest().resolve([]));
    expect(await screen.findByText('Nobody is on the waitlist.')).toBeTruthy();
  });

  it('offers Try again when the list cannot be read', async () => {
    const user = userEvent.setup();
    const fake = await openWaitlist(null);
    await answerWhenCalled(fake.desk.loadWaitlist, (call) => call.reject(unanswered));
    expect(await screen.findByText('We could not load the waitlist.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await answerWhenCalled(fake.desk.loadWaitlist, (call) => call.resolve([waiting()]));
    expect(await screen.findByRole('table', { name: 'Waiting for Dr Anita Rao' })).toBeTruthy();
  });

  it('adds a patient found by the search, checking the form first and showing the server’s refusal', async () => {
    const user = userEvent.setup();
    const fake = await openWaitlist([]);
    await user.click(screen.getByRole('button', { name: 'Add to waitlist' }));
    const form = screen.getByRole('form', { name: 'Add a patient to the waitlist' });
    // Nothing chosen: said at the fields, the first focused, no call.
    await user.click(within(form).getByRole('button', { name: 'Add to waitlist' }));
    expect(within(form).getAllByText('is required')).toHaveLength(2);
    expect(fake.desk.addToWaitlist.calls).toHaveLength(0);

    const ramesh = deskPatient();
    await user.type(within(form).getByRole('searchbox', { name: 'Find the patient: name, phone or appointment ID' }), 'ramesh{Enter}');
    await answerWhenCalled(fake.desk.searchPatients, (call) => {
      expect(call.input).toEqual({ query: 'ramesh', token: 'tok-stored' });
      call.resolve(searchAnswer([hitOf(ramesh)]));
    });
    await user.click(within(form).getByRole('button', { name: 'Choose Ramesh Patil' }));
    expect(form.querySelector('.desk-waitlist__chosen')!.textContent).toBe('Ramesh Patil, +91 98220 12345');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Doctor' }), deskAnita._id);
    // A patient without an account: Clinic Visit or Call only.
    const types = within(within(form).getByRole('combobox', { name: 'Type' })).getAllByRole('option').map((o) => o.textContent);
    expect(types).toEqual(['Clinic Visit', 'Call (we ring the patient)']);
    expect(within(form).getByLabelText('First day')).toHaveProperty('value', today);
    await user.click(within(form).getByRole('button', { name: 'Add to waitlist' }));
    const overlap = 'This patient is already on the waitlist for this doctor on some of these days.';
    await answerWhenCalled(fake.desk.addToWaitlist, (call) => {
      expect(call.input.request).toEqual({ patientId: ramesh._id, doctorId: deskAnita._id, locationId: '', consultationType: 'Clinic Visit', fromDate: today, toDate: '2025-03-16' });
      call.reject(refused(409, overlap));
    });
    await expectToast(overlap, 'alert');
    // The form stays; a shorter range at one of the doctor's clinics goes through, and the entry is listed.
    await user.clear(within(form).getByLabelText('Last day'));
    await user.type(within(form).getByLabelText('Last day'), '2025-03-11');
    const clinic = within(form).getByRole('combobox', { name: 'Clinic' });
    expect(within(clinic).getAllByRole('option').map((o) => o.textContent)).toEqual(['Any of the doctor’s clinics', ...deskAnita.locations.map((l) => l.name)]);
    await user.selectOptions(clinic, deskAnita.locations[1]!._id);
    await user.click(within(form).getByRole('button', { name: 'Add to waitlist' }));
    await answerWhenCalled(fake.desk.addToWaitlist, (call) => {
      expect(call.input.request).toMatchObject({ locationId: deskAnita.locations[1]!._id, consultationType: 'Clinic Visit', toDate: '2025-03-11' });
      call.resolve(waitlistEntry({ _id: 'new', doctorId: deskAnita._id, doctorName: deskAnita.name, toDate: '2025-03-11' as never }));
    });
    await expectToast('Ramesh Patil is on the waitlist.', 'status');
    expect(screen.queryByRole('form', { name: 'Add a patient to the waitlist' })).toBeNull();
    expect(within(screen.getByRole('table', { name: `Waiting for ${deskAnita.name}` })).getByText('Ramesh Patil')).toBeTruthy();
  });

  it('removes an entry only when asked once more', async () => {
    const user = userEvent.setup();
    const fake = await openWaitlist([waiting(), waiting({ _id: 'e2', patientName: 'Ravi Patil' })]);
    await user.click(screen.getByRole('button', { name: 'Remove Asha Kale' }));
    const ask = screen.getByRole('group', { name: 'Remove Asha Kale' });
    expect(ask.textContent).toContain('Take Asha Kale off the waitlist for Dr Anita Rao? A slot held for them goes to the next patient.');
    await user.click(within(ask).getByRole('button', { name: 'Keep' }));
    expect(fake.desk.removeFromWaitlist.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove Asha Kale' }));
    await user.click(within(screen.getByRole('group', { name: 'Remove Asha Kale' })).getByRole('button', { name: 'Remove' }));
    await answerWhenCalled(fake.desk.removeFromWaitlist, (call) => {
      expect(call.input).toEqual({ entryId: 'e1', token: 'tok-stored' });
      call.resolve({ message: 'Taken off the waitlist.' });
    });
    await expectToast('Asha Kale is off the waitlist.', 'status');
    expect(screen.queryByText('Asha Kale')).toBeNull();
    expect(screen.getByText('Ravi Patil')).toBeTruthy();
  });

  it("is not in a doctor's console", async () => {
    const fake = fakeStaff();
    await renderConsole({ path: '/staff/waitlist', fake, me: doctorMe });
    expect(screen.queryByRole('link', { name: 'Waitlist' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 1, name: 'Waitlist' })).toBeNull();
    expect(fake.desk.loadWaitlist.calls).toHaveLength(0);
  });
});
