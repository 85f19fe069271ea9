/**
 * The staff console's admin calls (contract/staffAdmin.ts lists every endpoint, its
 * answers and refusals). Admins only: 401 without a live token, 403 for a patient's or a
 * doctor's token.
 *
 * Every call resolves to an Either (see client.ts) and passes the caller's signal on to fetch;
 * the admin screens' actors reject with the ApiFailure instead (`fromApi`, src/app/fromApi.ts).
 *
 * The ORPHAN RULE: a change to a doctor's hours, leave, locations or slot length that would
 * leave live bookings outside the schedule is refused with 409 `{ message, affected }`. The
 * calls that can meet that rule (`withConflictBody`) answer an `OrphanFailure`: the HttpFailure
 * with the `affected` appointments decoded from the refusal's body.
 */
import type * as t from 'io-ts';
import { isLeft, left, type Either } from 'fp-ts/lib/Either.js';
import { AppointmentList, TimeSlotList, type AppointmentRecord, type TimeSlot } from '../../contract/appointments.js';
import { MessageAnswer } from '../../contract/auth.js';
import { StaffAppointmentAnswer } from '../../contract/staff.js';
import {
  AdminDoctorList,
  AdminEventList,
  AdminFeeList,
  AdminLocationList,
  AdminTeamList,
  AdminTestimonialList,
  DoctorAnswer,
  DoctorSchedule,
  EventAnswer,
  FeesAnswer,
  LocationAnswer,
  OrphanConflict,
  RefundAnswer,
  RefundList,
  RoleAnswer,
  ScheduleAnswer,
  StaffAccountList,
  TeamMemberAnswer,
  TestimonialAnswer,
  type AdminCancelRequest,
  type AdminDoctor,
  type AdminOrderStatus,
  type AdminEvent,
  type AdminFee,
  type AdminLocation,
  type AdminTeamMember,
  type AdminTestimonial,
  type DoctorInput,
  type DoctorSchedule as Schedule,
  type EventInput,
  type FeeInput,
  type LeaveInput,
  type LocationInput,
  type RefundItem,
  type RefundResolveRequest,
  type RoleRequest,
  type SiteKind,
  type StaffAccount,
  type TeamMemberInput,
  type TestimonialInput,
} from '../../contract/staffAdmin.js';
import type { OrphanFailure } from '../../machines/failures.js';
import { createApiClient, type ApiClientConfig, type ApiFailure, type RequestOptions } from './client.js';

type Call<A> = Promise<Either<ApiFailure, A>>;

export type { OrphanFailure } from '../../machines/failures.js';

/**
 * The payloads as the screens build them: plain strings and numbers (the contract's codecs trim
 * and brand on the way in). A number field the person filled with something else travels as
 * typed, so that the server's 400 names that field with its rule.
 */
export type DoctorPayload = Omit<DoctorInput, 'email' | 'locationIds' | 'slotMinutes'> & {
  email: string;
  locationIds: string[];
  slotMinutes: number | string;
};
export type MovePayload = { date: string; startTime: string; locationId: string };
export type LeavePayload = Omit<LeaveInput, 'from' | 'to'> & { from: string; to: string };
export type HoursPayload = { hours: Array<{ weekday: number; start: string; end: string }> };
export type RolePayload = Omit<RoleRequest, 'email'> & { email: string };
export type LocationPayload = LocationInput;
export type FeePayload = Omit<FeeInput, 'consultationFee'> & { consultationFee: number | string };
export type RefundResolvePayload = RefundResolveRequest;
export type CancelPayload = AdminCancelRequest;
export type EventPayload = EventInput;
export type TeamMemberPayload = TeamMemberInput;
export type TestimonialPayload = TestimonialInput;

type AppointmentAnswer = t.TypeOf<typeof StaffAppointmentAnswer>;
type ScheduleAnswerType = t.TypeOf<typeof ScheduleAnswer>;

/** The day, doctor and location of the appointments overview ('' for every doctor or location). */
export interface AdminAppointmentsFilter {
  readonly date: string;
  readonly doctorId: string;
  readonly locationId: string;
}

export type RefundState = 'open' | 'resolved' | 'all';

/**
 * The five calls of a list the admin adds to, edits, deletes from and reorders: each kind of site
 * content (events, team members, testimonials) has them here; locations and doctors by their own names.
 */
export interface ListCalls<Item, Payload, Answer> {
  fetch(token: string, signal?: AbortSignal): Call<Item[]>;
  add(body: Payload, token: string, signal?: AbortSignal): Call<Answer>;
  update(id: string, body: Payload, token: string, signal?: AbortSignal): Call<Answer>;
  remove(id: string, token: string, signal?: AbortSignal): Call<MessageAnswer>;
  reorder(ids: readonly string[], token: string, signal?: AbortSignal): Call<Item[]>;
}

export type StaffAdminApi = {
  /** GET /staff/appointments?from=&to=[&doctorId][&locationId]: one day's appointments, by time. */
  fetchAppointments(filter: AdminAppointmentsFilter, token: string, signal?: AbortSignal): Call<AppointmentRecord[]>;
  /** GET /doctor/gettimeslot/{email}/{location}/{date}: the doctor's slots that day there (for a move). */
  fetchTimeSlots(doctorEmail: string, date: string, location: string, token: string, signal?: AbortSignal): Call<TimeSlot[]>;
  /** POST /staff/appointments/{id}/move: same doctor, another date, time or location. 409 when the slot was taken. */
  moveAppointment(id: string, body: MovePayload, token: string, signal?: AbortSignal): Call<AppointmentAnswer>;
  /** POST /staff/appointments/{id}/cancel: kept as Cancelled; a paid one is flagged for refund. */
  cancelAppointment(id: string, body: CancelPayload, token: string, signal?: AbortSignal): Call<AppointmentAnswer>;
  /** PUT /staff/orders/{id}/status: Placed, Ready, Delivered or Cancelled (a paid one cancelled is flagged for refund). */
  setOrderStatus(orderId: string, orderStatus: AdminOrderStatus, token: string, signal?: AbortSignal): Call<AppointmentAnswer>;

  /** GET /staff/refunds?state=: latest first. */
  fetchRefunds(state: RefundState, token: string, signal?: AbortSignal): Call<RefundItem[]>;
  /** POST /staff/refunds/{id}/resolve with a note: refunded outside the portal. 409 when already resolved. */
  resolveRefund(id: string, body: RefundResolvePayload, token: string, signal?: AbortSignal): Call<t.TypeOf<typeof RefundAnswer>>;

  fetchLocations(token: string, signal?: AbortSignal): Call<AdminLocation[]>;
  addLocation(body: LocationPayload, token: string, signal?: AbortSignal): Call<t.TypeOf<typeof LocationAnswer>>;
  renameLocation(id: string, body: LocationPayload, token: string, signal?: AbortSignal): Call<t.TypeOf<typeof LocationAnswer>>;
  /** DELETE /staff/locations/{id}: 409 (with the server's reason) while a doctor or an appointment uses it. */
  deleteLocation(id: string, token: string, signal?: AbortSignal): Call<MessageAnswer>;
  reorderLocations(ids: readonly string[], token: string, signal?: AbortSignal): Call<AdminLocation[]>;

  /** GET /staff/doctors: retired ones too. */
  fetchDoctors(token: string, signal?: AbortSignal): Call<AdminDoctor[]>;
  addDoctor(body: DoctorPayload, token: string, signal?: AbortSignal): Call<t.TypeOf<typeof DoctorAnswer>>;
  /** PUT /staff/doctors/{id}: may meet the ORPHAN RULE (locations, slot length). */
  updateDoctor(id: string, body: DoctorPayload, token: string, signal?: AbortSignal): Call<t.TypeOf<typeof DoctorAnswer>>;
  /** DELETE /staff/doctors/{id}: 409 once the doctor has any appointment. */
  deleteDoctor(id: string, token: string, signal?: AbortSignal): Call<MessageAnswer>;
  /** PUT /staff/doctors/{id}/active: retire (hidden from booking) or list again. Retiring meets the ORPHAN RULE. */
  setDoctorActive(id: string, active: boolean, token: string, signal?: AbortSignal): Call<t.TypeOf<typeof DoctorAnswer>>;
  reorderDoctors(ids: readonly string[], token: string, signal?: AbortSignal): Call<AdminDoctor[]>;
  /** GET /staff/doctors/{id}: the doctor, their weekly hours and their leave. */
  fetchSchedule(id: string, token: string, signal?: AbortSignal): Call<Schedule>;
  /** PUT /staff/doctors/{id}/hours/{locationId}: replaces that location's week. ORPHAN RULE. */
  replaceHours(id: string, locationId: string, body: HoursPayload, token: string, signal?: AbortSignal): Call<ScheduleAnswerType>;
  /** PUT /staff/doctors/{id}/onlinehours: replaces the online week. ORPHAN RULE. */
  replaceOnlineHours(id: string, body: HoursPayload, token: string, signal?: AbortSignal): Call<ScheduleAnswerType>;
  /** POST /staff/doctors/{id}/leave. ORPHAN RULE. */
  addLeave(id: string, body: LeavePayload, token: string, signal?: AbortSignal): Call<ScheduleAnswerType>;
  /** DELETE /staff/doctors/{id}/leave/{leaveId}. */
  removeLeave(id: string, leaveId: string, token: string, signal?: AbortSignal): Call<ScheduleAnswerType>;

  /** GET /staff/fees: the four types (null: not offered). */
  fetchFees(token: string, signal?: AbortSignal): Call<AdminFee[]>;
  /** PUT /staff/fees: one type's fee; answers every fee as it is now. */
  saveFee(body: FeePayload, token: string, signal?: AbortSignal): Call<t.TypeOf<typeof FeesAnswer>>;

  readonly events: ListCalls<AdminEvent, EventPayload, t.TypeOf<typeof EventAnswer>>;
  readonly team: ListCalls<AdminTeamMember, TeamMemberPayload, t.TypeOf<typeof TeamMemberAnswer>>;
  readonly testimonials: ListCalls<AdminTestimonial, TestimonialPayload, t.TypeOf<typeof TestimonialAnswer>>;

  /** GET /staff/accounts: every admin and doctor account. */
  fetchAccounts(token: string, signal?: AbortSignal): Call<StaffAccount[]>;
  /** PUT /staff/accounts/role: 404 no such account, 400 `role`, 409 the last admin. */
  setRole(body: RolePayload, token: string, signal?: AbortSignal): Call<t.TypeOf<typeof RoleAnswer>>;
};

/** The query string of the overview: one day (from = to), the doctor and location when chosen. */
export function appointmentsQuery(filter: AdminAppointmentsFilter): string {
  const query = new URLSearchParams({ from: filter.date, to: filter.date });
  if (filter.doctorId) query.set('doctorId', filter.doctorId);
  if (filter.locationId) query.set('locationId', filter.locationId);
  return query.toString();
}

export function createStaffAdminApi(config: ApiClientConfig = {}): StaffAdminApi {
  const { request } = createApiClient(config);

  /** `request`, and a 409 of the ORPHAN RULE answered as an OrphanFailure (its `affected` decoded from the refusal's body). */
  async function withConflictBody<A>(codec: t.Decoder<unknown, A>, path: string, options: RequestOptions): Call<A> {
    const result = await request(codec, path, options);
    if (isLeft(result) && result.left._tag === 'HttpFailure' && result.left.status === 409) {
      const conflict = OrphanConflict.decode(result.left.body);
      if (!isLeft(conflict)) {
        const orphan: OrphanFailure = { ...result.left, affected: conflict.right.affected };
        return left(orphan);
      }
    }
    return result;
  }

  const id = encodeURIComponent;
  const doctorPath = (doctorId: string) => `/staff/doctors/${id(doctorId)}`;

  function siteCalls<Item, Payload, Answer>(
    kind: SiteKind,
    list: t.Decoder<unknown, Item[]>,
    answer: t.Decoder<unknown, Answer>,
  ): ListCalls<Item, Payload, Answer> {
    const path = `/staff/site/${kind}`;
    return {
      fetch: (token, signal) => request(list, path, { token, signal }),
      add: (body, token, signal) => request(answer, path, { method: 'POST', body, token, signal }),
      update: (siteId, body, token, signal) => request(answer, `${path}/${id(siteId)}`, { method: 'PUT', body, token, signal }),
      remove: (siteId, token, signal) => request(MessageAnswer, `${path}/${id(siteId)}`, { method: 'DELETE', token, signal }),
      reorder: (ids, token, signal) => request(list, `${path}/order`, { method: 'PUT', body: { ids }, token, signal }),
    };
  }

  return {
    fetchAppointments: (filter, token, signal) =>
      request(AppointmentList, `/staff/appointments?${appointmentsQuery(filter)}`, { token, signal }),
    // location '': the doctor's online hours.
    fetchTimeSlots: (doctorEmail, date, location, token, signal) =>
      request(
        TimeSlotList,
        location === '' ? `/doctor/onlinetimeslot/${id(doctorEmail)}/${id(date)}` : `/doctor/gettimeslot/${id(doctorEmail)}/${id(location)}/${id(date)}`,
        { token, signal },
      ),
    moveAppointment: (appointmentId, body, token, signal) =>
      request(StaffAppointmentAnswer, `/staff/appointments/${id(appointmentId)}/move`, { method: 'POST', body, token, signal }),
    cancelAppointment: (appointmentId, body, token, signal) =>
      request(StaffAppointmentAnswer, `/staff/appointments/${id(appointmentId)}/cancel`, { method: 'POST', body, token, signal }),
    setOrderStatus: (orderId, orderStatus, token, signal) =>
      request(StaffAppointmentAnswer, `/staff/orders/${id(orderId)}/status`, { method: 'PUT', body: { orderStatus }, token, signal }),

    fetchRefunds: (state, token, signal) => request(RefundList, `/staff/refunds?state=${state}`, { token, signal }),
    resolveRefund: (refundId, body, token, signal) =>
      request(RefundAnswer, `/staff/refunds/${id(refundId)}/resolve`, { method: 'POST', body, token, signal }),

    fetchLocations: (token, signal) => request(AdminLocationList, '/staff/locations', { token, signal }),
    addLocation: (body, token, signal) => request(LocationAnswer, '/staff/locations', { method: 'POST', body, token, signal }),
    renameLocation: (locationId, body, token, signal) =>
      request(LocationAnswer, `/staff/locations/${id(locationId)}`, { method: 'PUT', body, token, signal }),
    deleteLocation: (locationId, token, signal) =>
      request(MessageAnswer, `/staff/locations/${id(locationId)}`, { method: 'DELETE', token, signal }),
    reorderLocations: (ids, token, signal) =>
      request(AdminLocationList, '/staff/locations/order', { method: 'PUT', body: { ids }, token, signal }),

    fetchDoctors: (token, signal) => request(AdminDoctorList, '/staff/doctors', { token, signal }),
    addDoctor: (body, token, signal) => request(DoctorAnswer, '/staff/doctors', { method: 'POST', body, token, signal }),
    updateDoctor: (doctorId, body, token, signal) =>
      withConflictBody(DoctorAnswer, doctorPath(doctorId), { method: 'PUT', body, token, signal }),
    deleteDoctor: (doctorId, token, signal) => request(MessageAnswer, doctorPath(doctorId), { method: 'DELETE', token, signal }),
    setDoctorActive: (doctorId, active, token, signal) =>
      withConflictBody(DoctorAnswer, `${doctorPath(doctorId)}/active`, { method: 'PUT', body: { active }, token, signal }),
    reorderDoctors: (ids, token, signal) =>
      request(AdminDoctorList, '/staff/doctors/order', { method: 'PUT', body: { ids }, token, signal }),
    fetchSchedule: (doctorId, token, signal) => request(DoctorSchedule, doctorPath(doctorId), { token, signal }),
    replaceHours: (doctorId, locationId, body, token, signal) =>
      withConflictBody(ScheduleAnswer, `${doctorPath(doctorId)}/hours/${id(locationId)}`, { method: 'PUT', body, token, signal }),
    replaceOnlineHours: (doctorId, body, token, signal) =>
      withConflictBody(ScheduleAnswer, `${doctorPath(doctorId)}/onlinehours`, { method: 'PUT', body, token, signal }),
    addLeave: (doctorId, body, token, signal) =>
      withConflictBody(ScheduleAnswer, `${doctorPath(doctorId)}/leave`, { method: 'POST', body, token, signal }),
    removeLeave: (doctorId, leaveId, token, signal) =>
      request(ScheduleAnswer, `${doctorPath(doctorId)}/leave/${id(leaveId)}`, { method: 'DELETE', token, signal }),

    fetchFees: (token, signal) => request(AdminFeeList, '/staff/fees', { token, signal }),
    saveFee: (body, token, signal) => request(FeesAnswer, '/staff/fees', { method: 'PUT', body, token, signal }),

    events: siteCalls('events', AdminEventList, EventAnswer),
    team: siteCalls('team', AdminTeamList, TeamMemberAnswer),
    testimonials: siteCalls('testimonials', AdminTestimonialList, TestimonialAnswer),

    fetchAccounts: (token, signal) => request(StaffAccountList, '/staff/accounts', { token, signal }),
    setRole: (body, token, signal) => request(RoleAnswer, '/staff/accounts/role', { method: 'PUT', body, token, signal }),
  };
}

export const staffAdminApi: StaffAdminApi = createStaffAdminApi();
