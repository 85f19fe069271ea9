/** The doctor list: listed, one doctor's schedule, added, deleted while nothing refers to them, put in order. */
import type { AdminDoctor, DoctorInput, DoctorSchedule } from '../../../contract/staffAdmin.js';
import {
  countDoctorAppointments,
  deleteDoctor,
  type DoctorFields,
  findAdminDoctor,
  insertDoctor,
  listAdminDoctors,
  listDoctorHours,
  listDoctorLeave,
  setDoctorLocations,
  setDoctorOrder,
} from '../../repositories/doctors.js';
import { insertAudit } from '../../repositories/staff.js';
import { ConflictError } from '../errors.js';
import { assertAdmin, assertWorksDesk, auditActor, reorderWithAudit, type Staff } from '../staff.js';
import { checkRegistration, scheduleMessages } from '../staffSchedule.js';
import {
  doctorAnswer,
  doctorFacts,
  emailTaken,
  lockedDoctor,
  refuseIfDoctorAccount,
  scheduleOf,
  type StaffScheduleDeps,
  validLocationIds,
} from './context.js';

export function doctorsAdmin({ db, now, schedule }: StaffScheduleDeps) {
  return {
    async list(staff: Staff): Promise<AdminDoctor[]> {
      assertWorksDesk(staff);
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
      return doctorAnswer(db, id, scheduleMessages.created);
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
  };
}
