/**
 * Who is staff, and the console's appointment screens: a day or a range of them, and one
 * appointment with its checkouts. A doctor sees their own only.
 */
import type { AppointmentRecord } from '../../../contract/appointments.js';
import type { User } from '../../../contract/auth.js';
import { clinicClock, daysBetween } from '../../../contract/clinicTime.js';
import { maxAppointmentRangeDays, type StaffAppointmentDetail, type StaffAppointmentsQuery } from '../../../contract/staff.js';
import { staffCaller } from '../../access/caller.js';
import { isStaff, listedDoctor, mayListDoctor } from '../../access/rules.js';
import { listAppointmentsBetween } from '../../repositories/appointmentLists.js';
import { listAppointmentPayments } from '../../repositories/refunds.js';
import { findAccountRole } from '../../repositories/staff.js';
import { recordAt } from '../appointments.js';
import { BadRequestError, ForbiddenError } from '../errors.js';
import type { Staff } from '../staff.js';
import { actionable, asStaffReads, consultationTimes, type StaffContext, staffMessages } from './shared.js';

/** The caller as staff (an admin, a doctor, reception), or 403 for a patient (and for a doctor account with no doctor record). */
export async function authorizeStaff({ db }: Pick<StaffContext, 'db'>, user: User): Promise<Staff> {
  const account = await findAccountRole(db, user._id);
  if (!account || !isStaff(account)) throw new ForbiddenError(staffMessages.staffOnly);
  if (account.role === 'doctor' && account.doctorId === null) throw new ForbiddenError(staffMessages.noDoctorRecord);
  // Staff sign in with their email, and the audit names them by it: a role on an account that
  // has none (a mobile sign-up made staff by mistake) acts as nobody's.
  const email = user.email;
  if (email === null) throw new ForbiddenError(staffMessages.noStaffEmail);
  return {
    user: { ...user, email },
    role: account.role,
    doctorId: account.role === 'doctor' ? account.doctorId : null,
    doctorName: account.doctorName,
  };
}

/**
 * GET /staff/appointments: a day (`date`; today in clinic time when nothing is asked) or a
 * range (`from`..`to`), of every doctor or one, at every location or one. A doctor's own only.
 */
export async function listStaffAppointments(
  { db, now }: Pick<StaffContext, 'db' | 'now'>,
  staff: Staff,
  query: StaffAppointmentsQuery,
): Promise<AppointmentRecord[]> {
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
  return stored.map((a) => asStaffReads(staff, recordAt(a, at), a.doctorId));
}

/** GET /staff/appointments/{id}: the record and its checkouts; a doctor's own only. */
export async function staffAppointmentDetail(
  { db, now, consultation }: Pick<StaffContext, 'db' | 'now' | 'consultation'>,
  staff: Staff,
  id: string,
): Promise<StaffAppointmentDetail> {
  const a = await actionable(db, staff, id, false, true);
  const times = consultationTimes(a, consultation);
  return {
    appointment: asStaffReads(staff, recordAt(a, now()), a.doctorId),
    slotMinutes: a.slotMinutes,
    completionOpensAt: times.opensAt.toISOString(),
    slotEndsAt: times.endsAt.toISOString(),
    payments: await listAppointmentPayments(db, a.record._id),
  };
}
