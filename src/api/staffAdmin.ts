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
import type { AppointmentRecord, TimeSlot } from '../../contract/appointments.js';
import type { MessageAnswer } from '../../contract/auth.js';
import type { AnyEndpoint, AnswerOf } from '../../contract/endpoint.js';
import { slotEndpoints } from '../../contract/endpoints/appointments.js';
import { staffEndpoints } from '../../contract/endpoints/staff.js';
import { staffAdminEndpoints as admin } from '../../contract/endpoints/staffAdmin.js';
import type { StaffAppointmentAnswer } from '../../contract/staff.js';
import {
  OrphanConflict,
  type AdminCancelRequest,
  type AdminDoctor,
  type AdminOrderStatus,
  type AdminEvent,
  type AdminFee,
  type AdminLocation,
  type AdminTeamMember,
  type AdminTestimonial,
  type DoctorAnswer,
  type DoctorInput,
  type DoctorSchedule as Schedule,
  type EventAnswer,
  type EventInput,
  type FeeInput,
  type FeesAnswer,
  type LeaveInput,
  type LocationAnswer,
  type LocationInput,
  type RefundAnswer,
  type RefundItem,
  type RefundResolveRequest,
  type RoleAnswer,
  type RoleRequest,
  type ScheduleAnswer,
  type StaffAccount,
  type TeamMemberAnswer,
  type TeamMemberInput,
  type TestimonialAnswer,
  type TestimonialInput,
} from '../../contract/staffAdmin.js';
import type { OrphanFailure } from '../../machines/failures.js';
import { createApiClient, type ApiClientConfig, type ApiFailure, type CallOptions } from './client.js';

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
  list(token: string, signal?: AbortSignal): Call<Item[]>;
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
  /** POST /staff/refunds/{id}/retry: asks the payment provider again after its attempt failed. 409 otherwise. */
  retryRefund(id: string, token: string, signal?: AbortSignal): Call<t.TypeOf<typeof RefundAnswer>>;

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

/** The query of the overview: one day (from = to), the doctor and location when chosen. */
export function appointmentsFilterQuery(filter: AdminAppointmentsFilter) {
  return {
    from: filter.date,
    to: filter.date,
    ...(filter.doctorId ? { doctorId: filter.doctorId } : {}),
    ...(filter.locationId ? { locationId: filter.locationId } : {}),
  };
}

/** The query string of the overview: one day (from = to), the doctor and location when chosen. */
export function appointmentsQuery(filter: AdminAppointmentsFilter): string {
  return new URLSearchParams(appointmentsFilterQuery(filter)).toString();
}

/**
 * A call's options with a payload as the screens build it: a number field may travel as typed
 * (see the payload types above), so the body is not held to the codec's wire type here.
 */
type Sent<E extends AnyEndpoint> = Omit<CallOptions<E>, 'body'> & { body?: unknown };

export function createStaffAdminApi(config: ApiClientConfig = {}): StaffAdminApi {
  const client = createApiClient(config);
  const call = <E extends AnyEndpoint>(endpoint: E, options: Sent<E>): Call<AnswerOf<E>> => client.call(endpoint, options as CallOptions<E>);

  /** `call`, and a 409 of the ORPHAN RULE answered as an OrphanFailure (its `affected` decoded from the refusal's body). */
  async function withConflictBody<E extends AnyEndpoint>(endpoint: E, options: Sent<E>): Call<AnswerOf<E>> {
    const result = await call(endpoint, options);
    if (isLeft(result) && result.left._tag === 'HttpFailure' && result.left.status === 409) {
      const conflict = OrphanConflict.decode(result.left.body);
      if (!isLeft(conflict)) {
        const orphan: OrphanFailure = { ...result.left, affected: conflict.right.affected };
        return left(orphan);
      }
    }
    return result;
  }

  function siteCalls<Item, Payload, Answer>(endpoints: (typeof admin)['events' | 'team' | 'testimonials']): ListCalls<Item, Payload, Answer> {
    // Each kind's codecs are its own (contract/staffAdmin.ts siteContentCodecs); the caller names their types.
    const as = <A>(answer: Promise<Either<ApiFailure, unknown>>) => answer as Call<A>;
    return {
      list: (token, signal) => as<Item[]>(call(endpoints.list, { token, signal })),
      add: (body, token, signal) => as<Answer>(call(endpoints.add, { body, token, signal })),
      update: (id, body, token, signal) => as<Answer>(call(endpoints.update, { params: { id }, body, token, signal })),
      remove: (id, token, signal) => call(endpoints.remove, { params: { id }, token, signal }),
      reorder: (ids, token, signal) => as<Item[]>(call(endpoints.reorder, { body: { ids: [...ids] }, token, signal })),
    };
  }

  return {
    fetchAppointments: (filter, token, signal) =>
      call(staffEndpoints.appointments, { query: appointmentsFilterQuery(filter), token, signal }),
    // location '': the doctor's online hours.
    fetchTimeSlots: (doctorEmail, date, location, token, signal) =>
      location === ''
        ? call(slotEndpoints.onlineTimeSlots, { params: { doctorEmail, date }, token, signal })
        : call(slotEndpoints.timeSlots, { params: { doctorEmail, location, date }, token, signal }),
    moveAppointment: (id, body, token, signal) => call(admin.move, { params: { id }, body, token, signal }),
    cancelAppointment: (id, body, token, signal) => call(admin.cancel, { params: { id }, body, token, signal }),
    setOrderStatus: (id, orderStatus, token, signal) => call(admin.orderStatus, { params: { id }, body: { orderStatus }, token, signal }),

    fetchRefunds: (state, token, signal) => call(admin.refunds, { query: { state }, token, signal }),
    resolveRefund: (id, body, token, signal) => call(admin.resolveRefund, { params: { id }, body, token, signal }),
    retryRefund: (id, token, signal) => call(admin.retryRefund, { params: { id }, token, signal }),

    fetchLocations: (token, signal) => call(admin.locations, { token, signal }),
    addLocation: (body, token, signal) => call(admin.addLocation, { body, token, signal }),
    renameLocation: (id, body, token, signal) => call(admin.renameLocation, { params: { id }, body, token, signal }),
    deleteLocation: (id, token, signal) => call(admin.deleteLocation, { params: { id }, token, signal }),
    reorderLocations: (ids, token, signal) => call(admin.reorderLocations, { body: { ids: [...ids] }, token, signal }),

    fetchDoctors: (token, signal) => call(admin.doctors, { token, signal }),
    addDoctor: (body, token, signal) => call(admin.addDoctor, { body, token, signal }),
    updateDoctor: (id, body, token, signal) => withConflictBody(admin.updateDoctor, { params: { id }, body, token, signal }),
    deleteDoctor: (id, token, signal) => call(admin.deleteDoctor, { params: { id }, token, signal }),
    setDoctorActive: (id, active, token, signal) => withConflictBody(admin.setDoctorActive, { params: { id }, body: { active }, token, signal }),
    reorderDoctors: (ids, token, signal) => call(admin.reorderDoctors, { body: { ids: [...ids] }, token, signal }),
    fetchSchedule: (id, token, signal) => call(admin.schedule, { params: { id }, token, signal }),
    replaceHours: (id, locationId, body, token, signal) =>
      withConflictBody(admin.replaceHours, { params: { id, locationId }, body, token, signal }),
    replaceOnlineHours: (id, body, token, signal) => withConflictBody(admin.replaceOnlineHours, { params: { id }, body, token, signal }),
    addLeave: (id, body, token, signal) => withConflictBody(admin.addLeave, { params: { id }, body, token, signal }),
    removeLeave: (id, leaveId, token, signal) => call(admin.removeLeave, { params: { id, leaveId }, token, signal }),

    fetchFees: (token, signal) => call(admin.fees, { token, signal }),
    saveFee: (body, token, signal) => call(admin.saveFee, { body, token, signal }),

    events: siteCalls(admin.events),
    team: siteCalls(admin.team),
    testimonials: siteCalls(admin.testimonials),

    fetchAccounts: (token, signal) => call(admin.accounts, { token, signal }),
    setRole: (body, token, signal) => call(admin.setRole, { body, token, signal }),
  };
}

export const staffAdminApi: StaffAdminApi = createStaffAdminApi();
