/**
 * Clinic staff: completing a consultation, and the staff console's screens.
 *
 * Roles live on the account (users.role, 005_staff.sql): 'admin' acts on every appointment;
 * 'doctor' on the appointments of the doctor whose email the account has (doctors.email), and
 * only those; 'patient' on no staff endpoint at all (403). The rules are server/access/rules.ts.
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
 *   prescription.updated); a Cancelled one cannot be completed. A Missed one can (the doctor
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
 * The admin-only parts of the console are services/staffAdmin.ts and services/staffSchedule.ts.
 */
import type { AppointmentRecord, Medicines } from '../../contract/appointments.js';
import {
  maxAppointmentRangeDays,
  type StaffAppointmentDetail,
  type StaffAppointmentsQuery,
  type StaffNotYetCode,
} from '../../contract/staff.js';
import type { User } from '../../contract/auth.js';
import { staffCaller } from '../access/caller.js';
import { assertActsOnAppointment, assertAdminRole, hasChat, isStaff, listedDoctor, mayListDoctor } from '../access/rules.js';
import { type Database, isUniqueViolation, type Queryable } from '../db/database.js';
import { type MailQueue, prescriptionKey } from '../jobs/keyedMails.js';
import { listAppointmentsBetween } from '../repositories/appointmentLists.js';
import { findStoredAppointment, type StoredAppointment } from '../repositories/appointmentRecords.js';
import { completeAppointment, markMissed } from '../repositories/appointmentStatus.js';
import { insertOrder, orderConstraint } from '../repositories/orders.js';
import { listAppointmentPayments } from '../repositories/refunds.js';
import { type AuditRow, findAccountRole, insertAudit, listAudit, type Role } from '../repositories/staff.js';
import { recordAt, statusAt } from './appointments.js';
import { badField, BadRequestError, ConflictError, ConflictWithBodyError, ForbiddenError } from './errors.js';
import { defineMessages, withParams } from './messageCodes.js';
import { clinicClock, clinicInstant, daysBetween, fromMinutes } from '../../contract/clinicTime.js';
import { type ConsultationConfig, defaultConsultationConfig } from '../consultation/config.js';
import { joinWindow } from './consultations.js';

export const staffMessages = defineMessages('staff', {
  staffOnly: 'This is for clinic staff only.',
  adminOnly: 'This is for clinic admins only.',
  noDoctorRecord: 'Your account is a doctor\'s, but no doctor has its email. Ask an admin to check the doctor list.',
  notYours: 'This appointment is another doctor\'s.',
  notFound: 'Appointment not found.',
  cancelled: 'This appointment was cancelled: it cannot be completed.',
  /** Completion before the join window opens (`time`: its clinic time, `minutes`: JOIN_OPENS_MINUTES_BEFORE). */
  completionNotOpen: withParams(
    (time: string, minutes: number) => `The consultation can be completed from ${time}, ${minutes} minutes before it starts.`,
    (time, minutes) => ({ time, minutes }),
  ),
  missedNotYet: withParams(
    (time: string) => `The patient can be marked as not attended from ${time}, when the slot ends.`,
    (time) => ({ time }),
  ),
  missedCancelled: 'This appointment was cancelled: it cannot be marked as not attended.',
  missedCompleted: 'This consultation is completed: it cannot be marked as not attended.',
  missedAlready: 'The patient is already marked as not attended.',
  missedUnpaid: 'The fee was never paid: there was no consultation to attend.',
  missedChat: 'A chat consultation lasts until you complete it: it cannot be marked as not attended.',
  missed: 'Noted: the patient did not attend.',
  notCompleted: 'Complete the consultation before creating its order.',
  hasOrder: 'This appointment already has an order.',
  completed: 'Consultation completed.',
  prescriptionUpdated: 'Prescription updated.',
  orderCreated: 'Order created.',
  noPrice: 'The total must be more than zero.',
  otherDoctor: 'You can see only your own appointments.',
  dateWithRange: 'Ask for one date, or for a range from one date to another, not both.',
  badRange: 'The range must end on or after its first day, and span at most 62 days.',
} as const, {
  // The console's 409s that say when an action opens carry these codes of their own (contract/staff.ts StaffNotYetCode).
  codes: { completionNotOpen: 'completionNotOpen', missedNotYet: 'didNotAttendNotYet', missedUnpaid: 'didNotAttendUnpaid', missedChat: 'didNotAttendChat' },
});

/** A 409 of the console that says what is not possible yet, with its code and when it opens (contract/staff.ts). */
export class NotYetError extends ConflictWithBodyError<{ message: string; code: StaffNotYetCode; opensAt?: string; endsAt?: string }> {}

/** When completion opens (the join window) and when the slot ends, for one stored appointment. */
export function consultationTimes(a: StoredAppointment, config: ConsultationConfig): { opensAt: Date; endsAt: Date } {
  const facts = { date: a.record.date, startTime: a.record.startTime, slotMinutes: a.slotMinutes };
  return {
    opensAt: joinWindow(facts, config).opensAt,
    endsAt: new Date(clinicInstant(facts.date, facts.startTime).getTime() + a.slotMinutes * 60_000),
  };
}

/** 403 unless the caller is an admin (every admin-only call checks it again, whatever its route did). */
export function assertAdmin(staff: Staff): void {
  assertAdminRole(staffCaller(staff), staffMessages.adminOnly);
}

/** Who acted, for the audit log. */
export const auditActor = (staff: Staff) => ({ actorUserId: staff.user._id, actor: staff.user.email, actorRole: staff.role });

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

/** A caller who passed the staff check. */
export interface Staff {
  user: User;
  role: StaffRole;
  /** The doctor a doctor account acts for; null for an admin (who may also be a doctor). */
  doctorId: string | null;
  doctorName: string | null;
}

export interface NewOrder {
  totalPrice: number;
  paymentMode: 'Card' | 'Cash';
  pharmacyId: string;
}

export function createStaffService({
  db,
  now,
  mails,
  consultation = defaultConsultationConfig,
}: {
  db: Database;
  now: () => Date;
  /** A completion that first shows the patient the prescription queues its mail in its own transaction (server/jobs/commitMails.ts). */
  mails: MailQueue;
  /** JOIN_OPENS_MINUTES_BEFORE: completion opens with the join window. */
  consultation?: ConsultationConfig;
}) {
  /** The appointment, locked, that this staff member may act on: 404 none, 403 another doctor's. */
  async function actionable(tx: Queryable, staff: Staff, id: string, lock = true): Promise<StoredAppointment> {
    return assertActsOnAppointment(staffCaller(staff), await findStoredAppointment(tx, id, lock), staffMessages);
  }

  const actor = auditActor;

  async function answer(id: string, message: string): Promise<{ message: string; appointment: AppointmentRecord }> {
    return { message, appointment: recordAt((await findStoredAppointment(db, id))!, now()) };
  }

  return {
    /** The caller as staff, or 403 for a patient (and for a doctor account with no doctor record). */
    async authorize(user: User): Promise<Staff> {
      const account = await findAccountRole(db, user._id);
      if (!account || !isStaff(account)) throw new ForbiddenError(staffMessages.staffOnly);
      if (account.role === 'doctor' && account.doctorId === null) throw new ForbiddenError(staffMessages.noDoctorRecord);
      return {
        user,
        role: account.role,
        doctorId: account.role === 'doctor' ? account.doctorId : null,
        doctorName: account.doctorName,
      };
    },

    /**
     * GET /staff/appointments: a day (`date`; today in clinic time when nothing is asked) or a
     * range (`from`..`to`), of every doctor or one, at every location or one. A doctor's own only.
     */
    async appointments(staff: Staff, query: StaffAppointmentsQuery): Promise<AppointmentRecord[]> {
      const at = now();
      const today = clinicClock(at).date;
      if (query.date !== undefined && (query.from !== undefined || query.to !== undefined)) {
        throw new BadRequestError(staffMessages.dateWithRange, [{ field: 'date', message: 'must not be given with from or to' }]);
      }
      const from = query.date ?? query.from ?? query.to ?? today;
      const to = query.date ?? query.to ?? from;
      const days = daysBetween(from, to);
      if (days < 1 || days > maxAppointmentRangeDays) {
        throw new BadRequestError(staffMessages.badRange, [
          { field: 'to', message: `must be from ${from} to ${maxAppointmentRangeDays - 1} days later` },
        ]);
      }
      const caller = staffCaller(staff);
      if (!mayListDoctor(caller, query.doctorId)) throw new ForbiddenError(staffMessages.otherDoctor);
      const doctorId = listedDoctor(caller, query.doctorId);
      const stored = await listAppointmentsBetween(db, { from, to, doctorId, locationId: query.locationId ?? null });
      return stored.map((a) => recordAt(a, at));
    },

    /** GET /staff/appointments/{id}: the record and its checkouts; a doctor's own only. */
    async appointment(staff: Staff, id: string): Promise<StaffAppointmentDetail> {
      const a = await actionable(db, staff, id, false);
      const times = consultationTimes(a, consultation);
      return {
        appointment: recordAt(a, now()),
        slotMinutes: a.slotMinutes,
        completionOpensAt: times.opensAt.toISOString(),
        slotEndsAt: times.endsAt.toISOString(),
        payments: await listAppointmentPayments(db, a.record._id),
      };
    },

    /** POST /staff/appointments/{id}/complete: Completed, with the prescription. */
    async complete(staff: Staff, id: string, medicines: Medicines) {
      const at = now();
      await mails.prepare();
      const message = await db.transaction(async (tx) => {
        const a = await actionable(tx, staff, id);
        const status = statusAt(a, at);
        if (status === 'Cancelled') throw new ConflictError(staffMessages.cancelled);
        const again = status === 'Completed';
        const { opensAt } = consultationTimes(a, consultation);
        if (!again && at < opensAt) {
          throw new NotYetError({
            message: staffMessages.completionNotOpen(fromMinutes(clinicClock(opensAt).minutes), consultation.joinOpensMinutesBefore),
            code: 'completionNotOpen',
            opensAt: opensAt.toISOString(),
          });
        }
        // The patient is sent the prescription once it is first shown to them (completed with it, or shown later).
        const releasedNow = medicines.showMedicine && !(again && a.record.medicines.showMedicine);
        await completeAppointment(tx, a.record._id, medicines, at);
        if (releasedNow) await mails.queue(tx, 'prescription', prescriptionKey(a.record._id), at);
        await insertAudit(
          tx,
          {
            ...actor(staff),
            action: again ? 'prescription.updated' : 'appointment.completed',
            appointmentId: a.record._id,
            details: {
              before: { status, medicines: a.record.medicines },
              after: { status: 'Completed', medicines },
            },
          },
          at,
        );
        return again ? staffMessages.prescriptionUpdated : staffMessages.completed;
      });
      return answer(id, message);
    },

    /** POST /staff/appointments/{id}/did-not-attend: Missed, once the slot has ended (the rules above). */
    async didNotAttend(staff: Staff, id: string, note: string) {
      const at = now();
      await db.transaction(async (tx) => {
        const a = await actionable(tx, staff, id);
        const status = statusAt(a, at);
        if (status === 'Cancelled') throw new ConflictError(staffMessages.missedCancelled);
        if (status === 'Completed') throw new ConflictError(staffMessages.missedCompleted);
        if (status === 'Missed') throw new ConflictError(staffMessages.missedAlready);
        if (hasChat(a.record)) throw new NotYetError({ message: staffMessages.missedChat, code: 'didNotAttendChat' });
        if (a.record.appointmentPaymentStatus !== 'paid') throw new NotYetError({ message: staffMessages.missedUnpaid, code: 'didNotAttendUnpaid' });
        const { endsAt } = consultationTimes(a, consultation);
        if (at < endsAt) {
          throw new NotYetError({ message: staffMessages.missedNotYet(fromMinutes(clinicClock(endsAt).minutes)), code: 'didNotAttendNotYet', endsAt: endsAt.toISOString() });
        }
        await markMissed(tx, a.record._id, at);
        await insertAudit(
          tx,
          { ...actor(staff), action: 'appointment.missed', appointmentId: a.record._id, details: { before: { status }, after: { status: 'Missed' }, note } },
          at,
        );
      });
      return answer(id, staffMessages.missed);
    },

    /** POST /staff/appointments/{id}/order: the pharmacy order of a Completed appointment (one only). */
    async createOrder(staff: Staff, id: string, order: NewOrder) {
      if (order.totalPrice <= 0) throw new BadRequestError(staffMessages.noPrice, [{ field: 'totalPrice', message: 'must be more than 0' }]);
      const at = now();
      try {
        await db.transaction(async (tx) => {
          const a = await actionable(tx, staff, id);
          if (a.record.appointmentStatus !== 'Completed') throw new ConflictError(staffMessages.notCompleted);
          if (a.record.order !== null) throw new ConflictError(staffMessages.hasOrder);
          const orderId = await insertOrder(tx, { appointmentId: a.record._id, ...order, createdBy: staff.user._id }, at);
          await insertAudit(
            tx,
            {
              ...actor(staff),
              action: 'order.created',
              appointmentId: a.record._id,
              details: { after: { orderId, ...order, paymentStatus: 'Pending', orderStatus: 'Placed' } },
            },
            at,
          );
        });
      } catch (error) {
        // Two staff creating one appointment's order at once: the second meets the unique constraint.
        if (isUniqueViolation(error, orderConstraint)) throw new ConflictError(staffMessages.hasOrder);
        throw error;
      }
      return answer(id, staffMessages.orderCreated);
    },

    /** GET /staff/audit: admins only; the latest first, each with its appointment's number (what staff read). */
    async audit(
      staff: Staff,
      limit: number,
      before: string | null,
    ): Promise<Array<Omit<AuditRow, 'actorDeleted'> & { appointmentNumber: string | null; actorFormerPatient?: true }>> {
      assertAdmin(staff);
      const rows = await listAudit(db, limit, before);
      const ids = [...new Set(rows.flatMap((r) => (r.appointmentId ? [r.appointmentId] : [])))];
      const numbers = new Map<string, string>();
      if (ids.length > 0) {
        const found = await db.query<{ id: string; appointment_number: string }>(
          'select id::text as id, appointment_number from appointments where id = any($1::uuid[])',
          [ids],
        );
        for (const r of found.rows) numbers.set(r.id, r.appointment_number);
      }
      // A closed account acted: the fact, not the pseudonym its closing left in `actor` (as recordAt does for appointments).
      return rows.map(({ actorDeleted, ...r }) => ({
        ...r,
        ...(actorDeleted ? { actor: '', actorFormerPatient: true as const } : {}),
        appointmentNumber: r.appointmentId ? (numbers.get(r.appointmentId) ?? null) : null,
      }));
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
