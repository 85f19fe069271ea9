/**
 * The real /myappointment calls (AppointmentsServices, src/components/Appointments/services.tsx),
 * and the session's appointments list call (`loadAppointmentsList`, which ./account.tsx imports
 * lazily). The route is a chunk of its own, so the API modules load with it, not with the home page.
 */
import type { Either } from 'fp-ts/lib/Either.js';
import type { AppointmentRecord } from '../../contract/appointments';
import type { HelpContacts } from '../../machines/help/helpLinks';
import { orReject } from '../api/auth';
import { deleteAppointment, downloadCalendar, fetchAppointments, payOrder, updateAppointment } from '../api/appointments';
import { createAppointmentPayment, fetchTimeSlots } from '../api/booking';
import type { ApiFailure } from '../api/client';
import { fetchDoctors, fetchHelpContacts } from '../api/site';
import type { AppointmentsServices } from '../components/Appointments/services';
import { fromAbortablePromise } from './abortable';

/** One API call as a promise actor that rejects with the ApiFailure; aborted calls are dropped (./abortable.ts). */
function call<TOutput, TInput>(run: (input: TInput, signal: AbortSignal) => Promise<Either<ApiFailure, TOutput>>) {
  return fromAbortablePromise<TOutput, TInput>(({ input, signal }) => orReject(run(input, signal)));
}

/** The session's list call: the user's appointments, rejecting with the ApiFailure. */
export function loadAppointmentsList({ email, token }: { email: string; token: string }, signal: AbortSignal): Promise<AppointmentRecord[]> {
  return orReject(fetchAppointments(email, token, signal));
}

/** Offers a file as a download: a link to an object URL, clicked, then the URL let go. */
function offerDownload({ fileName, content }: { fileName: string; content: Blob }): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; a minute is ample before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const liveAppointmentsServices: AppointmentsServices = {
  actors: {
    createPayment: call(
      ({ request, token }: { request: { appointmentId: string; consultationAmount: number }; token: string }, signal) =>
        createAppointmentPayment(request, token, signal),
    ),
    deleteAppointment: call(
      ({ userId, appointmentId, token }: { userId: string; appointmentId: string; token: string }, signal) =>
        deleteAppointment(userId, appointmentId, token, signal),
    ),
    createOrderPayment: call(({ order, token }: { order: Parameters<typeof payOrder>[0]; token: string }, signal) =>
      payOrder(order, token, signal),
    ),
    loadDoctors: call((_input: unknown, signal) => fetchDoctors(signal)),
    loadTimeSlots: call(
      (
        { doctorEmail, date, location, token }: { doctorEmail: string; date: string; location: string; token: string | null },
        signal,
      ) => fetchTimeSlots(doctorEmail, date, location, signal, token),
    ),
    updateAppointment: call(
      ({ request, token }: { request: Parameters<typeof updateAppointment>[0]; token: string }, signal) =>
        updateAppointment(request, token, signal),
    ),
    downloadCalendar: call(({ appointmentId, token }: { appointmentId: string; token: string }, signal) =>
      downloadCalendar(appointmentId, token, signal),
    ),
    loadHelpContacts: call<HelpContacts, unknown>((_input, signal) => fetchHelpContacts(signal)),
  },
  leaveFor(url) {
    window.location.assign(url);
  },
  offerDownload,
};
