/** The staff console's own calls (doctors and admins); the admin sections' are ./staffAdmin.ts. */
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
  order: endpoint({
    method: 'POST',
    path: '/staff/appointments/:id/order',
    params: StaffAppointmentParams,
    body: StaffOrderRequest,
    answer: StaffAppointmentAnswer,
  }),
  audit: endpoint({ method: 'GET', path: '/staff/audit', query: AuditQuery, answer: AuditList }),
};
