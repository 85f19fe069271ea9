/**
 * Fakes for the my-appointments machines' tests: appointment records as the server answers them
 * (Asha's, with Dr Anita Rao of bookingFakes), an order, the time, and each machine started with
 * calls the test answers by hand (provided as the app provides the real ones).
 */
import {
  createActor,
  type Actor,
  type AnyActorLogic,
  type EmittedFrom,
  type EventFromLogic,
} from 'xstate';
import { emptyMedicines, type AppointmentRecord, type Order, type TimeSlot } from '../../contract/appointments.js';
import type { Doctor } from '../../contract/site.js';
import type { MessageAnswer } from '../../contract/auth.js';
import { appointmentEditMachine } from '../../machines/appointmentEdit/appointmentEditMachine.js';
import type { AppointmentEditInput, UpdateAnswer, UpdateRequest } from '../../machines/appointmentEdit/context.js';
import {
  appointmentCancelMachine,
  type AppointmentCancelInput,
  type DeleteRequest,
} from '../../machines/appointmentCancel/appointmentCancelMachine.js';
import { orderPaymentMachine, type OrderPaymentAnswer, type OrderPaymentInput } from '../../machines/orderPayment/orderPaymentMachine.js';
import { answeredByHand, recordEmitted } from './accountFakes.js';
import { anita, today, type SlotsInput } from './bookingFakes.js';
import { recordWalk } from './pathCoverage.js';
import { slotPickerMachine } from '../../machines/slotPicker/slotPickerMachine.js';

export { today, tomorrow } from './bookingFakes.js';

/** 10:00 in Kolkata on `today` (2025-03-10), as epoch milliseconds. */
export const now = Date.parse('2025-03-10T04:30:00.000Z');
export const minutes = (n: number) => n * 60_000;

export const userId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** Changes to a record; dates and times as plain text (the fakes are not decoded). */
export type RecordOverrides = {
  [K in keyof AppointmentRecord]?: K extends 'date' | 'startTime' ? string : AppointmentRecord[K];
};

let made = 0;
/** A fresh record id (a UUID, as the server issues them). */
export function newId(): string {
  made += 1;
  return `00000000-0000-4000-8000-${String(made).padStart(12, '0')}`;
}

/**
 * Asha's paid Video appointment with Dr Anita Rao at Andheri West, tomorrow at 09:00 (booked in
 * bookingFakes' slot lists: her own); `overrides` change it. The one record builder of the tests:
 * the staff console's and the admin's fakes take it too, with their own date or ids.
 */
export function appointment(overrides: RecordOverrides = {}): AppointmentRecord {
  const id = overrides._id ?? newId();
  return {
    _id: id,
    // The record's other id (the spec's appointmentId), unlike `_id` so that a test sees which is used.
    appointmentId: newId(),
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha@example.in',
    phoneNumber: '9876543210',
    age: 34,
    gender: 'female',
    doctorEmail: anita.email,
    doctorName: anita.name,
    location: 'Andheri West',
    date: '2025-03-11',
    startTime: '09:00',
    consultationType: 'Video',
    consultationFee: 450,
    appointmentStatus: 'Booked',
    appointmentPaymentStatus: 'paid',
    appointmentPaymentId: 'PAY-1',
    holdExpiresAt: null,
    medicines: emptyMedicines,
    order: null,
    createdAt: '2025-03-09T05:00:00.000Z',
    ...overrides,
  } as AppointmentRecord;
}

/** Booked, never paid, its hold lasting `minutesLeft` more minutes after `now` (negative: lapsed). */
export function unpaid(minutesLeft: number, overrides: RecordOverrides = {}): AppointmentRecord {
  return appointment({
    appointmentPaymentStatus: 'failed',
    appointmentPaymentId: null,
    holdExpiresAt: new Date(now + minutes(minutesLeft)).toISOString(),
    ...overrides,
  });
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    _id: '11111111-2222-4333-8444-555555555555',
    appointmentId: 'a',
    totalPrice: 1250.5,
    paymentMode: 'Card',
    paymentStatus: 'Pending',
    orderStatus: 'Processing',
    pharmacyId: 'ph-1',
    ...overrides,
  };
}

/** A Completed appointment with `theOrder` (null: none yet). */
export function completed(theOrder: Order | null, overrides: RecordOverrides = {}): AppointmentRecord {
  const record = appointment({ appointmentStatus: 'Completed', date: '2025-03-08', ...overrides });
  return { ...record, order: theOrder === null ? null : { ...theOrder, appointmentId: record._id } };
}

export const checkoutUrl = (n = 1) => `https://mercury-t2.phonepe.com/transact/uat_v2?token=t${n}&x=1`;

/**
 * Starts `actor` with what it emits recorded, and gives the test what it drives it by: its
 * snapshot, `send`, the emitted events and the `calls` it answers by hand.
 */
export function started<TLogic extends AnyActorLogic, TCalls>(actor: Actor<TLogic>, calls: TCalls) {
  const emitted = recordEmitted<EmittedFrom<TLogic>>(actor);
  actor.start();
  return {
    actor,
    snapshot: () => actor.getSnapshot(),
    send: (event: EventFromLogic<TLogic>) => actor.send(event),
    emitted,
    calls,
  };
}

/** The real edit popup with every call answered by hand. */
export function startEdit(input: Partial<AppointmentEditInput> = {}) {
  const loadDoctors = answeredByHand<Doctor[], unknown>();
  const loadTimeSlots = answeredByHand<TimeSlot[], SlotsInput>();
  const updateAppointment = answeredByHand<UpdateAnswer, { request: UpdateRequest; token: string }>();
  const machine = appointmentEditMachine.provide({
    actors: {
      loadDoctors: loadDoctors.logic,
      slotPicker: slotPickerMachine.provide({ actors: { loadTimeSlots: loadTimeSlots.logic } }),
      updateAppointment: updateAppointment.logic,
    },
  });
  const actor = createActor(machine, { input: { appointment: appointment(), token: 'tok-1', today, ...input }, inspect: recordWalk });
  return started(actor, { loadDoctors, loadTimeSlots, updateAppointment });
}

export type Edit = ReturnType<typeof startEdit>;

/** The real cancel popup with its call answered by hand. */
export function startCancel(input: Partial<AppointmentCancelInput> = {}) {
  const deleteAppointment = answeredByHand<MessageAnswer, DeleteRequest>();
  const machine = appointmentCancelMachine.provide({ actors: { deleteAppointment: deleteAppointment.logic } });
  const actor = createActor(machine, { input: { appointment: appointment(), userId, token: 'tok-1', at: '2025-03-11T04:30:00.000Z', ...input }, inspect: recordWalk });
  return started(actor, { deleteAppointment });
}

/** The real order payment with its call answered by hand. */
export function startOrderPayment(input: Partial<OrderPaymentInput> = {}) {
  const createOrderPayment = answeredByHand<OrderPaymentAnswer, { order: Order; token: string }>();
  const machine = orderPaymentMachine.provide({ actors: { createOrderPayment: createOrderPayment.logic } });
  const actor = createActor(machine, { input: { appointment: completed(order()), token: 'tok-1', ...input }, inspect: recordWalk });
  return started(actor, { createOrderPayment });
}
