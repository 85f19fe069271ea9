/**
 * The staff console's admin-only endpoints; the full list, with codecs and statuses, is
 * contract/staffAdmin.ts. One preHandler hook, on every route of this plugin, answers 401 (no
 * live token), then 403 (a patient's token, then a doctor's) before the body is read; the
 * services check the admin role again. The orphan rule's 409 carries the affected appointments
 * (services/staffSchedule.ts OrphanedBookingsError, a ConflictWithBodyError the app's handler sends as it is).
 */
import type { FastifyInstance } from 'fastify';
import type * as t from 'io-ts';
import { MessageAnswer } from '../../contract/auth.js';
import { StaffAppointmentAnswer } from '../../contract/staff.js';
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
  OnlineHoursParams,
  LeaveInput,
  LeaveParams,
  LocationAnswer,
  LocationInput,
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
  type AdminEvent,
  type AdminTeamMember,
  type AdminTestimonial,
} from '../../contract/staffAdmin.js';
import { adminRequired } from '../http/auth.js';
import { handle } from '../http/route.js';
import type { SiteFields, SiteKind } from '../repositories/site.js';
import type { Services } from '../services/index.js';
import { adminMessages } from '../services/staffAdmin/messages.js';

/** One kind of site content's entry, as the console reads it. */
type SiteEntry = { events: AdminEvent; team: AdminTeamMember; testimonials: AdminTestimonial };

/** The codecs of one kind's routes (contract/staffAdmin.ts siteContentCodecs), and the name its add / save answer gives the entry. */
interface SiteKindCodecs<K extends SiteKind, Key extends string> {
  readonly input: t.Decoder<unknown, SiteFields<K>>;
  readonly list: t.Encoder<SiteEntry[K][], unknown>;
  readonly answer: t.Encoder<{ message: string } & Record<Key, SiteEntry[K]>, unknown>;
  readonly key: Key;
}

export async function staffAdminRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const guard = adminRequired(services);
  // Every route below is for admins: 401, then 403 for a patient (staff only), then 403 for a
  // doctor (admins only), before any route reads its input. The hook holds for this plugin only.
  app.addHook('preHandler', guard.preHandler);
  const admin = guard.staffOf;
  const { staffAdmin, staffSchedule } = services;

  /* ------------------------------------------------------------------ locations */

  app.get('/staff/locations', handle({ answer: AdminLocationList }, (_input, request) => staffAdmin.locations(admin(request))));
  app.post(
    '/staff/locations',
    handle({ body: LocationInput, answer: LocationAnswer }, ({ body }, request) => staffAdmin.createLocation(admin(request), body.name)),
  );
  app.put(
    '/staff/locations/order',
    handle({ body: ReorderRequest, answer: AdminLocationList }, ({ body }, request) => staffAdmin.reorderLocations(admin(request), body.ids)),
  );
  app.put(
    '/staff/locations/:id',
    handle({ params: AdminIdParams, body: LocationInput, answer: LocationAnswer }, ({ params, body }, request) =>
      staffAdmin.renameLocation(admin(request), params.id, body.name),
    ),
  );
  app.delete(
    '/staff/locations/:id',
    handle({ params: AdminIdParams, answer: MessageAnswer }, ({ params }, request) => staffAdmin.deleteLocation(admin(request), params.id)),
  );

  /* ------------------------------------------------------------------ doctors, hours, leave */

  app.get('/staff/doctors', handle({ answer: AdminDoctorList }, (_input, request) => staffSchedule.list(admin(request))));
  app.post(
    '/staff/doctors',
    handle({ body: DoctorInput, answer: DoctorAnswer }, ({ body }, request) => staffSchedule.create(admin(request), body)),
  );
  app.put(
    '/staff/doctors/order',
    handle({ body: ReorderRequest, answer: AdminDoctorList }, ({ body }, request) => staffSchedule.reorder(admin(request), body.ids)),
  );
  app.get(
    '/staff/doctors/:id',
    handle({ params: AdminIdParams, answer: DoctorSchedule }, ({ params }, request) => staffSchedule.schedule(admin(request), params.id)),
  );
  app.put(
    '/staff/doctors/:id',
    handle({ params: AdminIdParams, body: DoctorInput, answer: DoctorAnswer }, ({ params, body }, request) =>
      staffSchedule.update(admin(request), params.id, body),
    ),
  );
  app.put(
    '/staff/doctors/:id/active',
    handle({ params: AdminIdParams, body: DoctorActiveRequest, answer: DoctorAnswer }, ({ params, body }, request) =>
      staffSchedule.setActive(admin(request), params.id, body.active),
    ),
  );
  app.delete(
    '/staff/doctors/:id',
    handle({ params: AdminIdParams, answer: MessageAnswer }, ({ params }, request) => staffSchedule.remove(admin(request), params.id)),
  );
  app.put(
    '/staff/doctors/:id/hours/:locationId',
    handle({ params: HoursParams, body: HoursRequest, answer: ScheduleAnswer }, ({ params, body }, request) =>
      staffSchedule.replaceHours(admin(request), params.id, params.locationId, body.hours),
    ),
  );
  app.put(
    '/staff/doctors/:id/onlinehours',
    handle({ params: OnlineHoursParams, body: HoursRequest, answer: ScheduleAnswer }, ({ params, body }, request) =>
      staffSchedule.replaceOnlineHours(admin(request), params.id, body.hours),
    ),
  );
  app.post(
    '/staff/doctors/:id/leave',
    handle({ params: AdminIdParams, body: LeaveInput, answer: ScheduleAnswer }, ({ params, body }, request) =>
      staffSchedule.addLeave(admin(request), params.id, body),
    ),
  );
  app.delete(
    '/staff/doctors/:id/leave/:leaveId',
    handle({ params: LeaveParams, answer: ScheduleAnswer }, ({ params }, request) =>
      staffSchedule.removeLeave(admin(request), params.id, params.leaveId),
    ),
  );

  /* ------------------------------------------------------------------ fees */

  app.get('/staff/fees', handle({ answer: AdminFeeList }, (_input, request) => staffAdmin.fees(admin(request))));
  app.put(
    '/staff/fees',
    handle({ body: FeeInput, answer: FeesAnswer }, ({ body }, request) =>
      staffAdmin.setFee(admin(request), body.consultationType, body.consultationFee),
    ),
  );

  /* ------------------------------------------------------------------ site content */

  /** The five routes of one kind of site content. */
  const siteKind = <K extends SiteKind, Key extends string>(kind: K, codecs: SiteKindCodecs<K, Key>) => {
    const base = `/staff/site/${kind}`;
    const answerOf = (message: string, entry: SiteEntry[K]) => ({ message, [codecs.key]: entry }) as { message: string } & Record<Key, SiteEntry[K]>;
    app.get(base, handle({ answer: codecs.list }, (_input, request) => staffAdmin.siteList(admin(request), kind)));
    app.post(
      base,
      handle({ body: codecs.input, answer: codecs.answer }, async ({ body }, request) =>
        answerOf(adminMessages.siteCreated, await staffAdmin.siteCreate(admin(request), kind, body)),
      ),
    );
    app.put(
      `${base}/order`,
      handle({ body: ReorderRequest, answer: codecs.list }, ({ body }, request) => staffAdmin.siteReorder(admin(request), kind, body.ids)),
    );
    app.put(
      `${base}/:id`,
      handle({ params: AdminIdParams, body: codecs.input, answer: codecs.answer }, async ({ params, body }, request) =>
        answerOf(adminMessages.siteUpdated, await staffAdmin.siteUpdate(admin(request), kind, params.id, body)),
      ),
    );
    app.delete(
      `${base}/:id`,
      handle({ params: AdminIdParams, answer: MessageAnswer }, ({ params }, request) => staffAdmin.siteDelete(admin(request), kind, params.id)),
    );
  };
  siteKind('events', eventCodecs);
  siteKind('team', teamCodecs);
  siteKind('testimonials', testimonialCodecs);

  /* ------------------------------------------------------------------ staff accounts */

  app.get('/staff/accounts', handle({ answer: StaffAccountList }, (_input, request) => staffAdmin.accounts(admin(request))));
  app.put(
    '/staff/accounts/role',
    handle({ body: RoleRequest, answer: RoleAnswer }, ({ body }, request) => staffAdmin.setRole(admin(request), body.email, body.role)),
  );

  /* ------------------------------------------------------------------ appointments and orders */

  app.post(
    '/staff/appointments/:id/move',
    handle({ params: AdminIdParams, body: AdminMoveRequest, answer: StaffAppointmentAnswer }, ({ params, body }, request) =>
      staffSchedule.move(admin(request), params.id, body),
    ),
  );
  app.post(
    '/staff/appointments/:id/cancel',
    handle({ params: AdminIdParams, body: AdminCancelRequest, answer: StaffAppointmentAnswer }, ({ params, body }, request) =>
      staffSchedule.cancel(admin(request), params.id, body.reason),
    ),
  );
  app.put(
    '/staff/orders/:id/status',
    handle({ params: AdminIdParams, body: OrderStatusRequest, answer: StaffAppointmentAnswer }, ({ params, body }, request) =>
      staffAdmin.setOrderStatus(admin(request), params.id, body.orderStatus),
    ),
  );

  /* ------------------------------------------------------------------ refunds */

  app.get(
    '/staff/refunds',
    handle({ query: RefundQuery, answer: RefundList }, ({ query }, request) => staffAdmin.refunds(admin(request), query.state ?? 'open')),
  );
  app.post(
    '/staff/refunds/:id/resolve',
    handle({ params: AdminIdParams, body: RefundResolveRequest, answer: RefundAnswer }, ({ params, body }, request) =>
      staffAdmin.resolveRefund(admin(request), params.id, body.note),
    ),
  );
}
