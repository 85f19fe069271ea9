/**
 * Fakes for the staff console's machine tests: appointment records as GET /staff/appointments
 * answers them, a staff member, an admin's doctors, audit entries, and each machine started with
 * calls the test answers by hand (provided as the console provides the real ones).
 */
import { createActor } from 'xstate';
import { emptyMedicines, type AppointmentRecord, type Medicines, type Order } from '../../contract/appointments.js';
import type { StaffAppointmentDetail, StaffMe } from '../../contract/staff.js';
import type { AdminDoctor } from '../../contract/staffAdmin.js';
import {
  consultationMachine,
  type ChangeAnswer,
  type ConsultationEmitted,
} from '../../machines/consultation/consultationMachine.js';
import type { OrderRequest } from '../../machines/consultation/forms.js';
import { auditLogMachine, type AuditLogEmitted, type AuditRecord } from '../../machines/staffConsole/auditLogMachine.js';
import { staffAccessMachine, type StaffAccessEmitted } from '../../machines/staffConsole/staffAccessMachine.js';
import {
  staffAppointmentsMachine,
  type StaffAppointmentsEmitted,
  type StaffAppointmentsFilter,
} from '../../machines/staffConsole/staffAppointmentsMachine.js';
import { answeredByHand, recordEmitted } from './accountFakes.js';

export const today = '2025-03-10';

export const doctorMe: StaffMe = {
  _id: 'u-doc',
  email: 'anita.rao@clinic.in',
  firstName: 'Anita',
  lastName: 'Rao',
  role: 'doctor',
  doctorName: 'Dr Anita Rao',
};
export const adminMe: StaffMe = { _id: 'u-admin', email: 'office@clinic.in', firstName: 'Office', lastName: 'Admin', role: 'admin', doctorName: null };

let made = 0;
/** A fresh record id (a UUID, as the server issues them). */
export function newId(): string {
  made += 1;
  return `00000000-0000-4000-9000-${String(made).padStart(12, '0')}`;
}

/** Changes to a record; dates and times as plain text (the fakes are not decoded). */
export type StaffRecordOverrides = {
  [K in keyof AppointmentRecord]?: K extends 'date' | 'startTime' ? string : AppointmentRecord[K];
};

/** Asha's paid Video appointment with Dr Anita Rao today at 09:00, Booked; `overrides` change it. */
export function staffAppointment(overrides: StaffRecordOverrides = {}): AppointmentRecord {
  return {
    _id: newId(),
    appointmentId: `APT-${1000 + made}`,
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha@example.in',
    phoneNumber: '9876543210',
    age: 34,
    gender: 'female',
    doctorEmail: 'anita.rao@clinic.in',
    doctorName: 'Dr Anita Rao',
    location: 'Andheri West',
    date: today,
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

export const prescription: Medicines = {
  complain: 'Eczema on both hands',
  remedies: [{ medicineName: 'Graphites', dosage: '4 pills', frequency: 'twice a day' }],
  potency: '30C',
  duration: '4 weeks',
  pharmacyName: 'Sahaj Pharmacy',
  pharmacyId: 'PH-7',
  instructions: 'Avoid strong soaps.',
  showMedicine: true,
};

export function staffOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: '11111111-2222-4333-8444-555555555555',
    appointmentId: 'a',
    totalPrice: 640,
    paymentMode: 'Card',
    paymentStatus: 'Pending',
    orderStatus: 'Placed',
    pharmacyId: 'PH-7',
    ...overrides,
  };
}

export function detailOf(appointment: AppointmentRecord, payments: StaffAppointmentDetail['payments'] = []): StaffAppointmentDetail {
  return { appointment, slotMinutes: 15, payments };
}

export function adminDoctor(name: string, locations: Array<{ _id: string; name: string }>, overrides: Partial<AdminDoctor> = {}): AdminDoctor {
  return {
    _id: newId(),
    name,
    email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@clinic.in`,
    type: 'clinic',
    qualification: 'BHMS',
    slotMinutes: 15,
    active: true,
    displayOrder: made,
    locations,
    accountRole: 'doctor',
    ...overrides,
  };
}

export function auditEntry(id: number, overrides: Partial<AuditRecord> = {}): AuditRecord {
  return {
    id: String(id),
    at: '2025-03-10T04:30:00.000Z',
    actor: 'anita.rao@clinic.in',
    actorRole: 'doctor',
    action: 'appointment.completed',
    appointmentId: '00000000-0000-4000-9000-000000000001',
    appointmentNumber: 'SHC-25-000001',
    subjectUserId: null,
    details: { before: { status: 'Booked' }, after: { status: 'Completed' } },
    ...overrides,
  };
}

export function startAccess(token = 'tok-staff') {
  const fetchStaffMe = answeredByHand<StaffMe, { token: string }>();
  const actor = createActor(staffAccessMachine.provide({ actors: { fetchStaffMe: fetchStaffMe.logic } }), { input: { token } });
  const emitted = recordEmitted<StaffAccessEmitted>(actor);
  actor.start();
  return { actor, snapshot: () => actor.getSnapshot(), send: actor.send.bind(actor), emitted, calls: { fetchStaffMe } };
}

export function startStaffList({
  filter = { from: today, to: today },
  withFilters = false,
}: { filter?: StaffAppointmentsFilter; withFilters?: boolean } = {}) {
  const loadAppointments = answeredByHand<AppointmentRecord[], { filter: StaffAppointmentsFilter; token: string }>();
  const loadFilterDoctors = answeredByHand<AdminDoctor[], { token: string }>();
  const machine = staffAppointmentsMachine.provide({
    actors: { loadAppointments: loadAppointments.logic, loadFilterDoctors: loadFilterDoctors.logic },
  });
  const actor = createActor(machine, { input: { token: 'tok-staff', filter, withFilters } });
  const emitted = recordEmitted<StaffAppointmentsEmitted>(actor);
  actor.start();
  return { actor, snapshot: () => actor.getSnapshot(), send: actor.send.bind(actor), emitted, calls: { loadAppointments, loadFilterDoctors } };
}

export function startAudit(pageSize = 2) {
  const loadAudit = answeredByHand<AuditRecord[], { limit: number; before: string | null; token: string }>();
  const actor = createActor(auditLogMachine.provide({ actors: { loadAudit: loadAudit.logic } }), {
    input: { token: 'tok-admin', pageSize },
  });
  const emitted = recordEmitted<AuditLogEmitted>(actor);
  actor.start();
  return { actor, snapshot: () => actor.getSnapshot(), send: actor.send.bind(actor), emitted, calls: { loadAudit } };
}

export function startConsultation(appointmentId = 'apt-1') {
  const loadAppointment = answeredByHand<StaffAppointmentDetail, { appointmentId: string; token: string }>();
  const completeAppointment = answeredByHand<ChangeAnswer, { appointmentId: string; medicines: Medicines; token: string }>();
  const createOrder = answeredByHand<ChangeAnswer, { appointmentId: string; order: OrderRequest; token: string }>();
  const machine = consultationMachine.provide({
    actors: { loadAppointment: loadAppointment.logic, completeAppointment: completeAppointment.logic, createOrder: createOrder.logic },
  });
  const actor = createActor(machine, { input: { appointmentId, token: 'tok-doc' } });
  const emitted = recordEmitted<ConsultationEmitted>(actor);
  actor.start();
  return {
    actor,
    snapshot: () => actor.getSnapshot(),
    send: actor.send.bind(actor),
    emitted,
    calls: { loadAppointment, completeAppointment, createOrder },
  };
}
