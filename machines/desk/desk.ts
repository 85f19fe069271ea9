/**
 * What the front desk's machines share (docs/desk.md): the doctors the desk books and queues for,
 * the fee taken at the counter, and the rules of what can be booked for whom. Pure: the machines
 * (./deskBooking, ./checkIn, ./queue, ./dayList) and their tests read them.
 */
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { CounterMethod, DeskFee, DeskPatient, DeskSearchAnswer } from '../../contract/desk.js';
import type { ConsultationType } from '../../contract/primitives.js';
import type { DoctorType } from '../../contract/site.js';
import type { AdminDoctor } from '../../contract/staffAdmin.js';

/** One patient a search found, with their next appointments. */
export type DeskSearchHit = DeskSearchAnswer['hits'][number];

/** A doctor as the desk chooses them: where they see patients (by id) and how far ahead they can be booked. */
export type DeskDoctor = {
  readonly _id: string;
  readonly name: string;
  readonly email: string;
  readonly type: DoctorType;
  readonly locations: ReadonlyArray<{ readonly _id: string; readonly name: string }>;
  /** The booking horizon's last day (the date picker's max); absent: no limit known. */
  readonly bookableUntil?: string;
};

/** The desk's view of a doctor from the admin's list (GET /staff/doctors), retired ones left out by the caller. */
export const deskDoctorOf = (d: AdminDoctor): DeskDoctor => ({
  _id: d._id,
  name: d.name,
  email: d.email,
  type: d.type,
  locations: d.locations,
  ...(d.bookableUntil === undefined ? {} : { bookableUntil: d.bookableUntil }),
});

export const doctorById = (doctors: readonly DeskDoctor[], id: string | null): DeskDoctor | null =>
  doctors.find((d) => d._id === id) ?? null;

/**
 * The types the desk may book a patient with a doctor: a patient the desk registered (no account)
 * a Clinic Visit or a Call (the doctor rings the phone; Chat and Video need the portal); an online
 * doctor sees nobody at a clinic.
 */
export function typesFor(doctor: DeskDoctor | null, patient: Pick<DeskPatient, 'kind'> | null): ConsultationType[] {
  const all: ConsultationType[] = patient?.kind === 'desk' ? ['Clinic Visit', 'Call'] : ['Clinic Visit', 'Chat', 'Video', 'Call'];
  return doctor?.type === 'online' ? all.filter((t) => t !== 'Clinic Visit') : all;
}

export type { CounterMethod };
/** The counter's ways to pay, in the order the desk offers them. */
export const counterMethods: readonly CounterMethod[] = ['cash', 'upi', 'card'];

/** The fee as the form holds it: taken now (with how, and the terminal's or app's reference) or later. */
export type FeeDraft = { readonly pay: 'now' | 'later'; readonly method: CounterMethod; readonly reference: string };
export const firstFee: FeeDraft = { pay: 'now', method: 'cash', reference: '' };

/** The request's fee: a cash payment has no reference to keep. */
export function deskFeeOf(draft: FeeDraft): DeskFee {
  if (draft.pay === 'later') return { pay: 'later' };
  return { pay: 'now', method: draft.method, reference: draft.method === 'cash' ? '' : draft.reference.trim() };
}

/** A fee that is still to be taken: due at the clinic, or an unpaid (or failed) online checkout. */
export const feeOutstanding = (a: Pick<AppointmentRecord, 'appointmentPaymentStatus'>): boolean =>
  a.appointmentPaymentStatus === 'due' || a.appointmentPaymentStatus === 'pending' || a.appointmentPaymentStatus === 'failed';

/** Whether the desk can check the patient in for it: today's Clinic Visit, still Booked. */
export const checkInOffered = (a: Pick<AppointmentRecord, 'date' | 'consultationType' | 'appointmentStatus'>, today: string): boolean =>
  a.date === today && a.consultationType === 'Clinic Visit' && a.appointmentStatus === 'Booked';
