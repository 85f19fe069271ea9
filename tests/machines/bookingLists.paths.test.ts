/**
 * Model-based paths for what bookingMachine.paths.test.ts does not take in the Book Appointment
 * popup: the doctors that fail to load and are asked again, the slots that fail to load and are
 * asked again, the personal fields changed, logging in and out while choosing. Along every path
 * the REAL machine runs (its real slot picker child included) with its calls answered by hand;
 * each step must emit what the person reads, each state must show what the model says.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { selectDetails, selectDoctorsStatus, selectSlots, selectSlotsStatus } from '../../machines/booking/bookingMachine.js';
import { settle, unanswered } from './accountFakes.js';
import { anita, doctors, someFree, startBooking, tomorrow, user, type Booking } from './bookingFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { stepper } from './pathSteps.js';

const emits = {
  open: [],
  'doctors.loaded': [],
  'doctors.failed': ['somethingWentWrong'],
  'doctors.retry': [],
  choose: [],
  'slots.loaded': [],
  'slots.failed': ['somethingWentWrong'],
  'slots.retry': [],
  details: [],
  login: [],
  logout: [],
} as const satisfies Record<string, readonly string[]>;

const model = createMachine({
  id: 'bookingListsModel',
  types: {} as { events: { type: keyof typeof emits } },
  initial: 'NotOpen',
  states: {
    NotOpen: { on: { open: 'DoctorsLoading' } },
    DoctorsLoading: { on: { 'doctors.loaded': 'Choosing', 'doctors.failed': 'DoctorsFailed' } },
    DoctorsFailed: { on: { 'doctors.retry': 'DoctorsLoading' } },
    /** The doctors are known; nothing chosen yet. */
    Choosing: { on: { choose: 'SlotsLoading', details: 'Choosing', login: 'Choosing', logout: 'Choosing' } },
    SlotsLoading: { on: { 'slots.loaded': 'SlotsShown', 'slots.failed': 'SlotsFailed' } },
    SlotsShown: { on: { details: 'SlotsShown' } },
    SlotsFailed: { on: { 'slots.retry': 'SlotsLoading' } },
  },
});

function harness() {
  let booking: Booking | undefined;
  const real = () => {
    if (!booking) throw new Error('the popup is not open');
    return booking;
  };
  const step = stepper(() => booking?.emitted.take() ?? [], emits);
  let loggedIn = false;
  let phone = '';
  let doctorLoads = 0;
  let slotLoads = 0;
  const slotsAnswer = () => {
    const call = real().calls.loadTimeSlots.latest();
    expect(call.input).toEqual({ doctorEmail: anita.email, date: tomorrow, location: 'Andheri West', token: loggedIn ? 'tok-2' : null });
    return call;
  };
  return {
    stop: () => booking?.actor.stop(),
    events: {
      open: step('open', () => {
        booking = startBooking({ token: null, user: null, previous: null });
        doctorLoads = 1;
      }),
      'doctors.loaded': step('doctors.loaded', () => real().calls.loadDoctors.latest().resolve(doctors)),
      'doctors.failed': step('doctors.failed', () => real().calls.loadDoctors.latest().reject(unanswered)),
      'doctors.retry': step('doctors.retry', () => {
        real().send({ type: 'doctors.retry' });
        doctorLoads += 1;
      }),
      choose: step('choose', () => {
        real().send({ type: 'location.selected', location: 'Andheri West' });
        real().send({ type: 'doctor.selected', doctorEmail: anita.email });
        real().send({ type: 'type.selected', consultationType: 'Clinic Visit' });
        real().send({ type: 'date.selected', date: tomorrow });
        slotLoads += 1;
      }),
      'slots.loaded': step('slots.loaded', () => slotsAnswer().resolve(someFree)),
      'slots.failed': step('slots.failed', () => slotsAnswer().reject(unanswered)),
      'slots.retry': step('slots.retry', () => {
        real().send({ type: 'slots.retry' });
        slotLoads += 1;
      }),
      details: step('details', () => {
        phone = phone === '9876543210' ? '9822012345' : '9876543210';
        real().send({ type: 'details.changed', details: { phoneNumber: phone } });
      }),
      login: step('login', () => {
        loggedIn = true;
        real().send({ type: 'login.succeeded', token: 'tok-2', user });
      }),
      logout: step('logout', () => {
        loggedIn = false;
        real().send({ type: 'session.ended' });
      }),
    },
    states: {
      NotOpen: () => expect(booking).toBeUndefined(),
      DoctorsLoading: () => {
        expect(selectDoctorsStatus(real().snapshot())).toBe('loading');
        expect(real().calls.loadDoctors.calls).toHaveLength(doctorLoads);
      },
      DoctorsFailed: () => expect(selectDoctorsStatus(real().snapshot())).toBe('failed'),
      Choosing: async () => {
        await settle();
        const s = real().snapshot();
        expect(selectDoctorsStatus(s)).toBe('ready');
        expect(selectSlotsStatus(s)).toBe('waiting');
        // The personal fields: the user's once logged in, what was typed kept.
        if (phone !== '') expect(selectDetails(s).phoneNumber).toBe(phone);
        expect(real().calls.loadTimeSlots.calls).toHaveLength(slotLoads);
      },
      SlotsLoading: () => {
        expect(selectSlotsStatus(real().snapshot())).toBe('loading');
        expect(real().calls.loadTimeSlots.calls).toHaveLength(slotLoads);
      },
      SlotsShown: () => {
        const s = real().snapshot();
        expect(selectSlotsStatus(s)).toBe('ready');
        expect(selectSlots(s).map((slot) => slot.time)).toEqual(someFree.map((slot) => slot.time));
        if (phone !== '') expect(selectDetails(s).phoneNumber).toBe(phone);
      },
      SlotsFailed: () => expect(selectSlotsStatus(real().snapshot())).toBe('failed'),
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void | Promise<void>>,
  };
}

describe('bookingMachine lists and login paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    (['open', 'doctors.failed', 'doctors.retry', 'doctors.loaded', 'login', 'details', 'choose', 'slots.failed', 'slots.retry', 'slots.loaded', 'details'] as const).map(
      (type) => ({ type }),
    ),
  );

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(12);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
