/**
 * My appointments (spec §7: GET /auth/getUser/{email}, PUT /appointment/update, DELETE
 * /appointment/delete/{userId}/{appointmentId}; the payment service's create-order for a
 * pharmacy order; GET /appointment/{id}/calendar.ics for "Add to calendar"). Each needs the
 * owner's bearer token: the server refuses anyone else (403/404).
 *
 * Every call resolves to an Either (see client.ts) and passes the caller's signal on to fetch.
 * The machines' actors reject with the ApiFailure instead, so the app provides them as
 * `fromApi(({ email, token }, signal) => fetchAppointments(email, token, signal))` (src/app/fromApi.ts).
 */
import type * as t from 'io-ts';
import type { Either } from 'fp-ts/lib/Either.js';
import type { AppointmentUpdateAnswer, AppointmentUpdateRequest, AppointmentRecord, Order } from '../../contract/appointments.js';
import type { MessageAnswer } from '../../contract/auth.js';
import { appointmentEndpoints } from '../../contract/endpoints/appointments.js';
import { paiseOf } from '../../contract/money.js';
import { createBookingApi, type OrderPaymentAnswer, type OrderPaymentFields } from './booking.js';
import { withOfflineCopy } from '../pwa/offlineCopy.js';
import { apiClient, attachmentFileName, type ApiClient, type ApiFailure, type DownloadedFile } from './client.js';

/** The update payload as the edit popup builds it: plain strings (the record's `_id` as `appointmentToEdit`). */
export type AppointmentUpdateFields = t.OutputOf<typeof AppointmentUpdateRequest>;
export type AppointmentUpdateResult = t.TypeOf<typeof AppointmentUpdateAnswer>;

type Call<A> = Promise<Either<ApiFailure, A>>;

/** A file the API answered with (not JSON): what to call it and its bytes. */
export type CalendarFile = DownloadedFile;

export type AppointmentsApi = {
  /**
   * GET /auth/getUser/{email} with the bearer token: the user's appointments, newest first. 403
   * for anybody but that user. The email is escaped into the path.
   */
  fetchAppointments(email: string, token: string, signal?: AbortSignal): Call<AppointmentRecord[]>;
  /**
   * PUT /appointment/update with the bearer token: `{ message, appointment }`, the moved
   * appointment. 409 'This slot is already booked' when the new slot is taken; the booking rules
   * otherwise (400 with the reason).
   */
  updateAppointment(request: AppointmentUpdateFields, token: string, signal?: AbortSignal): Call<AppointmentUpdateResult>;
  /**
   * DELETE /appointment/delete/{userId}/{appointmentId} with the bearer token: `{ message }`. The
   * record is kept as Cancelled and the slot freed. `appointmentId` is the record's `_id`; both
   * parts are escaped into the path (the server trusts only the token for who asks).
   */
  /** `refundExpected`: the patient was told the fee is refunded (?refund=expected: 409 appointment.refundWindowClosed once it would not be). */
  deleteAppointment(userId: string, appointmentId: string, token: string, signal?: AbortSignal, refundExpected?: boolean): Call<MessageAnswer>;
  /**
   * POST /payment/create-order with the bearer token, for a stored order: where to send the
   * browser to pay it. The amount is the order's total in paise (`orderPaymentFields`).
   */
  payOrder(order: Order, token: string, signal?: AbortSignal): Call<OrderPaymentAnswer>;
  /**
   * GET /appointment/{id}/calendar.ics with the bearer token: the .ics of a Booked and paid
   * appointment (`id` is the record's `_id`), named as the server's Content-Disposition says.
   * 409 with the server's words for one that is not (yet) booked and paid; 404 for anybody else's.
   */
  downloadCalendar(appointmentId: string, token: string, signal?: AbortSignal): Call<CalendarFile>;
};

const fallbackFileName = 'appointment.ics';

/** The file name of `Content-Disposition: attachment; filename="..."`, when it is a plain one. */
export function fileNameOf(disposition: string | null): string {
  return attachmentFileName(disposition, fallbackFileName);
}

/** What create-order is asked for an order: its pharmacy, its `_id`, and its total in paise (spec §7, §9). */
export function orderPaymentFields(order: Pick<Order, '_id' | 'pharmacyId' | 'totalPrice'>): OrderPaymentFields {
  return { pharmacyId: order.pharmacyId, orderId: order._id, amount: paiseOf(order.totalPrice) };
}

export function createAppointmentsApi(client: ApiClient): AppointmentsApi {
  const { call } = client;
  const { createOrderPayment } = createBookingApi(client);
  return {
    // Kept for offline use (src/pwa/offlineCopy.ts), marked "Last updated" when shown offline.
    fetchAppointments: (email, token, signal) =>
      withOfflineCopy('appointments', 'appointments', appointmentEndpoints.list.answer, () =>
        call(appointmentEndpoints.list, { params: { email }, token, signal }),
      ),
    updateAppointment: (body, token, signal) => call(appointmentEndpoints.update, { body, token, signal }),
    deleteAppointment: (userId, appointmentId, token, signal, refundExpected = false) =>
      call(appointmentEndpoints.cancel, { params: { userId, appointmentId }, ...(refundExpected ? { query: { refund: 'expected' as const } } : {}), token, signal }),
    payOrder: (order, token, signal) => createOrderPayment(orderPaymentFields(order), token, signal),
    downloadCalendar: (appointmentId, token, signal) =>
      client.download(appointmentEndpoints.calendar, { params: { id: appointmentId }, token, signal }, fallbackFileName),
  };
}

const appointmentsApi = createAppointmentsApi(apiClient);
export const { fetchAppointments, updateAppointment, deleteAppointment, payOrder, downloadCalendar } = appointmentsApi;
