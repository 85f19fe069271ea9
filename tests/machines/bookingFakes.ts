/**
 * Fakes for the booking machine's tests: a small clinic (doctors, fees, slots), an appointment
 * as the server answers it, and the real machine started with calls the test answers by hand
 * (provided as the app provides the real ones).
 */
import { createActor } from 'xstate';
import { emptyMedicines, type AppointmentRecord, type TimeSlot } from '../../contract/appointments.js';
import type { User } from '../../contract/auth.js';
import type { AppointmentFeeList, Doctor } from '../../contract/site.js';
import type { ProfileRequest } from '../../machines/people/profileMachine.js';
import {
  bookingMachine,
  type BookingEmitted,
  type BookingInput,
  type BookingRequest,
  type NextFreeRequest,
  type PaymentAnswer,
  type PaymentRequest,
} from '../../machines/booking/bookingMachine.js';
import type { BookingUser } from '../../machines/booking/choices.js';
import { answeredByHand, recordEmitted, settle } from './accountFakes.js';
import { recordWalk } from './pathCoverage.js';
import { slotPickerMachine } from '../../machines/slotPicker/slotPickerMachine.js';
import { availabilityMachine, type AvailabilityRequest } from '../../machines/availability/availabilityMachine.js';
import type { Availability, NextFreeList } from '../../contract/availability.js';

export const today = '2025-03-10';
export const tomorrow = '2025-03-11';

export const anita: Doctor = {
  _id: 'd1',
  name: 'Dr Anita Rao',
  email: 'anita@clinic.example',
  type: 'clinic',
  locations: ['Andheri West', 'Bandra'],
  qualification: 'BHMS',
};
export const kavita: Doctor = {
  _id: 'd2',
  name: 'Dr Kavita Shah',
  email: 'kavita@clinic.example',
  type: 'online',
  locations: ['Bandra'],
  qualification: 'BHMS, MD',
  // Online hours: Chat, Video and Call from home; a doctor of type online sees nobody at a clinic.
  consultsOnline: true,
};
export const rahul: Doctor = {
  _id: 'd3',
  name: 'Dr Rahul Mehta',
  email: 'rahul@clinic.example',
  type: 'clinic',
  locations: ['Thane'],
  qualification: 'BHMS',
};
export const doctors: Doctor[] = [anita, kavita, rahul];

export const fees: AppointmentFeeList = {
  data: [
    { consultationType: 'Chat', consultationFee: 300 },
    { consultationType: 'Video', consultationFee: 450 },
    { consultationType: 'Call', consultationFee: 400 },
    { consultationType: 'Clinic Visit', consultationFee: 700 },
  ],
};

const slot = (time: string, status: TimeSlot['status']) => ({ time, status }) as TimeSlot;
/** A day with one slot booked, one unavailable and two free. */
export const someFree: TimeSlot[] = [slot('09:00', 'booked'), slot('09:30', 'unavailable'), slot('10:00', 'free'), slot('10:30', 'free')];
/** The same day after somebody took 10:00. */
export const tenTaken: TimeSlot[] = [slot('09:00', 'booked'), slot('09:30', 'unavailable'), slot('10:00', 'booked'), slot('10:30', 'free')];
/** A day of leave: slots, none free. */
export const noneFree: TimeSlot[] = [slot('09:00', 'unavailable'), slot('09:30', 'unavailable')];

export const user: BookingUser = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.in',
  phoneNumber: '9876543210',
  age: 34,
  gender: 'female',
};

let appointments = 0;
/** The appointment the server makes for a request (a new id each time, unless `id` is given). */
export function appointmentFor(request: BookingRequest, overrides: Partial<AppointmentRecord> = {}): AppointmentRecord {
  appointments += 1;
  const id = `0000000${appointments}-aaaa-4aaa-8aaa-${String(appointments).padStart(12, '0')}`.slice(-36);
  return {
    _id: id,
    appointmentId: id,
    firstName: request.firstName,
    lastName: request.lastName,
    email: request.email,
    phoneNumber: request.phoneNumber,
    age: request.age,
    gender: request.gender,
    doctorEmail: request.doctorEmail,
    doctorName: request.doctorName,
    location: request.location,
    date: request.date,
    startTime: request.startTime,
    consultationType: request.consultationType,
    consultationFee: fees.data.find((f) => f.consultationType === request.consultationType)?.consultationFee ?? 0,
    appointmentStatus: 'Booked',
    appointmentPaymentStatus: 'failed',
    appointmentPaymentId: null,
    holdExpiresAt: '2025-03-10T05:15:00.000Z',
    medicines: emptyMedicines,
    order: null,
    createdAt: '2025-03-10T05:00:00.000Z',
    ...overrides,
  } as AppointmentRecord;
}

export const checkout = (n = 1): PaymentAnswer => ({
  merchantOrderId: `MO-${n}`,
  checkoutPageUrl: `https://mercury-t2.phonepe.com/transact/uat_v2?token=t${n}&x=1`,
});

export type SlotsInput = { doctorEmail: string; date: string; location: string; token: string | null };

/** The words of the teleconsultation consent as the popup shows them (the catalog's). */
export const consentWords = 'I agree to a teleconsultation.';

/**
 * The real booking machine with every call answered by hand. `consent` (default true): the person
 * ticks the teleconsultation consent as the popup opens, so a Chat, Video or Call booking goes
 * ahead; false leaves it unticked (the details step's own tests).
 */
export function startBooking(input: Partial<BookingInput> = {}, { consent = true }: { consent?: boolean } = {}) {
  const loadDoctors = answeredByHand<Doctor[], unknown>();
  const loadFees = answeredByHand<AppointmentFeeList, unknown>();
  const loadTimeSlots = answeredByHand<TimeSlot[], SlotsInput>();
  const addAppointment = answeredByHand<AppointmentRecord, { request: BookingRequest; token: string }>();
  const createPayment = answeredByHand<PaymentAnswer, { request: PaymentRequest; token: string }>();
  const saveProfile = answeredByHand<User, { input: ProfileRequest; token: string }>();
  // The date strip: unanswered unless a test answers it.
  const loadAvailability = answeredByHand<Availability, AvailabilityRequest>();
  // The doctor step's next free slots: unanswered unless a test answers it.
  const loadNextFree = answeredByHand<NextFreeList, NextFreeRequest>();
  const machine = bookingMachine.provide({
    actors: {
      loadDoctors: loadDoctors.logic,
      loadFees: loadFees.logic,
      slotPicker: slotPickerMachine.provide({ actors: { loadTimeSlots: loadTimeSlots.logic } }),
      availability: availabilityMachine.provide({ actors: { loadAvailability: loadAvailability.logic } }),
      loadNextFree: loadNextFree.logic,
      addAppointment: addAppointment.logic,
      createPayment: createPayment.logic,
      saveProfile: saveProfile.logic,
    },
  });
  const actor = createActor(machine, { input: { today, token: 'tok-1', user, ...input }, inspect: recordWalk });
  const emitted = recordEmitted<BookingEmitted>(actor);
  actor.start();
  if (consent) actor.send({ type: 'consent.changed', text: consentWords });
  return {
    actor,
    snapshot: () => actor.getSnapshot(),
    send: (event: Parameters<typeof actor.send>[0]) => actor.send(event),
    emitted,
    calls: { loadDoctors, loadFees, loadTimeSlots, addAppointment, createPayment, saveProfile, loadAvailability, loadNextFree },
  };
}

export type Booking = ReturnType<typeof startBooking>;

/** Doctors and fees answered. */
export async function loaded(input: Partial<BookingInput> = {}, options: { consent?: boolean } = {}): Promise<Booking> {
  const booking = startBooking(input, options);
  booking.calls.loadDoctors.latest().resolve(doctors);
  booking.calls.loadFees.latest().resolve(fees);
  await settle();
  return booking;
}

/** Anita at Andheri West, Clinic Visit, tomorrow, the slots answered with `slots`, 10:00 chosen if free. */
export async function chosen(booking: Booking, slots: TimeSlot[] = someFree): Promise<Booking> {
  booking.send({ type: 'location.selected', location: 'Andheri West' });
  booking.send({ type: 'doctor.selected', doctorEmail: anita.email });
  booking.send({ type: 'type.selected', consultationType: 'Clinic Visit' });
  booking.send({ type: 'date.selected', date: tomorrow });
  booking.calls.loadTimeSlots.latest().resolve(slots);
  await settle();
  booking.send({ type: 'slot.selected', time: '10:00' });
  booking.emitted.take();
  return booking;
}
