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
 */
import type { FieldError } from '../../contract/errors.js';
import type { AppointmentRecord } from '../../contract/appointments.js';
import {
  type AdminDoctor,
  type AdminMoveRequest,
  type DoctorInput,
  type DoctorSchedule,
  type HoursRange,
  type LeaveInput,
  OrphanConflict,
} from '../../contract/staffAdmin.js';
import { type Database, isUniqueViolation, type Queryable } from '../db/database.js';
import { listLiveBookingsOfDoctor } from '../repositories/appointmentLists.js';
import { findStoredAppointment, type StoredAppointment } from '../repositories/appointmentRecords.js';
import { cancelAppointmentByClinic } from '../repositories/appointmentStatus.js';
import {
  countDoctorAppointments,
  deleteDoctor,
  deleteLeave,
  type DoctorFields,
  findAdminDoctor,
  insertDoctor,
  insertLeave,
  listAdminDoctors,
  listDoctorHours,
  listDoctorOnlineHours,
  replaceDoctorOnlineHours,
  listDoctorLeave,
  replaceDoctorHours,
  setDoctorActive,
  setDoctorLocations,
  setDoctorOrder,
  updateDoctor,
} from '../repositories/doctors.js';
import { existingLocationIds, findAdminLocation } from '../repositories/locations.js';
import { flagPaymentRefund } from '../repositories/payments.js';
import { findAccountRoleByEmail, insertAudit } from '../repositories/staff.js';
import { bookingMessages, type Mover, moveBooking, recordAt, statusAt } from './appointments.js';
import { badField, BadRequestError, ConflictError, ConflictWithBodyError, NotFoundError } from './errors.js';
import { clinicClock, toMinutes, weekdayOf } from '../../contract/clinicTime.js';
import { cutSlots, type ScheduleService } from './schedule.js';
import { assertAdmin, auditActor, reorderWithAudit, type Staff } from './staff.js';

export const scheduleMessages = {
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
  orphans: (n: number) =>
    `This change would leave ${n === 1 ? 'a booked appointment' : `${n} booked appointments`} outside the doctor's schedule. Move or cancel ${n === 1 ? 'it' : 'them'} first.`,
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
} as const;

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
type LiveBooking = StoredAppointment & { locationId: string | null };

/** Whether the booking keeps its place in the schedule (see the orphan rule above). */
export function fitsSchedule(
  shape: ScheduleShape,
  booking: { locationId: string | null; record: Pick<AppointmentRecord, 'date' | 'startTime' | 'consultationType'> },
): boolean {
  const { date, startTime, consultationType } = booking.record;
  if (booking.locationId === null) {
    // From the online hours: no location to work at, and never a Clinic Visit (010's check).
    if (!shape.active || consultationType === 'Clinic Visit') return false;
    if (shape.leave.some((l) => l.from <= date && date <= l.to)) return false;
    const online = shape.onlineHours.filter((h) => h.weekday === weekdayOf(date));
    return cutSlots(online, shape.slotMinutes).includes(startTime);
  }
  if (!shape.active || !shape.locationIds.has(booking.locationId)) return false;
  if (shape.type === 'online' && consultationType === 'Clinic Visit') return false;
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
function checkRegistration(council: string, number: string): void {
  if (council === '' && number !== '') {
    throw new BadRequestError(scheduleMessages.registrationIncomplete, [{ field: 'registrationCouncil', message: 'is required with a registration number' }]);
  }
  if (number === '' && council !== '') {
    throw new BadRequestError(scheduleMessages.registrationIncomplete, [{ field: 'registrationNumber', message: 'is required with a council' }]);
  }
}

const doctorFacts = (d: AdminDoctor) => ({
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

export interface StaffScheduleDeps {
  db: Database;
  now: () => Date;
  schedule: ScheduleService;
  /** HOLD_MINUTES: a lapsed unpaid appointment moved by an admin holds its new slot this long. */
  holdMinutes: number;
}

export function createStaffScheduleService({ db, now, schedule, holdMinutes }: StaffScheduleDeps) {
  async function lockedDoctor(tx: Queryable, id: string): Promise<AdminDoctor> {
    const doctor = await findAdminDoctor(tx, id, true);
    if (!doctor) throw new NotFoundError(scheduleMessages.doctorNotFound);
    return doctor;
  }

  async function shapeOf(tx: Queryable, doctor: AdminDoctor): Promise<ScheduleShape> {
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
  async function refuseOrphans(tx: Queryable, doctorId: string, current: ScheduleShape, next: ScheduleShape, at: Date): Promise<void> {
    const live = (await listLiveBookingsOfDoctor(tx, doctorId, clinicClock(at).date, at)).filter((b) => statusAt(b, at) === 'Booked');
    const affected = live.filter((b: LiveBooking) => fitsSchedule(current, b) && !fitsSchedule(next, b));
    if (affected.length > 0) throw new OrphanedBookingsError(affected.map((b) => recordAt(b, at)));
  }

  /** 409 when an account with the doctor's role signs in with this email (it would lose its doctor). */
  async function refuseIfDoctorAccount(tx: Queryable, email: string): Promise<void> {
    const account = await findAccountRoleByEmail(tx, email);
    if (account?.role === 'doctor') throw new ConflictError(scheduleMessages.accountUsesEmail);
  }

  async function validLocationIds(tx: Queryable, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    const existing = await existingLocationIds(tx, unique);
    if (existing.length !== unique.length) {
      throw badField('locationIds', 'has a location that does not exist', scheduleMessages.unknownLocation);
    }
    return unique;
  }

  const emailTaken = (error: unknown) => isUniqueViolation(error, 'doctors_email_key');

  async function scheduleOf(q: Queryable, id: string): Promise<DoctorSchedule> {
    const doctor = await findAdminDoctor(q, id);
    if (!doctor) throw new NotFoundError(scheduleMessages.doctorNotFound);
    return { doctor, hours: await listDoctorHours(q, id), leave: await listDoctorLeave(q, id), onlineHours: await listDoctorOnlineHours(q, id) };
  }

  async function doctorAnswer(id: string, message: string) {
    return { message, doctor: (await findAdminDoctor(db, id))! };
  }

  /** The appointment, locked, that an admin may still move or cancel: 404 none; 409 Completed, Cancelled or Missed. */
  async function changeable(tx: Queryable, id: string, at: Date): Promise<StoredAppointment> {
    const a = await findStoredAppointment(tx, id, true);
    if (!a) throw new NotFoundError(scheduleMessages.appointmentNotFound);
    const status = statusAt(a, at);
    if (status === 'Completed') throw new ConflictError(scheduleMessages.completed);
    if (status === 'Cancelled') throw new ConflictError(scheduleMessages.cancelled);
    if (status === 'Missed') throw new ConflictError(scheduleMessages.missed);
    return a;
  }

  /**
   * An admin moves any patient's appointment: before the move's transaction it need only exist
   * (404); in it, it must still be changeable and not flagged for refund (409). No unpaid-holds limit.
   */
  const adminMover = (staff: Staff): Mover => ({
    async changeable(q, id, at, forUpdate) {
      if (!forUpdate) {
        const a = await findStoredAppointment(q, id);
        if (!a) throw new NotFoundError(scheduleMessages.appointmentNotFound);
        return a;
      }
      const a = await changeable(q, id, at);
      if (a.record.appointmentPaymentStatus === 'refund') throw new ConflictError(scheduleMessages.refundFlagged);
      return a;
    },
    holdsLimit: false,
    actor: auditActor(staff),
    fields: {
      location: 'locationId',
      date: 'date',
      time: 'startTime',
      onlineOnly: { field: 'locationId', message: 'this doctor consults online only' },
      noDoctor: () => new ConflictError(bookingMessages.doctorUnknown), // retired meanwhile
    },
  });

  async function appointmentAnswer(id: string, message: string) {
    return { message, appointment: recordAt((await findStoredAppointment(db, id))!, now()) };
  }

  return {
    /* ------------------------------------------------------------------ doctors */

    async list(staff: Staff): Promise<AdminDoctor[]> {
      assertAdmin(staff);
      const bookableUntil = schedule.lastBookableDate();
      return (await listAdminDoctors(db)).map((doctor) => ({ ...doctor, bookableUntil }));
    },

    async schedule(staff: Staff, id: string): Promise<DoctorSchedule> {
      assertAdmin(staff);
      return scheduleOf(db, id);
    },

    async create(staff: Staff, input: DoctorInput) {
      assertAdmin(staff);
      checkRegistration(input.registrationCouncil ?? '', input.registrationNumber ?? '');
      const at = now();
      const fields: DoctorFields = { ...input, email: input.email.toLowerCase() };
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          const locationIds = await validLocationIds(tx, input.locationIds);
          const newId = await insertDoctor(tx, fields);
          await setDoctorLocations(tx, newId, locationIds);
          const created = (await findAdminDoctor(tx, newId))!;
          await insertAudit(tx, { ...auditActor(staff), action: 'doctor.created', details: { doctorId: newId, after: doctorFacts(created) } }, at);
          return newId;
        });
      } catch (error) {
        if (emailTaken(error)) throw new ConflictError(scheduleMessages.emailTaken);
        throw error;
      }
      return doctorAnswer(id, scheduleMessages.created);
    },

    /** Every field at once; a dropped location takes its hours with it. ORPHAN RULE for type, locations and slot length. */
    async update(staff: Staff, id: string, input: DoctorInput) {
      assertAdmin(staff);
      const at = now();
      const fields: DoctorFields = { ...input, email: input.email.toLowerCase() };
      try {
        await db.transaction(async (tx) => {
          const doctor = await lockedDoctor(tx, id);
          checkRegistration(input.registrationCouncil ?? doctor.registrationCouncil, input.registrationNumber ?? doctor.registrationNumber);
          const locationIds = await validLocationIds(tx, input.locationIds);
          if (fields.email !== doctor.email) await refuseIfDoctorAccount(tx, doctor.email);
          const current = await shapeOf(tx, doctor);
          const kept = new Set(locationIds);
          const next: ScheduleShape = {
            ...current,
            type: fields.type,
            slotMinutes: fields.slotMinutes,
            locationIds: kept,
            hours: current.hours.filter((h) => kept.has(h.locationId)),
          };
          await refuseOrphans(tx, doctor._id, current, next, at);
          await updateDoctor(tx, doctor._id, fields);
          await setDoctorLocations(tx, doctor._id, locationIds);
          const after = (await findAdminDoctor(tx, doctor._id))!;
          await insertAudit(
            tx,
            { ...auditActor(staff), action: 'doctor.updated', details: { doctorId: doctor._id, before: doctorFacts(doctor), after: doctorFacts(after) } },
            at,
          );
        });
      } catch (error) {
        if (emailTaken(error)) throw new ConflictError(scheduleMessages.emailTaken);
        throw error;
      }
      return doctorAnswer(id, scheduleMessages.updated);
    },

    /** Retire (off the site and booking; ORPHAN RULE for every live booking) or list again. */
    async setActive(staff: Staff, id: string, active: boolean) {
      assertAdmin(staff);
      const at = now();
      const changed = await db.transaction(async (tx) => {
        const doctor = await lockedDoctor(tx, id);
        if (doctor.active === active) return false;
        const current = await shapeOf(tx, doctor);
        await refuseOrphans(tx, doctor._id, current, { ...current, active }, at);
        await setDoctorActive(tx, doctor._id, active);
        await insertAudit(
          tx,
          {
            ...auditActor(staff),
            action: active ? 'doctor.reactivated' : 'doctor.retired',
            details: { doctorId: doctor._id, name: doctor.name, before: { active: doctor.active }, after: { active } },
          },
          at,
        );
        return true;
      });
      return doctorAnswer(id, !changed ? scheduleMessages.unchanged : active ? scheduleMessages.reactivated : scheduleMessages.retired);
    },

    /** Only a doctor with no appointment on record, and no doctor account signing in with their email. */
    async remove(staff: Staff, id: string) {
      assertAdmin(staff);
      const at = now();
      await db.transaction(async (tx) => {
        const doctor = await lockedDoctor(tx, id);
        if ((await countDoctorAppointments(tx, doctor._id)) > 0) throw new ConflictError(scheduleMessages.hasAppointments);
        await refuseIfDoctorAccount(tx, doctor.email);
        const before = { ...doctorFacts(doctor), hours: await listDoctorHours(tx, doctor._id), leave: await listDoctorLeave(tx, doctor._id) };
        await deleteDoctor(tx, doctor._id);
        await insertAudit(tx, { ...auditActor(staff), action: 'doctor.deleted', details: { doctorId: doctor._id, before } }, at);
      });
      return { message: scheduleMessages.deleted };
    },

    async reorder(staff: Staff, ids: readonly string[]): Promise<AdminDoctor[]> {
      assertAdmin(staff);
      await reorderWithAudit(db, staff, now(), {
        ids,
        list: listAdminDoctors,
        save: setDoctorOrder,
        action: 'doctor.reordered',
        row: 'doctor',
        summary: scheduleMessages.badOrder,
      });
      return listAdminDoctors(db);
    },

    /* ------------------------------------------------------------------ hours and leave */

    /** The doctor's whole week at one location. ORPHAN RULE. */
    async replaceHours(staff: Staff, id: string, locationId: string, hours: readonly HoursRange[]) {
      assertAdmin(staff);
      const at = now();
      await db.transaction(async (tx) => {
        const doctor = await lockedDoctor(tx, id);
        const location = doctor.locations.find((l) => l._id === locationId.toLowerCase());
        if (!location) throw badField('locationId', 'is not a location of this doctor', scheduleMessages.notTheirLocation);
        const current = await shapeOf(tx, doctor);
        const elsewhere = (await listDoctorHours(tx, doctor._id)).filter((h) => h.locationId !== location._id);
        const errors = checkHours(hours, elsewhere);
        if (errors.length > 0) throw new BadRequestError(scheduleMessages.badHours, errors as [FieldError, ...FieldError[]]);
        const sorted = [...hours].sort((a, b) => a.weekday - b.weekday || toMinutes(a.start) - toMinutes(b.start));
        const next: ScheduleShape = {
          ...current,
          hours: [...current.hours.filter((h) => h.locationId !== location._id), ...sorted.map((h) => ({ ...h, locationId: location._id }))],
        };
        await refuseOrphans(tx, doctor._id, current, next, at);
        await replaceDoctorHours(tx, doctor._id, location._id, sorted);
        const week = (list: readonly { weekday: number; start: string; end: string }[]) =>
          list.map(({ weekday, start, end }) => ({ weekday, start, end }));
        await insertAudit(
          tx,
          {
            ...auditActor(staff),
            action: 'hours.replaced',
            details: {
              doctorId: doctor._id,
              doctor: doctor.name,
              location: location.name,
              before: week(current.hours.filter((h) => h.locationId === location._id)),
              after: week(sorted),
            },
          },
          at,
        );
      });
      return { message: scheduleMessages.hoursSaved, schedule: await scheduleOf(db, id) };
    },

    /** The doctor's whole online week (Chat, Video, Call; no location). ORPHAN RULE, as for clinic hours. */
    async replaceOnlineHours(staff: Staff, id: string, hours: readonly HoursRange[]) {
      assertAdmin(staff);
      const at = now();
      await db.transaction(async (tx) => {
        const doctor = await lockedDoctor(tx, id);
        const current = await shapeOf(tx, doctor);
        // Online hours may overlap clinic hours (the slot index keeps one patient at a time): only
        // overlaps within the online week are refused.
        const [first, ...rest] = checkHours(hours, []);
        if (first) throw new BadRequestError(scheduleMessages.badHours, [first, ...rest]);
        const sorted = [...hours].sort((a, b) => a.weekday - b.weekday || toMinutes(a.start) - toMinutes(b.start));
        await refuseOrphans(tx, doctor._id, current, { ...current, onlineHours: sorted }, at);
        await replaceDoctorOnlineHours(tx, doctor._id, sorted);
        const week = (list: readonly { weekday: number; start: string; end: string }[]) =>
          list.map(({ weekday, start, end }) => ({ weekday, start, end }));
        await insertAudit(
          tx,
          {
            ...auditActor(staff),
            action: 'onlinehours.replaced',
            details: { doctorId: doctor._id, doctor: doctor.name, before: week(current.onlineHours), after: week(sorted) },
          },
          at,
        );
      });
      return { message: scheduleMessages.hoursSaved, schedule: await scheduleOf(db, id) };
    },

    /** ORPHAN RULE: no live booking may fall in the leave. */
    async addLeave(staff: Staff, id: string, leave: LeaveInput) {
      assertAdmin(staff);
      if (leave.to < leave.from) throw badField('to', 'must be on or after the first day', scheduleMessages.badLeave);
      const at = now();
      await db.transaction(async (tx) => {
        const doctor = await lockedDoctor(tx, id);
        const current = await shapeOf(tx, doctor);
        await refuseOrphans(tx, doctor._id, current, { ...current, leave: [...current.leave, leave] }, at);
        const leaveId = await insertLeave(tx, doctor._id, leave, at);
        await insertAudit(
          tx,
          { ...auditActor(staff), action: 'leave.added', details: { doctorId: doctor._id, doctor: doctor.name, leaveId, after: leave } },
          at,
        );
      });
      return { message: scheduleMessages.leaveAdded, schedule: await scheduleOf(db, id) };
    },

    /** Fewer days off never orphans a booking. */
    async removeLeave(staff: Staff, id: string, leaveId: string) {
      assertAdmin(staff);
      const at = now();
      await db.transaction(async (tx) => {
        const doctor = await lockedDoctor(tx, id);
        const before = (await listDoctorLeave(tx, doctor._id)).find((l) => l._id === leaveId.toLowerCase());
        if (!before || !(await deleteLeave(tx, doctor._id, before._id))) throw new NotFoundError(scheduleMessages.leaveNotFound);
        await insertAudit(
          tx,
          {
            ...auditActor(staff),
            action: 'leave.removed',
            details: { doctorId: doctor._id, doctor: doctor.name, leaveId: before._id, before: { from: before.from, to: before.to, reason: before.reason } },
          },
          at,
        );
      });
      return { message: scheduleMessages.leaveRemoved, schedule: await scheduleOf(db, id) };
    },

    /* ------------------------------------------------------------------ appointments */

    /** To another date, time and location of the same doctor, by the booking rules and the slot index. */
    async move(staff: Staff, id: string, to: AdminMoveRequest) {
      assertAdmin(staff);
      const at = now();
      if (to.locationId === '') {
        // The online hours: moveBooking refuses them for a Clinic Visit, with the field named.
        await moveBooking({ db, schedule, holdMinutes }, adminMover(staff), id, { location: null, date: to.date, time: to.startTime }, at);
        return appointmentAnswer(id, scheduleMessages.moved);
      }
      const location = await findAdminLocation(db, to.locationId.toLowerCase());
      if (!location) {
        // An unknown appointment is 404 whatever the location says.
        if (!(await findStoredAppointment(db, id))) throw new NotFoundError(scheduleMessages.appointmentNotFound);
        throw badField('locationId', 'is not a location of this doctor', bookingMessages.notHere);
      }
      await moveBooking({ db, schedule, holdMinutes }, adminMover(staff), id, { location: location.name, date: to.date, time: to.startTime }, at);
      return appointmentAnswer(id, scheduleMessages.moved);
    },

    /** Kept as Cancelled, slot freed; a paid one is flagged for refund (appointment and its payment). */
    async cancel(staff: Staff, id: string, reason: string) {
      assertAdmin(staff);
      const at = now();
      const refund = await db.transaction(async (tx) => {
        const a = await changeable(tx, id, at);
        const paid = a.record.appointmentPaymentStatus === 'paid';
        await cancelAppointmentByClinic(tx, a.record._id, at);
        if (paid && a.record.appointmentPaymentId !== null) await flagPaymentRefund(tx, a.record.appointmentPaymentId, at);
        await insertAudit(
          tx,
          {
            ...auditActor(staff),
            action: 'appointment.cancelled',
            appointmentId: a.record._id,
            details: {
              reason,
              before: { status: statusAt(a, at), paymentStatus: a.record.appointmentPaymentStatus },
              after: { status: 'Cancelled', paymentStatus: paid ? 'refund' : a.record.appointmentPaymentStatus },
            },
          },
          at,
        );
        return paid;
      });
      return appointmentAnswer(id, refund ? scheduleMessages.cancelledRefund : scheduleMessages.cancelledNow);
    },
  };
}
export type StaffScheduleService = ReturnType<typeof createStaffScheduleService>;
