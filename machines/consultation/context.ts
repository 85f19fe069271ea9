/**
 * The consultation machine's input and context (./consultationMachine.ts), the context it starts
 * from, and what the context says once derived: the record shown and whether completion and "did
 * not attend" are open at the clock's `now`.
 */
import { type AppointmentRecord, emptyMedicines } from '../../contract/appointments.js';
import type { StaffAppointmentDetail } from '../../contract/staff.js';
import { prescriptionDraftOf, withNewRemedy, type FieldProblems, type PrescriptionDraft } from './forms.js';

export type ConsultationInput = { appointmentId: string; token: string; now: number };

export type ConsultationContext = {
  appointmentId: string;
  token: string;
  detail: StaffAppointmentDetail | null;
  prescription: PrescriptionDraft;
  prescriptionProblems: FieldProblems;
  /** The note that goes with "did not attend" ('' for none). */
  missedNote: string;
  /** The current instant (epoch milliseconds), as the clock last said. */
  now: number;
  /** The server's words when loading was refused or failed. */
  failure: string | null;
};

export type ConsultationStatus = 'loading' | 'ready' | 'refused' | 'failed';

/** How often the clock is read (the delay `tick`): the form (or "did not attend") appears at most this long after its time. */
export const consultationClockMs = 15_000;

export const initialContext = (input: ConsultationInput): ConsultationContext => ({
  appointmentId: input.appointmentId,
  token: input.token,
  detail: null,
  prescription: prescriptionDraftOf(emptyMedicines),
  prescriptionProblems: {},
  missedNote: '',
  now: input.now,
  failure: null,
});

/** The first form of a new consultation has one remedy row to fill in. */
export function draftFor(appointment: AppointmentRecord): PrescriptionDraft {
  const draft = prescriptionDraftOf(appointment.medicines);
  return draft.remedies.length === 0 ? withNewRemedy(draft) : draft;
}

export const appointmentOf = (context: ConsultationContext): AppointmentRecord | null => context.detail?.appointment ?? null;

/** Not Completed yet, and the join window (with it, completion) has not opened at `now`. */
export function completionNotOpen(context: ConsultationContext): boolean {
  const detail = context.detail;
  if (!detail || detail.appointment.appointmentStatus === 'Completed') return false;
  return context.now < Date.parse(detail.completionOpensAt);
}

/** "Patient did not attend" may be noted: a paid Booked (or Expired) one, not a Chat, whose slot has ended at `now`. */
export function didNotAttendOpen(context: ConsultationContext): boolean {
  const detail = context.detail;
  if (!detail) return false;
  const a = detail.appointment;
  return (
    (a.appointmentStatus === 'Booked' || a.appointmentStatus === 'Expired') &&
    a.appointmentPaymentStatus === 'paid' &&
    a.consultationType !== 'Chat' &&
    context.now >= Date.parse(detail.slotEndsAt)
  );
}
