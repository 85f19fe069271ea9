/**
 * What the consultation page's views read of the machine's snapshot (./consultationMachine.ts):
 * how loading went, the record, which forms are offered now, the drafts and their problems.
 */
import type { SnapshotFrom } from 'xstate';
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { StaffPayment } from '../../contract/staff.js';
import { appointmentOf, type ConsultationStatus } from './context.js';
import type { consultationMachine } from './consultationMachine.js';
import type { ActorRefFrom } from 'xstate';
import type { orderMachine } from '../order/orderMachine.js';
import type { FieldProblems, PrescriptionDraft } from './forms.js';

export type OrderActor = ActorRefFrom<typeof orderMachine>;

type Snapshot = SnapshotFrom<typeof consultationMachine>;

export const selectStatus = (snapshot: Snapshot): ConsultationStatus => {
  if (snapshot.matches('Refused')) return 'refused';
  if (snapshot.matches('Failed')) return 'failed';
  // A reload after a conflict keeps the appointment shown until the answer arrives.
  return snapshot.context.detail === null ? 'loading' : 'ready';
};
export const selectIsLoading = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');
export const selectFailure = (snapshot: Snapshot): string | null => snapshot.context.failure;
export const selectAppointment = (snapshot: Snapshot): AppointmentRecord | null => appointmentOf(snapshot.context);
export const selectPayments = (snapshot: Snapshot): StaffPayment[] => snapshot.context.detail?.payments ?? [];
export const selectSlotMinutes = (snapshot: Snapshot): number | null => snapshot.context.detail?.slotMinutes ?? null;
export const selectIsCancelled = (snapshot: Snapshot): boolean => snapshot.matches({ Ready: { Prescription: 'Closed' } });
/** When completion opens (ISO instant) while it has not: the view says so instead of the form; null otherwise. */
export const selectCompletionOpensAt = (snapshot: Snapshot): string | null =>
  snapshot.matches({ Ready: { Prescription: 'NotYetOpen' } }) ? (snapshot.context.detail?.completionOpensAt ?? null) : null;
/** "Patient did not attend" is offered (Offered or Marking). */
export const selectOffersDidNotAttend = (snapshot: Snapshot): boolean =>
  snapshot.matches({ Ready: { Attendance: 'Offered' } }) || snapshot.matches({ Ready: { Attendance: 'Marking' } });
/** The console's clock as the machine last heard it (epoch milliseconds). */
export const selectNow = (snapshot: Snapshot): number => snapshot.context.now;
export const selectIsMarkingMissed = (snapshot: Snapshot): boolean => snapshot.hasTag('markingMissed');
export const selectMissedNote = (snapshot: Snapshot): string => snapshot.context.missedNote;
/** The prescription form is shown (Editing or Saving). */
export const selectOffersPrescription = (snapshot: Snapshot): boolean =>
  snapshot.matches({ Ready: { Prescription: 'Editing' } }) || snapshot.matches({ Ready: { Prescription: 'Saving' } });
/** Save writes the prescription again (the appointment is already Completed) rather than completing it. */
export const selectIsUpdate = (snapshot: Snapshot): boolean => appointmentOf(snapshot.context)?.appointmentStatus === 'Completed';
export const selectPrescription = (snapshot: Snapshot): PrescriptionDraft => snapshot.context.prescription;
export const selectPrescriptionProblems = (snapshot: Snapshot): FieldProblems => snapshot.context.prescriptionProblems;
export const selectIsSavingPrescription = (snapshot: Snapshot): boolean => snapshot.hasTag('savingPrescription');
/** The order form is shown (Offered or Saving). */
export const selectOffersOrder = (snapshot: Snapshot): boolean => snapshot.matches({ Ready: { Order: 'Offered' } });
/** The order form's own actor (machines/order), while it is offered. */
export const selectOrderForm = (snapshot: Snapshot): OrderActor | undefined => snapshot.children.orderForm as OrderActor | undefined;
