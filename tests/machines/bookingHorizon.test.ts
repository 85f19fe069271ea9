/**
 * The booking horizon in the client: the doctor lists carry `bookableUntil`
 * (today + BOOKING_HORIZON_DAYS on the server); the booking and edit machines offer it as the date
 * picker's `max` (selectMaxDate) and refuse a date after it, as they refuse one before today.
 */
import { describe, expect, it } from 'vitest';
import type { Doctor } from '../../contract/site.js';
import { selectChoices as selectEditChoices, selectMaxDate as selectEditMaxDate } from '../../machines/appointmentEdit/selectors.js';
import { selectChoices, selectMaxDate } from '../../machines/booking/bookingMachine.js';
import { lastBookableDate } from '../../machines/booking/choices.js';
import { settle } from './accountFakes.js';
import { appointment, startEdit } from './appointmentFakes.js';
import { anita, fees, kavita, rahul, startBooking, today } from './bookingFakes.js';

const until = (doctor: Doctor, bookableUntil: string) => ({ ...doctor, bookableUntil }) as Doctor;
// Anita's last day is 9 June; Kavita's 12 June (a server may one day say so per doctor); Rahul's unknown.
const horizonDoctors = [until(anita, '2025-06-09'), until(kavita, '2025-06-12'), rahul];

describe('lastBookableDate', () => {
  it("is the chosen doctor's, else the latest of the loaded doctors', else unknown", () => {
    expect(lastBookableDate(horizonDoctors, anita.email)).toBe('2025-06-09');
    expect(lastBookableDate(horizonDoctors, null)).toBe('2025-06-12');
    expect(lastBookableDate(horizonDoctors, rahul.email)).toBeUndefined();
    expect(lastBookableDate([anita, rahul], null)).toBeUndefined();
    expect(lastBookableDate([], null)).toBeUndefined();
  });
});

describe('booking machine', () => {
  it("offers the chosen doctor's last bookable day as max and refuses a date after it", async () => {
    const booking = startBooking();
    expect(selectMaxDate(booking.snapshot())).toBeUndefined(); // no doctors yet
    booking.calls.loadDoctors.latest().resolve(horizonDoctors);
    booking.calls.loadFees.latest().resolve(fees);
    await settle();
    expect(selectMaxDate(booking.snapshot())).toBe('2025-06-12');
    booking.send({ type: 'location.selected', location: 'Andheri West' });
    booking.send({ type: 'doctor.selected', doctorEmail: anita.email });
    booking.send({ type: 'type.selected', consultationType: 'Clinic Visit' });
    expect(selectMaxDate(booking.snapshot())).toBe('2025-06-09');

    booking.send({ type: 'date.selected', date: '2025-06-10' });
    expect(selectChoices(booking.snapshot()).date).toBeNull();
    expect(booking.calls.loadTimeSlots.calls).toHaveLength(0);
    booking.send({ type: 'date.selected', date: '2025-06-09' });
    expect(selectChoices(booking.snapshot()).date).toBe('2025-06-09');
    booking.send({ type: 'date.selected', date: today });
    expect(selectChoices(booking.snapshot()).date).toBe(today);
  });

  it('a kept date beyond the horizon (back from /paymentfail days later) is dropped once the doctors load', async () => {
    const booking = startBooking({
      previous: { choices: { location: 'Andheri West', doctorEmail: anita.email, consultationType: 'Video', date: '2025-06-11' } },
    });
    expect(selectChoices(booking.snapshot()).date).toBe('2025-06-11'); // judged once the doctors say
    booking.calls.loadDoctors.latest().resolve(horizonDoctors);
    await settle();
    expect(selectChoices(booking.snapshot())).toMatchObject({ doctorEmail: anita.email, date: null });
  });
});

describe('appointment edit machine (the patient\'s edit popup and the admin\'s move form)', () => {
  it("offers the appointment's doctor's last bookable day as max and refuses a date after it", async () => {
    const edit = startEdit({ appointment: appointment() }); // Anita's
    expect(selectEditMaxDate(edit.snapshot())).toBeUndefined();
    edit.calls.loadDoctors.latest().resolve(horizonDoctors);
    await settle();
    expect(selectEditMaxDate(edit.snapshot())).toBe('2025-06-09');
    const before = edit.calls.loadTimeSlots.calls.length;
    edit.send({ type: 'date.selected', date: '2025-06-10' });
    expect(selectEditChoices(edit.snapshot()).date).toBe('2025-03-11');
    expect(edit.calls.loadTimeSlots.calls).toHaveLength(before);
    edit.send({ type: 'date.selected', date: '2025-06-09' });
    expect(selectEditChoices(edit.snapshot()).date).toBe('2025-06-09');
  });
});
