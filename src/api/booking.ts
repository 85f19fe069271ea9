/**
 * Booking and payment (spec §7: /doctor/gettimeslot, /appointment/add, the payment service's
 * create-appointment and create-order, mounted under /payment).
 *
 * Every call resolves to an Either (see client.ts) and passes the caller's signal on to fetch.
 * The booking machine's actors reject with the ApiFailure instead, so the app provides them as
 * `fromApi(({ request, token }, signal) => addAppointment(request, token, signal))` (src/app/fromApi.ts).
 */
import type * as t from 'io-ts';
import type { Either } from 'fp-ts/lib/Either.js';
import {
  AppointmentCreateRequest,
  AppointmentRecord,
  CreateAppointmentPaymentAnswer,
  CreateAppointmentPaymentRequest,
  CreateOrderPaymentAnswer,
  CreateOrderPaymentRequest,
  PaymentStatusAnswer,
  TimeSlotList,
  type TimeSlot,
} from '../../contract/appointments.js';
import { Availability, NextFreeList, SoonestOnlineList, type SoonestOnlineDoctor } from '../../contract/availability.js';
import { apiClient, type ApiClient, type ApiFailure } from './client.js';

/**
 * The payloads as the app builds them: plain strings and numbers. The server decodes each with
 * the same codec and answers 400 `{ message, errors }` naming a bad field.
 */
export type AppointmentCreateFields = t.OutputOf<typeof AppointmentCreateRequest>;
export type AppointmentPaymentFields = t.OutputOf<typeof CreateAppointmentPaymentRequest>;
/** `amount` is in paise (the order's price times 100), as the spec says. */
export type OrderPaymentFields = t.OutputOf<typeof CreateOrderPaymentRequest>;
export type AppointmentPaymentAnswer = t.TypeOf<typeof CreateAppointmentPaymentAnswer>;
export type OrderPaymentAnswer = t.TypeOf<typeof CreateOrderPaymentAnswer>;

type Call<A> = Promise<Either<ApiFailure, A>>;

export type BookingApi = {
  /**
   * GET /doctor/gettimeslot/{doctorEmail}/{location}/{date}: the doctor's slots that day at that
   * location, each booked, unavailable or free; [] when the doctor has no schedule there that
   * day. The arguments come in the spec's order (doctor email, date, location) and go into the
   * path as first, third, second; each part is escaped. With the patient's token (optional), the
   * server may show their own unpaid hold as free to them, so that they can pay it again.
   */
  fetchTimeSlots(
    doctorEmail: string,
    date: string,
    location: string,
    signal?: AbortSignal,
    token?: string | null,
  ): Call<TimeSlot[]>;
  /**
   * POST /appointment/add with the bearer token: the appointment, unpaid, holding the slot for a
   * while. 409 'This slot is already booked' when somebody else holds it; 401 when the token is
   * missing or expired. The same booking again (the patient's own hold) answers the same appointment.
   */
  addAppointment(request: AppointmentCreateFields, token: string, signal?: AbortSignal): Call<AppointmentRecord>;
  /** POST /payment/create-appointment with the bearer token: where to send the browser to pay. */
  createAppointmentPayment(
    request: AppointmentPaymentFields,
    token: string,
    signal?: AbortSignal,
  ): Call<AppointmentPaymentAnswer>;
  /** POST /payment/create-order with the bearer token: where to send the browser to pay an order. */
  createOrderPayment(request: OrderPaymentFields, token: string, signal?: AbortSignal): Call<OrderPaymentAnswer>;
  /**
   * GET /payment/status/{merchantOrderId} with the bearer token: the caller's payment
   * as the server knows it after asking the provider; 404 for a reference that is not theirs.
   */
  fetchPaymentStatus(merchantOrderId: string, token: string, signal?: AbortSignal): Call<PaymentStatusAnswer>;
  /**
   * GET /doctor/availability/{doctorEmail}?from=&location=: two weeks of free counts at
   * `location`, or online hours when `location` is ''; `from` null: from today.
   */
  fetchAvailability(doctorEmail: string, location: string, from: string | null, signal?: AbortSignal, token?: string | null): Call<Availability>;
  /** GET /doctor/soonest/online: doctors with free online slots, soonest first. */
  fetchSoonestOnline(signal?: AbortSignal, token?: string | null): Call<SoonestOnlineDoctor[]>;
  /** GET /doctor/nextfree (the doctor step): the next free slot of every doctor of a clinic, or online ('' ). */
  fetchNextFree(location: string, signal?: AbortSignal, token?: string | null): Call<NextFreeList>;
};

export function createBookingApi({ request }: ApiClient): BookingApi {
  return {
    // location '': online hours, which have no location.
    fetchTimeSlots: (doctorEmail, date, location, signal, token) =>
      request(
        TimeSlotList,
        location === ''
          ? `/doctor/onlinetimeslot/${encodeURIComponent(doctorEmail)}/${encodeURIComponent(date)}`
          : `/doctor/gettimeslot/${encodeURIComponent(doctorEmail)}/${encodeURIComponent(location)}/${encodeURIComponent(date)}`,
        token ? { signal, token } : { signal },
      ),
    fetchAvailability: (doctorEmail, location, from, signal, token) => {
      const query = new URLSearchParams();
      if (from !== null) query.set('from', from);
      if (location !== '') query.set('location', location);
      const search = query.toString();
      return request(
        Availability,
        `/doctor/availability/${encodeURIComponent(doctorEmail)}${search === '' ? '' : `?${search}`}`,
        token ? { signal, token } : { signal },
      );
    },
    fetchSoonestOnline: (signal, token) => request(SoonestOnlineList, '/doctor/soonest/online', token ? { signal, token } : { signal }),
    fetchNextFree: (location, signal, token) =>
      request(
        NextFreeList,
        location === '' ? '/doctor/nextfree' : `/doctor/nextfree?${new URLSearchParams({ location }).toString()}`,
        token ? { signal, token } : { signal },
      ),
    addAppointment: (body, token, signal) =>
      request(AppointmentRecord, '/appointment/add', { method: 'POST', body, token, signal }),
    createAppointmentPayment: (body, token, signal) =>
      request(CreateAppointmentPaymentAnswer, '/payment/create-appointment', { method: 'POST', body, token, signal }),
    createOrderPayment: (body, token, signal) =>
      request(CreateOrderPaymentAnswer, '/payment/create-order', { method: 'POST', body, token, signal }),
    fetchPaymentStatus: (merchantOrderId, token, signal) =>
      request(PaymentStatusAnswer, `/payment/status/${encodeURIComponent(merchantOrderId)}`, { token, signal }),
  };
}

/** Spec §7, §9: an order's payment amount goes in paise, the price times 100 (19.99 is 1999, not 1998.9999). */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

const bookingApi = createBookingApi(apiClient);
export const {
  fetchTimeSlots,
  addAppointment,
  createAppointmentPayment,
  createOrderPayment,
  fetchPaymentStatus,
  fetchAvailability,
  fetchSoonestOnline,
  fetchNextFree,
} = bookingApi;
