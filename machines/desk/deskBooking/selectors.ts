/** What the desk booking's view reads (./deskBookingMachine.ts). */
import type { SnapshotFrom } from 'xstate';
import type { TimeSlot } from '../../../contract/appointments.js';
import type { DeskPatient } from '../../../contract/desk.js';
import type { FamilyMember } from '../../../contract/people.js';
import type { ConsultationType } from '../../../contract/primitives.js';
import type { FieldErrors } from '../../failures.js';
import type { SlotsStatus } from '../../slotPicker/slots.js';
import { doctorById, typesFor, type DeskDoctor, type DeskSearchHit, type FeeDraft } from '../desk.js';
import type { DeskChoices } from './choices.js';
import type { DeskBooked } from './context.js';
import type { deskBookingMachine } from './deskBookingMachine.js';

type Snapshot = SnapshotFrom<typeof deskBookingMachine>;

/** The step shown: finding the patient (with the register form open or not), the choices, the fee, booked. */
export type DeskStep = 'finding' | 'registering' | 'choosing' | 'fee' | 'booked';

export function selectStep(s: Snapshot): DeskStep {
  if (s.matches({ Finding: 'Registering' }) || s.matches({ Finding: 'SavingPatient' })) return 'registering';
  if (s.matches('Finding')) return 'finding';
  if (s.matches({ Arranging: 'Choosing' })) return 'choosing';
  if (s.matches('Arranging')) return 'fee';
  return 'booked';
}

export const selectIsSearching = (s: Snapshot): boolean => s.hasTag('searching');
export const selectIsSavingPatient = (s: Snapshot): boolean => s.hasTag('savingPatient');
export const selectIsSubmitting = (s: Snapshot): boolean => s.hasTag('submitting');
export const selectSearchedFor = (s: Snapshot): string | null => s.context.searchedFor;
export const selectHits = (s: Snapshot): DeskSearchHit[] => s.context.hits;
export const selectMore = (s: Snapshot): boolean => s.context.more;
export const selectPatient = (s: Snapshot): DeskPatient | null => s.context.patient;
export const selectFamily = (s: Snapshot): FamilyMember[] => s.context.family;
export const selectFamilyMemberId = (s: Snapshot): string | null => s.context.familyMemberId;
/** The person the visit is for: the chosen family member, or the patient. */
export const selectPersonName = (s: Snapshot): string => {
  const member = s.context.family.find((m) => m._id === s.context.familyMemberId);
  const who = member ?? s.context.patient;
  return who ? `${who.firstName} ${who.lastName}`.trim() : '';
};
export const selectPatientErrors = (s: Snapshot): FieldErrors => s.context.patientErrors;
export const selectErrorsShown = (s: Snapshot): number => s.context.errorsShown;
export const selectChoices = (s: Snapshot): DeskChoices => s.context.choices;
export const selectDoctors = (s: Snapshot): readonly DeskDoctor[] => s.context.doctors;
export const selectDoctor = (s: Snapshot): DeskDoctor | null => doctorById(s.context.doctors, s.context.choices.doctorId);
export const selectTypes = (s: Snapshot): ConsultationType[] => typesFor(selectDoctor(s), s.context.patient);
export const selectSlots = (s: Snapshot): TimeSlot[] => s.context.slots;
export const selectSlotsStatus = (s: Snapshot): SlotsStatus => s.context.slotsStatus;
export const selectFee = (s: Snapshot): FeeDraft => s.context.fee;
export const selectBooked = (s: Snapshot): DeskBooked | null => s.context.booked;
export const selectToday = (s: Snapshot): string => s.context.today;
