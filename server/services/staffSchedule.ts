/**
 * The staff console's doctors and schedules, for admins: doctors (create, update,
 * retire, delete, order), their weekly hours per location and their leave, and the two actions
 * that make room for a schedule change: moving and cancelling an appointment.
 *
 * THE ORPHAN RULE. A change that would leave a live booking outside the doctor's schedule is
 * refused (409 OrphanedBookingsError, with the bookings) and changes nothing. A live booking is
 * stored Booked, not yet ended (statusAt), and holds its slot: paid, or an unpaid hold that has
 * not lapsed. It is "inside" a schedule when the doctor is active, works at its location, is not
 * on leave that day, offers its start time among that weekday's slots there (hours cut into
 * slots of the doctor's length, as booking does: schedule.ts cutSlots), and (an online doctor)
 * it is not a Clinic Visit. Only bookings the change itself would push out count: one already
 * outside the current schedule does not block unrelated changes.
 *
 * Each change runs in one transaction that first locks the doctor's row, so two admins changing
 * one doctor run one after the other and each sees the other's result. The audit row is written
 * in that same transaction. Bookings and moves (services/appointments.ts) lock the same row FOR
 * SHARE and re-check their day plan under it, so a booking racing a change either waits for it
 * and is refused when its slot went, or is there before it and counts for the orphan rule.
 *
 * Moving is the patient's move (services/appointments.ts `moveBooking`: the booking rules, checked
 * again under the doctor row's lock, `lapseHolds` then `moveAppointment` under the slot index)
 * with an admin as the mover: any patient's appointment, no unpaid-holds limit (it is the
 * patient's), the admin in the audit. Cancelling frees the slot like the patient's cancel, and a
 * paid appointment cancelled by the clinic is flagged for refund.
 *
 * This file holds the rules and the words; the service itself is services/staffSchedule/, one
 * file a subject (service.ts puts them together).
 */
import type { AppointmentRecord } from '../../contract/appointments.js';
import { type HoursRange, OrphanConflict } from '../../contract/staffAdmin.js';
import type { StoredAppointment } from '../repositories/appointmentRecords.js';
import { isTeleconsultation } from '../access/rules.js';
import { BadRequestError, ConflictWithBodyError } from './errors.js';
import { defineMessages, withParams } from './messageCodes.js';
import { toMinutes, weekdayOf } from '../../contract/clinicTime.js';
import { cutSlots } from './schedule.js';

export const scheduleMessages = defineMessages('schedule', {
  doctorNotFound: 'Doctor not found.',
  appointmentNotFound: 'Appointment not found.',
  leaveNotFound: 'This leave is not on the doctor\'s list.',
  emailTaken: 'Another doctor has this email.',
  accountUsesEmail:
    'A doctor account signs in with this doctor\'s email. Make that account a patient account first (Staff accounts), then change or delete the doctor.',
  hasAppointments: 'This doctor has appointments on record, so they cannot be deleted. Retire them instead.',
  unknownLocation: 'One of the locations does not exist. Reload the list and try again.',
  notTheirLocation: 'This doctor does not work at this location. Add the location to the doctor first.',
  badHours: 'Please check the hours.',
  badLeave: 'The leave must end on or after its first day.',
  badOrder: 'The new order must list every entry exactly once. Reload the list and try again.',
  orphans: withParams(
    (n: number) =>
      `This change would leave ${n === 1 ? 'a booked appointment' : `${n} booked appointments`} outside the doctor's schedule. Move or cancel ${n === 1 ? 'it' : 'them'} first.`,
    (n) => ({ count: n }),
  ),
  completed: 'This consultation is completed: it cannot be changed.',
  cancelled: 'This appointment is already cancelled.',
  missed: 'The patient did not attend this appointment: it cannot be changed.',
  refundFlagged: 'This appointment lost its slot and its fee is flagged for refund: it cannot be moved.',
  registrationIncomplete: 'Enter both the registration council and the registration number, or neither.',
  created: 'Doctor added.',
  updated: 'Doctor updated.',
  retired: 'Doctor retired: no longer listed or bookable.',
  reactivated: 'Doctor listed and bookable again.',
  unchanged: 'Nothing changed.',
  deleted: 'Doctor deleted.',
  reordered: 'Order saved.',
  hoursSaved: 'Hours saved.',
  leaveAdded: 'Leave added.',
  leaveRemoved: 'Leave removed.',
  moved: 'Appointment moved.',
  cancelledNow: 'Appointment cancelled.',
  cancelledRefund: 'Appointment cancelled. Its fee was paid: it is listed under Refunds.',
} as const);

/** 409 of the orphan rule: `affected` are the bookings to move or cancel first. */
export class OrphanedBookingsError extends ConflictWithBodyError<ReturnType<typeof OrphanConflict.encode>> {
  constructor(readonly affected: readonly AppointmentRecord[]) {
    super(OrphanConflict.encode({ message: scheduleMessages.orphans(affected.length), affected: [...affected] }));
    this.name = 'OrphanedBookingsError';
  }
}

/** What decides whether a booking is inside a doctor's schedule. */
export interface ScheduleShape {
  active: boolean;
  type: 'online' | 'clinic';
  slotMinutes: number;
  locationIds: ReadonlySet<string>;
  hours: readonly { locationId: string; weekday: number; start: string; end: string }[];
  /** Online hours (Chat, Video, Call; no location). */
  onlineHours: readonly { weekday: number; start: string; end: string }[];
  leave: readonly { from: string; to: string }[];
}

/** `locationId` null: booked from the doctor's online hours (010). */
export type LiveBooking = StoredAppointment & { locationId: string | null };

/** Whether the booking keeps its place in the schedule (see the orphan rule above). */
export function fitsSchedule(
  shape: ScheduleShape,
  booking: { locationId: string | null; record: Pick<AppointmentRecord, 'date' | 'startTime' | 'consultationType'> },
): boolean {
  const { date, startTime, consultationType } = booking.record;
  if (booking.locationId === null) {
    // From the online hours: no location to work at, and never a Clinic Visit (010's check).
    if (!shape.active || !isTeleconsultation(consultationType)) return false;
    if (shape.leave.some((l) => l.from <= date && date <= l.to)) return false;
    const online = shape.onlineHours.filter((h) => h.weekday === weekdayOf(date));
    return cutSlots(online, shape.slotMinutes).includes(startTime);
  }
  if (!shape.active || !shape.locationIds.has(booking.locationId)) return false;
  if (shape.type === 'online' && !isTeleconsultation(consultationType)) return false;
  if (shape.leave.some((l) => l.from <= date && date <= l.to)) return false;
  const weekday = weekdayOf(date);
  const ranges = shape.hours.filter((h) => h.locationId === booking.locationId && h.weekday === weekday);
  return cutSlots(ranges, shape.slotMinutes).includes(startTime);
}

/** 400 naming each bad range: end before start, overlaps within the week or with `elsewhere`. */
export function checkHours(
  hours: readonly HoursRange[],
  elsewhere: readonly { weekday: number; start: string; end: string; location: string }[],
): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  if (hours.length > 50) return [{ field: 'hours', message: 'must have at most 50 ranges' }];
  hours.forEach((h, i) => {
    if (toMinutes(h.start) >= toMinutes(h.end)) {
      errors.push({ field: `hours.${i}.end`, message: 'must be after the start' });
      return;
    }
    const overlaps = (o: { weekday: number; start: string; end: string }) =>
      o.weekday === h.weekday && toMinutes(o.start) < toMinutes(h.end) && toMinutes(h.start) < toMinutes(o.end);
    const twin = hours.findIndex((o, j) => j !== i && toMinutes(o.start) < toMinutes(o.end) && overlaps(o));
    if (twin !== -1) {
      errors.push({ field: `hours.${i}.start`, message: `overlaps ${hours[twin]!.start}-${hours[twin]!.end} the same day` });
      return;
    }
    const other = elsewhere.find(overlaps);
    if (other) errors.push({ field: `hours.${i}.start`, message: `overlaps the hours at ${other.location} (${other.start}-${other.end})` });
  });
  return errors;
}

/** A registration is a council and its number: both, or neither (400 naming the missing one). */
export function checkRegistration(council: string, number: string): void {
  if (council === '' && number !== '') {
    throw new BadRequestError(scheduleMessages.registrationIncomplete, [{ field: 'registrationCouncil', message: 'is required with a registration number' }]);
  }
  if (number === '' && council !== '') {
    throw new BadRequestError(scheduleMessages.registrationIncomplete, [{ field: 'registrationNumber', message: 'is required with a council' }]);
  }
}
