/**
 * The real booking calls (BookingServices, ./booking.tsx). The API modules are fetched when a
 * call first needs them, so the home page's first JavaScript carries none of them.
 */
import { answerOf, fromApi, loadOnce } from './fromApi';
import type { BookingServices } from './booking';
import { offerDownload } from './offerDownload';
import type { ProfileRequest } from '../../machines/people/profileMachine';
import type { ProfileFields } from '../api/people';

/** The .ics call lives with the appointments API; loaded only when a confirmation asks for it. */
const loadAppointmentsApi = loadOnce(() => import('../api/appointments'));
/** The profile call lives with the people API; loaded only when a first booking saves the account's name. */
const loadPeopleApi = loadOnce(() => import('../api/people'));

const loadApis = loadOnce(() =>
  Promise.all([import('../api/booking'), import('../api/site'), import('../api/client'), import('../../contract/endpoints/appointments')]).then(
    ([booking, site, client, endpoints]) => ({ booking, site, client, endpoints }),
  ),
);
type Apis = Awaited<ReturnType<typeof loadApis>>;

export const liveBookingServices: BookingServices = {
  actors: {
    loadDoctors: fromApi(async (_input: unknown, signal) => (await loadApis()).site.fetchDoctors(signal)),
    loadFees: fromApi(async (_input: unknown, signal) => (await loadApis()).site.fetchFees(signal)),
    loadTimeSlots: fromApi(
      async ({ doctorEmail, date, location, token }: { doctorEmail: string; date: string; location: string; token: string | null }, signal) =>
        (await loadApis()).booking.fetchTimeSlots(doctorEmail, date, location, signal, token),
    ),
    loadAvailability: fromApi(
      async ({ doctorEmail, location, from, token }: { doctorEmail: string; location: string; from: string | null; token: string | null }, signal) =>
        (await loadApis()).booking.fetchAvailability(doctorEmail, location, from, signal, token),
    ),
    loadNextFree: fromApi(async ({ location, token }: { location: string; token: string | null }, signal) =>
      (await loadApis()).booking.fetchNextFree(location, signal, token),
    ),
    loadSoonest: fromApi(async ({ token }: { token: string | null }, signal) => (await loadApis()).booking.fetchSoonestOnline(signal, token)),
    addAppointment: fromApi(
      async ({ request, token }: { request: Parameters<Apis['booking']['addAppointment']>[0]; token: string }, signal) =>
        (await loadApis()).booking.addAppointment(request, token, signal),
    ),
    saveProfile: fromApi(async ({ input, token }: { input: ProfileRequest; token: string }, signal) =>
      // The machine checked the details with the appointment's codec; the server decodes the profile again.
      (await loadPeopleApi()).peopleApi.updateProfile(input as ProfileFields, token, signal),
    ),
    createPayment: fromApi(
      async ({ request, token }: { request: { appointmentId: string; consultationAmount: number }; token: string }, signal) =>
        (await loadApis()).booking.createAppointmentPayment(request, token, signal),
    ),
  },
  paymentResult: {
    checkPayment: fromApi(async ({ merchantOrderId, token }: { merchantOrderId: string; token: string }, signal) =>
      (await loadApis()).booking.fetchPaymentStatus(merchantOrderId, token, signal),
    ),
    downloadCalendar: fromApi(async ({ appointmentId, token }: { appointmentId: string; token: string }, signal) =>
      (await loadAppointmentsApi()).downloadCalendar(appointmentId, token, signal),
    ),
    offerDownload,
  },
  async checkoutOrigins(signal) {
    const api = await loadApis();
    const answer = await answerOf(api.client.apiClient.call(api.endpoints.paymentEndpoints.config, { signal }));
    return answer.checkoutOrigins;
  },
  leaveFor(url) {
    window.location.assign(url);
  },
};
