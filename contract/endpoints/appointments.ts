/** The patient's appointments, booking's slots and the payment service (mounted at /payment). */
import {
  AppointmentCreateRequest,
  AppointmentDeleteParams,
  AppointmentDeleteQuery,
  AppointmentIdParams,
  AppointmentList,
  AppointmentRecord,
  AppointmentUpdateAnswer,
  AppointmentUpdateRequest,
  CreateAppointmentPaymentAnswer,
  CreateAppointmentPaymentRequest,
  CreateOrderPaymentAnswer,
  CreateOrderPaymentRequest,
  PaymentConfigAnswer,
  PaymentStatusAnswer,
  PaymentStatusParams,
  TimeSlotList,
  TimeSlotParams,
} from '../appointments.js';
import { AccountListParams, MessageAnswer } from '../auth.js';
import {
  Availability,
  AvailabilityParams,
  AvailabilityQuery,
  NextFreeList,
  NextFreeQuery,
  OnlineTimeSlotParams,
  SoonestOnlineList,
} from '../availability.js';
import { endpoint, PassThrough } from '../endpoint.js';

export const appointmentEndpoints = {
  /** Book a slot (unpaid, holding it for a while). */
  add: endpoint({ method: 'POST', path: '/appointment/add', body: AppointmentCreateRequest, answer: AppointmentRecord }),
  /** The caller's own appointments, newest first (the spec's address, under /auth). */
  list: endpoint({ method: 'GET', path: '/auth/getUser/:email', params: AccountListParams, answer: AppointmentList }),
  update: endpoint({ method: 'PUT', path: '/appointment/update', body: AppointmentUpdateRequest, answer: AppointmentUpdateAnswer }),
  cancel: endpoint({
    method: 'DELETE',
    path: '/appointment/delete/:userId/:appointmentId',
    params: AppointmentDeleteParams,
    query: AppointmentDeleteQuery,
    answer: MessageAnswer,
  }),
  /** A booked and paid appointment as an iCalendar file. */
  calendar: endpoint({
    method: 'GET',
    path: '/appointment/:id/calendar.ics',
    params: AppointmentIdParams,
    answer: PassThrough,
    kind: 'file',
    accept: 'text/calendar, application/json',
  }),
};

export const slotEndpoints = {
  timeSlots: endpoint({ method: 'GET', path: '/doctor/gettimeslot/:doctorEmail/:location/:date', params: TimeSlotParams, answer: TimeSlotList }),
  /** The same slots in the doctor's online hours, which have no location. */
  onlineTimeSlots: endpoint({ method: 'GET', path: '/doctor/onlinetimeslot/:doctorEmail/:date', params: OnlineTimeSlotParams, answer: TimeSlotList }),
  availability: endpoint({
    method: 'GET',
    path: '/doctor/availability/:doctorEmail',
    params: AvailabilityParams,
    query: AvailabilityQuery,
    answer: Availability,
  }),
  nextFree: endpoint({ method: 'GET', path: '/doctor/nextfree', query: NextFreeQuery, answer: NextFreeList }),
  soonestOnline: endpoint({ method: 'GET', path: '/doctor/soonest/online', answer: SoonestOnlineList }),
};

/** The payment service's calls (server/payment/plugin.ts); its return and webhook are not API calls. */
export const paymentEndpoints = {
  createAppointment: endpoint({
    method: 'POST',
    path: '/payment/create-appointment',
    body: CreateAppointmentPaymentRequest,
    answer: CreateAppointmentPaymentAnswer,
  }),
  createOrder: endpoint({ method: 'POST', path: '/payment/create-order', body: CreateOrderPaymentRequest, answer: CreateOrderPaymentAnswer }),
  config: endpoint({ method: 'GET', path: '/payment/config', answer: PaymentConfigAnswer }),
  status: endpoint({ method: 'GET', path: '/payment/status/:merchantOrderId', params: PaymentStatusParams, answer: PaymentStatusAnswer }),
};
