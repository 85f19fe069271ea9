/**
 * An appointment as it reads at a moment. Expired is worked out at read time, never stored: an
 * appointment stored as Booked whose slot has ended (its start plus the doctor's slot length,
 * clinic time) reads as Expired. No sweep, no timer, the same answer on every instance, and the
 * clock is the service's.
 */
import type { AppointmentRecord, AppointmentStatus, PaymentStatus } from '../../../contract/appointments.js';
import { clinicInstant } from '../../../contract/clinicTime.js';
import type { StoredAppointment } from '../../repositories/appointmentRecords.js';

/**
 * The status a patient reads at `now`: a Booked appointment whose slot has ended (its start plus
 * the doctor's slot length, clinic time) is Expired, unless the patient is in the doctor's queue
 * (checked in, not finished: the visit is going on). Expired is never stored.
 */
export function statusAt(
  stored: { record: Pick<AppointmentRecord, 'appointmentStatus' | 'date' | 'startTime'>; slotMinutes: number; inQueue?: boolean },
  now: Date,
): AppointmentStatus {
  const { appointmentStatus, date, startTime } = stored.record;
  if (appointmentStatus !== 'Booked' || stored.inQueue === true) return appointmentStatus;
  const ends = clinicInstant(date, startTime).getTime() + stored.slotMinutes * 60_000;
  return now.getTime() >= ends ? 'Expired' : 'Booked';
}

/**
 * The record as the patient (or staff) reads it at `now`. A closed account's appointment (only
 * staff still read it) says so with `formerPatient` instead of the pseudonym and placeholders the
 * closing left in its names, email and phone (repositories/records.ts closeAccount): they mean
 * nothing to a reader, and a view words the fact ("Former patient").
 */
export function recordAt(stored: StoredAppointment, now: Date): AppointmentRecord {
  const appointmentStatus = statusAt(stored, now);
  const record = appointmentStatus === stored.record.appointmentStatus ? stored.record : { ...stored.record, appointmentStatus };
  if (!stored.holderDeleted) return record;
  return {
    ...record,
    firstName: '',
    lastName: '',
    email: '',
    phoneNumber: '',
    accountHolder: { firstName: '', lastName: '' },
    formerPatient: true,
  };
}

/**
 * The clinic expects the patient: the fee is paid, or due at the clinic (a desk booking left to pay
 * at the visit). Such an appointment holds its slot for good, is reminded of, confirmed, listed
 * in the doctor's morning list, and its consultation opens, as a paid one.
 */
export const isExpected = (paymentStatus: PaymentStatus | string): boolean => paymentStatus === 'paid' || paymentStatus === 'due';
