/**
 * The console's Waitlist section (reception and admins), with GET /desk/waitlist answered by
 * hand: per doctor, in the order slots are offered, who waits (name, phone), for what and which
 * days, the slot out to one with its number and when its hold lapses; Refresh reads it again; a
 * failed read offers Try again; a doctor's console has no Waitlist at all.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DeskWaitlistEntry } from '../../contract/desk';
import { unanswered } from '../machines/accountFakes';
import { doctorMe, receptionMe } from '../machines/staffConsoleFakes';
import { fakeStaff, renderConsole } from './staffSupport';
import { answer, answerWhenCalled } from './support';

const waiting = (over: Partial<DeskWaitlistEntry> = {}): DeskWaitlistEntry => ({
  _id: 'e1',
  patientName: 'Asha Kale',
  phoneNumber: '9822012345',
  patientKind: 'account',
  doctorId: 'd-anita',
  doctorName: 'Dr Anita Rao',
  consultationType: 'Clinic Visit',
  location: '',
  fromDate: '2025-03-12' as DeskWaitlistEntry['fromDate'],
  toDate: '2025-03-14' as DeskWaitlistEntry['toDate'],
  joinedAt: '2025-03-10T04:30:00.000Z',
  offer: null,
  ...over,
});

describe('the Waitlist section', () => {
  it('lists who waits for which doctor and days, and the slot out with when it lapses; Refresh reads again', async () => {
    const user = userEvent.setup();
    const fake = fakeStaff();
    await renderConsole({ path: '/staff/waitlist', fake, me: receptionMe });
    expect(screen.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeTruthy();
    const offered = waiting({
      offer: { appointmentNumber: 'SHC-25-000109', date: '2025-03-12' as DeskWaitlistEntry['fromDate'], startTime: '17:00' as never, expiresAt: '2025-03-11T05:00:00.000Z' },
    });
    await answerWhenCalled(fake.desk.loadWaitlist, (call) =>
      call.resolve([
        offered,
        waiting({ _id: 'e2', patientName: 'Ravi Patil', phoneNumber: null, location: 'Aundh', fromDate: '2025-03-13' as never, toDate: '2025-03-13' as never }),
        waiting({ _id: 'e3', patientName: 'Gita Joshi', doctorId: 'd-vikram', doctorName: 'Dr Vikram Shah', consultationType: 'Video' }),
      ]),
    );
    expect(fake.desk.loadWaitlist.latest().input).toMatchObject({ token: 'tok-stored' });
    const anita = screen.getByRole('table', { name: 'Waiting for Dr Anita Rao' });
    expect(screen.getByRole('heading', { level: 2, name: 'Dr Anita Rao: 2 waiting' })).toBeTruthy();
    const [first, second] = within(anita).getAllByRole('row').slice(1);
    expect(first!.textContent).toContain('Asha Kale');
    expect(first!.textContent).toContain('+91 98220 12345');
    expect(first!.textContent).toContain('Clinic Visit, any clinic');
    expect(first!.textContent).toMatch(/SHC-25-000109lapses .*10:30/);
    expect(second!.textContent).toContain('Ravi Patil');
    expect(second!.textContent).toContain('Clinic Visit, Aundh');
    expect(second!.textContent).toContain('Waiting');
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
    const fake = fakeStaff();
    await renderConsole({ path: '/staff/waitlist', fake, me: receptionMe });
    await answerWhenCalled(fake.desk.loadWaitlist, (call) => call.reject(unanswered));
    expect(await screen.findByText('We could not load the waitlist.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await answerWhenCalled(fake.desk.loadWaitlist, (call) => call.resolve([waiting()]));
    expect(await screen.findByRole('table', { name: 'Waiting for Dr Anita Rao' })).toBeTruthy();
  });

  it("is not in a doctor's console", async () => {
    const fake = fakeStaff();
    await renderConsole({ path: '/staff/waitlist', fake, me: doctorMe });
    expect(screen.queryByRole('link', { name: 'Waitlist' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 1, name: 'Waitlist' })).toBeNull();
    expect(fake.desk.loadWaitlist.calls).toHaveLength(0);
  });
});
