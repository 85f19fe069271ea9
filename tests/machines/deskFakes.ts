/**
 * Fakes for the front desk's machine tests: the desk's doctors, patients as the desk finds and
 * registers them, queue entries and a doctor's queue as GET /desk/queue answers them, and each
 * desk machine started with calls the test answers by hand (provided as the console provides the
 * real ones), its walk recorded for the path figure.
 */
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import type { AppointmentRecord, TimeSlot } from '../../contract/appointments.js';
import type { CounterPaymentRequest, DeskPatient, DeskSearchAnswer, DeskWaitlistEntry, QueueAnswer, QueueEntry, QueueMove } from '../../contract/desk.js';
import type { FamilyMember } from '../../contract/people.js';
import { checkInMachine } from '../../machines/desk/checkIn/checkInMachine.js';
import type { DeskDoctor, DeskSearchHit } from '../../machines/desk/desk.js';
import { dayListMachine, type DayQuery, type DayRows } from '../../machines/desk/dayList/dayListMachine.js';
import type { BookInput, RegisterInput, SearchInput, WalkInInput } from '../../machines/desk/deskBooking/context.js';
import { deskBookingMachine } from '../../machines/desk/deskBooking/deskBookingMachine.js';
import { queueMachine, type QueueEvent, type QueueInput } from '../../machines/desk/queue/queueMachine.js';
import { patientEditMachine, type UpdatePatientInput } from '../../machines/desk/patientEdit/patientEditMachine.js';
import { deskWaitlistMachine } from '../../machines/desk/waitlist/waitlistMachine.js';
import type { WaitlistAddInput, WaitlistLoadInput, WaitlistRemoveInput } from '../../machines/desk/waitlist/setup.js';
import { slotPickerMachine } from '../../machines/slotPicker/slotPickerMachine.js';
import type { SlotsRequest } from '../../machines/slotPicker/slots.js';
import { answeredByHand } from './accountFakes.js';
import { appointment, started, today } from './appointmentFakes.js';
import { recordWalk } from './pathCoverage.js';
import { andheri, bandra } from './staffAdminFakes.js';

export { today };

let made = 0;
/** A fresh record id (a UUID, as the server issues them). */
export function deskId(): string {
  made += 1;
  return `00000000-0000-4000-a000-${String(made).padStart(12, '0')}`;
}

// The admin fakes' locations: the same clinic.
export { andheri, bandra };

/** A clinic doctor at Andheri West and Bandra. */
export const deskAnita: DeskDoctor = {
  _id: '00000000-0000-4000-c000-000000000001',
  name: 'Dr Anita Rao',
  email: 'anita@clinic.example',
  type: 'clinic',
  locations: [andheri, bandra],
  bookableUntil: '2025-04-09',
};
/** A clinic doctor at Bandra only. */
export const deskVikram: DeskDoctor = {
  _id: '00000000-0000-4000-c000-000000000002',
  name: 'Dr Vikram Shah',
  email: 'vikram@clinic.example',
  type: 'clinic',
  locations: [bandra],
};
export const deskDoctors: readonly DeskDoctor[] = [deskAnita, deskVikram];

/** Ramesh, registered at the desk without an account; `overrides` change him. */
export function deskPatient(overrides: Partial<DeskPatient> = {}): DeskPatient {
  return {
    _id: deskId(),
    firstName: 'Ramesh',
    lastName: 'Patil',
    phoneNumber: '9822012345',
    email: '',
    age: 67,
    gender: 'male',
    kind: 'desk',
    noShows: 0,
    ...overrides,
  };
}

/** An account holder's son, as the desk's search lists an account's family. */
export const rohan: FamilyMember = { _id: '7a1c2f3e-0000-4000-8000-00000000f001', firstName: 'Rohan', lastName: 'Kale', age: 9, gender: 'male', relation: 'Son' };

export const hitOf = (patient: DeskPatient, upcoming: AppointmentRecord[] = [], family: FamilyMember[] = []): DeskSearchHit => ({ patient, upcoming, family });
export const searchAnswer = (hits: DeskSearchHit[], more = false): DeskSearchAnswer => ({ hits, more });

/** Ramesh's Clinic Visit with Dr Anita Rao at Andheri West today at 10:30, to pay at the clinic. */
export function deskAppointment(overrides: Parameters<typeof appointment>[0] = {}): AppointmentRecord {
  return appointment({
    date: today,
    startTime: '10:30',
    firstName: 'Ramesh',
    lastName: 'Patil',
    email: '',
    phoneNumber: '9822012345',
    age: 67,
    gender: 'male',
    consultationType: 'Clinic Visit',
    consultationFee: 500,
    appointmentPaymentStatus: 'due',
    appointmentPaymentId: null,
    ...overrides,
  });
}

/** One entry of a queue: waiting, a booked patient, `token` T1 unless told. */
export function queueEntry(overrides: Partial<Omit<QueueEntry, 'dueTime'>> & { dueTime?: string } = {}): QueueEntry {
  return {
    _id: deskId(),
    token: 'T1',
    status: 'waiting',
    kind: 'booked',
    dueTime: '10:30',
    room: '',
    checkedInAt: '2025-03-10T04:55:00.000Z',
    calledAt: null,
    place: 1,
    appointment: deskAppointment(),
    ...overrides,
  } as QueueEntry;
}

export const queueOf = (entries: QueueEntry[], doctorId = deskAnita._id): QueueAnswer =>
  ({ doctorId, date: today, entries, minutesPerPatient: 15 }) as QueueAnswer;

export const freeSlots: TimeSlot[] = [
  { time: '10:00', status: 'booked' },
  { time: '10:30', status: 'free' },
  { time: '11:00', status: 'free' },
] as TimeSlot[];

/** One open queue stream of the fake: what it was opened with, and the test's hand on it. */
export interface FakeQueueStream {
  input: { doctorId: string; token: string };
  /** The machine stopped it (another doctor, the section closed, it dropped). */
  stopped: boolean;
  send(answer: QueueAnswer): void;
  drop(): void;
}

/** The queue machine's `queueStream`, each stream it opens held for the test to send on or drop. */
export function queueStreamsByHand() {
  const streams: FakeQueueStream[] = [];
  const logic = fromCallback<QueueEvent, { doctorId: string; token: string }>(({ input, sendBack }) => {
    const stream: FakeQueueStream = {
      input,
      stopped: false,
      send: (answer) => sendBack({ type: 'stream.answer', answer }),
      drop: () => sendBack({ type: 'stream.dropped' }),
    };
    streams.push(stream);
    return () => {
      stream.stopped = true;
    };
  });
  const latest = (): FakeQueueStream => {
    const stream = streams.at(-1);
    if (!stream) throw new Error('the machine opened no stream');
    return stream;
  };
  return { logic, streams, latest };
}

export function deskCalls() {
  return {
    searchPatients: answeredByHand<DeskSearchAnswer, SearchInput>(),
    registerPatient: answeredByHand<{ patient: DeskPatient }, RegisterInput>(),
    updatePatient: answeredByHand<{ patient: DeskPatient }, UpdatePatientInput>(),
    book: answeredByHand<AppointmentRecord, BookInput>(),
    walkIn: answeredByHand<{ entry: QueueEntry }, WalkInInput>(),
    loadTimeSlots: answeredByHand<TimeSlot[], SlotsRequest>(),
    checkIn: answeredByHand<{ entry: QueueEntry }, { appointmentId: string; token: string }>(),
    takePayment: answeredByHand<AppointmentRecord, { appointmentId: string; payment: CounterPaymentRequest; token: string }>(),
    loadQueue: answeredByHand<QueueAnswer, { doctorId: string; date: string; token: string }>(),
    queueStream: queueStreamsByHand(),
    callNext: answeredByHand<{ entry: QueueEntry }, { doctorId: string; room: string; token: string }>(),
    moveEntry: answeredByHand<{ entry: QueueEntry }, { entryId: string; move: QueueMove; token: string }>(),
    loadDay: answeredByHand<DayRows, { query: DayQuery; token: string }>(),
  };
}

export function startDeskBooking(doctors: readonly DeskDoctor[] = deskDoctors) {
  const calls = deskCalls();
  const machine = deskBookingMachine.provide({
    actors: {
      searchPatients: calls.searchPatients.logic,
      registerPatient: calls.registerPatient.logic,
      book: calls.book.logic,
      walkIn: calls.walkIn.logic,
      slotPicker: slotPickerMachine.provide({ actors: { loadTimeSlots: calls.loadTimeSlots.logic } }),
    },
  });
  return started(createActor(machine, { input: { token: 'tok-desk', today, doctors }, inspect: recordWalk }), calls);
}

/** A desk patient's details corrected. */
export function startPatientEdit(patient: DeskPatient) {
  const calls = deskCalls();
  const machine = patientEditMachine.provide({ actors: { updatePatient: calls.updatePatient.logic } });
  return started(createActor(machine, { input: { token: 'tok-desk', patient }, inspect: recordWalk }), calls);
}

export function startCheckIn(record: AppointmentRecord = deskAppointment()) {
  const calls = deskCalls();
  const machine = checkInMachine.provide({ actors: { checkIn: calls.checkIn.logic, takePayment: calls.takePayment.logic } });
  return started(createActor(machine, { input: { token: 'tok-desk', appointment: record }, inspect: recordWalk }), calls);
}

/** The desk's waitlist section's machine (today, the desk's doctors), its calls answered by hand. */
export function startDeskWaitlist() {
  const calls = {
    loadWaitlist: answeredByHand<DeskWaitlistEntry[], WaitlistLoadInput>(),
    searchPatients: answeredByHand<DeskSearchAnswer, { query: string; token: string }>(),
    addEntry: answeredByHand<DeskWaitlistEntry, WaitlistAddInput>(),
    removeEntry: answeredByHand<{ message: string }, WaitlistRemoveInput>(),
  };
  const machine = deskWaitlistMachine.provide({
    actors: { loadWaitlist: calls.loadWaitlist.logic, searchPatients: calls.searchPatients.logic, addEntry: calls.addEntry.logic, removeEntry: calls.removeEntry.logic },
  });
  return started(createActor(machine, { input: { token: 'tok-desk', today, doctors: deskDoctors }, inspect: recordWalk }), calls);
}

/** One live entry as GET /desk/waitlist lists it: Ramesh (no account) waiting for Dr Anita Rao, any clinic, three days. */
export function waitlistEntry(overrides: Partial<DeskWaitlistEntry> = {}): DeskWaitlistEntry {
  return {
    _id: deskId(),
    patientName: 'Ramesh Patil',
    phoneNumber: '9822012345',
    patientKind: 'desk',
    doctorId: deskAnita._id,
    doctorName: deskAnita.name,
    consultationType: 'Clinic Visit',
    location: '',
    fromDate: '2025-03-12' as DeskWaitlistEntry['fromDate'],
    toDate: '2025-03-14' as DeskWaitlistEntry['toDate'],
    joinedAt: '2025-03-10T04:30:00.000Z',
    offer: null,
    ...overrides,
  };
}

/** The queue on a simulated clock (`clock.increment(queueRefreshMs)` reads it again while polled). */
export function startQueue(input: Partial<QueueInput> = {}) {
  const calls = deskCalls();
  const clock = new SimulatedClock();
  const machine = queueMachine.provide({
    actors: { loadQueue: calls.loadQueue.logic, queueStream: calls.queueStream.logic, callNext: calls.callNext.logic, moveEntry: calls.moveEntry.logic },
  });
  const actor = createActor(machine, {
    input: { token: 'tok-desk', doctors: deskDoctors, doctorId: null, date: today, rooms: {}, ...input },
    clock,
    inspect: recordWalk,
  });
  return { ...started(actor, calls), clock };
}

export function startDayList(doctors: readonly DeskDoctor[] = deskDoctors) {
  const calls = deskCalls();
  const machine = dayListMachine.provide({ actors: { loadDay: calls.loadDay.logic } });
  return started(createActor(machine, { input: { token: 'tok-desk', doctors, doctorId: null, date: today }, inspect: recordWalk }), calls);
}
