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
import type {
  AppointmentCreateRequest,
  AppointmentRecord,
  CreateAppointmentPaymentAnswer,
  CreateAppointmentPaymentRequest,
  CreateOrderPaymentAnswer,
  CreateOrderPaymentRequest,
  PaymentStatusAnswer,
  TimeSlot,
} from '../../contract/appointments.js';
import type { Availability, NextFreeList, SoonestOnlineDoctor } from '../../contract/availability.js';
import { appointmentEndpoints, paymentEndpoints, slotEndpoints } from '../../contract/endpoints/appointments.js';
import { apiClient, type ApiClient, type ApiFailure } from './client.js';

/**
 * The payloads as the app builds them: plain strings and numbers. The server decodes each with
 * the same codec and answers 400 `{ message, errors }` naming a bad field.
 */
export type AppointmentCreateFields = t.OutputOf<typeof AppointmentCreateRequest>;
export type AppointmentPaymentFields = t.OutputOf<typeof CreateAppointmentPaymentRequest>;
/** `amount` is in paise (contract/money.ts `paiseOf` of the order's price), as the spec says. */
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

export function createBookingApi({ call }: ApiClient): BookingApi {
  return {
    // location '': online hours, which have no location.
    fetchTimeSlots: (doctorEmail, date, location, signal, token) =>
      location === ''
        ? call(slotEndpoints.onlineTimeSlots, { params: { doctorEmail, date }, signal, token })
        : call(slotEndpoints.timeSlots, { params: { doctorEmail, location, date }, signal, token }),
    fetchAvailability: (doctorEmail, location, from, signal, token) =>
      call(slotEndpoints.availability, {
        params: { doctorEmail },
        query: { ...(from === null ? {} : { from }), ...(location === '' ? {} : { location }) },
        signal,
        token,
      }),
    fetchSoonestOnline: (signal, token) => call(slotEndpoints.soonestOnline, { signal, token }),
    fetchNextFree: (location, signal, token) => call(slotEndpoints.nextFree, { query: location === '' ? {} : { location }, signal, token }),
    addAppointment: (body, token, signal) => call(appointmentEndpoints.add, { body, token, signal }),
    createAppointmentPayment: (body, token, signal) => call(paymentEndpoints.createAppointment, { body, token, signal }),
    createOrderPayment: (body, token, signal) => call(paymentEndpoints.createOrder, { body, token, signal }),
    fetchPaymentStatus: (merchantOrderId, token, signal) => call(paymentEndpoints.status, { params: { merchantOrderId }, token, signal }),
  };
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
