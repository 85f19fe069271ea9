/** A doctor's details, locations and slot length changed, or the doctor retired or listed again: both under the orphan rule. */
import type { DoctorInput } from '../../../contract/staffAdmin.js';
import { type DoctorFields, findAdminDoctor, setDoctorActive, setDoctorLocations, updateDoctor } from '../../repositories/doctors.js';
import { insertAudit } from '../../repositories/staff.js';
import { ConflictError } from '../errors.js';
import { assertAdmin, auditActor, type Staff } from '../staff.js';
import { checkRegistration, type ScheduleShape, scheduleMessages } from '../staffSchedule.js';
import {
  doctorAnswer,
  doctorFacts,
  emailTaken,
  lockedDoctor,
  refuseIfDoctorAccount,
  refuseOrphans,
  shapeOf,
  type StaffScheduleDeps,
  validLocationIds,
} from './context.js';

export function doctorChangesAdmin({ db, now }: StaffScheduleDeps) {
  return {
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
      return doctorAnswer(db, id, scheduleMessages.updated);
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
      return doctorAnswer(db, id, !changed ? scheduleMessages.unchanged : active ? scheduleMessages.reactivated : scheduleMessages.retired);
    },
  };
}
