/**
 * My appointments (spec §7: GET /auth/getUser/{email}, PUT /appointment/update, DELETE
 * /appointment/delete/{userId}/{appointmentId}; the payment service's create-order for a
 * pharmacy order). Each needs the owner's bearer token: the server refuses anyone else (403/404).
 *
 * Every call resolves to an Either (see client.ts) and passes the caller's signal on to fetch.
 * The machines' actors reject with the ApiFailure instead, so the app provides them as
 * `fromPromise(({ input, signal }) => orReject(fetchAppointments(input.email, input.token, signal)))`
 * (`orReject` is in auth.ts).
 */
import type * as t from 'io-ts';
import type { Either } from 'fp-ts/lib/Either.js';
import {
  AppointmentList,
  AppointmentUpdateAnswer,
  AppointmentUpdateRequest,
  type AppointmentRecord,
  type Order,
} from '../../contract/appointments.js';
import { MessageAnswer } from '../../contract/auth.js';
import { createBookingApi, rupeesToPaise, type OrderPaymentAnswer, type OrderPaymentFields } from './booking.js';
import { apiClient, type ApiClient, type ApiFailure } from './client.js';

/** The update payload as the edit popup builds it: plain strings (the record's `_id` as `appointmentToEdit`). */
export type AppointmentUpdateFields = t.OutputOf<typeof AppointmentUpdateRequest>;
export type AppointmentUpdateResult = t.TypeOf<typeof AppointmentUpdateAnswer>;

type Call<A> = Promise<Either<ApiFailure, A>>;

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
  deleteAppointment(userId: string, appointmentId: string, token: string, signal?: AbortSignal): Call<MessageAnswer>;
  /**
   * POST /payment/create-order with the bearer token, for a stored order: where to send the
   * browser to pay it. The amount is the order's total in paise (`orderPaymentFields`).
   */
  payOrder(order: Order, token: string, signal?: AbortSignal): Call<OrderPaymentAnswer>;
};

/** What create-order is asked for an order: its pharmacy, its `_id`, and its total in paise (spec §7, §9). */
export function orderPaymentFields(order: Pick<Order, '_id' | 'pharmacyId' | 'totalPrice'>): OrderPaymentFields {
  return { pharmacyId: order.pharmacyId, orderId: order._id, amount: rupeesToPaise(order.totalPrice) };
}

export function createAppointmentsApi(client: ApiClient): AppointmentsApi {
  const { request } = client;
  const { createOrderPayment } = createBookingApi(client);
  return {
    fetchAppointments: (email, token, signal) =>
      request(AppointmentList, `/auth/getUser/${encodeURIComponent(email)}`, { token, signal }),
    updateAppointment: (body, token, signal) =>
      request(AppointmentUpdateAnswer, '/appointment/update', { method: 'PUT', body, token, signal }),
    deleteAppointment: (userId, appointmentId, token, signal) =>
      request(
        MessageAnswer,
        `/appointment/delete/${encodeURIComponent(userId)}/${encodeURIComponent(appointmentId)}`,
        { method: 'DELETE', token, signal },
      ),
    payOrder: (order, token, signal) => createOrderPayment(orderPaymentFields(order), token, signal),
  };
}

const appointmentsApi = createAppointmentsApi(apiClient);
export const { fetchAppointments, updateAppointment, deleteAppointment, payOrder } = appointmentsApi;
