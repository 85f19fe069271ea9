/**
 * The real /myappointment calls (AppointmentsServices, src/components/Appointments/services.tsx).
 * The route is a chunk of its own, so the API modules load with it, not with the home page.
 */
import type { Either } from 'fp-ts/lib/Either.js';
import { orReject } from '../api/auth';
import { deleteAppointment, fetchAppointments, payOrder, updateAppointment } from '../api/appointments';
import { createAppointmentPayment, fetchTimeSlots } from '../api/booking';
import type { ApiFailure } from '../api/client';
import { fetchDoctors } from '../api/site';
import type { AppointmentsServices } from '../components/Appointments/services';
import { fromAbortablePromise } from './abortable';

/** One API call as a promise actor that rejects with the ApiFailure; aborted calls are dropped (./abortable.ts). */
function call<TOutput, TInput>(run: (input: TInput, signal: AbortSignal) => Promise<Either<ApiFailure, TOutput>>) {
  return fromAbortablePromise<TOutput, TInput>(({ input, signal }) => orReject(run(input, signal)));
}

export const liveAppointmentsServices: AppointmentsServices = {
  actors: {
    loadAppointments: call(({ email, token }: { email: string; token: string }, signal) =>
      fetchAppointments(email, token, signal),
    ),
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
  },
  leaveFor(url) {
    window.location.assign(url);
  },
};
