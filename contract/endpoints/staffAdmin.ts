/**
 * The staff console's admin-only calls; contract/staffAdmin.ts describes each one's codecs,
 * answers and refusals (the orphan rule's 409 among them).
 */
import type * as t from 'io-ts';
import { MessageAnswer } from '../auth.js';
import { endpoint } from '../endpoint.js';
import { StaffAppointmentAnswer } from '../staff.js';
import {
  AdminCancelRequest,
  AdminDoctorList,
  AdminFeeList,
  AdminIdParams,
  AdminLocationList,
  AdminMoveRequest,
  DoctorActiveRequest,
  DoctorAnswer,
  DoctorInput,
  DoctorSchedule,
  eventCodecs,
  FeeInput,
  FeesAnswer,
  HoursParams,
  HoursRequest,
  LeaveInput,
  LeaveParams,
  LocationAnswer,
  LocationInput,
  OnlineHoursParams,
  OrderStatusRequest,
  RefundAnswer,
  RefundList,
  RefundQuery,
  RefundResolveRequest,
  ReorderRequest,
  RoleAnswer,
  RoleRequest,
  ScheduleAnswer,
  StaffAccountList,
  teamCodecs,
  testimonialCodecs,
  type SiteKind,
} from '../staffAdmin.js';

/** The five calls of one kind of site content, under `/staff/site/{kind}`. */
function siteContentEndpoints<L extends t.Mixed, I extends t.Mixed, A extends t.Mixed>(kind: SiteKind, codecs: { list: L; input: I; answer: A }) {
  const base = `/staff/site/${kind}`;
  return {
    list: endpoint({ method: 'GET', path: base, answer: codecs.list }),
    add: endpoint({ method: 'POST', path: base, body: codecs.input, answer: codecs.answer }),
    reorder: endpoint({ method: 'PUT', path: `${base}/order`, body: ReorderRequest, answer: codecs.list }),
    update: endpoint({ method: 'PUT', path: `${base}/:id`, params: AdminIdParams, body: codecs.input, answer: codecs.answer }),
    remove: endpoint({ method: 'DELETE', path: `${base}/:id`, params: AdminIdParams, answer: MessageAnswer }),
  };
}

export const staffAdminEndpoints = {
  locations: endpoint({ method: 'GET', path: '/staff/locations', answer: AdminLocationList }),
  addLocation: endpoint({ method: 'POST', path: '/staff/locations', body: LocationInput, answer: LocationAnswer }),
  reorderLocations: endpoint({ method: 'PUT', path: '/staff/locations/order', body: ReorderRequest, answer: AdminLocationList }),
  renameLocation: endpoint({ method: 'PUT', path: '/staff/locations/:id', params: AdminIdParams, body: LocationInput, answer: LocationAnswer }),
  deleteLocation: endpoint({ method: 'DELETE', path: '/staff/locations/:id', params: AdminIdParams, answer: MessageAnswer }),

  doctors: endpoint({ method: 'GET', path: '/staff/doctors', answer: AdminDoctorList }),
  addDoctor: endpoint({ method: 'POST', path: '/staff/doctors', body: DoctorInput, answer: DoctorAnswer }),
  reorderDoctors: endpoint({ method: 'PUT', path: '/staff/doctors/order', body: ReorderRequest, answer: AdminDoctorList }),
  schedule: endpoint({ method: 'GET', path: '/staff/doctors/:id', params: AdminIdParams, answer: DoctorSchedule }),
  updateDoctor: endpoint({ method: 'PUT', path: '/staff/doctors/:id', params: AdminIdParams, body: DoctorInput, answer: DoctorAnswer }),
  setDoctorActive: endpoint({ method: 'PUT', path: '/staff/doctors/:id/active', params: AdminIdParams, body: DoctorActiveRequest, answer: DoctorAnswer }),
  deleteDoctor: endpoint({ method: 'DELETE', path: '/staff/doctors/:id', params: AdminIdParams, answer: MessageAnswer }),
  replaceHours: endpoint({ method: 'PUT', path: '/staff/doctors/:id/hours/:locationId', params: HoursParams, body: HoursRequest, answer: ScheduleAnswer }),
  replaceOnlineHours: endpoint({
    method: 'PUT',
    path: '/staff/doctors/:id/onlinehours',
    params: OnlineHoursParams,
    body: HoursRequest,
    answer: ScheduleAnswer,
  }),
  addLeave: endpoint({ method: 'POST', path: '/staff/doctors/:id/leave', params: AdminIdParams, body: LeaveInput, answer: ScheduleAnswer }),
  removeLeave: endpoint({ method: 'DELETE', path: '/staff/doctors/:id/leave/:leaveId', params: LeaveParams, answer: ScheduleAnswer }),

  fees: endpoint({ method: 'GET', path: '/staff/fees', answer: AdminFeeList }),
  saveFee: endpoint({ method: 'PUT', path: '/staff/fees', body: FeeInput, answer: FeesAnswer }),

  events: siteContentEndpoints('events', eventCodecs),
  team: siteContentEndpoints('team', teamCodecs),
  testimonials: siteContentEndpoints('testimonials', testimonialCodecs),

  accounts: endpoint({ method: 'GET', path: '/staff/accounts', answer: StaffAccountList }),
  setRole: endpoint({ method: 'PUT', path: '/staff/accounts/role', body: RoleRequest, answer: RoleAnswer }),

  move: endpoint({ method: 'POST', path: '/staff/appointments/:id/move', params: AdminIdParams, body: AdminMoveRequest, answer: StaffAppointmentAnswer }),
  cancel: endpoint({ method: 'POST', path: '/staff/appointments/:id/cancel', params: AdminIdParams, body: AdminCancelRequest, answer: StaffAppointmentAnswer }),
  orderStatus: endpoint({ method: 'PUT', path: '/staff/orders/:id/status', params: AdminIdParams, body: OrderStatusRequest, answer: StaffAppointmentAnswer }),

  refunds: endpoint({ method: 'GET', path: '/staff/refunds', query: RefundQuery, answer: RefundList }),
  resolveRefund: endpoint({ method: 'POST', path: '/staff/refunds/:id/resolve', params: AdminIdParams, body: RefundResolveRequest, answer: RefundAnswer }),
};

