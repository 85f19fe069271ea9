/** What the edit popup's views read of its machine. */
import type { SnapshotFrom } from 'xstate';
import type { AppointmentRecord, TimeSlot } from '../../contract/appointments.js';
import { isOnline, lastBookableDate } from '../booking/choices.js';
import type { SlotsStatus } from '../slotPicker/slots.js';
import type { appointmentEditMachine } from './appointmentEditMachine.js';
import { canSaveNow, locationsFor, missingEditChoices, type EditChoices, type EditField } from './context.js';

export type DoctorsStatus = 'loading' | 'ready' | 'failed';


type Snapshot = SnapshotFrom<typeof appointmentEditMachine>;

/** The appointment being moved, as it was when the popup opened. */
export const selectAppointment = (snapshot: Snapshot): AppointmentRecord => snapshot.context.appointment;
/**
 * Whether a slot of the chosen location and date is the one the appointment holds now
 * (shown as "current", not "booked": it is the patient's own).
 */
export const selectIsCurrentSlot = (snapshot: Snapshot, time: string): boolean => {
  const { appointment } = snapshot.context;
  const choices = selectChoices(snapshot);
  return choices.location === appointment.location && choices.date === appointment.date && time === appointment.startTime;
};
export const selectChoices = (snapshot: Snapshot): EditChoices => {
  const { location, date, time } = snapshot.context.choices;
  return { location, date, time };
};
/** The earliest date the date picker offers (today, clinic time). */
export const selectMinDate = (snapshot: Snapshot): string => snapshot.context.today;
/** The last date the date picker offers (the booking horizon: the doctor's `bookableUntil`); undefined until the doctors load. */
export const selectMaxDate = (snapshot: Snapshot): string | undefined =>
  lastBookableDate(snapshot.context.doctors ?? [], snapshot.context.appointment.doctorEmail);
/** Whether the appointment is online (no clinic to choose: the popup says so instead of a location select). */
export const selectIsOnline = (snapshot: Snapshot): boolean => isOnline(snapshot.context.appointment.location);
/** The doctor's locations; the appointment's own until the doctors load (or if the doctor is not listed). */
export const selectLocations = (snapshot: Snapshot): string[] => locationsFor(snapshot.context);
export const selectDoctorsStatus = (snapshot: Snapshot): DoctorsStatus =>
  snapshot.matches({ Open: { Doctors: 'Ready' } }) || snapshot.matches('Saved')
    ? 'ready'
    : snapshot.matches({ Open: { Doctors: 'Failed' } })
      ? 'failed'
      : 'loading';
export const selectSlots = (snapshot: Snapshot): TimeSlot[] => snapshot.context.slots;
export const selectSlotsStatus = (snapshot: Snapshot): SlotsStatus => snapshot.context.slotsStatus;
export const selectIsLoadingDoctors = (snapshot: Snapshot): boolean => snapshot.hasTag('loadingDoctors');
export const selectIsLoadingSlots = (snapshot: Snapshot): boolean => snapshot.context.slotsStatus === 'loading';
/** Saving: the form and Save wait. */
export const selectIsSaving = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
/** The choices still to make (a slot counts once it is free in the loaded list). */
export const selectMissingChoices = (snapshot: Snapshot): EditField[] => missingEditChoices(snapshot.context);
/** Save will go ahead: enable the button only then (spec §5). */
export const selectCanSave = (snapshot: Snapshot): boolean =>
  snapshot.matches({ Open: { Flow: 'Editing' } }) && canSaveNow(snapshot.context);
export const selectIsSaved = (snapshot: Snapshot): boolean => snapshot.matches('Saved');
