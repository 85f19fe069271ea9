/**
 * The follow-up on a completed appointment's card (src/components/FollowUp/), with fake calls
 * answered by hand: the doctor's words and due date; one follow-up's soonest slots, a tap opening
 * the Book Appointment popup on it; a Video course with a clash proposed instead, confirmed with
 * the teleconsultation consent and booked at once (the list loads again), its .ics and Cancel all
 * (asked once more); a visit with no free time near it blocks Book all; a failed load tried again;
 * the past part of the list open while a follow-up waits to be booked.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentRecord } from '../../contract/appointments';
import type { FollowUpOffer, FollowUpSlot } from '../../contract/followUps';
import type { PreviousBooking } from '../../machines/booking/choices';
import type { BookAllInput, FollowUpInput } from '../../machines/followUp/followUpMachine';
import type { CalendarFile } from '../../machines/appointments/appointmentsMachine';
import type { PopupControls, PopupKind } from '../../src/components/Popup/popupContext';
import type { FollowUpServices } from '../../src/components/FollowUp/services';
import { formatClinicDate, formatClinicTime } from '../../src/format/format';
import { getMessages } from '../../src/i18n/messages';
import { answeredByHand, unanswered } from '../machines/accountFakes';
import { appointment, completed } from '../machines/appointmentFakes';
import { fakeAppointments, renderMyAppointments } from './appointmentsSupport';
import { answer, answerWhenCalled, warmAccountChunks } from './support';

beforeAll(async () => {
  await warmAccountChunks();
  await import('../../src/pages/MyAppointments/MyAppointmentsPage');
}, 30_000);

const slot = (date: string, startTime = '11:00') => ({ date, startTime }) as FollowUpSlot;

function firstVisit(followUp: { every: number; unit: 'days' | 'weeks'; times: number }, over: Partial<AppointmentRecord> = {}) {
  const base = appointment();
  return completed(null, {
    _id: 'first',
    medicines: { ...base.medicines, showMedicine: true, followUp: { kind: 'after', ...followUp } } as AppointmentRecord['medicines'],
    ...over,
  });
}

const offerOf = (first: AppointmentRecord, over: Partial<FollowUpOffer>): FollowUpOffer => ({
  appointmentId: first._id,
  doctorEmail: first.doctorEmail,
  doctorName: first.doctorName,
  location: first.location,
  consultationType: first.consultationType,
  dueDate: slot('2025-03-22').date,
  every: 2,
  unit: 'weeks',
  times: 1,
  state: 'open',
  slots: [],
  occurrences: [],
  fee: 450,
  ...over,
});

function fakeFollowUp() {
  const calls = {
    loadOffer: answeredByHand<FollowUpOffer, FollowUpInput>(),
    bookAll: answeredByHand<FollowUpOffer, BookAllInput>(),
    cancelAll: answeredByHand<FollowUpOffer, FollowUpInput>(),
  };
  const calendarAsks: FollowUpInput[] = [];
  const file: CalendarFile = { fileName: 'follow-up.ics', content: new Blob(['BEGIN:VCALENDAR']) };
  const services: FollowUpServices = {
    loadOffer: calls.loadOffer.logic,
    bookAll: calls.bookAll.logic,
    cancelAll: calls.cancelAll.logic,
    calendarFile: async (input) => {
      calendarAsks.push(input);
      return file;
    },
  };
  return { ...calls, calendarAsks, file, services };
}

/** A recorder of the popups asked for. */
function popupRecorder() {
  const opened: Array<{ kind: PopupKind; previous: PreviousBooking | null | undefined }> = [];
  const controls: PopupControls = { open: (kind, options) => void opened.push({ kind, previous: options?.previous }), close: () => undefined, preload: () => undefined, current: null };
  return { opened, controls };
}

/** My appointments listing `records`, the follow-up's offer answered with `offer` (or left to the test). */
async function showFollowUp(records: AppointmentRecord[], offer: FollowUpOffer | null) {
  const followUp = fakeFollowUp();
  const popup = popupRecorder();
  const fake = fakeAppointments();
  await renderMyAppointments({ ...fake, services: { ...fake.services, followUp: followUp.services } }, '/myappointment', popup.controls);
  await answer(() => fake.loadAppointments.latest().resolve(records));
  await waitFor(() => expect(followUp.loadOffer.calls.length).toBe(1));
  expect(followUp.loadOffer.latest().input).toEqual({ appointmentId: 'first', token: 'tok-stored' });
  if (offer) await answer(() => followUp.loadOffer.latest().resolve(offer));
  const block = await screen.findByRole('region', { name: 'Your follow-up' });
  return { fake, followUp, popup, block };
}

describe('a single follow-up', () => {
  it("says the doctor's words and due date, offers the soonest slots, and a tap opens the booking popup on one", async () => {
    const user = userEvent.setup();
    const first = firstVisit({ every: 2, unit: 'weeks', times: 1 });
    const offer = offerOf(first, { slots: [slot('2025-03-21', '10:00'), slot('2025-03-22', '11:30')] });
    const { popup, block } = await showFollowUp([first], offer);
    expect(block.textContent).toContain(`${first.doctorName} asked to see you again: After 2 weeks, from ${formatClinicDate('2025-03-22')}.`);
    const slots = within(within(block).getByRole('list', { name: 'Free times for your follow-up' })).getAllByRole('button');
    expect(slots).toHaveLength(2);
    await user.click(slots[1]!);
    expect(popup.opened).toEqual([
      {
        kind: 'booking',
        previous: { choices: { location: first.location, doctorEmail: first.doctorEmail, consultationType: 'Video', date: '2025-03-22', time: '11:30' }, member: null },
      },
    ]);
  });

  it("books a family member's follow-up for that member again", async () => {
    const user = userEvent.setup();
    const first = firstVisit({ every: 2, unit: 'weeks', times: 1 }, { familyMemberId: 'member-7', firstName: 'Ravi', lastName: 'Verma', age: 9, gender: 'male' });
    const { popup, block } = await showFollowUp([first], offerOf(first, { slots: [slot('2025-03-21', '10:00')] }));
    await user.click(within(within(block).getByRole('list', { name: 'Free times for your follow-up' })).getByRole('button'));
    expect(popup.opened[0]?.previous?.member).toMatchObject({ _id: 'member-7', firstName: 'Ravi', lastName: 'Verma', age: 9, gender: 'male' });
  });

  it('opens the past part of the list while the follow-up is not booked', async () => {
    const first = firstVisit({ every: 2, unit: 'weeks', times: 1 });
    const { block } = await showFollowUp([first], offerOf(first, { slots: [slot('2025-03-21')] }));
    expect((block.closest('details') as HTMLDetailsElement).open).toBe(true);
  });

  it('says when nothing is free near the due date, and still opens the popup on that day', async () => {
    const user = userEvent.setup();
    const first = firstVisit({ every: 2, unit: 'weeks', times: 1 });
    const wanted = slot('2025-03-22', '09:00');
    const { popup, block } = await showFollowUp([first], offerOf(first, { occurrences: [{ index: 1, wanted, clash: 'booked', proposed: null, booked: null }] }));
    expect(block.textContent).toContain('No free time near the due date.');
    await user.click(within(block).getByRole('button', { name: 'Choose another time' }));
    expect(popup.opened[0]?.previous?.choices).toMatchObject({ date: '2025-03-22', time: '09:00', doctorEmail: first.doctorEmail });
  });

  it('once booked the ordinary way, says so and leaves the visit to its own card (no Cancel all)', async () => {
    const first = firstVisit({ every: 2, unit: 'weeks', times: 1 });
    const visit = { appointmentId: 'v1', appointmentNumber: 'SHC-25-000101', date: slot('2025-03-22').date, startTime: slot('2025-03-22').startTime, status: 'Booked', paymentStatus: 'paid' };
    const booked = offerOf(first, { state: 'booked', occurrences: [{ index: 1, wanted: slot('2025-03-22'), clash: null, proposed: null, booked: visit }] });
    const { block } = await showFollowUp([first], booked);
    expect(block.textContent).toContain('Your follow-up visit is booked. Cancel or change it on its own card.');
    expect(block.textContent).toContain('(SHC-25-000101) Booked, fee paid');
    expect(within(block).queryByRole('button', { name: 'Cancel all remaining visits' })).toBeNull();
    expect(within(block).queryByRole('button', { name: 'Add all to calendar' })).toBeNull();
  });

  it('says a failed load and tries again', async () => {
    const user = userEvent.setup();
    const first = firstVisit({ every: 2, unit: 'weeks', times: 1 });
    const { followUp, block } = await showFollowUp([first], null);
    await answer(() => followUp.loadOffer.latest().reject(unanswered));
    expect(within(block).getByRole('alert').textContent).toContain('Your follow-up could not be loaded.');
    await user.click(within(block).getByRole('button', { name: 'Try again' }));
    expect(followUp.loadOffer.calls).toHaveLength(2);
    await answer(() => followUp.loadOffer.latest().resolve(offerOf(first, { slots: [slot('2025-03-21')] })));
    expect(within(block).queryByRole('alert')).toBeNull();
    expect(within(within(block).getByRole('list', { name: 'Free times for your follow-up' })).getAllByRole('button')).toHaveLength(1);
  });
});

describe('a course of follow-ups', () => {
  const first = firstVisit({ every: 2, unit: 'weeks', times: 2 });
  const proposed = offerOf(first, {
    times: 2,
    occurrences: [
      { index: 1, wanted: slot('2025-03-22', '09:00'), clash: null, proposed: slot('2025-03-22', '09:00'), booked: null },
      { index: 2, wanted: slot('2025-04-05', '09:00'), clash: 'leave', proposed: slot('2025-04-07', '09:00'), booked: null },
    ],
  });
  const booked = (status: string, paymentStatus: string): FollowUpOffer => ({
    ...proposed,
    state: 'booked',
    occurrences: proposed.occurrences.map((o) => ({
      ...o,
      clash: null,
      proposed: null,
      booked: { appointmentId: `v${o.index}`, appointmentNumber: `SHC-25-00010${o.index}`, date: o.proposed!.date, startTime: o.proposed!.startTime, status, paymentStatus },
    })),
  });

  it('shows the series with the clash and the time proposed, books it with the consent, and the list loads again', async () => {
    const user = userEvent.setup();
    const { fake, followUp, block } = await showFollowUp([first], proposed);
    const visits = within(within(block).getByRole('list', { name: 'Your follow-up visits' })).getAllByRole('listitem');
    expect(visits.map((v) => v.textContent)).toEqual([
      `Visit 1: ${formatClinicDate('2025-03-22')}, ${formatClinicTime('09:00')}`,
      `Visit 2: ${formatClinicDate('2025-04-05')}, ${formatClinicTime('09:00')} Not at the usual time: the doctor is on leave that day. Proposed instead: ${formatClinicDate('2025-04-07')}, ${formatClinicTime('09:00')}.`,
    ]);
    await user.click(within(block).getByRole('button', { name: 'Review and book these visits' }));
    const confirm = within(block).getByRole('group', { name: 'Book these visits?' });
    expect(confirm.textContent).toContain('2 appointments, each its own booking with a fee of ₹450.');
    const bookAll = within(confirm).getByRole('button', { name: 'Book all' });
    // A Video course: Book all waits for the teleconsultation consent.
    expect((bookAll as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(confirm).getByRole('checkbox'));
    await user.click(bookAll);
    expect(followUp.bookAll.latest().input).toMatchObject({
      appointmentId: 'first',
      occurrences: [slot('2025-03-22', '09:00'), slot('2025-04-07', '09:00')],
      consentText: getMessages().people.consent,
    });
    const loads = fake.loadAppointments.calls.length;
    await answer(() => followUp.bookAll.latest().resolve(booked('Booked', 'failed')));
    expect(await screen.findByText('Your follow-up visits are booked. Pay each one from My appointments to confirm it.')).toBeTruthy();
    await waitFor(() => expect(fake.loadAppointments.calls.length).toBe(loads + 1));
    expect(within(block).getByText('Your follow-up visits are booked')).toBeTruthy();
    expect(within(block).getAllByText(/fee not paid yet/)).toHaveLength(2);
  });

  it('offers the booked series as one .ics, and cancels the remaining visits only once asked again', async () => {
    const user = userEvent.setup();
    const { fake, followUp, block } = await showFollowUp([first], booked('Booked', 'paid'));
    await user.click(within(block).getByRole('button', { name: 'Add all to calendar' }));
    await waitFor(() => expect(fake.downloads).toEqual([followUp.file]));
    expect(followUp.calendarAsks).toEqual([{ appointmentId: 'first', token: 'tok-stored' }]);
    await user.click(within(block).getByRole('button', { name: 'Cancel all remaining visits' }));
    // The focus goes with the question: to its safe answer, then back to the button that asked.
    expect(document.activeElement).toBe(within(block).getByRole('button', { name: 'No, keep them' }));
    await user.keyboard('{Enter}');
    expect(followUp.cancelAll.calls).toHaveLength(0);
    expect(document.activeElement).toBe(within(block).getByRole('button', { name: 'Cancel all remaining visits' }));
    await user.click(within(block).getByRole('button', { name: 'Cancel all remaining visits' }));
    expect(within(block).getByRole('group', { name: 'Cancel all remaining visits' }).textContent).toContain('Paid fees are not refunded.');
    await user.click(within(block).getByRole('button', { name: 'Yes, cancel them' }));
    await answerWhenCalled(followUp.cancelAll, (call) => call.resolve(proposed));
    expect(await screen.findByText('Your remaining follow-up visits are cancelled.')).toBeTruthy();
    expect(within(block).getByRole('button', { name: 'Review and book these visits' })).toBeTruthy();
  });

  it('cannot be booked here when a visit has no free time near it', async () => {
    const blocked = { ...proposed, occurrences: [proposed.occurrences[0]!, { ...proposed.occurrences[1]!, proposed: null }] };
    const { block } = await showFollowUp([first], blocked);
    expect(block.textContent).toContain('no free time is near it. Call the clinic to book this visit.');
    expect(block.textContent).toContain('One visit has no free time near it, so the series cannot be booked here.');
    expect(within(block).queryByRole('button', { name: 'Review and book these visits' })).toBeNull();
  });
});
