/**
 * The staff console's admin-only records (issue 6): locations, consultation fees, the site's
 * content (events, team members, testimonials), staff accounts and their roles, pharmacy orders'
 * status, and refunds. (Doctors and their schedules: services/staffSchedule.ts.)
 *
 * Every call checks the caller is an admin (403 otherwise), whatever the route did before it.
 * Every change runs in one transaction with its audit row (who, role, when, action, before and
 * after), so a refused or failed change leaves neither the change nor its audit row behind.
 */
import type { AppointmentRecord } from '../../contract/appointments.js';
import { toDisplayableMediaLink } from '../../contract/mediaLink.js';
import { type ConsultationType, consultationTypes } from '../../contract/primitives.js';
import type {
  AccountRole,
  AdminEvent,
  AdminFee,
  AdminLocation,
  AdminOrderStatus,
  AdminTeamMember,
  AdminTestimonial,
  RefundItem,
  RefundReason,
  StaffAccount,
} from '../../contract/staffAdmin.js';
import { type Database, type Queryable, sqlState, violatedConstraint } from '../db/database.js';
import { findStoredAppointment } from '../repositories/appointmentRecords.js';
import { findFeeOf, listFees, setFee } from '../repositories/fees.js';
import {
  deleteLocation,
  findAdminLocation,
  insertLocation,
  listAdminLocations,
  locationNameConstraint,
  renameLocation,
  setLocationOrder,
} from '../repositories/locations.js';
import { findOrderState, setOrderStatus } from '../repositories/orders.js';
import { flagPaymentRefund } from '../repositories/payments.js';
import {
  findRefund,
  insertResolution,
  listRefunds,
  type RefundRow,
  resolutionConstraints,
} from '../repositories/refunds.js';
import {
  deleteSiteRow,
  findSiteRow,
  insertSiteRow,
  listSiteRows,
  setSiteOrder,
  type SiteFields,
  type SiteKind,
  type SiteRow,
  updateSiteRow,
} from '../repositories/site.js';
import {
  changeAccountRole,
  findAccountRoleByEmail,
  insertAudit,
  listStaffAccounts,
  RoleChangeRefused,
  type StaffAccount as StoredAccount,
} from '../repositories/staff.js';
import { recordAt } from './appointments.js';
import { BadRequestError, ConflictError, NotFoundError } from './errors.js';
import { assertAdmin, auditActor, type Staff } from './staff.js';

export const adminMessages = {
  locationNotFound: 'Location not found.',
  locationTaken: 'A location with this name exists already.',
  locationInUse: (doctors: number, appointments: number) =>
    `This location is in use (${doctors} doctor${doctors === 1 ? '' : 's'}, ${appointments} appointment${appointments === 1 ? '' : 's'}), so it cannot be deleted. Rename it instead, or take it off the doctors first.`,
  locationCreated: 'Location added.',
  locationRenamed: 'Location renamed.',
  locationDeleted: 'Location deleted.',
  badOrder: 'The new order must list every entry exactly once. Reload the list and try again.',
  reordered: 'Order saved.',
  feeSaved: 'Fee saved.',
  siteNotFound: 'This entry is not on the list any more.',
  siteCreated: 'Added.',
  siteUpdated: 'Saved.',
  siteDeleted: 'Deleted.',
  noAccount: 'There is no account with this email. The person must register on the site (or sign in with Google) first.',
  noDoctor: 'No doctor in the doctor list has this email. Add the doctor (with this email) first.',
  lastAdmin: 'This is the clinic\'s last admin account. Make another account an admin first.',
  roleChanged: 'Role changed.',
  roleUnchanged: 'The account has this role already. Nothing changed.',
  orderNotFound: 'Order not found.',
  orderCancelled: 'This order was cancelled: its status cannot change any more.',
  orderStatusSaved: 'Order status saved.',
  orderCancelledRefund: 'Order cancelled. It was paid: it is listed under Refunds.',
  refundNotFound: 'There is no refund to record with this id.',
  refundResolved: 'Refund recorded as paid back.',
  refundAlreadyResolved: 'This refund was recorded as paid back already.',
} as const;

const unique = (error: unknown, constraint: string | readonly string[]) =>
  sqlState(error) === '23505' && [constraint].flat().includes(violatedConstraint(error) ?? '');

function sameIds(ids: readonly string[], existing: readonly string[]): boolean {
  const wanted = new Set(ids.map((id) => id.toLowerCase()));
  return wanted.size === ids.length && wanted.size === existing.length && existing.every((id) => wanted.has(id));
}

/* Site content as the console shows it: the stored links and their display form, for the preview. */

type SiteAnswer = { events: AdminEvent; team: AdminTeamMember; testimonials: AdminTestimonial };

function toSiteAnswer<K extends SiteKind>(kind: K, row: SiteRow<K>): SiteAnswer[K];
function toSiteAnswer(kind: SiteKind, row: SiteRow<SiteKind>): SiteAnswer[SiteKind] {
  const withImage = { ...row, displayImage: toDisplayableMediaLink(row.image) };
  if (kind === 'events') {
    const event = withImage as SiteRow<'events'> & { displayImage: string };
    return { ...event, displayVideo: toDisplayableMediaLink(event.video) };
  }
  return withImage as AdminTeamMember | AdminTestimonial;
}

/** The audit actions' middle word: site.event.created, site.team.updated, site.testimonial.deleted... */
const siteAction = { events: 'event', team: 'team', testimonials: 'testimonial' } as const satisfies Record<SiteKind, string>;

/* Refunds. */

/** Why the money is owed, from what the flagged payment (or record) paid for, as it stands now. */
export function refundReason(r: RefundRow): RefundReason {
  if (r.subject === 'appointment' || r.subject === 'order') {
    return r.subject === 'order' || r.appointment.status === 'Cancelled' ? 'cancelled' : 'slotLost';
  }
  if (r.purpose === 'order') {
    if (r.order && r.order.paymentId === r.merchantOrderId) return 'cancelled';
    return r.order && (r.order.paymentStatus === 'Completed' || r.order.paymentStatus === 'Refund') ? 'duplicate' : 'amountChanged';
  }
  if (r.appointment.paymentId === r.merchantOrderId && r.appointment.paymentStatus === 'refund') {
    return r.appointment.status === 'Cancelled' ? 'cancelled' : 'slotLost';
  }
  if (r.appointment.paymentStatus === 'paid' || r.appointment.paymentStatus === 'refund') return 'duplicate';
  return r.appointment.status === 'Cancelled' ? 'cancelled' : 'amountChanged';
}

const toRefundItem = (r: RefundRow): RefundItem => ({
  _id: r.id,
  purpose: r.purpose,
  reason: refundReason(r),
  amount: r.amountPaise / 100,
  merchantOrderId: r.merchantOrderId,
  provider: r.provider,
  flaggedAt: r.flaggedAt.toISOString(),
  appointmentId: r.appointmentId,
  appointmentNumber: r.appointmentNumber,
  orderId: r.orderId,
  patient: r.patient,
  resolved: r.resolved === null ? null : { at: r.resolved.at.toISOString(), by: r.resolved.by, note: r.resolved.note },
});

const toStaffAccount = (a: StoredAccount): StaffAccount => ({
  userId: a.userId,
  email: a.email,
  firstName: a.firstName,
  lastName: a.lastName,
  role: a.role,
  doctorId: a.doctorId,
  doctorName: a.doctorName,
});

export function createStaffAdminService({ db, now }: { db: Database; now: () => Date }) {
  const badField = (field: string, message: string, summary: string) => new BadRequestError(summary, [{ field, message }]);

  async function adminFees(q: Queryable): Promise<AdminFee[]> {
    const stored = new Map((await listFees(q)).map((f) => [f.consultationType, f.consultationFee]));
    return consultationTypes.map((consultationType) => ({ consultationType, consultationFee: stored.get(consultationType) ?? null }));
  }

  async function locationAnswer(id: string, message: string): Promise<{ message: string; location: AdminLocation }> {
    return { message, location: (await findAdminLocation(db, id))! };
  }

  return {
    /* ------------------------------------------------------------------ locations */

    async locations(staff: Staff): Promise<AdminLocation[]> {
      assertAdmin(staff);
      return listAdminLocations(db);
    },

    async createLocation(staff: Staff, name: string) {
      assertAdmin(staff);
      const at = now();
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          const newId = await insertLocation(tx, name, at);
          await insertAudit(tx, { ...auditActor(staff), action: 'location.created', details: { locationId: newId, after: { name } } }, at);
          return newId;
        });
      } catch (error) {
        if (unique(error, locationNameConstraint)) throw new ConflictError(adminMessages.locationTaken);
        throw error;
      }
      return locationAnswer(id, adminMessages.locationCreated);
    },

    /** Appointments and hours refer to the location by id: they follow the new name. */
    async renameLocation(staff: Staff, id: string, name: string) {
      assertAdmin(staff);
      const at = now();
      try {
        await db.transaction(async (tx) => {
          const before = await findAdminLocation(tx, id, true);
          if (!before) throw new NotFoundError(adminMessages.locationNotFound);
          await renameLocation(tx, before._id, name);
          await insertAudit(
            tx,
            { ...auditActor(staff), action: 'location.renamed', details: { locationId: before._id, before: { name: before.name }, after: { name } } },
            at,
          );
        });
      } catch (error) {
        if (unique(error, locationNameConstraint)) throw new ConflictError(adminMessages.locationTaken);
        throw error;
      }
      return locationAnswer(id.toLowerCase(), adminMessages.locationRenamed);
    },

    /** Refused while a doctor works there or any appointment was booked there (their records need it). */
    async deleteLocation(staff: Staff, id: string) {
      assertAdmin(staff);
      const at = now();
      await db.transaction(async (tx) => {
        const before = await findAdminLocation(tx, id, true);
        if (!before) throw new NotFoundError(adminMessages.locationNotFound);
        if (before.doctorCount > 0 || before.appointmentCount > 0) {
          throw new ConflictError(adminMessages.locationInUse(before.doctorCount, before.appointmentCount));
        }
        await deleteLocation(tx, before._id);
        await insertAudit(tx, { ...auditActor(staff), action: 'location.deleted', details: { locationId: before._id, before: { name: before.name } } }, at);
      });
      return { message: adminMessages.locationDeleted };
    },

    async reorderLocations(staff: Staff, ids: readonly string[]): Promise<AdminLocation[]> {
      assertAdmin(staff);
      const at = now();
      await db.transaction(async (tx) => {
        const before = await listAdminLocations(tx);
        if (!sameIds(ids, before.map((l) => l._id))) throw badField('ids', 'must list every location exactly once', adminMessages.badOrder);
        const order = ids.map((id) => id.toLowerCase());
        await setLocationOrder(tx, order);
        await insertAudit(
          tx,
          { ...auditActor(staff), action: 'location.reordered', details: { before: before.map((l) => l._id), after: order } },
          at,
        );
      });
      return listAdminLocations(db);
    },

    /* ------------------------------------------------------------------ fees */

    async fees(staff: Staff): Promise<AdminFee[]> {
      assertAdmin(staff);
      return adminFees(db);
    },

    /** Appointments keep the fee they were booked at; new bookings pay this one. */
    async setFee(staff: Staff, type: ConsultationType, fee: number) {
      assertAdmin(staff);
      const at = now();
      await db.transaction(async (tx) => {
        const before = await findFeeOf(tx, type, true);
        await setFee(tx, type, fee, at);
        await insertAudit(
          tx,
          { ...auditActor(staff), action: 'fee.updated', details: { consultationType: type, before: { fee: before }, after: { fee } } },
          at,
        );
      });
      return { message: adminMessages.feeSaved, fees: await adminFees(db) };
    },

    /* ------------------------------------------------------------------ site content */

    async siteList<K extends SiteKind>(staff: Staff, kind: K): Promise<SiteAnswer[K][]> {
      assertAdmin(staff);
      return (await listSiteRows(db, kind)).map((row) => toSiteAnswer(kind, row));
    },

    async siteCreate<K extends SiteKind>(staff: Staff, kind: K, fields: SiteFields[K]): Promise<SiteAnswer[K]> {
      assertAdmin(staff);
      const at = now();
      const id = await db.transaction(async (tx) => {
        const newId = await insertSiteRow(tx, kind, fields, at);
        await insertAudit(tx, { ...auditActor(staff), action: `site.${siteAction[kind]}.created`, details: { id: newId, after: fields } }, at);
        return newId;
      });
      return toSiteAnswer(kind, (await findSiteRow(db, kind, id))!);
    },

    async siteUpdate<K extends SiteKind>(staff: Staff, kind: K, id: string, fields: SiteFields[K]): Promise<SiteAnswer[K]> {
      assertAdmin(staff);
      const at = now();
      await db.transaction(async (tx) => {
        const before = await findSiteRow(tx, kind, id, true);
        if (!before) throw new NotFoundError(adminMessages.siteNotFound);
        const { _id, displayOrder: _order, ...stored } = before;
        await updateSiteRow(tx, kind, _id, fields);
        await insertAudit(tx, { ...auditActor(staff), action: `site.${siteAction[kind]}.updated`, details: { id: _id, before: stored, after: fields } }, at);
      });
      return toSiteAnswer(kind, (await findSiteRow(db, kind, id))!);
    },

    async siteDelete(staff: Staff, kind: SiteKind, id: string) {
      assertAdmin(staff);
      const at = now();
      await db.transaction(async (tx) => {
        const before = await findSiteRow(tx, kind, id, true);
        if (!before || !(await deleteSiteRow(tx, kind, before._id))) throw new NotFoundError(adminMessages.siteNotFound);
        const { _id, displayOrder: _order, ...stored } = before;
        await insertAudit(tx, { ...auditActor(staff), action: `site.${siteAction[kind]}.deleted`, details: { id: _id, before: stored } }, at);
      });
      return { message: adminMessages.siteDeleted };
    },

    async siteReorder<K extends SiteKind>(staff: Staff, kind: K, ids: readonly string[]): Promise<SiteAnswer[K][]> {
      assertAdmin(staff);
      const at = now();
      await db.transaction(async (tx) => {
        const before = await listSiteRows(tx, kind);
        if (!sameIds(ids, before.map((r) => r._id))) throw badField('ids', 'must list every entry exactly once', adminMessages.badOrder);
        const order = ids.map((id) => id.toLowerCase());
        await setSiteOrder(tx, kind, order);
        await insertAudit(
          tx,
          { ...auditActor(staff), action: `site.${siteAction[kind]}.reordered`, details: { before: before.map((r) => r._id), after: order } },
          at,
        );
      });
      return (await listSiteRows(db, kind)).map((row) => toSiteAnswer(kind, row));
    },

    /* ------------------------------------------------------------------ staff accounts */

    async accounts(staff: Staff): Promise<StaffAccount[]> {
      assertAdmin(staff);
      return (await listStaffAccounts(db)).map(toStaffAccount);
    },

    /** The rules of `npm run clinic` (repositories/staff.ts changeAccountRole), and never the last admin. */
    async setRole(staff: Staff, email: string, role: AccountRole) {
      assertAdmin(staff);
      const address = email.toLowerCase();
      let changed: boolean;
      try {
        ({ changed } = await db.transaction((tx) =>
          changeAccountRole(tx, { email: address, role, keepAnAdmin: true }, auditActor(staff), now()),
        ));
      } catch (error) {
        if (!(error instanceof RoleChangeRefused)) throw error;
        if (error.reason === 'noAccount') throw new NotFoundError(adminMessages.noAccount);
        if (error.reason === 'noDoctor') throw badField('role', 'needs a doctor with this email in the doctor list', adminMessages.noDoctor);
        throw new ConflictError(adminMessages.lastAdmin);
      }
      const account = (await findAccountRoleByEmail(db, address))!;
      return { message: changed ? adminMessages.roleChanged : adminMessages.roleUnchanged, account: toStaffAccount(account) };
    },

    /* ------------------------------------------------------------------ orders */

    /** Placed, Ready, Delivered, Cancelled (final). Cancelling a paid order flags its payment for refund. */
    async setOrderStatus(staff: Staff, id: string, orderStatus: AdminOrderStatus): Promise<{ message: string; appointment: AppointmentRecord }> {
      assertAdmin(staff);
      const at = now();
      const { appointmentId, message } = await db.transaction(async (tx) => {
        const order = await findOrderState(tx, id, true);
        if (!order) throw new NotFoundError(adminMessages.orderNotFound);
        if (order.orderStatus === 'Cancelled' && orderStatus !== 'Cancelled') throw new ConflictError(adminMessages.orderCancelled);
        if (order.orderStatus === orderStatus) return { appointmentId: order.appointmentId, message: adminMessages.orderStatusSaved };
        const refund = orderStatus === 'Cancelled' && order.paymentStatus === 'Completed';
        await setOrderStatus(tx, order.id, orderStatus, refund, at);
        if (refund && order.paymentId !== null) await flagPaymentRefund(tx, order.paymentId, at);
        await insertAudit(
          tx,
          {
            ...auditActor(staff),
            action: 'order.status',
            appointmentId: order.appointmentId,
            details: {
              orderId: order.id,
              before: { orderStatus: order.orderStatus, paymentStatus: order.paymentStatus },
              after: { orderStatus, paymentStatus: refund ? 'Refund' : order.paymentStatus },
            },
          },
          at,
        );
        return { appointmentId: order.appointmentId, message: refund ? adminMessages.orderCancelledRefund : adminMessages.orderStatusSaved };
      });
      return { message, appointment: recordAt((await findStoredAppointment(db, appointmentId))!, now()) };
    },

    /* ------------------------------------------------------------------ refunds */

    async refunds(staff: Staff, state: 'open' | 'resolved' | 'all'): Promise<RefundItem[]> {
      assertAdmin(staff);
      return (await listRefunds(db, state)).map(toRefundItem);
    },

    /** Recorded once: the money went back outside the portal (provider dashboard, cash), with a note. */
    async resolveRefund(staff: Staff, id: string, note: string) {
      assertAdmin(staff);
      const at = now();
      try {
        await db.transaction(async (tx) => {
          const refund = await findRefund(tx, id.toLowerCase());
          if (!refund) throw new NotFoundError(adminMessages.refundNotFound);
          if (refund.resolved) throw new ConflictError(adminMessages.refundAlreadyResolved);
          await insertResolution(tx, refund.subject, refund.id, { userId: staff.user._id, email: staff.user.email }, note, at);
          await insertAudit(
            tx,
            {
              ...auditActor(staff),
              action: 'refund.resolved',
              appointmentId: refund.appointmentId,
              subjectUserId: refund.patient.userId,
              details: {
                refundId: refund.id,
                purpose: refund.purpose,
                amount: refund.amountPaise / 100,
                merchantOrderId: refund.merchantOrderId,
                reason: refundReason(refund),
                note,
              },
            },
            at,
          );
        });
      } catch (error) {
        // Two admins recording the same refund at once: the second meets the unique constraint.
        if (unique(error, resolutionConstraints)) throw new ConflictError(adminMessages.refundAlreadyResolved);
        throw error;
      }
      return { message: adminMessages.refundResolved, refund: toRefundItem((await findRefund(db, id.toLowerCase()))!) };
    },
  };
}
export type StaffAdminService = ReturnType<typeof createStaffAdminService>;

