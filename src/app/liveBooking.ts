/**
 * The real booking calls (BookingServices, ./booking.tsx). The API modules are fetched when a
 * call first needs them, so the home page's first JavaScript carries none of them.
 */
import type { Either } from 'fp-ts/lib/Either.js';
import type { ApiFailure } from '../api/client';
import { fromAbortablePromise } from './abortable';
import type { BookingServices } from './booking';

type Apis = {
  auth: typeof import('../api/auth');
  booking: typeof import('../api/booking');
  site: typeof import('../api/site');
  client: typeof import('../api/client');
  contract: typeof import('../../contract/appointments');
};

let apis: Promise<Apis> | null = null;

function loadApis(): Promise<Apis> {
  apis ??= Promise.all([
    import('../api/auth'),
    import('../api/booking'),
    import('../api/site'),
    import('../api/client'),
    import('../../contract/appointments'),
  ]).then(
    ([auth, booking, site, client, contract]) => ({ auth, booking, site, client, contract }),
    (error: unknown) => {
      apis = null;
      throw error;
    },
  );
  return apis;
}

function call<TOutput, TInput>(run: (api: Apis, input: TInput, signal: AbortSignal) => Promise<Either<ApiFailure, TOutput>>) {
  return fromAbortablePromise<TOutput, TInput>(async ({ input, signal }) => {
    const api = await loadApis();
    return api.auth.orReject(run(api, input, signal));
  });
}

export const liveBookingServices: BookingServices = {
  actors: {
    loadDoctors: call((api, _input: unknown, signal) => api.site.fetchDoctors(signal)),
    loadFees: call((api, _input: unknown, signal) => api.site.fetchFees(signal)),
    loadTimeSlots: call((api, { doctorEmail, date, location, token }: { doctorEmail: string; date: string; location: string; token: string | null }, signal) =>
      api.booking.fetchTimeSlots(doctorEmail, date, location, signal, token),
    ),
    addAppointment: call((api, { request, token }: { request: Parameters<Apis['booking']['addAppointment']>[0]; token: string }, signal) =>
      api.booking.addAppointment(request, token, signal),
    ),
    createPayment: call(
      (api, { request, token }: { request: { appointmentId: string; consultationAmount: number }; token: string }, signal) =>
        api.booking.createAppointmentPayment(request, token, signal),
    ),
  },
  async checkoutOrigins(signal) {
    const api = await loadApis();
    const answer = await api.auth.orReject(api.client.request(api.contract.PaymentConfigAnswer, '/payment/config', { signal }));
    return answer.checkoutOrigins;
  },
  leaveFor(url) {
    window.location.assign(url);
  },
};
