/**
 * The edit appointment popup of /myappointment wired to the real edit machine, with fake calls
 * answered by hand: the doctor's locations, the date (not before today in clinic time), the slots
 * as radios (booked and unavailable disabled and said so), Save doing nothing until every choice
 * is made, and the spec §8 messages word for word.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refused, refusedPlainly, unanswered } from '../machines/accountFakes';
import { appointment } from '../machines/appointmentFakes';
import type { Doctor } from '../../contract/site';
import { doctors, someFree } from '../machines/bookingFakes';
import { fakeAppointments, showList } from './appointmentsSupport';
import { answer, answerWhenCalled, expectToast } from './support';

async function openEdit() {
  const user = userEvent.setup();
  const fake = fakeAppointments();
  const record = appointment({ appointmentId: 'APT-E1', location: 'Andheri West', date: '2025-03-11', startTime: '09:00' });
  await showList([record], fake);
  const card = screen.getByText('APT-E1').closest('article') as HTMLElement;
  await user.click(within(card).getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit appointment' });
  // The doctor list says how far ahead one may book (the booking horizon).
  await answerWhenCalled(fake.loadDoctors, (call) => call.resolve(doctors.map((d) => ({ ...d, bookableUntil: '2025-06-08' }) as Doctor)));
  expect(fake.loadTimeSlots.latest().input).toEqual({
    doctorEmail: record.doctorEmail,
    date: '2025-03-11',
    location: 'Andheri West',
    token: 'tok-stored',
  });
  await answer(() => fake.loadTimeSlots.latest().resolve(someFree));
  return { user, fake, record, dialog };
}

// user-event finds a radio's group with CSS.escape, which jsdom lacks.
if (typeof globalThis.CSS === 'undefined') {
  Object.defineProperty(globalThis, 'CSS', { configurable: true, value: {} });
}
if (typeof globalThis.CSS.escape !== 'function') {
  (globalThis.CSS as { escape: (value: string) => string }).escape = (value) =>
    value.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`);
}

const radio = (dialog: HTMLElement, time: RegExp) => within(dialog).getByRole('radio', { name: time });

describe('edit popup', () => {
  it("offers the doctor's locations, a date from today to the booking horizon and the slots, booked and unavailable ones disabled", async () => {
    const { dialog } = await openEdit();
    const location = within(dialog).getByLabelText('Location') as HTMLSelectElement;
    expect(location.value).toBe('Andheri West');
    expect(within(location).getAllByRole('option').map((o) => o.textContent)).toEqual(['Andheri West', 'Bandra']);
    const date = within(dialog).getByLabelText('Date') as HTMLInputElement;
    expect(date.type).toBe('date');
    expect(date.min).toBe('2025-03-10');
    expect(date.max).toBe('2025-06-08');
    expect(date.value).toBe('2025-03-11');
    const group = within(dialog).getByRole('group', { name: 'Time' });
    // 24-hour as Book shows them; the appointment's own slot (09:00 that day) is "current", not "booked".
    expect((radio(group, /^09:00\s?\(current\)$/) as HTMLInputElement).disabled).toBe(true);
    expect(within(group).queryByRole('radio', { name: /booked/ })).toBeNull();
    expect((radio(group, /^09:30\s?\(unavailable\)$/) as HTMLInputElement).disabled).toBe(true);
    expect((radio(group, /^10:00$/) as HTMLInputElement).disabled).toBe(false);
  });

  it('an online appointment offers no clinic: it says it stays online and loads the online hours', async () => {
    const user = userEvent.setup();
    const fake = fakeAppointments();
    const record = appointment({ appointmentId: 'APT-O1', location: '', consultationType: 'Video', date: '2025-03-11', startTime: '09:00' });
    await showList([record], fake);
    const card = screen.getByText('APT-O1').closest('article') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit appointment' });
    await answerWhenCalled(fake.loadDoctors, (call) => call.resolve(doctors.map((d) => ({ ...d, bookableUntil: '2025-06-08' }) as Doctor)));
    expect(fake.loadTimeSlots.latest().input).toMatchObject({ location: '', date: '2025-03-11' });
    expect(within(dialog).queryByLabelText('Location')).toBeNull();
    expect(within(dialog).getByText(/^Online \(Video\): moved within the doctor's online hours/)).toBeTruthy();
  });

  it('Save does nothing until a time is chosen, then moves it, tells, closes and refreshes', async () => {
    const { user, fake, record, dialog } = await openEdit();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.getAttribute('aria-disabled')).toBe('true');
    expect(within(dialog).getByText('To save, choose: Time.')).toBeTruthy();
    await user.click(save);
    expect(fake.updateAppointment.calls).toHaveLength(0);

    await user.click(radio(dialog, /^10:00$/));
    expect(save.getAttribute('aria-disabled')).toBe('false');
    await user.click(save);
    expect(fake.updateAppointment.latest().input).toEqual({
      request: { selectedLocation: 'Andheri West', appointmentToEdit: record._id, newDate: '2025-03-11', selectedTime: '10:00' },
      token: 'tok-stored',
    });
    await answer(() =>
      fake.updateAppointment.latest().resolve({ message: 'ok', appointment: { ...record, startTime: '10:00' as never } }),
    );
    await expectToast('Appointment updated successfully.', 'status');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.loadAppointments.calls).toHaveLength(2);
  });

  it('the slots are radios the keyboard moves through, skipping the disabled ones', async () => {
    const { user, dialog } = await openEdit();
    radio(dialog, /^10:00$/).focus();
    await user.keyboard(' ');
    expect((radio(dialog, /^10:00$/) as HTMLInputElement).checked).toBe(true);
    await user.keyboard('{ArrowRight}');
    expect((radio(dialog, /^10:30$/) as HTMLInputElement).checked).toBe(true);
  });

  it('a new date loads its slots', async () => {
    const { fake, dialog } = await openEdit();
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2025-03-12' } });
    await waitFor(() => expect(fake.loadTimeSlots.latest().input.date).toBe('2025-03-12'));
    // A date before today is not taken.
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2025-03-01' } });
    expect((within(dialog).getByLabelText('Date') as HTMLInputElement).value).toBe('2025-03-12');
  });

  it.each([
    [refusedPlainly(500), 'Failed to update appointment.'],
    [unanswered, 'Something went wrong while updating the appointment.'],
    [refused(400, 'The doctor does not work at that time.'), 'The doctor does not work at that time.'],
  ])('a failed save says so (%#) and keeps the popup', async (error, words) => {
    const { user, fake, dialog } = await openEdit();
    await user.click(radio(dialog, /^10:00$/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await answer(() => fake.updateAppointment.latest().reject(error));
    await expectToast(words, 'alert');
    expect(screen.getByRole('dialog', { name: 'Edit appointment' })).toBeTruthy();
    expect(fake.loadAppointments.calls).toHaveLength(1);
  });
});
