/**
 * The staff console's own calls (server/routes/staff.ts): who the caller is as staff, the
 * appointments of a day or a range (a doctor gets only their own; an admin may filter by doctor
 * and location), one appointment, completing it with the prescription or noting that the patient
 * did not attend, its pharmacy order, and the audit log. The admin sections' calls live in ./staffAdmin.ts.
 *
 * Each needs the staff member's bearer token: 401 without a live one, 403 for a patient's (the
 * server's message 'This is for clinic staff only.'), 403 for another doctor's appointment.
 * Every call resolves to an Either (see client.ts) and passes the caller's signal on to fetch;
 * the console's actors reject with the ApiFailure instead (`fromApi`, src/app/fromApi.ts).
 */
import type { Either } from 'fp-ts/lib/Either.js';
import { AppointmentList, type AppointmentRecord, type Medicines } from '../../contract/appointments.js';
import {
  AuditList,
  StaffAppointmentAnswer,
  StaffAppointmentDetail,
  StaffMe,
  type StaffOrderRequest,
} from '../../contract/staff.js';
import { AdminDoctorList, type AdminDoctor } from '../../contract/staffAdmin.js';
import type * as t from 'io-ts';
import type { StaffAppointmentsFilter } from '../../machines/staffConsole/staffAppointmentsMachine.js';
import { apiClient, type ApiClient, type ApiFailure } from './client.js';

export type { StaffAppointmentsFilter };

type Call<A> = Promise<Either<ApiFailure, A>>;

export type StaffMeAnswer = t.TypeOf<typeof StaffMe>;
export type StaffChangeAnswer = t.TypeOf<typeof StaffAppointmentAnswer>;
export type AuditEntries = t.TypeOf<typeof AuditList>;

/** One page of the audit log, latest first: `before` is the id of the last entry already shown. */
export interface AuditPage {
  readonly limit: number;
  readonly before?: string | null;
}

export type StaffApi = {
  /** GET /staff/me: the caller's staff role (403 'This is for clinic staff only.' for a patient). */
  fetchStaffMe(token: string, signal?: AbortSignal): Call<StaffMeAnswer>;
  /** GET /staff/appointments?from&to[&doctorId][&locationId]: by date and start time. */
  fetchStaffAppointments(filter: StaffAppointmentsFilter, token: string, signal?: AbortSignal): Call<AppointmentRecord[]>;
  /** GET /staff/appointments/{id}: one appointment (patient, prescription, order) and its checkouts. */
  fetchStaffAppointment(id: string, token: string, signal?: AbortSignal): Call<StaffAppointmentDetail>;
  /**
   * GET /staff/doctors (admins only): every doctor with the locations they work at, with their
   * ids: the admin's doctor and location filters. (The admin sections have the same call in
   * ./staffAdmin.ts; this one keeps the lists free of the admin chunk's timing.)
   */
  fetchFilterDoctors(token: string, signal?: AbortSignal): Call<AdminDoctor[]>;
  /**
   * POST /staff/appointments/{id}/complete with the prescription: Completed ('Consultation
   * completed.'), or the prescription written again on a Completed one ('Prescription updated.').
   * 409 for a Cancelled appointment, and before the join window opens (code 'completionNotOpen').
   */
  completeAppointment(id: string, medicines: Medicines, token: string, signal?: AbortSignal): Call<StaffChangeAnswer>;
  /**
   * POST /staff/appointments/{id}/did-not-attend with a note ('' for none): Missed ('Noted: the
   * patient did not attend.'); 409 before the slot ends, and for one that cannot be marked.
   */
  markDidNotAttend(id: string, note: string, token: string, signal?: AbortSignal): Call<StaffChangeAnswer>;
  /** POST /staff/appointments/{id}/order: the pharmacy order of a Completed appointment, once. */
  createOrder(id: string, order: t.OutputOf<typeof StaffOrderRequest>, token: string, signal?: AbortSignal): Call<StaffChangeAnswer>;
  /** GET /staff/audit?limit[&before]: admins only (403 for a doctor). */
  fetchAudit(page: AuditPage, token: string, signal?: AbortSignal): Call<AuditEntries>;
};

/** The query string of an appointments filter; empty filters are left out. */
export function staffAppointmentsQuery(filter: StaffAppointmentsFilter): string {
  const query = new URLSearchParams({ from: filter.from, to: filter.to });
  if (filter.doctorId) query.set('doctorId', filter.doctorId);
  if (filter.locationId) query.set('locationId', filter.locationId);
  return query.toString();
}

export function createStaffApi({ request }: ApiClient): StaffApi {
  const appointmentPath = (id: string) => `/staff/appointments/${encodeURIComponent(id)}`;
  return {
    fetchStaffMe: (token, signal) => request(StaffMe, '/staff/me', { token, signal }),
    fetchStaffAppointments: (filter, token, signal) =>
      request(AppointmentList, `/staff/appointments?${staffAppointmentsQuery(filter)}`, { token, signal }),
    fetchStaffAppointment: (id, token, signal) => request(StaffAppointmentDetail, appointmentPath(id), { token, signal }),
    fetchFilterDoctors: (token, signal) => request(AdminDoctorList, '/staff/doctors', { token, signal }),
    completeAppointment: (id, medicines, token, signal) =>
      request(StaffAppointmentAnswer, `${appointmentPath(id)}/complete`, { method: 'POST', body: medicines, token, signal }),
    markDidNotAttend: (id, note, token, signal) =>
      request(StaffAppointmentAnswer, `${appointmentPath(id)}/did-not-attend`, { method: 'POST', body: { note }, token, signal }),
    createOrder: (id, order, token, signal) =>
      request(StaffAppointmentAnswer, `${appointmentPath(id)}/order`, { method: 'POST', body: order, token, signal }),
    fetchAudit: ({ limit, before }, token, signal) => {
      const query = new URLSearchParams({ limit: String(limit) });
      if (before) query.set('before', before);
      return request(AuditList, `/staff/audit?${query.toString()}`, { token, signal });
    },
  };
}

const staffApi = createStaffApi(apiClient);
export const {
  fetchStaffMe,
  fetchStaffAppointments,
  fetchStaffAppointment,
  fetchFilterDoctors,
  completeAppointment,
  markDidNotAttend,
  createOrder,
  fetchAudit,
} = staffApi;
