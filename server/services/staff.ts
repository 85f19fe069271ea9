/**
 * Clinic staff: completing a consultation, and the staff console's screens.
 *
 * Roles live on the account (users.role, 005_staff.sql): 'admin' acts on every appointment;
 * 'doctor' on the appointments of the doctor whose email the account has (doctors.email), and
 * only those; 'reception' (the front desk, server/desk) reads every appointment's lists and
 * record, with the empty medicines, and completes, marks or orders nothing (403); 'patient' on no
 * staff endpoint at all (403). The rules are server/access/rules.ts.
 * The role is read on every request, so a change (`npm run clinic -- ...`, server/cli.ts) takes
 * effect at once, on every instance.
 *
 * Every change is written to the audit log in the same transaction as the change itself: who
 * (account, email, role), when, what (the action), and the values before and after.
 *
 * - complete: status Completed with the prescription, from the join window's opening on
 *   (JOIN_OPENS_MINUTES_BEFORE before the start, services/consultations.ts joinWindow): a doctor
 *   cannot close a consultation that has not begun (the patient's card would move to the past and
 *   the join link vanish). Before it: 409 with the code 'completionNotOpen' and `opensAt`. A
 *   Completed appointment's prescription may be written again at any time (action
 *   prescription.updated, or prescription.amended when its words change: a new version, server/verify); a Cancelled one cannot be completed. A Missed one can (the doctor
 *   marked it by mistake, or the patient came after all).
 * - didNotAttend: status Missed, the other way a consultation ends, from the slot's end on (409
 *   'didNotAttendNotYet' with `endsAt` before), for a paid appointment that is not Cancelled,
 *   Completed or Missed already. Not for a Chat: a chat consultation lasts until the doctor
 *   completes it (services/chat.ts). The fee stays (nothing is refunded; spec §8 for a cancel).
 * - order: the pharmacy order of a Completed appointment: one per appointment, paymentStatus
 *   'Pending' (the payment service sets 'Completed' when a card payment settles), orderStatus
 *   'Placed', paymentMode 'Card' (the patient pays online) or 'Cash' (at the pharmacy).
 * - appointments: a day, or a range of at most 62 days, optionally of one doctor and
 *   one location; a doctor's own only (naming another doctor: 403). One appointment with its
 *   checkouts likewise.
 *
 * Each part is a file of services/staff/: appointments.ts (who is staff, the lists), complete.ts
 * (complete, didNotAttend), orders.ts, audit.ts; shared.ts keeps the messages and what they share.
 * The admin-only parts of the console are services/staffAdmin.ts and services/staffSchedule.ts.
 */
import type { AppointmentRecord, Medicines } from '../../contract/appointments.js';
import type { StaffAppointmentDetail, StaffAppointmentsQuery } from '../../contract/staff.js';
import type { User } from '../../contract/auth.js';
import type { Database, Queryable } from '../db/database.js';
import type { MailQueue } from '../jobs/keyedMails.js';
import { insertAudit, type Role } from '../repositories/staff.js';
import { badField } from './errors.js';
import { type ConsultationConfig, defaultConsultationConfig } from '../consultation/config.js';
import { authorizeStaff, listStaffAppointments, staffAppointmentDetail } from './staff/appointments.js';
import { auditLog, type StaffAuditRow } from './staff/audit.js';
import { completeConsultation, markDidNotAttend } from './staff/complete.js';
import { placeOrder, previewOrder } from './staff/orders.js';
import { defaultPharmacyConfig, type PharmacyConfig } from '../pharmacy/config.js';
import type { OrderPreview, Pharmacy, StaffOrderRequest } from '../../contract/pharmacyOrder.js';
import { listPharmacies } from '../repositories/orderLines.js';
import { auditActor, type StaffContext } from './staff/shared.js';

export { assertAdmin, assertWorksDesk, auditActor, consultationTimes, NotYetError, staffMessages } from './staff/shared.js';

/** A reorder request names every id of `existing` exactly once (ids in any case). */
function sameIds(ids: readonly string[], existing: readonly string[]): boolean {
  const wanted = new Set(ids.map((id) => id.toLowerCase()));
  return wanted.size === ids.length && wanted.size === existing.length && existing.every((id) => wanted.has(id));
}

/**
 * A whole list put in a new order (doctors, locations, site content), in one transaction with its
 * audit row (`action`, the ids before and after). 400 naming `ids` with `summary` unless `ids`
 * names every row of the list exactly once.
 */
export async function reorderWithAudit(
  db: Database,
  staff: Staff,
  at: Date,
  o: {
    ids: readonly string[];
    list: (tx: Queryable) => Promise<readonly { _id: string }[]>;
    save: (tx: Queryable, order: string[]) => Promise<void>;
    action: string;
    /** What a row is called in the field's message: 'doctor', 'location', 'entry'. */
    row: string;
    summary: string;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await o.list(tx);
    if (!sameIds(o.ids, before.map((r) => r._id))) throw badField('ids', `must list every ${o.row} exactly once`, o.summary);
    const order = o.ids.map((id) => id.toLowerCase());
    await o.save(tx, order);
    await insertAudit(tx, { ...auditActor(staff), action: o.action, details: { before: before.map((r) => r._id), after: order } }, at);
  });
}

export type StaffRole = Exclude<Role, 'patient'>;

/**
 * A staff member's account: always with an email (the staff console's login and the audit's
 * `actor`); authorizeStaff refuses a staff role on an account without one.
 */
export type StaffUser = User & { email: string };

/** A caller who passed the staff check. */
export interface Staff {
  user: StaffUser;
  role: StaffRole;
  /** The doctor a doctor account acts for; null for an admin (who may also be a doctor). */
  doctorId: string | null;
  doctorName: string | null;
}


export function createStaffService({
  db,
  now,
  mails,
  consultation = defaultConsultationConfig,
  pharmacy = defaultPharmacyConfig,
}: {
  db: Database;
  now: () => Date;
  /** A completion that first shows the patient the prescription queues its mail in its own transaction (server/jobs/commitMails.ts). */
  mails: MailQueue;
  /** JOIN_OPENS_MINUTES_BEFORE: completion opens with the join window. */
  consultation?: ConsultationConfig;
  /** PHARMACY_TAX_RATE, DELIVERY_FEE, CLINIC_GSTIN: how an order is priced (staff/orderPricing.ts). */
  pharmacy?: PharmacyConfig;
}) {
  const ctx: StaffContext = { db, now, mails, consultation };
  const orders = { ...ctx, pharmacy };
  return {
    /** The caller as staff, or 403 for a patient (and for a doctor account with no doctor record). */
    authorize: (user: User): Promise<Staff> => authorizeStaff(ctx, user),

    /** GET /staff/appointments: a day or a range, of every doctor or one; a doctor's own only (staff/appointments.ts). */
    appointments: (staff: Staff, query: StaffAppointmentsQuery): Promise<AppointmentRecord[]> => listStaffAppointments(ctx, staff, query),

    /** GET /staff/appointments/{id}: the record and its checkouts; a doctor's own only. */
    appointment: (staff: Staff, id: string): Promise<StaffAppointmentDetail> => staffAppointmentDetail(ctx, staff, id),

    /** POST /staff/appointments/{id}/complete: Completed, with the prescription (staff/complete.ts). */
    complete: (staff: Staff, id: string, medicines: Medicines) => completeConsultation(ctx, staff, id, medicines),

    /** POST /staff/appointments/{id}/did-not-attend: Missed, once the slot has ended (the rules above). */
    didNotAttend: (staff: Staff, id: string, note: string) => markDidNotAttend(ctx, staff, id, note),

    /** POST /staff/appointments/{id}/order: the pharmacy order of a Completed appointment (one only; staff/orders.ts). */
    createOrder: (staff: Staff, id: string, order: StaffOrderRequest) => placeOrder(orders, staff, id, order),

    /** GET /staff/pharmacies: the locations an order may be filled at (any staff: the route let only staff in). */
    pharmacies: (_staff: Staff): Promise<Pharmacy[]> => listPharmacies(db),

    /** POST /staff/appointments/{id}/order/preview: the order priced from the catalogue, nothing saved. */
    previewOrder: (staff: Staff, id: string, order: StaffOrderRequest): Promise<OrderPreview> => previewOrder(orders, staff, id, order),

    /** GET /staff/audit: admins only; the latest first, each with its appointment's number (what staff read). */
    audit: (staff: Staff, limit: number, before: string | null): Promise<StaffAuditRow[]> => auditLog(ctx, staff, limit, before),
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
