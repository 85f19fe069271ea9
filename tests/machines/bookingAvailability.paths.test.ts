/**
 * Model-based paths for the booking machine's date strip and "soonest online" start:
 * the REAL booking machine with its calls answered by hand (bookingFakes.ts). A doctor chosen
 * loads the strip, whose first free day is chosen for the person; a strip that fails is retried;
 * two weeks on keeps the day chosen; a doctor picked from the soonest list chooses online (no
 * location), the doctor, the type, the day and, once its list loads, the soonest slot.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { Availability } from '../../contract/availability.js';
import type { Doctor } from '../../contract/site.js';
import { selectChoices, selectStrip, selectStripStatus } from '../../machines/booking/bookingMachine.js';
import { noChoices } from '../../machines/booking/choices.js';
import { settle, unanswered } from './accountFakes.js';
import { anita, fees, kavita, someFree, startBooking, today, tomorrow, type Booking } from './bookingFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';

const online: Doctor = { ...kavita, consultsOnline: true };
const doctors: Doctor[] = [anita, online];

type ModelEvent = { type: 'open' | 'choose.doctor' | 'strip.answer' | 'strip.fails' | 'retry' | 'page' | 'soonest' | 'slots.answer' };
const model = createMachine({
  id: 'bookingAvailabilityModel',
  types: {} as { events: ModelEvent },
  initial: 'Closed',
  states: {
    Closed: { on: { open: 'Choosing' } },
    Choosing: { on: { 'choose.doctor': 'StripLoading', soonest: 'SoonestLoading' } },
    StripLoading: { on: { 'strip.answer': 'DayChosen', 'strip.fails': 'StripFailed' } },
    StripFailed: { on: { retry: 'StripLoading' } },
    DayChosen: { on: { page: 'PageLoading' } },
    PageLoading: { on: { 'strip.answer': 'DayKept' } },
    DayKept: {},
    SoonestLoading: { on: { 'slots.answer': 'SoonestChosen' } },
    SoonestChosen: {},
  },
});
type ModelSnapshot = SnapshotFrom<typeof model>;

/** Two weeks from `from` at Anita's Andheri West: the first two days full, then 3 free a day. */
function stripOf(from: string, location: string, email: string): Availability {
  const days = Array.from({ length: 14 }, (_, i) => {
    const date = new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    return { date, works: true, onLeave: false, free: i < 2 ? 0 : 3 };
  }) as Availability['days'];
  return {
    doctorEmail: email,
    location,
    from: from as Availability['from'],
    to: days[13]!.date,
    bookableUntil: '2025-06-08' as Availability['bookableUntil'],
    days,
    next: { date: days[2]!.date, time: '10:00' as NonNullable<Availability['next']>['time'], location },
  };
}

function harness() {
  let booking: Booking | undefined;
  let firstDay: string | null = null;
  const real = () => booking!;
  const shows = () => selectChoices(real().snapshot());
  return {
    stop: () => booking?.actor.stop(),
    events: {
      open: async () => {
        booking = startBooking();
        booking.calls.loadDoctors.latest().resolve(doctors);
        booking.calls.loadFees.latest().resolve(fees);
        await settle();
      },
      'choose.doctor': async () => {
        real().send({ type: 'location.selected', location: 'Andheri West' });
        real().send({ type: 'doctor.selected', doctorEmail: anita.email });
        await settle();
      },
      'strip.answer': async () => {
        const call = real().calls.loadAvailability.latest();
        const strip = stripOf(call.input.from ?? today, call.input.location, call.input.doctorEmail);
        if (firstDay === null) firstDay = strip.days[2]!.date;
        call.resolve(strip);
        await settle();
      },
      'strip.fails': async () => {
        real().calls.loadAvailability.latest().reject(unanswered);
        await settle();
      },
      retry: async () => {
        real().send({ type: 'availability.retry' });
        await settle();
      },
      page: async () => {
        real().send({ type: 'availability.page', from: '2025-03-24' });
        await settle();
      },
      soonest: async () => {
        // A kept type or a Clinic Visit is refused; an online type with an online doctor is taken.
        real().send({ type: 'online.soonest', doctorEmail: anita.email, consultationType: 'Video', date: tomorrow, time: '10:00' });
        expect(shows()).toEqual(noChoices);
        real().send({ type: 'online.soonest', doctorEmail: online.email, consultationType: 'Clinic Visit', date: tomorrow, time: '10:00' });
        expect(shows()).toEqual(noChoices);
        real().send({ type: 'online.soonest', doctorEmail: online.email, consultationType: 'Video', date: tomorrow, time: '10:00' });
        await settle();
      },
      'slots.answer': async () => {
        const call = real().calls.loadTimeSlots.latest();
        expect(call.input).toEqual({ doctorEmail: online.email, location: '', date: tomorrow, token: 'tok-1' });
        call.resolve(someFree);
        await settle();
      },
    },
    states: {
      Closed: () => expect(booking).toBeUndefined(),
      Choosing: () => {
        expect(shows()).toEqual(noChoices);
        expect(real().calls.loadAvailability.calls).toHaveLength(0);
        expect(selectStripStatus(real().snapshot())).toBe('waiting');
      },
      StripLoading: () => {
        expect(selectStripStatus(real().snapshot())).toBe('loading');
        expect(real().calls.loadAvailability.latest().input).toEqual({ doctorEmail: anita.email, location: 'Andheri West', from: null, token: 'tok-1' });
        expect(shows().date).toBeNull();
      },
      StripFailed: () => {
        expect(selectStripStatus(real().snapshot())).toBe('failed');
        expect(shows().date).toBeNull();
      },
      DayChosen: () => {
        expect(selectStripStatus(real().snapshot())).toBe('ready');
        // The first two days are full: the third is chosen, and its slots asked for.
        expect(shows().date).toBe(firstDay);
        expect(real().calls.loadTimeSlots.latest().input).toMatchObject({ doctorEmail: anita.email, location: 'Andheri West', date: firstDay });
      },
      PageLoading: () => {
        expect(real().calls.loadAvailability.latest().input.from).toBe('2025-03-24');
        expect(shows().date).toBe(firstDay);
      },
      DayKept: () => {
        // Another two weeks shown: the day chosen (not in them) stays.
        expect(selectStrip(real().snapshot())?.from).toBe('2025-03-24');
        expect(shows().date).toBe(firstDay);
      },
      SoonestLoading: () => {
        expect(shows()).toEqual({ location: '', doctorEmail: online.email, consultationType: 'Video', date: tomorrow, time: null });
        expect(real().calls.loadAvailability.latest().input).toEqual({ doctorEmail: online.email, location: '', from: null, token: 'tok-1' });
      },
      SoonestChosen: () => {
        expect(shows()).toEqual({ location: '', doctorEmail: online.email, consultationType: 'Video', date: tomorrow, time: '10:00' });
      },
    } satisfies Record<string, (state: ModelSnapshot) => void>,
  };
}

describe('booking machine: date strip and soonest online paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  it('takes every transition of the model', () => {
    expect(takenTransitions(everyTransition)).toEqual(new Set(declaredTransitions(model)));
  });
  testPaths({ 'every transition': everyTransition }, harness);
});

describe('online booking rules outside the paths', () => {
  it('a doctor chosen before any place (the team page) takes their first clinic, or online for an online-only doctor', async () => {
    const { fitChoices } = await import('../../machines/booking/choices.js');
    const none = { ...noChoices };
    expect(fitChoices({ ...none, doctorEmail: anita.email }, doctors, today)).toMatchObject({ location: 'Andheri West', doctorEmail: anita.email });
    expect(fitChoices({ ...none, doctorEmail: online.email }, doctors, today)).toMatchObject({ location: '', doctorEmail: online.email });
    // Online: Clinic Visit does not fit; a doctor without online hours does not either.
    expect(fitChoices({ ...none, location: '', doctorEmail: online.email, consultationType: 'Clinic Visit' }, doctors, today).consultationType).toBeNull();
    expect(fitChoices({ ...none, location: '', doctorEmail: anita.email }, doctors, today).doctorEmail).toBeNull();
    // No doctor with online hours: online is not a place.
    expect(fitChoices({ ...none, location: '' }, [anita], today).location).toBeNull();
  });

  it("the staff hours editor reads the online week under 'online'", async () => {
    const { rowsFor, onlineHoursId } = await import('../../machines/staffAdmin/doctorScheduleContext.js');
    const clinic = [{ locationId: 'l1', location: 'Kothrud', weekday: 1, start: '09:00', end: '13:00' }] as unknown as Parameters<typeof rowsFor>[0];
    const onlineWeek = [{ weekday: 2, start: '18:00', end: '21:00' }, { weekday: 1, start: '10:00', end: '12:00' }] as unknown as Parameters<typeof rowsFor>[3];
    expect(rowsFor(clinic, onlineHoursId, 5, onlineWeek)).toEqual([
      { key: 5, weekday: '1', start: '10:00', end: '12:00' },
      { key: 6, weekday: '2', start: '18:00', end: '21:00' },
    ]);
    expect(rowsFor(clinic, 'l1', 1, onlineWeek)).toEqual([{ key: 1, weekday: '1', start: '09:00', end: '13:00' }]);
  });
});
