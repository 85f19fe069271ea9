/**
 * The desk booking's choices as pure functions (./deskBookingMachine.ts runs on them): a booking
 * for a slot (doctor, type, location for a Clinic Visit, date, a free slot of the slot picker) or a
 * walk-in into today's queue (doctor and location). Each choice clears the later ones it no longer
 * fits, as the patient's booking does (machines/booking/choices.ts).
 */
import type { DeskBookingRequest, DeskPatient, WalkInRequest } from '../../../contract/desk.js';
import type { ConsultationType } from '../../../contract/primitives.js';
import type { SlotList } from '../../slotPicker/slots.js';
import { deskFeeOf, doctorById, typesFor, type DeskDoctor, type FeeDraft } from '../desk.js';

export type DeskKind = 'book' | 'walkin';

export type DeskChoices = {
  readonly kind: DeskKind;
  readonly doctorId: string | null;
  readonly consultationType: ConsultationType | null;
  /** A Clinic Visit's clinic; '' for a Chat, Video or Call from the doctor's online hours; null: not chosen. */
  readonly locationId: string | null;
  readonly date: string | null;
  /** The slot, as the slot picker holds it (null for a walk-in). */
  readonly time: string | null;
};

export type ChoiceChange = Partial<Pick<DeskChoices, 'kind' | 'doctorId' | 'consultationType' | 'locationId' | 'date'>>;

/** What a new booking starts from: a slot booking for today; the one doctor when there is one. */
export function firstChoices(doctors: readonly DeskDoctor[], today: string, patient: Pick<DeskPatient, 'kind'> | null): DeskChoices {
  const start: DeskChoices = { kind: 'book', doctorId: null, consultationType: null, locationId: null, date: today, time: null };
  return doctors.length === 1 ? nextChoices(start, { doctorId: doctors[0]!._id }, doctors, today, patient) : start;
}

/** The choices after one change: what no longer fits is cleared, what is the only possibility is chosen. */
export function nextChoices(
  choices: DeskChoices,
  change: ChoiceChange,
  doctors: readonly DeskDoctor[],
  today: string,
  patient: Pick<DeskPatient, 'kind'> | null,
): DeskChoices {
  const next = { ...choices, ...change };
  const doctor = doctorById(doctors, next.doctorId);
  // A walk-in is a Clinic Visit today.
  if (next.kind === 'walkin') Object.assign(next, { consultationType: 'Clinic Visit', date: today });
  if (next.consultationType !== null && !typesFor(doctor, patient).includes(next.consultationType)) next.consultationType = null;
  const places = doctor?.locations ?? [];
  if (next.consultationType !== null && next.consultationType !== 'Clinic Visit') next.locationId = '';
  else if (next.locationId === '' || (next.locationId !== null && !places.some((l) => l._id === next.locationId))) next.locationId = null;
  if (next.consultationType === 'Clinic Visit' && next.locationId === null && places.length === 1) next.locationId = places[0]!._id;
  return next;
}

/** The slot list the choices point at; null for a walk-in or while a choice is missing. */
export function deskSlotList(choices: DeskChoices, doctors: readonly DeskDoctor[]): SlotList | null {
  const doctor = doctorById(doctors, choices.doctorId);
  const { kind, locationId, date } = choices;
  if (kind !== 'book' || doctor === null || choices.consultationType === null || locationId === null || date === null) return null;
  const location = locationId === '' ? '' : doctor.locations.find((l) => l._id === locationId)?.name;
  return location === undefined ? null : { doctorEmail: doctor.email, location, date };
}

/** Every choice the kind needs is made. */
export function choicesComplete(choices: DeskChoices): boolean {
  if (choices.doctorId === null) return false;
  if (choices.kind === 'walkin') return choices.locationId !== null && choices.locationId !== '';
  return choices.consultationType !== null && choices.locationId !== null && choices.date !== null && choices.time !== null;
}

/** The request's person: a family member when one is chosen; the patient themselves otherwise (absent). */
const person = (familyMemberId: string | null) => (familyMemberId === null ? {} : { familyMemberId });

export function bookingRequest(patientId: string, c: DeskChoices, fee: FeeDraft, familyMemberId: string | null = null): DeskBookingRequest {
  return {
    patientId,
    ...person(familyMemberId),
    doctorId: c.doctorId ?? '',
    locationId: c.locationId ?? '',
    date: c.date ?? '',
    startTime: c.time ?? '',
    consultationType: c.consultationType ?? 'Clinic Visit',
    fee: deskFeeOf(fee),
  } as DeskBookingRequest;
}

export function walkInRequest(patientId: string, c: DeskChoices, fee: FeeDraft, familyMemberId: string | null = null): WalkInRequest {
  return { patientId, ...person(familyMemberId), doctorId: c.doctorId ?? '', locationId: c.locationId ?? '', fee: deskFeeOf(fee) } as WalkInRequest;
}
