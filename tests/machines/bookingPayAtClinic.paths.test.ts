/**
 * Model-based paths for paying at the clinic: where the chosen place takes the fee at the visit
 * for a Clinic Visit, "Pay at the clinic" is offered beside paying online; chosen, Book asks for it
 * (`payAtClinic`), and an appointment the server books with its fee due ends the popup with
 * 'Appointment booked successfully.' (`booked`) and no checkout. Paying online, or a place that
 * does not offer it, is the spec's flow to the checkout. Along every path the REAL machine runs with
 * its calls answered by hand; each step must emit what the person reads and the app acts on, each
 * state must show what the model says.
 */
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { Doctor } from '../../contract/site.js';
import {
  selectIsBookedAtClinic,
  selectIsBusy,
  selectIsRedirected,
  selectKeptBooking,
  selectOffersPayAtClinic,
  selectPayAt,
} from '../../machines/booking/bookingMachine.js';
import { refused, settle } from './accountFakes.js';
import { anita, appointmentFor, checkout, chosen, doctors, fees, someFree, startBooking, type Booking } from './bookingFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { stepper } from './pathSteps.js';

/** Anita's Andheri West takes the fee at the visit; Bandra does not. */
const anitaPaysThere: Doctor = { ...anita, payAtClinic: ['Andheri West'] };

const notHere = 'This clinic does not take the fee at the visit. Please pay online.';

const emits = {
  open: [],
  'choose.clinic': [],
  'choose.online': [],
  'place.bandra': [],
  'book.due': ['booked'],
  'book.online': ['redirect'],
  'book.refused': [`server: ${notHere}`],
} as const satisfies Record<string, readonly string[]>;

const model = createMachine({
  id: 'bookingPayAtClinicModel',
  types: {} as { events: { type: keyof typeof emits } },
  initial: 'NotOpen',
  states: {
    NotOpen: { on: { open: 'Offered' } },
    /** A Clinic Visit at Andheri West, a free slot chosen: both ways offered, online chosen. */
    Offered: { on: { 'choose.clinic': 'AtClinic', 'choose.online': 'Offered', 'place.bandra': 'NotOffered', 'book.online': 'Redirected' } },
    /** "Pay at the clinic" chosen. */
    AtClinic: {
      on: { 'choose.online': 'Offered', 'place.bandra': 'NotOffered', 'book.due': 'Booked', 'book.refused': 'AtClinic' },
    },
    /** Bandra: nothing offered, Book pays online whatever was chosen before. */
    NotOffered: { on: { 'book.online': 'Redirected' } },
    /** Booked with the fee due at the clinic: done, no checkout. */
    Booked: {},
    /** Gone to the checkout. */
    Redirected: {},
  },
});

function harness() {
  let booking: Booking | undefined;
  const real = () => {
    if (!booking) throw new Error('the popup is not open');
    return booking;
  };
  const step = stepper(() => booking?.emitted.take() ?? [], emits);
  let place = 'Andheri West';
  /** Book; the appointment answered as the server would for what was asked (`refuse`: a 400 on payAtClinic). */
  const book = async (asked: boolean | undefined, refuse = false) => {
    real().send({ type: 'booking.book' });
    const call = real().calls.addAppointment.latest();
    expect(call.input.request.payAtClinic).toBe(asked);
    if (refuse) return call.reject({ ...refused(400, notHere), errors: [{ field: 'payAtClinic', message: 'is not offered at this location' }] });
    call.resolve(appointmentFor(call.input.request, asked ? { appointmentPaymentStatus: 'due', holdExpiresAt: null } : {}));
    await settle();
    if (!asked) real().calls.createPayment.latest().resolve(checkout());
  };
  return {
    stop: () => booking?.actor.stop(),
    events: {
      open: step('open', async () => {
        booking = startBooking();
        booking.calls.loadDoctors.latest().resolve(doctors.map((d) => (d.email === anita.email ? anitaPaysThere : d)));
        booking.calls.loadFees.latest().resolve(fees);
        await settle();
        await chosen(booking);
      }),
      'choose.clinic': step('choose.clinic', () => real().send({ type: 'payment.chosen', at: 'clinic' })),
      'choose.online': step('choose.online', () => real().send({ type: 'payment.chosen', at: 'online' })),
      'place.bandra': step('place.bandra', async () => {
        place = 'Bandra';
        real().send({ type: 'location.selected', location: 'Bandra' });
        real().calls.loadTimeSlots.latest().resolve(someFree);
        await settle();
        real().send({ type: 'slot.selected', time: '10:00' });
      }),
      'book.due': step('book.due', () => book(true)),
      'book.online': step('book.online', () => book(undefined)),
      'book.refused': step('book.refused', () => book(true, true)),
    },
    states: {
      NotOpen: () => expect(booking).toBeUndefined(),
      Offered: () => {
        const s = real().snapshot();
        expect(selectOffersPayAtClinic(s)).toBe(true);
        expect(selectPayAt(s)).toBe('online');
        expect(selectIsBusy(s)).toBe(false);
      },
      AtClinic: () => {
        const s = real().snapshot();
        expect(selectOffersPayAtClinic(s)).toBe(true);
        expect(selectPayAt(s)).toBe('clinic');
        expect(selectIsBusy(s)).toBe(false);
        expect(real().calls.createPayment.calls).toHaveLength(0);
      },
      NotOffered: () => {
        const s = real().snapshot();
        expect(s.context.choices.location).toBe('Bandra');
        expect(selectOffersPayAtClinic(s)).toBe(false);
        expect(selectPayAt(s)).toBe('online');
      },
      Booked: () => {
        const s = real().snapshot();
        expect(selectIsBookedAtClinic(s)).toBe(true);
        expect(s.status).toBe('done');
        expect(s.output?.payment).toBeNull();
        expect(s.output?.appointment.appointmentPaymentStatus).toBe('due');
        expect(selectKeptBooking(s)).toBeNull();
        expect(real().calls.createPayment.calls).toHaveLength(0);
      },
      Redirected: () => {
        const s = real().snapshot();
        expect(selectIsRedirected(s)).toBe(true);
        expect(s.output?.appointment.location).toBe(place);
        expect(real().calls.createPayment.calls).toHaveLength(1);
      },
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('bookingMachine paying at the clinic paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents((['open', 'choose.clinic', 'book.refused', 'book.due'] as const).map((type) => ({ type })));

  it('takes every transition of the model', () => {
    expect(declaredTransitions(model)).toHaveLength(10);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declaredTransitions(model)));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
