/**
 * The staff console's calls for doctors and admins alike (the admin-only calls are
 * ./staffAdmin.ts); their codecs are in contract/staff.ts.
 *
 *   GET  /staff/me                                  -> StaffMe
 *   GET  /staff/appointments?date=                  -> AppointmentList: one day (today, clinic time, by default)
 *   GET  /staff/appointments?from=&to=&doctorId=&locationId=
 *                                                   -> AppointmentList: from..to (both included, at most
 *                                                      62 days; `to` defaults to `from`, `from` to today),
 *                                                      ordered by date, time, doctor. `date` with from/to: 400.
 *                                                      A doctor sees only their own: doctorId of another
 *                                                      doctor 403. Unknown doctorId/locationId: empty list.
 *   GET  /staff/appointments/{id}                   -> StaffAppointmentDetail (record, payments); doctor: own only (403)
 *   POST /staff/appointments/{id}/complete          StaffCompleteRequest -> StaffAppointmentAnswer
 *                                                   409 { message, code: 'completionNotOpen', opensAt }
 *                                                   before the join window opens (not for a prescription
 *                                                   written again on a Completed one)
 *   POST /staff/appointments/{id}/did-not-attend    StaffDidNotAttendRequest -> StaffAppointmentAnswer
 *                                                   Missed, from the slot's end (409 { message, code:
 *                                                   'didNotAttendNotYet', endsAt } before); 409 for a
 *                                                   Cancelled, Completed or Missed one, an unpaid one
 *                                                   (code 'didNotAttendUnpaid') and a Chat ('didNotAttendChat')
 *   GET  /staff/pharmacies                          -> PharmacyList: the locations an order is filled at
 *   POST /staff/appointments/{id}/order/preview     StaffOrderRequest -> OrderPreview: priced, nothing saved
 *   POST /staff/appointments/{id}/order             StaffOrderRequest -> StaffAppointmentAnswer
 *                                                   (contract/pharmacyOrder.ts, docs/orders.md): 400 on
 *                                                   lines.N.itemId for an unknown or archived item, on
 *                                                   locationId, on deliveryAddress for a delivery without one
 *   GET  /staff/audit?limit=&before=                -> AuditList (admins only)
 *
 * Every call: 401 without a live token, 403 for a patient's token, 400 { message, errors: [{ field,
 * message }] } for bad input, 404 for an unknown appointment.
 */
import { AppointmentList } from '../appointments.js';
import { endpoint } from '../endpoint.js';
import {
  AuditList,
  AuditQuery,
  StaffAppointmentAnswer,
  StaffAppointmentDetail,
  StaffAppointmentParams,
  StaffAppointmentsQuery,
  StaffCompleteRequest,
  StaffDidNotAttendRequest,
  StaffMe,
  StaffOrderRequest,
  OrderPreview,
  PharmacyList,
} from '../staff.js';

export const staffEndpoints = {
  me: endpoint({ method: 'GET', path: '/staff/me', answer: StaffMe }),
  appointments: endpoint({ method: 'GET', path: '/staff/appointments', query: StaffAppointmentsQuery, answer: AppointmentList }),
  appointment: endpoint({ method: 'GET', path: '/staff/appointments/:id', params: StaffAppointmentParams, answer: StaffAppointmentDetail }),
  complete: endpoint({
    method: 'POST',
    path: '/staff/appointments/:id/complete',
    params: StaffAppointmentParams,
    body: StaffCompleteRequest,
    answer: StaffAppointmentAnswer,
  }),
  didNotAttend: endpoint({
    method: 'POST',
    path: '/staff/appointments/:id/did-not-attend',
    params: StaffAppointmentParams,
    body: StaffDidNotAttendRequest,
    answer: StaffAppointmentAnswer,
  }),
  pharmacies: endpoint({ method: 'GET', path: '/staff/pharmacies', answer: PharmacyList }),
  orderPreview: endpoint({
    method: 'POST',
    path: '/staff/appointments/:id/order/preview',
    params: StaffAppointmentParams,
    body: StaffOrderRequest,
    answer: OrderPreview,
  }),
  order: endpoint({
    method: 'POST',
    path: '/staff/appointments/:id/order',
    params: StaffAppointmentParams,
    body: StaffOrderRequest,
    answer: StaffAppointmentAnswer,
  }),
  audit: endpoint({ method: 'GET', path: '/staff/audit', query: AuditQuery, answer: AuditList }),
};
