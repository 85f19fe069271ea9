/**
 * The waitlist in the rendered views, with fake calls answered by hand: the booking popup's "Join
 * the waitlist" link (the choices carried to My appointments), and My appointments' "My waitlist":
 * the join form opened filled in from that link, joined; problems on their fields before any call;
 * leaving an entry; a held slot declined, which loads the appointments list again; a slot offered
 * while the page is open, brought by the live stream, shown with a toast without a reload.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clinicToday } from '../../contract/clinicTime';
import type { Doctor } from '../../contract/site';
import type { WaitlistEntry, WaitlistList } from '../../contract/waitlist';
import type { JoinRequest } from '../../machines/waitlistOffer/join';
import type { WaitlistLiveEvent } from '../../machines/waitlistOffer/waitlistLiveMachine';
import type { WaitlistLoaded } from '../../machines/waitlistOffer/waitlistMachine';
import { fromCallback } from 'xstate';
import type { WaitlistServices } from '../../src/components/Waitlist/services';
import { pwaMessages } from '../../src/i18n/pwaMessages';
import { setPwaStatus } from '../../src/pwa/status';
import { answeredByHand } from '../machines/accountFakes';
import { now } from '../machines/appointmentFakes';
import { anita, doctors, fees } from '../machines/bookingFakes';
import { fakeAppointments, renderMyAppointments } from './appointmentsSupport';
import { bookingDay, fakeBooking, renderBookingApp } from './bookingSupport';
import { answer, answerWhenCalled, currentPath, demoUser, fakeAccount, warmAccountChunks } from './support';

beforeAll(async () => {
  await warmAccountChunks();
  await Promise.all([
    import('../../src/components/Booking/BookingPopup'),
    import('../../src/pages/MyAppointments/MyAppointmentsPage'),
    import('../../src/components/Waitlist/WaitlistBlock'),
  ]);
}, 30_000);

afterEach(() => sessionStorage.clear());

const today = clinicToday(new Date(now));
const meera: Doctor = { _id: 'd1', name: 'Dr. Meera Kulkarni', email: 'meera@example.com', type: 'clinic', locations: ['Kothrud', 'Aundh'], qualification: 'BHMS', consultsOnline: false };
const entry = (over: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  _id: 'e1',
  doctorEmail: meera.email,
  doctorName: meera.name,
  location: 'Aundh',
  consultationType: 'Clinic Visit',
  fromDate: today as WaitlistEntry['fromDate'],
  toDate: today as WaitlistEntry['toDate'],
  joinedAt: new Date(now).toISOString(),
  status: 'waiting',
  offer: null,
  ...over,
});
const list = (entries: WaitlistEntry[]): WaitlistList => ({ entries, maxDays: 31, lastDate: '2099-12-31' as WaitlistList['lastDate'] });

/** A hand-driven GET /waitlist/stream: each one opened, what it was given, whether it is still open. */
function fakeStreams() {
  const opened: Array<{ token: string; send: (e: WaitlistLiveEvent) => void; open: boolean }> = [];
  const logic = fromCallback<WaitlistLiveEvent, { token: string }>(({ input, sendBack }) => {
    const s = { token: input.token, send: sendBack, open: true };
    opened.push(s);
    return () => {
      s.open = false;
    };
  });
  return { logic, opened, live: () => opened.filter((s) => s.open) };
}

function fakeWaitlist() {
  const streams = fakeStreams();
  const calls = {
    loadWaitlist: answeredByHand<WaitlistLoaded, { token: string }>(),
    joinWaitlist: answeredByHand<WaitlistEntry, { request: JoinRequest; token: string }>(),
    leaveWaitlist: answeredByHand<unknown, { id: string; token: string }>(),
    declineOffer: answeredByHand<unknown, { entryId: string; token: string }>(),
  };
  const services: WaitlistServices = {
    loadWaitlist: calls.loadWaitlist.logic,
    joinWaitlist: calls.joinWaitlist.logic,
    leaveWaitlist: calls.leaveWaitlist.logic,
    declineOffer: calls.declineOffer.logic,
    followWaitlist: streams.logic,
    now: () => now,
  };
  return { ...calls, streams, services };
}

/** My appointments at `route` with its waitlist; the appointments list answered empty, the waitlist with `entries`. */
async function myWaitlist(entries: WaitlistEntry[], route = '/myappointment') {
  const waitlist = fakeWaitlist();
  const fake = fakeAppointments();
  const rendered = await renderMyAppointments({ ...fake, services: { ...fake.services, waitlist: waitlist.services } }, route);
  await answer(() => fake.loadAppointments.latest().resolve([]));
  await answerWhenCalled(waitlist.loadWaitlist, (call) => call.resolve({ list: list(entries), doctors: [meera] }));
  const block = await screen.findByRole('region', { name: 'My waitlist' });
  return { ...rendered, fake, waitlist, block };
}

describe("the booking popup's waitlist link", () => {
  it('carries the doctor, clinic, type and day to My appointments, leaving the popup', async () => {
    const user = userEvent.setup();
    const booking = fakeBooking();
    const account = fakeAccount({ storedToken: 'tok-stored' });
    renderBookingApp({ account, booking });
    await answer(() => account.fetchCurrentUser.latest().resolve(demoUser));
    await user.click((await screen.findAllByRole('button', { name: 'Book Appointment' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Book Appointment' });
    await answerWhenCalled(booking.loadDoctors, (call) => call.resolve(doctors));
    await answerWhenCalled(booking.loadFees, (call) => call.resolve(fees));
    expect(within(dialog).queryByRole('link', { name: 'No time suits you? Join the waitlist' })).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Location'), 'Andheri West');
    await user.selectOptions(await within(dialog).findByLabelText('Doctor'), anita.email);
    await user.selectOptions(await within(dialog).findByLabelText('Consultation type'), 'Clinic Visit');
    fireEvent.change(await within(dialog).findByLabelText('Date'), { target: { value: bookingDay } });
    // Every time of the day taken.
    await answerWhenCalled(booking.loadTimeSlots, (call) => call.resolve([{ time: '10:00' as never, status: 'booked' }]));
    const link = await within(dialog).findByRole('link', { name: 'No time suits you? Join the waitlist' });
    const target = `/myappointment?waitlist=1&doctor=${encodeURIComponent(anita.email)}&location=Andheri+West&type=Clinic+Visit&from=${bookingDay}`;
    expect(link.getAttribute('href')).toBe(target);
    await user.click(link);
    await waitFor(() => expect(currentPath()).toBe(target));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Book Appointment' })).toBeNull());
  });
});

describe('My waitlist', () => {
  it('opens the join form filled in from the link, joins, and lists the entry with its Leave button', async () => {
    const user = userEvent.setup();
    const route = `/myappointment?waitlist=1&doctor=${encodeURIComponent(meera.email)}&location=Aundh&type=Clinic+Visit&from=${today}`;
    const { waitlist, block } = await myWaitlist([], route);
    const form = within(block).getByRole('group', { name: 'Join a waitlist' });
    expect((within(form).getByLabelText('Doctor') as HTMLSelectElement).value).toBe(meera.email);
    expect((within(form).getByLabelText('Clinic') as HTMLSelectElement).value).toBe('Aundh');
    expect((within(form).getByLabelText('Consultation type') as HTMLSelectElement).value).toBe('Clinic Visit');
    expect((within(form).getByLabelText('From') as HTMLInputElement).value).toBe(today);
    await user.click(within(form).getByRole('button', { name: 'Join the waitlist' }));
    expect(waitlist.joinWaitlist.latest().input.request).toMatchObject({ doctorEmail: meera.email, location: 'Aundh', consultationType: 'Clinic Visit', fromDate: today });
    await answer(() => waitlist.joinWaitlist.latest().resolve(entry()));
    expect(await screen.findByText('You are on the waitlist. We will tell you when a slot is freed.')).toBeTruthy();
    expect(within(block).queryByRole('group', { name: 'Join a waitlist' })).toBeNull();
    expect(within(block).getByRole('heading', { name: meera.name })).toBeTruthy();
    expect(within(block).getByRole('button', { name: `Leave the waitlist for ${meera.name}` })).toBeTruthy();
  });

  it('names each problem on its field before any call, the focus on the first', async () => {
    const user = userEvent.setup();
    const { waitlist, block } = await myWaitlist([]);
    expect(within(block).getByText('You are not on any waitlist.')).toBeTruthy();
    await user.click(within(block).getByRole('button', { name: 'Join a waitlist' }));
    await user.click(within(block).getByRole('button', { name: 'Join the waitlist' }));
    const doctor = within(block).getByLabelText('Doctor');
    expect(doctor.getAttribute('aria-invalid')).toBe('true');
    expect(within(block).getByLabelText('Consultation type').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(doctor));
    expect(waitlist.joinWaitlist.calls).toHaveLength(0);
    // Choosing the doctor clears that problem and offers their clinics.
    await user.selectOptions(doctor, meera.email);
    expect(doctor.getAttribute('aria-invalid')).toBeNull();
    expect(within(within(block).getByLabelText('Clinic')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      "Any of the doctor's clinics",
      'Kothrud',
      'Aundh',
    ]);
  });

  it("offline, says the app's offline notice instead of a failure of its own; online again, its own words", async () => {
    const waitlist = fakeWaitlist();
    const fake = fakeAppointments();
    await renderMyAppointments({ ...fake, services: { ...fake.services, waitlist: waitlist.services } }, '/myappointment');
    await answer(() => fake.loadAppointments.latest().resolve([]));
    act(() => setPwaStatus({ offline: true }));
    try {
      await answerWhenCalled(waitlist.loadWaitlist, (call) => call.reject({ _tag: 'NetworkFailure', message: 'Failed to fetch' }));
      const block = await screen.findByRole('region', { name: 'My waitlist' });
      await within(block).findByText(pwaMessages.en.offline);
      expect(within(block).queryByText('Your waitlist could not be loaded.')).toBeNull();
      act(() => setPwaStatus({ offline: false }));
      await within(block).findByText('Your waitlist could not be loaded.');
    } finally {
      act(() => setPwaStatus({ offline: false }));
    }
  });

  it('leaves an entry, and the appointments list loads again', async () => {
    const user = userEvent.setup();
    const { waitlist, fake, block } = await myWaitlist([entry()]);
    const loads = fake.loadAppointments.calls.length;
    await user.click(within(block).getByRole('button', { name: `Leave the waitlist for ${meera.name}` }));
    expect(waitlist.leaveWaitlist.latest().input).toEqual({ id: 'e1', token: 'tok-stored' });
    await answer(() => waitlist.leaveWaitlist.latest().resolve({ message: 'You have left the waitlist.' }));
    expect(await screen.findByText('You have left the waitlist.')).toBeTruthy();
    expect(within(block).queryByRole('heading', { name: meera.name })).toBeNull();
    await waitFor(() => expect(fake.loadAppointments.calls.length).toBe(loads + 1));
  });

  it('shows a held slot until when, and declines it: the lists load again', async () => {
    const user = userEvent.setup();
    const offer = {
      appointmentId: 'a9',
      appointmentNumber: 'SHC-25-000109',
      date: today as WaitlistEntry['fromDate'],
      startTime: '17:00' as NonNullable<WaitlistEntry['offer']>['startTime'],
      location: 'Aundh',
      expiresAt: new Date(now + 30 * 60_000).toISOString(),
    };
    const { waitlist, fake, block } = await myWaitlist([entry({ status: 'offered', offer })]);
    const held = within(block).getByRole('group', { name: 'A slot is held for you' });
    expect(held.textContent).toContain('appointment SHC-25-000109');
    const loads = { appointments: fake.loadAppointments.calls.length, waitlist: waitlist.loadWaitlist.calls.length };
    await user.click(within(held).getByRole('button', { name: 'Decline this slot' }));
    expect(waitlist.declineOffer.latest().input).toEqual({ entryId: 'e1', token: 'tok-stored' });
    await answer(() => waitlist.declineOffer.latest().resolve(entry()));
    expect(await screen.findAllByText('You declined the slot: it goes to the next patient waiting, and you stay on the waitlist.')).not.toHaveLength(0);
    await waitFor(() => expect(fake.loadAppointments.calls.length).toBe(loads.appointments + 1));
    expect(waitlist.loadWaitlist.calls.length).toBe(loads.waitlist + 1);
  });

  it('follows the list live while the patient waits: a slot offered shows at once, with a toast, and the appointments list loads again', async () => {
    const { waitlist, fake, block } = await myWaitlist([entry()]);
    await waitFor(() => expect(waitlist.streams.live()).toHaveLength(1));
    expect(waitlist.streams.live()[0]!.token).toBe('tok-stored');
    expect(within(block).getByText('Waiting for a slot to be freed.')).toBeTruthy();
    const loads = { appointments: fake.loadAppointments.calls.length, waitlist: waitlist.loadWaitlist.calls.length };
    const offer = {
      appointmentId: 'a9',
      appointmentNumber: 'SHC-25-000109',
      date: today as WaitlistEntry['fromDate'],
      startTime: '17:00' as NonNullable<WaitlistEntry['offer']>['startTime'],
      location: 'Aundh',
      expiresAt: new Date(now + 30 * 60_000).toISOString(),
    };
    // The same list again (a reconnect's first event): nothing said, nothing loaded.
    await answer(() => waitlist.streams.live()[0]!.send({ type: 'stream.list', list: list([entry()]) }));
    expect(fake.loadAppointments.calls.length).toBe(loads.appointments);
    await answer(() => waitlist.streams.live()[0]!.send({ type: 'stream.list', list: list([entry({ status: 'offered', offer })]) }));
    const held = await within(block).findByRole('group', { name: 'A slot is held for you' });
    expect(held.textContent).toContain('appointment SHC-25-000109');
    expect(await screen.findByText('A slot you were waiting for is free and held for you: pay its fee in your appointments to take it.')).toBeTruthy();
    await waitFor(() => expect(fake.loadAppointments.calls.length).toBe(loads.appointments + 1));
    // Pushed, not read again.
    expect(waitlist.loadWaitlist.calls.length).toBe(loads.waitlist);
  });

  it('holds no stream while the patient waits for nothing, and drops it once they leave the last entry', async () => {
    const user = userEvent.setup();
    const empty = await myWaitlist([]);
    expect(empty.waitlist.streams.opened).toHaveLength(0);
    cleanup();
    const { waitlist, block } = await myWaitlist([entry()]);
    await waitFor(() => expect(waitlist.streams.live()).toHaveLength(1));
    await user.click(within(block).getByRole('button', { name: `Leave the waitlist for ${meera.name}` }));
    await answer(() => waitlist.leaveWaitlist.latest().resolve({ message: 'You have left the waitlist.' }));
    await waitFor(() => expect(waitlist.streams.live()).toHaveLength(0));
  });
});
