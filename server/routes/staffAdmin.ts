/**
 * The staff console's admin-only endpoints; the full list, with codecs and statuses, is
 * contract/staffAdmin.ts. One preHandler hook, on every route of this plugin, answers 401 (no
 * live token), then 403 (a patient's token, then a doctor's) before the body is read; the
 * services check the admin role again. The orphan rule's 409 carries the affected appointments
 * (services/staffSchedule.ts OrphanedBookingsError, a ConflictWithBodyError the app's handler sends as it is).
 */
import type { FastifyInstance } from 'fastify';
import type * as t from 'io-ts';
import { staffAdminEndpoints as admin, type Endpoint } from '../../contract/endpoints/index.js';
import { eventCodecs, teamCodecs, testimonialCodecs, type AdminEvent, type AdminTeamMember, type AdminTestimonial } from '../../contract/staffAdmin.js';
import { adminRequired } from '../http/auth.js';
import { route } from '../http/route.js';
import type { SiteFields, SiteKind } from '../repositories/site.js';
import type { Services } from '../services/index.js';
import { adminMessages } from '../services/staffAdmin/messages.js';

/** One kind of site content's entry, as the console reads it. */
type SiteEntry = { events: AdminEvent; team: AdminTeamMember; testimonials: AdminTestimonial };

export async function staffAdminRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const guard = adminRequired(services);
  // Every route below is for admins: 401, then 403 for a patient (staff only), then 403 for a
  // doctor (admins only), before any route reads its input. The hook holds for this plugin only.
  app.addHook('preHandler', guard.preHandler);
  const adminOf = guard.staffOf;
  const { staffAdmin, staffSchedule } = services;

  /* ------------------------------------------------------------------ locations */

  route(app, admin.locations, {}, (_input, request) => staffAdmin.locations(adminOf(request)));
  route(app, admin.addLocation, {}, ({ body }, request) => staffAdmin.createLocation(adminOf(request), body));
  route(app, admin.reorderLocations, {}, ({ body }, request) => staffAdmin.reorderLocations(adminOf(request), body.ids));
  route(app, admin.renameLocation, {}, ({ params, body }, request) => staffAdmin.renameLocation(adminOf(request), params.id, body));
  route(app, admin.deleteLocation, {}, ({ params }, request) => staffAdmin.deleteLocation(adminOf(request), params.id));

  /* ------------------------------------------------------------------ doctors, hours, leave */

  route(app, admin.addDoctor, {}, ({ body }, request) => staffSchedule.create(adminOf(request), body));
  route(app, admin.reorderDoctors, {}, ({ body }, request) => staffSchedule.reorder(adminOf(request), body.ids));
  route(app, admin.schedule, {}, ({ params }, request) => staffSchedule.schedule(adminOf(request), params.id));
  route(app, admin.updateDoctor, {}, ({ params, body }, request) => staffSchedule.update(adminOf(request), params.id, body));
  route(app, admin.setDoctorActive, {}, ({ params, body }, request) => staffSchedule.setActive(adminOf(request), params.id, body.active));
  route(app, admin.deleteDoctor, {}, ({ params }, request) => staffSchedule.remove(adminOf(request), params.id));
  route(app, admin.replaceHours, {}, ({ params, body }, request) =>
    staffSchedule.replaceHours(adminOf(request), params.id, params.locationId, body.hours),
  );
  route(app, admin.replaceOnlineHours, {}, ({ params, body }, request) => staffSchedule.replaceOnlineHours(adminOf(request), params.id, body.hours));
  route(app, admin.addLeave, {}, ({ params, body }, request) => staffSchedule.addLeave(adminOf(request), params.id, body));
  route(app, admin.removeLeave, {}, ({ params }, request) => staffSchedule.removeLeave(adminOf(request), params.id, params.leaveId));

  /* ------------------------------------------------------------------ fees */

  route(app, admin.fees, {}, (_input, request) => staffAdmin.fees(adminOf(request)));
  route(app, admin.saveFee, {}, ({ body }, request) => staffAdmin.setFee(adminOf(request), body.consultationType, body.consultationFee));

  /* ------------------------------------------------------------------ site content */

  /** The five routes of one kind of site content; its add / save answer names the entry `key`. */
  const siteKind = <K extends SiteKind, Key extends string>(
    kind: K,
    endpoints: (typeof admin)[K],
    codecs: { readonly input: t.Decoder<unknown, SiteFields<K>>; readonly key: Key },
  ) => {
    type Answer = { message: string } & Record<Key, SiteEntry[K]>;
    const answerOf = (message: string, entry: SiteEntry[K]) => ({ message, [codecs.key]: entry }) as Answer;
    // The table's codecs are the kind's own (contract/staffAdmin.ts siteContentCodecs), typed here by the kind.
    const add = endpoints.add as unknown as Endpoint<undefined, undefined, t.Type<SiteFields<K>, unknown>, t.Type<Answer, unknown>>;
    const update = endpoints.update as unknown as Endpoint<typeof endpoints.update.params, undefined, t.Type<SiteFields<K>, unknown>, t.Type<Answer, unknown>>;
    const list = endpoints.list as unknown as Endpoint<undefined, undefined, undefined, t.Type<SiteEntry[K][], unknown>>;
    const reorder = endpoints.reorder as unknown as Endpoint<undefined, undefined, typeof endpoints.reorder.body, t.Type<SiteEntry[K][], unknown>>;
    route(app, list, {}, (_input, request) => staffAdmin.siteList(adminOf(request), kind));
    route(app, add, {}, async ({ body }, request) => answerOf(adminMessages.siteCreated, await staffAdmin.siteCreate(adminOf(request), kind, body)));
    route(app, reorder, {}, ({ body }, request) => staffAdmin.siteReorder(adminOf(request), kind, body.ids));
    route(app, update, {}, async ({ params, body }, request) =>
      answerOf(adminMessages.siteUpdated, await staffAdmin.siteUpdate(adminOf(request), kind, params.id, body)),
    );
    route(app, endpoints.remove, {}, ({ params }, request) => staffAdmin.siteDelete(adminOf(request), kind, params.id));
  };
  siteKind('events', admin.events, eventCodecs);
  siteKind('team', admin.team, teamCodecs);
  siteKind('testimonials', admin.testimonials, testimonialCodecs);

  /* ------------------------------------------------------------------ staff accounts */

  route(app, admin.accounts, {}, (_input, request) => staffAdmin.accounts(adminOf(request)));
  route(app, admin.setRole, {}, ({ body }, request) => staffAdmin.setRole(adminOf(request), body.email, body.role));

  /* ------------------------------------------------------------------ appointments and orders */

  route(app, admin.move, {}, ({ params, body }, request) => staffSchedule.move(adminOf(request), params.id, body));
  route(app, admin.cancel, {}, ({ params, body }, request) => staffSchedule.cancel(adminOf(request), params.id, body.reason));
  route(app, admin.orderStatus, {}, ({ params, body }, request) => staffAdmin.setOrderStatus(adminOf(request), params.id, body.orderStatus));

  /* ------------------------------------------------------------------ refunds */

  route(app, admin.refunds, {}, ({ query }, request) => staffAdmin.refunds(adminOf(request), query.state ?? 'open'));
  route(app, admin.resolveRefund, {}, ({ params, body }, request) => staffAdmin.resolveRefund(adminOf(request), params.id, body.note));
  route(app, admin.retryRefund, {}, ({ params }, request) => staffAdmin.retryRefund(adminOf(request), params.id));
}
