import fc from 'fast-check';
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '../../contract/appointments.js';
import { bookingMachine, selectChoices, type BookingEvent } from '../../machines/booking/bookingMachine.js';
import {
  consultationTypesFor,
  fitChoices,
  isBookableDate,
  missingChoices,
  nextChoices,
  noChoices,
  prefillDetails,
  readKeptBooking,
} from '../../machines/booking/choices.js';
import { anita, doctors, fees, kavita, rahul, someFree, today, tomorrow, type SlotsInput } from '../machines/bookingFakes.js';
import { slotPickerMachine } from '../../machines/slotPicker/slotPickerMachine.js';

describe('the rules between choices', () => {
  const chosen = { location: 'Bandra', doctorEmail: anita.email, consultationType: 'Clinic Visit' as const, date: tomorrow, time: '10:00' };

  it('offers a Clinic Visit at a clinic, Chat, Video and Call online, and an online doctor no Clinic Visit', () => {
    expect(consultationTypesFor(anita, 'Bandra')).toEqual(['Clinic Visit']);
    expect(consultationTypesFor(anita, '')).toEqual(['Chat', 'Video', 'Call']);
    expect(consultationTypesFor(kavita, '')).toEqual(['Chat', 'Video', 'Call']);
    expect(consultationTypesFor(kavita, 'Bandra')).toEqual([]); // sees nobody at a clinic
    // Before a place is chosen: what the doctor offers anywhere.
    expect(consultationTypesFor(kavita)).toEqual(['Chat', 'Video', 'Call']);
    expect(consultationTypesFor(anita)).toEqual(['Chat', 'Video', 'Call', 'Clinic Visit']);
    expect(consultationTypesFor(null)).toEqual(['Chat', 'Video', 'Call', 'Clinic Visit']);
  });

  it('clears what no longer fits a change, and the slot whenever its list changes', () => {
    // An online-only doctor is not at a clinic.
    expect(nextChoices(chosen, { doctorEmail: kavita.email }, doctors, today)).toEqual({ ...chosen, doctorEmail: null, time: null });
    expect(nextChoices(chosen, { location: 'Thane' }, doctors, today)).toEqual({
      ...chosen,
      location: 'Thane',
      doctorEmail: null,
      time: null,
    });
    // Online: Anita has no online hours, and a Clinic Visit is not online.
    expect(nextChoices(chosen, { location: '' }, doctors, today)).toEqual({ ...chosen, location: '', doctorEmail: null, consultationType: null, time: null });
    expect(nextChoices({ ...chosen, location: '', doctorEmail: kavita.email, consultationType: 'Video' }, { location: 'Bandra' }, doctors, today)).toEqual({
      ...chosen,
      doctorEmail: null,
      consultationType: 'Clinic Visit', // the one type at a clinic, chosen without asking
      time: null,
    });
    expect(nextChoices(chosen, { consultationType: 'Chat' }, doctors, today)).toEqual(chosen); // Chat is not at a clinic
    expect(nextChoices(chosen, { date: '2025-03-12' }, doctors, today)).toEqual({ ...chosen, date: '2025-03-12', time: null });
    expect(nextChoices(chosen, { time: '10:30' }, doctors, today)).toEqual({ ...chosen, time: '10:30' });
  });

  it('keeps location, doctor and type as they are until the doctors load', () => {
    expect(fitChoices({ ...chosen, location: 'Atlantis' }, null, today)).toEqual({ ...chosen, location: 'Atlantis' });
    expect(fitChoices({ ...chosen, location: 'Atlantis' }, doctors, today)).toEqual({
      ...chosen,
      location: null,
      doctorEmail: null,
      time: null,
    });
    expect(fitChoices({ ...chosen, date: '2025-03-09' }, null, today)).toEqual({ ...chosen, date: null, time: null });
    expect(fitChoices({ ...chosen, time: '7pm' }, doctors, today)).toEqual({ ...chosen, time: null });
  });

  it('takes a date from today on (clinic time), and only a real calendar day', () => {
    expect(isBookableDate(today, today)).toBe(true);
    expect(isBookableDate(tomorrow, today)).toBe(true);
    for (const date of ['2025-03-09', '2025-04-31', '10/03/2025', '']) expect(isBookableDate(date, today), date).toBe(false);
  });

    it('lists what is missing in the spec order', () => {
    expect(missingChoices(noChoices)).toEqual(['location', 'doctorEmail', 'consultationType', 'date', 'time']);
    expect(missingChoices(chosen)).toEqual([]);
  });

  it('prefills only blank personal fields from the user', () => {
    const details = { firstName: '', lastName: 'V.', email: ' ', phoneNumber: '', age: '', gender: '' as const };
    expect(prefillDetails(details, { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.in', phoneNumber: null, age: null, gender: null })).toEqual({
      firstName: 'Asha',
      lastName: 'V.',
      email: 'asha@example.in',
      phoneNumber: '',
      age: '',
      gender: '',
    });
    expect(prefillDetails(details, null)).toBe(details);
  });

  it('reads a kept booking back from anything, keeping only text and known values', () => {
    expect(readKeptBooking(null)).toEqual({});
    expect(readKeptBooking('x')).toEqual({});
    expect(readKeptBooking({ choices: { ...chosen, consultationType: 'Home Visit', date: 20250311 }, details: { gender: 'female', age: 34 } })).toEqual({
      choices: { location: 'Bandra', doctorEmail: anita.email, time: '10:00' },
      details: { gender: 'female' },
    });
    expect(readKeptBooking(JSON.parse(JSON.stringify({ choices: chosen, details: { gender: 'x', firstName: 'Asha' } })))).toEqual({
      choices: chosen,
      details: { firstName: 'Asha' },
    });
  });
});

describe('bookingMachine: whatever the person picks, in any order', () => {
  const slotsFor = (date: string): TimeSlot[] => (date === '2025-03-13' ? [] : someFree);
  const pick = <T, E>(weight: number, values: T[], make: (value: T) => E) => ({ weight, arbitrary: fc.constantFrom(...values).map(make) });
  const event: fc.Arbitrary<BookingEvent> = fc.oneof(
    pick(1, ['Andheri West', 'Bandra', 'Thane', 'Pune'], (location) => ({ type: 'location.selected' as const, location })),
    pick(2, [anita.email, kavita.email, rahul.email, 'nobody@clinic.example'], (doctorEmail) => ({ type: 'doctor.selected' as const, doctorEmail })),
    pick(1, ['Chat', 'Video', 'Call', 'Clinic Visit'] as const, (consultationType) => ({ type: 'type.selected' as const, consultationType })),
    pick(2, ['2025-03-09', today, tomorrow, '2025-03-13', '2025-02-30'], (date) => ({ type: 'date.selected' as const, date })),
    pick(3, ['09:00', '09:30', '10:00', '10:30', '11:00'], (time) => ({ type: 'slot.selected' as const, time })),
  );

  it('keeps the choices fitting each other: doctor at the location, type offered, date not past, slot free', async () => {
    let slotChosen = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 5, maxLength: 30 }), async (events) => {
        const machine = bookingMachine.provide({
          actors: {
            loadDoctors: fromPromise(async () => doctors),
            loadFees: fromPromise(async () => fees),
            slotPicker: slotPickerMachine.provide({
              actors: { loadTimeSlots: fromPromise<TimeSlot[], SlotsInput>(async ({ input }) => slotsFor(input.date)) },
            }),
          },
        });
        const actor = createActor(machine, { input: { today, token: 't', user: null } }).start();
        await answered();
        for (const e of events) {
          actor.send(e);
          await answered();
          const c = selectChoices(actor.getSnapshot());
          const doctor = doctors.find((d) => d.email === c.doctorEmail);
          if (c.doctorEmail !== null) expect(doctor?.locations).toContain(c.location);
          if (c.consultationType !== null) expect(consultationTypesFor(doctor)).toContain(c.consultationType);
          if (c.date !== null) expect(c.date >= today && c.date !== '2025-02-30').toBe(true);
          if (c.time !== null) {
            slotChosen += 1;
            expect(c.doctorEmail !== null && c.location !== null && c.date !== null).toBe(true);
            expect(slotsFor(c.date ?? '').find((x) => x.time === c.time)?.status).toBe('free');
          }
        }
        actor.stop();
      }),
      { numRuns: 300 },
    );
    expect(slotChosen).toBeGreaterThan(0); // some runs got as far as a slot
  });
});

/** Lets the fake calls' answers reach the machine. */
const answered = () => new Promise((resolve) => setImmediate(resolve));
