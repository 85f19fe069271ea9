/**
 * The real staff console calls (StaffServices, ./services.tsx). The console is a chunk of its
 * own, so the staff API module loads with it, never with the patients' pages.
 */
import {
  completeAppointment,
  createOrder,
  fetchAudit,
  fetchPharmacies,
  previewOrder,
  fetchFilterDoctors,
  fetchStaffAppointment,
  fetchStaffAppointments,
  fetchStaffMe,
  markDidNotAttend,
  type StaffAppointmentsFilter,
} from '../api/staff';
import { fetchConsultation, noteNoAnswer } from '../api/consultations';
import { fromApi } from '../app/fromApi';
import { liveDownloadDocument } from '../app/liveDocuments';
import { liveChatServices } from '../app/liveChat';
import { clinicToday } from '../../contract/clinicTime';
import { liveDeskServices } from './desk/liveDesk';
import type { StaffServices } from './services';
import { dispensaryApi } from '../api/dispensary';

export const liveStaffServices: StaffServices = {
  actors: {
    fetchStaffMe: fromApi(({ token }: { token: string }, signal) => fetchStaffMe(token, signal)),
    loadAppointments: fromApi(({ filter, token }: { filter: StaffAppointmentsFilter; token: string }, signal) =>
      fetchStaffAppointments(filter, token, signal),
    ),
    loadFilterDoctors: fromApi(({ token }: { token: string }, signal) => fetchFilterDoctors(token, signal)),
    loadAppointment: fromApi(({ appointmentId, token }: { appointmentId: string; token: string }, signal) =>
      fetchStaffAppointment(appointmentId, token, signal),
    ),
    completeAppointment: fromApi(
      ({ appointmentId, medicines, token }: { appointmentId: string; medicines: Parameters<typeof completeAppointment>[1]; token: string }, signal) =>
        completeAppointment(appointmentId, medicines, token, signal),
    ),
    markDidNotAttend: fromApi(({ appointmentId, note, token }: { appointmentId: string; note: string; token: string }, signal) =>
      markDidNotAttend(appointmentId, note, token, signal),
    ),
    createOrder: fromApi(
      ({ appointmentId, order, token }: { appointmentId: string; order: Parameters<typeof createOrder>[1]; token: string }, signal) =>
        createOrder(appointmentId, order, token, signal),
    ),
    previewOrder: fromApi(
      ({ appointmentId, order, token }: { appointmentId: string; order: Parameters<typeof previewOrder>[1]; token: string }, signal) =>
        previewOrder(appointmentId, order, token, signal),
    ),
    loadPharmacies: fromApi(({ token }: { token: string }, signal) => fetchPharmacies(token, signal)),
    searchCatalogue: fromApi(
      // The dispensary's search: the hits carry each item's stock at the order's location.
      ({ query, locationId, token }: { query: string; locationId: string; token: string }, signal) =>
        dispensaryApi.search(query, locationId || null, token, signal),
      (answer) => answer.items,
    ),
    loadAudit: fromApi(({ limit, before, token }: { limit: number; before: string | null; token: string }, signal) =>
      fetchAudit({ limit, before }, token, signal),
    ),
    loadConsultation: fromApi(({ appointmentId, token }: { appointmentId: string; token: string }, signal) =>
      fetchConsultation(appointmentId, token, signal),
    ),
    noteNoAnswer: fromApi(({ appointmentId, note, token }: { appointmentId: string; note: string; token: string }, signal) =>
      noteNoAnswer(appointmentId, note, token, signal),
    ),
    downloadDocument: liveDownloadDocument,
  },
  desk: liveDeskServices,
  chat: liveChatServices,
  today: () => clinicToday(),
  now: () => Date.now(),
};
