/**
 * What every part of the doctors-and-schedules service is made with, and the steps its changes
 * share inside their transaction (the doctor's row locked; the orphan rule: services/staffSchedule.ts).
 */
import type { AdminDoctor, DoctorSchedule } from '../../../contract/staffAdmin.js';
import { clinicClock } from '../../../contract/clinicTime.js';
import { type Database, isUniqueViolation, type Queryable } from '../../db/database.js';
import { listLiveBookingsOfDoctor } from '../../repositories/appointmentLists.js';
import { findAdminDoctor, listDoctorHours, listDoctorLeave, listDoctorOnlineHours } from '../../repositories/doctors.js';
import { existingLocationIds } from '../../repositories/locations.js';
import { findAccountRoleByEmail } from '../../repositories/staff.js';
import { recordAt, statusAt } from '../appointments.js';
import { badField, ConflictError, NotFoundError } from '../errors.js';
import type { ScheduleService } from '../schedule.js';
import type { RefundQueue } from '../../refunds/queue.js';
import type { WaitlistQueue } from '../../waitlist/slots.js';
import { fitsSchedule, type LiveBooking, OrphanedBookingsError, type ScheduleShape, scheduleMessages } from '../staffSchedule.js';

export interface StaffScheduleDeps {
  db: Database;
  now: () => Date;
  schedule: ScheduleService;
  /** HOLD_MINUTES: a lapsed unpaid appointment moved by an admin holds its new slot this long. */
  holdMinutes: number;
  /** Where an admin's cancel or move tells the waitlist the slot it freed (server/waitlist/slots.ts). */
  waitlist: WaitlistQueue;
  /** Where an admin's cancel of a paid appointment starts its refund through the payment provider (server/refunds/queue.ts). */
  refunds?: RefundQueue;
}

/** The doctor, its row locked FOR UPDATE for the rest of the transaction; 404 none. */
export async function lockedDoctor(tx: Queryable, id: string): Promise<AdminDoctor> {
  const doctor = await findAdminDoctor(tx, id, true);
  if (!doctor) throw new NotFoundError(scheduleMessages.doctorNotFound);
  return doctor;
}

export async function shapeOf(tx: Queryable, doctor: AdminDoctor): Promise<ScheduleShape> {
  return {
    active: doctor.active,
    type: doctor.type,
    slotMinutes: doctor.slotMinutes,
    locationIds: new Set(doctor.locations.map((l) => l._id)),
    hours: await listDoctorHours(tx, doctor._id),
    onlineHours: await listDoctorOnlineHours(tx, doctor._id),
    leave: await listDoctorLeave(tx, doctor._id),
  };
}

/**
 * THE ORPHAN RULE, inside the change's transaction (the doctor's row locked): refuses with the
 * bookings that fit `current` but not `next`.
 */
export async function refuseOrphans(tx: Queryable, doctorId: string, current: ScheduleShape, next: ScheduleShape, at: Date): Promise<void> {
  const live = (await listLiveBookingsOfDoctor(tx, doctorId, clinicClock(at).date, at)).filter((b) => statusAt(b, at) === 'Booked');
  const affected = live.filter((b: LiveBooking) => fitsSchedule(current, b) && !fitsSchedule(next, b));
  if (affected.length > 0) throw new OrphanedBookingsError(affected.map((b) => recordAt(b, at)));
}

/** 409 when an account with the doctor's role signs in with this email (it would lose its doctor). */
export async function refuseIfDoctorAccount(tx: Queryable, email: string): Promise<void> {
  const account = await findAccountRoleByEmail(tx, email);
  if (account?.role === 'doctor') throw new ConflictError(scheduleMessages.accountUsesEmail);
}

/** The ids once each, lower case; 400 naming locationIds when one does not exist. */
export async function validLocationIds(tx: Queryable, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const existing = await existingLocationIds(tx, unique);
  if (existing.length !== unique.length) {
    throw badField('locationIds', 'has a location that does not exist', scheduleMessages.unknownLocation);
  }
  return unique;
}

export const emailTaken = (error: unknown) => isUniqueViolation(error, 'doctors_email_key');

export async function scheduleOf(q: Queryable, id: string): Promise<DoctorSchedule> {
  const doctor = await findAdminDoctor(q, id);
  if (!doctor) throw new NotFoundError(scheduleMessages.doctorNotFound);
  return { doctor, hours: await listDoctorHours(q, id), leave: await listDoctorLeave(q, id), onlineHours: await listDoctorOnlineHours(q, id) };
}

/** A doctor as the audit log records it before and after a change. */
export const doctorFacts = (d: AdminDoctor) => ({
  name: d.name,
  email: d.email,
  type: d.type,
  qualification: d.qualification,
  registration: { council: d.registrationCouncil, number: d.registrationNumber },
  morningList: d.morningList,
  slotMinutes: d.slotMinutes,
  active: d.active,
  locations: d.locations.map((l) => l.name),
});

/** A week of hours as the audit log records it: weekday, start and end only. */
export const weekOf = (list: readonly { weekday: number; start: string; end: string }[]) =>
  list.map(({ weekday, start, end }) => ({ weekday, start, end }));

/** A change's answer: its message and the doctor as it now is. */
export async function doctorAnswer(q: Queryable, id: string, message: string): Promise<{ message: string; doctor: AdminDoctor }> {
  return { message, doctor: (await findAdminDoctor(q, id))! };
}
