/**
 * The staff console's admin-only calls.
 *
 * CONTRACT CHANGE: media links accept https links to Google Drive only (drive.google.com,
 * docs.google.com, *.googleusercontent.com), not any https URL: the site's Content-Security-Policy
 * shows images from our origin and Drive only, so another site's image would never appear.
 *
 * Served by server/routes/staffAdmin.ts; the console calls them from src/api/staffAdmin.ts; the
 * codecs are in contract/staffAdmin.ts. Paths are under /api. Only ADDITIVE changes from here on:
 * a changed shape gets a line "CONTRACT CHANGE: ..." at the top of this comment.
 *
 * Who may call: every endpoint below is for ADMINS only. Before anything else (the body is not
 * read): 401 without a live token, 403 `This is for clinic staff only.` for a patient's token,
 * 403 `This is for clinic admins only.` for a doctor's. Then 400 { message, errors: [{ field,
 * message }] } for bad input (each bad field named; nothing written), 404 { message } for an
 * unknown id in the path, 409 { message } for a refusal. Every change writes an audit row (who,
 * role, when, action, { before, after }) in the same transaction: GET /staff/audit shows them.
 *
 * ORPHAN RULE: a change to a doctor's hours, leave, locations, slot length or active flag that
 * would leave a live booking outside the new schedule is refused with 409 OrphanConflict
 * { message, affected: AppointmentRecord[] } and changes nothing. A live booking: status Booked,
 * not yet ended, holding its slot (paid, or an unpaid hold not lapsed). Move or cancel the
 * affected appointments first (the two calls under "Appointments"), then retry.
 *
 * Locations                                                               action in the audit log
 *   GET    /staff/locations                 -> AdminLocationList
 *   POST   /staff/locations                 LocationInput -> LocationAnswer      location.created
 *   PUT    /staff/locations/order           ReorderRequest -> AdminLocationList  location.reordered
 *   PUT    /staff/locations/{id}            LocationInput -> LocationAnswer      location.renamed, location.payatclinic
 *          (payAtClinic given and changed: location.payatclinic; the name changed, or nothing: location.renamed)
 *   DELETE /staff/locations/{id}            -> MessageAnswer                     location.deleted
 *          409 while a doctor works there or any appointment was booked there.
 *   (name taken: 409; ReorderRequest must list every id exactly once: 400 `ids`.)
 *
 * Doctors
 *   GET    /staff/doctors                   -> AdminDoctorList (retired ones too, `active` false); reception too (the desk books for them)
 *   POST   /staff/doctors                   DoctorInput -> DoctorAnswer          doctor.created
 *   PUT    /staff/doctors/order             ReorderRequest -> AdminDoctorList    doctor.reordered
 *   GET    /staff/doctors/{id}              -> DoctorSchedule (doctor, weekly hours, leave)
 *   PUT    /staff/doctors/{id}              DoctorInput -> DoctorAnswer          doctor.updated
 *          ORPHAN RULE for locations and slotMinutes (dropping a location drops its hours).
 *          409 when the email is taken, or a doctor account signs in with the old email.
 *   PUT    /staff/doctors/{id}/active       DoctorActiveRequest -> DoctorAnswer  doctor.retired / doctor.reactivated
 *          Retired: hidden from the public doctor list and from booking. ORPHAN RULE (every live booking).
 *   DELETE /staff/doctors/{id}              -> MessageAnswer                     doctor.deleted
 *          409 once the doctor has any appointment (retire instead).
 *
 * Weekly hours and leave (answers: the doctor's whole schedule as it is now)
 *   PUT    /staff/doctors/{id}/hours/{locationId}  HoursRequest -> ScheduleAnswer   hours.replaced
 *   PUT    /staff/doctors/{id}/onlinehours         HoursRequest -> ScheduleAnswer   onlinehours.replaced
 *          (online hours, no location; overlaps only within the online week are refused;
 *          ORPHAN RULE as for clinic hours, for the bookings made from online hours)
 *          Replaces that location's whole week. Each range start < end (HH:mm, clinic time); no
 *          overlap with another range that weekday, at this or any other location of the doctor
 *          (400 naming `hours.N.start`). 404 unknown doctor; 400 `locationId` when the doctor
 *          does not work there. ORPHAN RULE.
 *   POST   /staff/doctors/{id}/leave                LeaveInput -> ScheduleAnswer     leave.added
 *          from <= to (400 `to`). ORPHAN RULE.
 *   DELETE /staff/doctors/{id}/leave/{leaveId}      -> ScheduleAnswer                leave.removed
 *
 * Consultation fees
 *   GET    /staff/fees                      -> AdminFeeList (all four types; null = not offered)
 *   PUT    /staff/fees                      FeeInput -> FeesAnswer               fee.updated
 *          Booked appointments keep the fee they were booked at.
 *
 * Site content: {kind} is `events`, `team` or `testimonials`
 *   GET    /staff/site/events               -> AdminEventList
 *   POST   /staff/site/events               EventInput -> EventAnswer            site.event.created
 *   PUT    /staff/site/events/order         ReorderRequest -> AdminEventList     site.event.reordered
 *   PUT    /staff/site/events/{id}          EventInput -> EventAnswer            site.event.updated
 *   DELETE /staff/site/events/{id}          -> MessageAnswer                     site.event.deleted
 *   ... the same five for /staff/site/team (TeamMemberInput, AdminTeamList, TeamMemberAnswer;
 *   site.team.*) and /staff/site/testimonials (TestimonialInput, AdminTestimonialList,
 *   TestimonialAnswer; site.testimonial.*).
 *   Media links (image, video): '' (none), a local path starting with `/`, or an https link to
 *   Google Drive (drive.google.com, docs.google.com, *.googleusercontent.com), at most 2000
 *   characters; trimmed, stored as given otherwise (isMediaLinkInput).
 *   Answers carry the stored link and its display form (contract/mediaLink.ts
 *   toDisplayableMediaLink) as displayImage / displayVideo, for the preview.
 *   Each input may carry `translations: { hi?: {...}, mr?: {...} }`, the Hindi and
 *   Marathi texts of the kind's translatable fields (events: caption; team: role, description;
 *   testimonials: subject, description), each with its English field's rules, optional, trimmed,
 *   blank = not given (the public site shows English); 400 names `translations.hi.role`. Absent
 *   on a PUT: the stored ones are kept; given: they replace the stored ones. Entries answer
 *   `translations` with every language and field ('' where not given).
 *
 * Staff accounts and roles
 *   GET    /staff/accounts                  -> StaffAccountList (every admin and doctor account)
 *   PUT    /staff/accounts/role             RoleRequest -> RoleAnswer            user.role
 *          404 no account with that email (they must register first); 400 `role` when 'doctor'
 *          and no doctor has that email; 409 when it would leave the clinic without an admin.
 *          Same rules as `npm run clinic -- create-admin|make-doctor|make-patient`.
 *
 * Appointments (admins act on any doctor's; see contract/staff.ts for the day/range list)
 *   POST   /staff/appointments/{id}/move    AdminMoveRequest -> StaffAppointmentAnswer   appointment.moved
 *          To another date, time and location of the SAME doctor, by the booking rules
 *          (a slot of that doctor there that day, not begun, not on leave; 400 naming the field);
 *          409 `This slot is already booked`; 409 for a Completed or Cancelled appointment.
 *          A paid appointment stays paid; an unpaid one keeps its hold's expiry (a lapsed one gets a new hold).
 *   POST   /staff/appointments/{id}/cancel  AdminCancelRequest -> StaffAppointmentAnswer appointment.cancelled
 *          Kept as Cancelled, slot freed. A PAID one is flagged for refund (payment status
 *          `refund`, listed under Refunds). 409 for a Completed or already Cancelled one.
 *   PUT    /staff/orders/{id}/status        OrderStatusRequest -> StaffAppointmentAnswer order.status
 *          Cancelling a paid order flags its payment for refund.
 *
 * Refunds (money the clinic owes back: flagged by the payment service, or by a clinic cancellation)
 *   GET    /staff/refunds?state=open|resolved|all  -> RefundList (open by default, latest first)
 *   POST   /staff/refunds/{id}/resolve      RefundResolveRequest -> RefundAnswer   refund.resolved
 *          Marks it refunded outside the portal, with a note. 409 when already resolved, or while
 *          a refund through the payment provider is under way (admin.refundInProgress).
 *   POST   /staff/refunds/{id}/retry        -> RefundAnswer                         refund.retried
 *          Asks the payment provider again, with a new refund key, after its last attempt failed.
 *          409 otherwise (admin.refundNotRetryable), or when already resolved.
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
  retryRefund: endpoint({ method: 'POST', path: '/staff/refunds/:id/retry', params: AdminIdParams, answer: RefundAnswer }),
};

