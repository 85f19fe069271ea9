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
import type { AppointmentRecord, Medicines } from '../../contract/appointments.js';
import { staffEndpoints } from '../../contract/endpoints/staff.js';
import { staffAdminEndpoints } from '../../contract/endpoints/staffAdmin.js';
import type { AuditList, StaffAppointmentAnswer, StaffAppointmentDetail, StaffMe, StaffOrderRequest } from '../../contract/staff.js';
import type { AdminDoctor } from '../../contract/staffAdmin.js';
import * as t from 'io-ts';
import type { OrderPreview, Pharmacy } from '../../contract/pharmacyOrder.js';
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
  /** POST /staff/appointments/{id}/order/preview: the order priced by the server, nothing saved. */
  previewOrder(id: string, order: t.OutputOf<typeof StaffOrderRequest>, token: string, signal?: AbortSignal): Call<OrderPreview>;
  /** GET /staff/pharmacies: the locations an order may be filled at. */
  fetchPharmacies(token: string, signal?: AbortSignal): Call<Pharmacy[]>;
  /** GET /staff/audit?limit[&before]: admins only (403 for a doctor). */
  fetchAudit(page: AuditPage, token: string, signal?: AbortSignal): Call<AuditEntries>;
};

/** The query of an appointments filter; empty filters are left out. */
export function staffAppointmentsFilterQuery(filter: StaffAppointmentsFilter) {
  return {
    from: filter.from,
    to: filter.to,
    ...(filter.doctorId ? { doctorId: filter.doctorId } : {}),
    ...(filter.locationId ? { locationId: filter.locationId } : {}),
  };
}

/** The query string of an appointments filter; empty filters are left out. */
export function staffAppointmentsQuery(filter: StaffAppointmentsFilter): string {
  return new URLSearchParams(staffAppointmentsFilterQuery(filter)).toString();
}

export function createStaffApi({ call }: ApiClient): StaffApi {
  return {
    fetchStaffMe: (token, signal) => call(staffEndpoints.me, { token, signal }),
    fetchStaffAppointments: (filter, token, signal) =>
      call(staffEndpoints.appointments, { query: staffAppointmentsFilterQuery(filter), token, signal }),
    fetchStaffAppointment: (id, token, signal) => call(staffEndpoints.appointment, { params: { id }, token, signal }),
    fetchFilterDoctors: (token, signal) => call(staffAdminEndpoints.doctors, { token, signal }),
    completeAppointment: (id, medicines, token, signal) => call(staffEndpoints.complete, { params: { id }, body: medicines, token, signal }),
    markDidNotAttend: (id, note, token, signal) => call(staffEndpoints.didNotAttend, { params: { id }, body: { note }, token, signal }),
    createOrder: (id, order, token, signal) => call(staffEndpoints.order, { params: { id }, body: order, token, signal }),
    previewOrder: (id, order, token, signal) => call(staffEndpoints.orderPreview, { params: { id }, body: order, token, signal }),
    fetchPharmacies: (token, signal) => call(staffEndpoints.pharmacies, { token, signal }),
    fetchAudit: ({ limit, before }, token, signal) =>
      call(staffEndpoints.audit, { query: { limit: String(limit), ...(before ? { before } : {}) }, token, signal }),
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
  previewOrder,
  fetchPharmacies,
  fetchAudit,
} = staffApi;
