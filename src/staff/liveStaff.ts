/**
 * The real staff console calls (StaffServices, ./services.tsx). The console is a chunk of its
 * own, so the staff API module loads with it, never with the patients' pages.
 */
import type { Either } from 'fp-ts/lib/Either.js';
import { orReject } from '../api/auth';
import type { ApiFailure } from '../api/client';
import {
  completeAppointment,
  createOrder,
  fetchAudit,
  fetchFilterDoctors,
  fetchStaffAppointment,
  fetchStaffAppointments,
  fetchStaffMe,
  type StaffAppointmentsFilter,
} from '../api/staff';
import { fromAbortablePromise } from '../app/abortable';
import { clinicToday } from '../../machines/booking/choices';
import type { StaffServices } from './services';

/** One API call as a promise actor that rejects with the ApiFailure; aborted calls are dropped. */
function call<TOutput, TInput>(run: (input: TInput, signal: AbortSignal) => Promise<Either<ApiFailure, TOutput>>) {
  return fromAbortablePromise<TOutput, TInput>(({ input, signal }) => orReject(run(input, signal)));
}

export const liveStaffServices: StaffServices = {
  actors: {
    fetchStaffMe: call(({ token }: { token: string }, signal) => fetchStaffMe(token, signal)),
    loadAppointments: call(({ filter, token }: { filter: StaffAppointmentsFilter; token: string }, signal) =>
      fetchStaffAppointments(filter, token, signal),
    ),
    loadFilterDoctors: call(({ token }: { token: string }, signal) => fetchFilterDoctors(token, signal)),
    loadAppointment: call(({ appointmentId, token }: { appointmentId: string; token: string }, signal) =>
      fetchStaffAppointment(appointmentId, token, signal),
    ),
    completeAppointment: call(
      ({ appointmentId, medicines, token }: { appointmentId: string; medicines: Parameters<typeof completeAppointment>[1]; token: string }, signal) =>
        completeAppointment(appointmentId, medicines, token, signal),
    ),
    createOrder: call(
      ({ appointmentId, order, token }: { appointmentId: string; order: Parameters<typeof createOrder>[1]; token: string }, signal) =>
        createOrder(appointmentId, order, token, signal),
    ),
    loadAudit: call(({ limit, before, token }: { limit: number; before: string | null; token: string }, signal) =>
      fetchAudit({ limit, before }, token, signal),
    ),
  },
  today: () => clinicToday(),
};
