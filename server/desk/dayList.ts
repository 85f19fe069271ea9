/**
 * The day list (GET /desk/day) and its CSV (GET /desk/day.csv): one day's appointments in the
 * order of the day, of one doctor or every one, at one location or every one, with the patient's
 * phone. Bookings that never happened (an unpaid hold that lapsed) are left out. A doctor reads
 * their own day only (naming another doctor: 404); the desk any.
 */
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { DayListQuery } from '../../contract/desk.js';
import { staffCaller } from '../access/caller.js';
import { worksDesk } from '../access/rules.js';
import { listAppointmentsBetween } from '../repositories/appointmentLists.js';
import type { StoredAppointment } from '../repositories/appointmentRecords.js';
import { isExpected } from '../services/appointments.js';
import { holdIsLive } from '../services/booking/slotIndex.js';
import type { Staff } from '../services/staff.js';
import { assertQueue, type DeskDeps, readable } from './context.js';
import { toCsv } from './csv.js';
import { tokenName } from './queue.js';
import { tokensOf } from './queueRepository.js';

/** Whether the appointment belongs on the day's list: anything but an unpaid booking whose hold lapsed. */
const happened = (a: StoredAppointment, at: Date): boolean =>
  a.record.appointmentStatus !== 'Booked' || a.bookedVia === 'walkin' || isExpected(a.record.appointmentPaymentStatus) ||
  a.record.appointmentPaymentStatus === 'refund' || holdIsLive(a, at);

/** The doctor the list is of: the one asked (404 for a doctor asking another's), a doctor's own, or every one (the desk, none asked). */
function listedDoctor(staff: Staff, asked: string | undefined): string | null {
  if (asked !== undefined) {
    assertQueue(staff, asked.toLowerCase());
    return asked.toLowerCase();
  }
  return worksDesk(staffCaller(staff)) ? null : staff.doctorId;
}

async function dayAppointments(deps: DeskDeps, staff: Staff, query: DayListQuery): Promise<StoredAppointment[]> {
  const doctorId = listedDoctor(staff, query.doctorId);
  const at = deps.now();
  const stored = await listAppointmentsBetween(deps.db, { from: query.date, to: query.date, doctorId, locationId: query.locationId?.toLowerCase() ?? null });
  return stored.filter((a) => happened(a, at));
}

export async function dayList(deps: DeskDeps, staff: Staff, query: DayListQuery): Promise<AppointmentRecord[]> {
  const at = deps.now();
  return (await dayAppointments(deps, staff, query)).map((a) => readable(staff, a, at));
}

const header = ['Time', 'Token', 'Appointment', 'Patient', 'Phone', 'Age', 'Gender', 'Doctor', 'Location', 'Type', 'Status', 'Payment', 'Fee', 'Booked via'];

export async function dayCsv(deps: DeskDeps, staff: Staff, query: DayListQuery): Promise<{ fileName: string; body: string }> {
  const stored = await dayAppointments(deps, staff, query);
  const tokens = await tokensOf(deps.db, stored.map((a) => a.record._id));
  const at = deps.now();
  const rows = stored.map((s) => {
    const a = readable(staff, s, at);
    const token = tokens.get(a._id);
    return [
      a.startTime,
      token === undefined ? '' : tokenName(token),
      a.appointmentId,
      a.formerPatient ? 'Former patient' : `${a.firstName} ${a.lastName}`.trim(),
      a.phoneNumber,
      a.age,
      a.gender,
      a.doctorName,
      a.location === '' ? 'Online' : a.location,
      a.consultationType,
      a.appointmentStatus,
      a.appointmentPaymentStatus,
      a.consultationFee.toFixed(2),
      s.bookedVia,
    ];
  });
  return { fileName: `day-${query.date}.csv`, body: toCsv(header, rows) };
}
