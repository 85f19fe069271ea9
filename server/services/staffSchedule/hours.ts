/** A doctor's weekly hours: the whole week at one location, or the whole online week. ORPHAN RULE. */
import type { FieldError } from '../../../contract/errors.js';
import type { HoursRange } from '../../../contract/staffAdmin.js';
import { toMinutes } from '../../../contract/clinicTime.js';
import { listDoctorHours, replaceDoctorHours, replaceDoctorOnlineHours } from '../../repositories/doctors.js';
import { insertAudit } from '../../repositories/staff.js';
import { badField, BadRequestError } from '../errors.js';
import { assertAdmin, auditActor, type Staff } from '../staff.js';
import { checkHours, type ScheduleShape, scheduleMessages } from '../staffSchedule.js';
import { lockedDoctor, refuseOrphans, scheduleOf, shapeOf, type StaffScheduleDeps, weekOf } from './context.js';

/** By weekday, then by start. */
const inWeekOrder = (hours: readonly HoursRange[]) =>
  [...hours].sort((a, b) => a.weekday - b.weekday || toMinutes(a.start) - toMinutes(b.start));

export function hoursAdmin({ db, now }: StaffScheduleDeps) {
  return {
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
        const sorted = inWeekOrder(hours);
        const next: ScheduleShape = {
          ...current,
          hours: [...current.hours.filter((h) => h.locationId !== location._id), ...sorted.map((h) => ({ ...h, locationId: location._id }))],
        };
        await refuseOrphans(tx, doctor._id, current, next, at);
        await replaceDoctorHours(tx, doctor._id, location._id, sorted);
        await insertAudit(
          tx,
          {
            ...auditActor(staff),
            action: 'hours.replaced',
            details: {
              doctorId: doctor._id,
              doctor: doctor.name,
              location: location.name,
              before: weekOf(current.hours.filter((h) => h.locationId === location._id)),
              after: weekOf(sorted),
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
        const sorted = inWeekOrder(hours);
        await refuseOrphans(tx, doctor._id, current, { ...current, onlineHours: sorted }, at);
        await replaceDoctorOnlineHours(tx, doctor._id, sorted);
        await insertAudit(
          tx,
          {
            ...auditActor(staff),
            action: 'onlinehours.replaced',
            details: { doctorId: doctor._id, doctor: doctor.name, before: weekOf(current.onlineHours), after: weekOf(sorted) },
          },
          at,
        );
      });
      return { message: scheduleMessages.hoursSaved, schedule: await scheduleOf(db, id) };
    },
  };
}
