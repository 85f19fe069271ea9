/**
 * The consultation machine's guards (./consultationMachine.ts): which forms the record offers at
 * the clock's `now`, whether a draft may be sent, and how a call failed.
 */
import type { AppointmentRecord } from '../../contract/appointments.js';
import { isConflict, refusedWith } from '../failures.js';
import { appointmentOf, completionNotOpen, didNotAttendOpen, type ConsultationContext } from './context.js';
import { checkPrescription } from './forms.js';

type Args = { context: ConsultationContext };

export const consultationGuards = {
  isCancelled: ({ context }: Args) => appointmentOf(context)?.appointmentStatus === 'Cancelled',
  canOrder: ({ context }: Args) => {
    const appointment = appointmentOf(context);
    return appointment?.appointmentStatus === 'Completed' && appointment.order === null;
  },
  isCompletionNotOpen: ({ context }: Args) => completionNotOpen(context),
  canMarkMissed: ({ context }: Args) => didNotAttendOpen(context),
  prescriptionHasProblems: ({ context }: Args) => !checkPrescription(context.prescription).ok,
  cannotOrder: ({ context }: Args) => {
    const appointment = appointmentOf(context);
    return !(appointment?.appointmentStatus === 'Completed' && appointment.order === null);
  },
  /** The server will not show it (400, 403: another doctor's, 404: none such): loading again would not help. */
  isRefusedToLoad: (_: unknown, params: { error: unknown }) => refusedWith(params.error, (status) => [400, 403, 404].includes(status)),
  isConflict,
  isThisAppointment: ({ context }: Args, params: { appointment: AppointmentRecord }) => params.appointment._id === context.appointmentId,
};
