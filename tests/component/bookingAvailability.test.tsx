/**
 * Availability at a glance in the Book Appointment popup, wired to the real booking machine and its date-strip
 * child with fake calls answered by hand: Online as a place (no clinic asked; online doctors; Chat,
 * Video and Call; online slots), the doctor card, the strip choosing the first free day with full
 * days disabled, slots grouped Morning / Afternoon / Evening, a day on leave, and "Consult online
 * now / soonest".
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import type { AppointmentRecord, TimeSlot } from '../../contract/appointments';
import type { Availability, NextFreeList, SoonestOnlineDoctor } from '../../contract/availability';
import type { AppointmentFeeList, Doctor } from '../../contract/site';
import type { BookingRequest, NextFreeRequest, PaymentAnswer, PaymentRequest } from '../../machines/booking/bookingMachine';
import { formatStripDay } from '../../src/format/format';
import type { AvailabilityRequest } from '../../machines/availability/availabilityMachine';
import { clinicToday } from '../../contract/clinicTime';
import { AppShell } from '../../src/app/App';
import type { BookingServices } from '../../src/app/booking';
import { answeredByHand } from '../machines/accountFakes';
import { anita, fees, kavita, type SlotsInput } from '../machines/bookingFakes';
import { answer, answerWhenCalled, demoOptions, demoUser, fakeAccount, fakeSiteOptionsLogic, warmAccountChunks } from './support';

beforeAll(async () => {
  await warmAccountChunks();
  await import('../../src/components/Booking/BookingPopup');
}, 30_000);

const online: Doctor = {
  ...kavita,
  consultsOnline: true,
  registrationCouncil: 'Maharashtra Council of Homoeopathy',
  registrationNumber: 'MH-HOM-57126',
  languages: ['English', 'हिन्दी'],
  photo: '/media/team/kavita-iyer.svg',
};
const doctors: Doctor[] = [anita, online];

function dayAfter(days: number): string {
  const day = new Date(`${clinicToday()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** Two weeks from today: today full, tomorrow free (4), the day after on leave, then 2 free a day. */
function stripFor(request: AvailabilityRequest): Availability {
  const days = Array.from({ length: 14 }, (_, i) => ({
    date: dayAfter(i),
    works: true,
    onLeave: i === 2,
    free: i === 0 || i === 2 ? 0 : i === 1 ? 4 : 2,
  })) as Availability['days'];
  return {
    doctorEmail: request.doctorEmail,
    location: request.location,
    from: days[0]!.date,
    to: days[13]!.date,
    bookableUntil: dayAfter(90) as Availability['bookableUntil'],
    days,
    next: { date: days[1]!.date, time: '09:00' as NonNullable<Availability['next']>['time'], location: request.location },
  };
}

const slot = (time: string, status: TimeSlot['status']) => ({ time, status }) as TimeSlot;
const daySlots: TimeSlot[] = [slot('09:00', 'free'), slot('11:40', 'booked'), slot('13:00', 'free'), slot('18:00', 'free')];

/** `withNextFree` false: a fake without the doctor step's call (as older fakes), which must still work. */
function fakeBooking({ withNextFree = false }: { withNextFree?: boolean } = {}) {
  const calls = {
    loadDoctors: answeredByHand<Doctor[], unknown>(),
    loadFees: answeredByHand<AppointmentFeeList, unknown>(),
    loadTimeSlots: answeredByHand<TimeSlot[], SlotsInput>(),
    addAppointment: answeredByHand<AppointmentRecord, { request: BookingRequest; token: string }>(),
    createPayment: answeredByHand<PaymentAnswer, { request: PaymentRequest; token: string }>(),
    loadAvailability: answeredByHand<Availability, AvailabilityRequest>(),
    loadSoonest: answeredByHand<SoonestOnlineDoctor[], { token: string | null }>(),
    loadNextFree: answeredByHand<NextFreeList, NextFreeRequest>(),
  };
  const services: BookingServices = {
    actors: {
      loadDoctors: calls.loadDoctors.logic,
      loadFees: calls.loadFees.logic,
      loadTimeSlots: calls.loadTimeSlots.logic,
      addAppointment: calls.addAppointment.logic,
      createPayment: calls.createPayment.logic,
      loadAvailability: calls.loadAvailability.logic,
      loadSoonest: calls.loadSoonest.logic,
      ...(withNextFree ? { loadNextFree: calls.loadNextFree.logic } : {}),
    },
    checkoutOrigins: () => Promise.resolve([]),
    leaveFor: () => undefined,
  };
  return { ...calls, services };
}

async function openPopup(options: { withNextFree?: boolean; loggedIn?: boolean } = {}) {
  const booking = fakeBooking(options);
  const account = fakeAccount({ storedToken: options.loggedIn ? 'tok-stored' : null });
  render(
    <MemoryRouter initialEntries={['/']}>
      <AppShell siteOptionsLogic={fakeSiteOptionsLogic(() => Promise.resolve(demoOptions))} accountServices={account.services} bookingServices={booking.services} />
    </MemoryRouter>,
  );
  if (options.loggedIn) {
    await answer(() => account.fetchCurrentUser.latest().resolve(demoUser));
    await screen.findByRole('button', { name: 'My Profile' });
  }
  const user = userEvent.setup();
  await user.click(screen.getAllByRole('button', { name: 'Book Appointment' })[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Book Appointment' });
  await answerWhenCalled(booking.loadDoctors, (call) => call.resolve(doctors));
  await answerWhenCalled(booking.loadFees, (call) => call.resolve(fees));
  return { user, dialog, booking };
}

describe('Book Appointment popup: availability at a glance', () => {
  it('online asks no clinic: online doctors, Chat/Video/Call, the strip chooses the first free day, slots grouped, the doctor card', async () => {
    const { user, dialog, booking } = await openPopup();
    await user.selectOptions(within(dialog).getByLabelText('Location'), 'Online (Chat, Video, Call)');
    expect(within(dialog).getByText(/no clinic to choose/)).toBeTruthy();
    const doctorSelect = await within(dialog).findByLabelText('Doctor');
    expect(within(doctorSelect).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a doctor', `${online.name} (online only)`]);
    await user.selectOptions(doctorSelect, online.email);

    const card = within(dialog).getByRole('region', { name: `About the doctor: ${online.name}` });
    expect(card.textContent).toContain('Registration MH-HOM-57126, Maharashtra Council of Homoeopathy');
    expect(card.textContent).toContain('Consults in English, Hindi'); // the clinic entered हिन्दी: named in the language in use
    expect(card.textContent).toContain('Video ₹450');
    expect(card.textContent).not.toContain('Clinic Visit');

    const types = await within(dialog).findByLabelText('Consultation type');
    expect(within(types).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a consultation type', 'Chat', 'Video', 'Call']);
    await user.selectOptions(types, 'Video');

    await waitFor(() => expect(booking.loadAvailability.calls.length).toBeGreaterThan(0));
    expect(booking.loadAvailability.latest().input).toEqual({ doctorEmail: online.email, location: '', from: null, token: null });
    await answer(() => booking.loadAvailability.latest().resolve(stripFor(booking.loadAvailability.latest().input)));

    const strip = within(dialog).getByRole('group', { name: 'Free days' });
    const days = within(strip).getAllByRole('radio') as HTMLInputElement[];
    expect(days).toHaveLength(14);
    expect(days[0]!.disabled).toBe(true);
    expect(days[0]!.getAttribute('aria-label')).toMatch(/\(Today\): Full$/);
    expect(days[2]!.getAttribute('aria-label')).toMatch(/: On leave$/);
    expect(days[1]!.checked).toBe(true);
    expect(days[1]!.getAttribute('aria-label')).toMatch(/: 4 free$/);
    expect((within(dialog).getByLabelText('Date') as HTMLInputElement).value).toBe(dayAfter(1));
    expect(within(strip).getByText(/^Free days from .+\. Next available: /)).toBeTruthy();

    await waitFor(() => expect(booking.loadTimeSlots.calls.length).toBeGreaterThan(0));
    expect(booking.loadTimeSlots.latest().input).toEqual({ doctorEmail: online.email, location: '', date: dayAfter(1), token: null });
    await answer(() => booking.loadTimeSlots.latest().resolve(daySlots));
    const slots = within(dialog).getByRole('group', { name: 'Time slot' });
    expect(within(slots).getAllByRole('group').map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Morning',
      'Afternoon',
      'Evening',
    ]);
    expect(within(within(slots).getByRole('group', { name: 'Morning' })).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['09:00', '11:40']);
    expect(within(within(slots).getByRole('group', { name: 'Evening' })).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['18:00']);

    // Two weeks on: the strip asks from the day after its last.
    await user.click(within(strip).getByRole('button', { name: 'Later days' }));
    await waitFor(() => expect(booking.loadAvailability.latest().input.from).toBe(dayAfter(14)));
  });

  it('a day on leave says so instead of a wall of unavailable times', async () => {
    const { user, dialog, booking } = await openPopup();
    await user.selectOptions(within(dialog).getByLabelText('Location'), 'Andheri West');
    await user.selectOptions(await within(dialog).findByLabelText('Doctor'), anita.email);
    await user.selectOptions(await within(dialog).findByLabelText('Consultation type'), 'Clinic Visit');
    await waitFor(() => expect(booking.loadAvailability.calls.length).toBeGreaterThan(0));
    expect(booking.loadAvailability.latest().input.location).toBe('Andheri West');
    await answer(() => booking.loadAvailability.latest().resolve(stripFor(booking.loadAvailability.latest().input)));
    await answer(() => booking.loadTimeSlots.latest().resolve(daySlots));
    // The day on leave, typed into the date input (the spec's way stays).
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: dayAfter(2) } });
    await waitFor(() => expect(booking.loadTimeSlots.latest().input.date).toBe(dayAfter(2)));
    await answer(() => booking.loadTimeSlots.latest().resolve([slot('09:00', 'unavailable'), slot('09:30', 'unavailable')]));
    const slots = within(dialog).getByRole('group', { name: 'Time slot' });
    expect(within(slots).getByRole('status').textContent).toBe(`${anita.name} is on leave on this day.`);
    expect(within(slots).queryAllByRole('radio')).toHaveLength(0);
  });

  it("the home page's Consult online now opens the popup on the soonest online doctors, one tap from a doctor", async () => {
    const booking = fakeBooking();
    const account = fakeAccount();
    render(
      <MemoryRouter initialEntries={['/']}>
        <AppShell siteOptionsLogic={fakeSiteOptionsLogic(() => Promise.resolve(demoOptions))} accountServices={account.services} bookingServices={booking.services} />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Consult online now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Appointment' });
    await answerWhenCalled(booking.loadDoctors, (call) => call.resolve(doctors));
    await answerWhenCalled(booking.loadFees, (call) => call.resolve(fees));
    const list = within(dialog).getByRole('region', { name: 'Online doctors, soonest first' });
    expect(within(dialog).getByRole('button', { name: 'Choose step by step instead' }).getAttribute('aria-expanded')).toBe('true');
    await answerWhenCalled(booking.loadSoonest, (call) =>
      call.resolve([{ doctorEmail: online.email, doctorName: online.name, freeToday: 3, next: { date: dayAfter(0), time: '18:00', location: '' } as SoonestOnlineDoctor['next'] }]),
    );
    await user.click(await within(list).findByRole('button', { name: /^Choose Dr Kavita Shah, Today, 18:00/ }));
    expect((within(dialog).getByLabelText('Doctor') as HTMLSelectElement).value).toBe(online.email);
    expect((within(dialog).getByLabelText('Consultation type') as HTMLSelectElement).value).toBe('Video');
  });

  it('"Consult online now / soonest" lists the online doctors and chooses everything at once', async () => {
    const { user, dialog, booking } = await openPopup();
    await user.click(within(dialog).getByRole('button', { name: 'Consult online now / soonest' }));
    const list = within(dialog).getByRole('region', { name: 'Online doctors, soonest first' });
    expect(within(list).getByRole('status').textContent).toBe('Looking for the soonest online times…');
    const soonest: SoonestOnlineDoctor[] = [
      { doctorEmail: online.email, doctorName: online.name, freeToday: 3, next: { date: dayAfter(0), time: '18:00', location: '' } as SoonestOnlineDoctor['next'] },
    ];
    await answer(() => booking.loadSoonest.latest().resolve(soonest));
    await user.click(within(list).getByRole('radio', { name: 'Call' }));
    await user.click(within(list).getByRole('button', { name: /^Choose Dr Kavita Shah, Today, 18:00/ }));
    expect(within(dialog).queryByRole('region', { name: 'Online doctors, soonest first' })).toBeNull();
    expect((within(dialog).getByLabelText('Location') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Online (Chat, Video, Call)');
    expect((within(dialog).getByLabelText('Doctor') as HTMLSelectElement).value).toBe(online.email);
    expect((within(dialog).getByLabelText('Consultation type') as HTMLSelectElement).value).toBe('Call');
    expect((within(dialog).getByLabelText('Date') as HTMLInputElement).value).toBe(dayAfter(0));
    await waitFor(() => expect(booking.loadTimeSlots.calls.length).toBeGreaterThan(0));
    await answer(() => booking.loadTimeSlots.latest().resolve(daySlots));
    const chosen = within(within(dialog).getByRole('group', { name: 'Time slot' })).getByRole('radio', { name: '18:00' }) as HTMLInputElement;
    expect(chosen.checked).toBe(true);
  });

  it("the doctor step: each doctor's next free time at the chosen place, in the option and on the card; another place asks again", async () => {
    const { user, dialog, booking } = await openPopup({ withNextFree: true });
    await user.selectOptions(within(dialog).getByLabelText('Location'), 'Andheri West');
    // One call for the place, not one per doctor.
    await waitFor(() => expect(booking.loadNextFree.calls).toHaveLength(1));
    expect(booking.loadNextFree.latest().input).toEqual({ location: 'Andheri West', token: null });
    const at = (date: string, time: string, location: string) => ({ date, time, location }) as NonNullable<NextFreeList['doctors'][number]['next']>;
    await answer(() => booking.loadNextFree.latest().resolve({ location: 'Andheri West', doctors: [{ doctorEmail: anita.email, next: at(dayAfter(1), '10:15', 'Andheri West') }] }));
    const doctorSelect = within(dialog).getByLabelText('Doctor') as HTMLSelectElement;
    const when = `${formatStripDay(dayAfter(1))}, 10:15`;
    expect(within(doctorSelect).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a doctor', `${anita.name}, next free ${when}`]);
    // A native select (keyboard and screen reader as before); the card says the same time.
    await user.selectOptions(doctorSelect, anita.email);
    const card = within(dialog).getByRole('region', { name: `About the doctor: ${anita.name}` });
    expect(card.textContent).toContain(`Next available: ${when}`);

    // Online: asked again for online hours; a doctor with nothing free says so.
    await user.selectOptions(within(dialog).getByLabelText('Location'), 'Online (Chat, Video, Call)');
    await waitFor(() => expect(booking.loadNextFree.calls).toHaveLength(2));
    expect(booking.loadNextFree.latest().input).toEqual({ location: '', token: null });
    // Until it answers, the clinic's times are not shown for online.
    const onlineSelect = within(dialog).getByLabelText('Doctor') as HTMLSelectElement;
    expect(within(onlineSelect).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a doctor', `${online.name} (online only)`]);
    await answer(() => booking.loadNextFree.latest().resolve({ location: '', doctors: [{ doctorEmail: online.email, next: null }] }));
    expect(within(onlineSelect).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a doctor', `${online.name} (online only), nothing free`]);
  });
});

/**
 * WCAG 2.4.3: after each choice the keyboard focus stays with the person's work: on the control
 * just used while it is still there (a select or a radio group, whose arrow keys choose as they
 * move), and on the next thing to do when the control goes away (a doctor chosen from the
 * soonest list, whose list closes).
 */
describe('Book Appointment popup: focus after each choice', () => {
  const soonest = (): SoonestOnlineDoctor[] => [
    { doctorEmail: online.email, doctorName: online.name, freeToday: 3, next: { date: dayAfter(0), time: '18:00', location: '' } as SoonestOnlineDoctor['next'] },
  ];

  async function chooseSoonestByKeyboard(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, booking: ReturnType<typeof fakeBooking>) {
    within(dialog).getByRole('button', { name: 'Consult online now / soonest' }).focus();
    await user.keyboard('{Enter}');
    const list = within(dialog).getByRole('region', { name: 'Online doctors, soonest first' });
    await answer(() => booking.loadSoonest.latest().resolve(soonest()));
    within(list).getByRole('button', { name: /^Choose Dr Kavita Shah, Today, 18:00/ }).focus();
    await user.keyboard('{Enter}');
    expect(within(dialog).queryByRole('region', { name: 'Online doctors, soonest first' })).toBeNull();
  }

  it('a doctor chosen from "Online doctors, soonest first": a patient with a full profile is taken to the consent box', async () => {
    const { user, dialog, booking } = await openPopup({ loggedIn: true });
    await chooseSoonestByKeyboard(user, dialog, booking);
    const consent = within(dialog).getByRole('checkbox', { name: /^I agree to a teleconsultation/ });
    await waitFor(() => expect(document.activeElement).toBe(consent));
    // Once the slots load (the soonest time chosen in them), the focus is still there.
    await waitFor(() => expect(booking.loadTimeSlots.calls.length).toBeGreaterThan(0));
    await answer(() => booking.loadTimeSlots.latest().resolve(daySlots));
    expect(document.activeElement).toBe(consent);
    // One Space ticks it: the next thing to do is Book.
    await user.keyboard(' ');
    expect((consent as HTMLInputElement).checked).toBe(true);
  });

  it('a doctor chosen from the soonest list by a visitor: the first detail still to fill in', async () => {
    const { user, dialog, booking } = await openPopup();
    await chooseSoonestByKeyboard(user, dialog, booking);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('First name')));
  });

  it('location, doctor, type, day and slot: the focus stays on the control just used, never on the page', async () => {
    const { user, dialog, booking } = await openPopup();
    const stays = async (control: HTMLElement, what: string) => {
      await waitFor(() => expect(document.activeElement, what).toBe(control));
    };
    const location = within(dialog).getByLabelText('Location');
    location.focus();
    await user.selectOptions(location, 'Online (Chat, Video, Call)');
    await stays(location, 'after the location');

    const doctor = await within(dialog).findByLabelText('Doctor');
    doctor.focus();
    await user.selectOptions(doctor, online.email);
    await stays(doctor, 'after the doctor');

    const type = await within(dialog).findByLabelText('Consultation type');
    type.focus();
    await user.selectOptions(type, 'Video');
    await stays(type, 'after the type');
    await waitFor(() => expect(booking.loadAvailability.calls.length).toBeGreaterThan(0));
    await answer(() => booking.loadAvailability.latest().resolve(stripFor(booking.loadAvailability.latest().input)));
    await answer(() => booking.loadTimeSlots.latest().resolve(daySlots));
    await stays(type, 'after the strip chose the first free day');

    // A day of the strip, by keyboard: the slots of that day load, the day keeps the focus.
    const strip = within(dialog).getByRole('group', { name: 'Free days' });
    const day = within(strip).getAllByRole('radio')[3] as HTMLInputElement;
    day.focus();
    await user.keyboard(' ');
    expect(day.checked).toBe(true);
    await waitFor(() => expect(booking.loadTimeSlots.latest().input.date).toBe(dayAfter(3)));
    await answer(() => booking.loadTimeSlots.latest().resolve(daySlots));
    await stays(day, 'after the day');

    // A slot, by keyboard.
    const slot = within(within(dialog).getByRole('group', { name: 'Time slot' })).getByRole('radio', { name: '13:00' }) as HTMLInputElement;
    slot.focus();
    await user.keyboard(' ');
    expect(slot.checked).toBe(true);
    await stays(slot, 'after the slot');
  });
});
