/**
 * Fakes for the staff console's machine tests: appointment records as GET /staff/appointments
 * answers them, a staff member, an admin's doctors, audit entries, and each machine started with
 * calls the test answers by hand (provided as the console provides the real ones).
 */
import { createActor, SimulatedClock } from 'xstate';
import type { AppointmentRecord, Medicines, Order } from '../../contract/appointments.js';
import type { StaffAppointmentDetail, StaffMe } from '../../contract/staff.js';
import type { AdminDoctor } from '../../contract/staffAdmin.js';
import { readClockWith } from '../../machines/consultation/actions.js';
import { consultationMachine } from '../../machines/consultation/consultationMachine.js';
import { consultationClockMs } from '../../machines/consultation/context.js';
import type { ChangeAnswer } from '../../machines/consultation/events.js';
import type { CatalogueHit } from '../../contract/catalogue.js';
import type { OrderPreview, Pharmacy, StaffOrderRequest } from '../../contract/pharmacyOrder.js';
import { orderMachine } from '../../machines/order/orderMachine.js';
import { selectOrderForm } from '../../machines/consultation/selectors.js';
import { auditLogMachine, type AuditRecord } from '../../machines/staffConsole/auditLogMachine.js';
import { staffAccessMachine } from '../../machines/staffConsole/staffAccessMachine.js';
import { staffAppointmentsMachine, type StaffAppointmentsFilter } from '../../machines/staffConsole/staffAppointmentsMachine.js';
import { answeredByHand, settle } from './accountFakes.js';
import { appointment, now, order, started, today, type RecordOverrides } from './appointmentFakes.js';
import { recordWalk } from './pathCoverage.js';

export { now, today };

export const doctorMe: StaffMe = {
  _id: 'u-doc',
  email: 'anita.rao@clinic.in',
  firstName: 'Anita',
  lastName: 'Rao',
  role: 'doctor',
  doctorName: 'Dr Anita Rao',
};
export const adminMe: StaffMe = { _id: 'u-admin', email: 'office@clinic.in', firstName: 'Office', lastName: 'Admin', role: 'admin', doctorName: null };
export const receptionMe: StaffMe = { _id: 'u-desk', email: 'desk@clinic.in', firstName: 'Sunita', lastName: 'Pawar', role: 'reception', doctorName: null };

let made = 0;
/** A fresh record id (a UUID, as the server issues them). */
export function newId(): string {
  made += 1;
  return `00000000-0000-4000-9000-${String(made).padStart(12, '0')}`;
}

/** Asha's paid Video appointment with Dr Anita Rao today at 09:00, Booked; `overrides` change it. */
export function staffAppointment(overrides: RecordOverrides = {}): AppointmentRecord {
  return appointment({ date: today, ...overrides });
}

export const prescription: Medicines = {
  complain: 'Eczema on both hands',
  diagnosis: 'Hand eczema',
  history: '',
  investigations: '',
  followUp: null,
  remedies: [{ medicineName: 'Graphites', dosage: '4 pills', frequency: 'twice a day' }],
  potency: '30C',
  duration: '4 weeks',
  pharmacyName: 'Sahaj Pharmacy',
  pharmacyId: 'PH-7',
  instructions: 'Avoid strong soaps.',
  showMedicine: true,
};

/** The order the doctor makes for `prescription`: ₹640 by card at its pharmacy (PH-7), Placed. */
export function staffOrder(overrides: Partial<Order> = {}): Order {
  return order({ totalPrice: 640, orderStatus: 'Placed', pharmacyId: 'PH-7', ...overrides });
}

/**
 * The appointment as GET /staff/appointments/{id} answers it: a 15-minute slot, completion opening
 * 10 minutes before the start (the default join window), its checkouts.
 */
export function detailOf(appointment: AppointmentRecord, payments: StaffAppointmentDetail['payments'] = []): StaffAppointmentDetail {
  const starts = Date.parse(`${appointment.date}T${appointment.startTime}:00+05:30`);
  return {
    appointment,
    slotMinutes: 15,
    completionOpensAt: new Date(starts - 10 * 60_000).toISOString(),
    slotEndsAt: new Date(starts + 15 * 60_000).toISOString(),
    payments,
  };
}

export function adminDoctor(name: string, locations: Array<{ _id: string; name: string }>, overrides: Partial<AdminDoctor> = {}): AdminDoctor {
  return {
    _id: newId(),
    name,
    email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@clinic.in`,
    type: 'clinic',
    qualification: 'BHMS',
    registrationCouncil: '',
    registrationNumber: '',
    morningList: false,
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
  const actor = createActor(staffAccessMachine.provide({ actors: { fetchStaffMe: fetchStaffMe.logic } }), { input: { token }, inspect: recordWalk });
  return started(actor, { fetchStaffMe });
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
  const actor = createActor(machine, { input: { token: 'tok-staff', filter, withFilters }, inspect: recordWalk });
  return started(actor, { loadAppointments, loadFilterDoctors });
}

export function startAudit(pageSize = 2) {
  const loadAudit = answeredByHand<AuditRecord[], { limit: number; before: string | null; token: string }>();
  const actor = createActor(auditLogMachine.provide({ actors: { loadAudit: loadAudit.logic } }), {
    input: { token: 'tok-admin', pageSize },
    inspect: recordWalk,
  });
  return started(actor, { loadAudit });
}

/**
 * `at`: the browser's clock when the page opens (10:00 on `today` by default: the fakes' 09:00
 * appointments are over). The machine's delays run on a simulated clock: `tickAt(time)` moves it on
 * to the next tick, which reads `time` (a test may also send `clock.tick` itself).
 */
export function startConsultation(appointmentId = 'apt-1', at = now) {
  const loadAppointment = answeredByHand<StaffAppointmentDetail, { appointmentId: string; token: string }>();
  const completeAppointment = answeredByHand<ChangeAnswer, { appointmentId: string; medicines: Medicines; token: string }>();
  // The order form (machines/order, the consultation's child) with its calls answered by hand too.
  const createOrder = answeredByHand<ChangeAnswer, { appointmentId: string; order: StaffOrderRequest; token: string }>();
  const previewOrder = answeredByHand<OrderPreview, { appointmentId: string; order: StaffOrderRequest; token: string }>();
  const loadPharmacies = answeredByHand<Pharmacy[], { token: string }>();
  const searchCatalogue = answeredByHand<CatalogueHit[], { query: string; locationId: string; token: string }>();
  const markDidNotAttend = answeredByHand<ChangeAnswer, { appointmentId: string; note: string; token: string }>();
  let time = at;
  const clock = new SimulatedClock();
  const machine = consultationMachine.provide({
    actors: {
      loadAppointment: loadAppointment.logic,
      completeAppointment: completeAppointment.logic,
      orderForm: orderMachine.provide({
        actors: { loadPharmacies: loadPharmacies.logic, searchCatalogue: searchCatalogue.logic, previewOrder: previewOrder.logic, placeOrder: createOrder.logic },
      }),
      markDidNotAttend: markDidNotAttend.logic,
    },
    actions: { readClock: readClockWith(() => time) },
  });
  const actor = createActor(machine, { input: { appointmentId, token: 'tok-doc', now: at }, inspect: recordWalk, clock });
  const tickAt = (next: number) => {
    time = next;
    clock.increment(consultationClockMs);
  };
  return { ...started(actor, { loadAppointment, completeAppointment, createOrder, previewOrder, loadPharmacies, searchCatalogue, markDidNotAttend }), tickAt };
}

/** The locations, an item and the server's pricing the order form's fakes answer with. */
export const orderLocations: Pharmacy[] = [{ _id: 'loc-1', name: 'Aundh' }, { _id: 'loc-2', name: 'Baner' }];
export const orderItem: CatalogueHit = { id: 'i-arn', name: 'Arnica Montana', form: 'pills', potency: '30C', pack: '2 dram', price: 90, archived: false, stock: 12 };
export const orderPreviewOf = (over: Partial<OrderPreview> = {}): OrderPreview => ({
  items: [],
  locationId: 'loc-1',
  locationName: 'Aundh',
  pharmacyId: 'Aundh',
  fulfilment: 'pickup',
  deliveryAddress: '',
  subtotal: 90,
  taxRatePercent: 5,
  tax: 4.5,
  deliveryFee: 0,
  totalPrice: 94.5,
  taxInvoice: false,
  ...over,
});

type Consultation = ReturnType<typeof startConsultation>;

/** The order form the consultation offers, its locations answered (once) so that it is editing. */
export async function readyOrderForm({ actor, calls }: Consultation) {
  const form = selectOrderForm(actor.getSnapshot());
  if (!form) throw new Error('no order form offered');
  if (form.getSnapshot().matches('Loading')) {
    calls.loadPharmacies.latest().resolve(orderLocations);
    await settle();
  }
  return form;
}

/** Picks `orderItem` (when there is no line), has the server price the draft, then sends it: the createOrder call waits. */
export async function priceAndPlace(page: Consultation) {
  const form = await readyOrderForm(page);
  if (form.getSnapshot().context.lines.length === 0) form.send({ type: 'item.picked', item: orderItem });
  form.send({ type: 'order.preview' });
  page.calls.previewOrder.latest().resolve(orderPreviewOf());
  await settle();
  form.send({ type: 'order.place' });
  return form;
}
