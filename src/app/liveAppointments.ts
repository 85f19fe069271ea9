/**
 * The real /myappointment calls (AppointmentsServices, src/components/Appointments/services.tsx).
 * The route is a chunk of its own, so the API modules load with it, not with the home page.
 */
import type { HelpContacts } from '../../machines/help/helpLinks';
import { deleteAppointment, downloadCalendar, payOrder, updateAppointment } from '../api/appointments';
import { createAppointmentPayment, fetchTimeSlots } from '../api/booking';
import { fetchConsultation } from '../api/consultations';
import { fetchDoctors, fetchHelpContacts } from '../api/site';
import type { AppointmentsServices } from '../components/Appointments/services';
import { fromApi } from './fromApi';
import { liveDownloadDocument } from './liveDocuments';
import { liveChatServices } from './liveChat';
import { chatOutboxStore } from '../pwa/chatOutbox';
import { liveQueuePlace } from './liveQueuePlace';
import { offerDownload } from './offerDownload';
import { liveWaitlistServices } from './liveWaitlist';
import { liveFollowUpServices } from './liveFollowUp';

export const liveAppointmentsServices: AppointmentsServices = {
  actors: {
    createPayment: fromApi(
      ({ request, token }: { request: { appointmentId: string; consultationAmount: number }; token: string }, signal) =>
        createAppointmentPayment(request, token, signal),
    ),
    deleteAppointment: fromApi(
      ({ userId, appointmentId, token, refundExpected }: { userId: string; appointmentId: string; token: string; refundExpected: boolean }, signal) =>
        deleteAppointment(userId, appointmentId, token, signal, refundExpected),
    ),
    createOrderPayment: fromApi(({ order, token }: { order: Parameters<typeof payOrder>[0]; token: string }, signal) =>
      payOrder(order, token, signal),
    ),
    loadDoctors: fromApi((_input: unknown, signal) => fetchDoctors(signal)),
    loadTimeSlots: fromApi(
      (
        { doctorEmail, date, location, token }: { doctorEmail: string; date: string; location: string; token: string | null },
        signal,
      ) => fetchTimeSlots(doctorEmail, date, location, signal, token),
    ),
    updateAppointment: fromApi(
      ({ request, token }: { request: Parameters<typeof updateAppointment>[0]; token: string }, signal) =>
        updateAppointment(request, token, signal),
    ),
    downloadCalendar: fromApi(({ appointmentId, token }: { appointmentId: string; token: string }, signal) =>
      downloadCalendar(appointmentId, token, signal),
    ),
    loadHelpContacts: fromApi<HelpContacts, unknown>((_input, signal) => fetchHelpContacts(signal)),
    loadConsultation: fromApi(({ appointmentId, token }: { appointmentId: string; token: string }, signal) =>
      fetchConsultation(appointmentId, token, signal),
    ),
    downloadDocument: liveDownloadDocument,
  },
  chat: { ...liveChatServices, outbox: chatOutboxStore },
  queuePlace: liveQueuePlace,
  waitlist: liveWaitlistServices,
  followUp: liveFollowUpServices,
  leaveFor(url) {
    window.location.assign(url);
  },
  offerDownload,
};
