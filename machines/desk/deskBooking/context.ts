/**
 * The desk booking's types: its input, context, events and what it tells a person
 * (./deskBookingMachine.ts describes each).
 */
import type { AppointmentRecord, TimeSlot } from '../../../contract/appointments.js';
import type { DeskBookingRequest, DeskPatient, QueueEntry, WalkInRequest } from '../../../contract/desk.js';
import type { FamilyMember } from '../../../contract/people.js';
import type { ConsultationType } from '../../../contract/primitives.js';
import type { FieldErrors } from '../../failures.js';
import type { NoticeEvent } from '../../shared/notices.js';
import type { SlotPickerReport } from '../../slotPicker/slotPickerMachine.js';
import type { SlotsStatus } from '../../slotPicker/slots.js';
import { firstFee, type DeskDoctor, type DeskSearchHit, type FeeDraft } from '../desk.js';
import { firstChoices, type DeskChoices, type DeskKind } from './choices.js';
import type { PatientDraft, PatientRequest } from './patientForm.js';

export type DeskBookingInput = { token: string; today: string; doctors: readonly DeskDoctor[] };

/** What was made: the appointment, and for a walk-in its place in the queue. */
export type DeskBooked = { appointment: AppointmentRecord; entry: QueueEntry | null };

export type DeskBookingContext = {
  token: string;
  today: string;
  doctors: readonly DeskDoctor[];
  /** The last search answered (null before any) and its hits. */
  searchedFor: string | null;
  query: string;
  hits: DeskSearchHit[];
  more: boolean;
  patient: DeskPatient | null;
  /** The chosen account's family members, and the one the visit is for (null: the patient themselves). */
  family: FamilyMember[];
  familyMemberId: string | null;
  draft: PatientDraft | null;
  patientErrors: FieldErrors;
  /** Grows at each refused form, so the view moves the focus to the first error again. */
  errorsShown: number;
  choices: DeskChoices;
  slots: TimeSlot[];
  slotsStatus: SlotsStatus;
  fee: FeeDraft;
  booked: DeskBooked | null;
};

export const initialContext = (input: DeskBookingInput): DeskBookingContext => ({
  token: input.token,
  today: input.today,
  doctors: input.doctors,
  searchedFor: null,
  query: '',
  hits: [],
  more: false,
  patient: null,
  family: [],
  familyMemberId: null,
  draft: null,
  patientErrors: {},
  errorsShown: 0,
  choices: firstChoices(input.doctors, input.today, null),
  slots: [],
  slotsStatus: 'waiting',
  fee: firstFee,
  booked: null,
});

export type DeskBookingEvent =
  | { type: 'search.submitted'; query: string }
  | { type: 'patient.chosen'; patientId: string }
  | { type: 'register.opened' }
  | { type: 'register.cancelled' }
  | { type: 'register.edited'; field: string }
  | { type: 'register.submitted'; draft: PatientDraft }
  | { type: 'patient.changed' }
  | { type: 'person.chosen'; familyMemberId: string | null }
  | { type: 'kind.chosen'; kind: DeskKind }
  | { type: 'doctor.chosen'; doctorId: string }
  | { type: 'type.chosen'; consultationType: ConsultationType }
  | { type: 'location.chosen'; locationId: string }
  | { type: 'date.chosen'; date: string }
  | { type: 'slot.selected'; time: string }
  | { type: 'slots.retry' }
  | { type: 'slots.refresh' }
  | { type: 'choices.confirmed' }
  | { type: 'fee.changed'; fee: Partial<FeeDraft> }
  | { type: 'fee.back' }
  | { type: 'booking.submitted' }
  | { type: 'booking.again' }
  | { type: 'booking.new' }
  | SlotPickerReport;

/**
 * What the desk booking tells a person (a toast, in the desk's words):
 * - registered            'Patient registered.'
 * - booked                'Appointment booked.' (the Booked step shows what)
 * - walkedIn { token }    'In the queue: T7.'
 * - missingChoices { walkIn }  'Choose the doctor, ... first.' (a walk-in needs fewer choices)
 * - server { text }       the server's words (a 409: the slot was taken meanwhile, a patient with that email has an account)
 * - somethingWentWrong    no answer
 */
export type DeskBookingNotice =
  | { kind: 'registered' }
  | { kind: 'booked' }
  | { kind: 'walkedIn'; token: string }
  | { kind: 'missingChoices'; walkIn: boolean }
  | { kind: 'server'; text: string }
  | { kind: 'somethingWentWrong' };

export type DeskBookingEmitted = NoticeEvent<DeskBookingNotice>;

/** The calls' inputs (the app provides the calls: src/staff/desk/provider.ts). */
export type SearchInput = { query: string; token: string };
export type RegisterInput = { patient: PatientRequest; token: string };
export type BookInput = { request: DeskBookingRequest; token: string };
export type WalkInInput = { request: WalkInRequest; token: string };
