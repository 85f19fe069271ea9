/** A doctor's leave: added under the orphan rule (no live booking may fall in it), removed freely. */
import type { LeaveInput } from '../../../contract/staffAdmin.js';
import { deleteLeave, insertLeave, listDoctorLeave } from '../../repositories/doctors.js';
import { insertAudit } from '../../repositories/staff.js';
import { badField, NotFoundError } from '../errors.js';
import { assertAdmin, auditActor, type Staff } from '../staff.js';
import { scheduleMessages } from '../staffSchedule.js';
import { lockedDoctor, refuseOrphans, scheduleOf, shapeOf, type StaffScheduleDeps } from './context.js';

export function leaveAdmin({ db, now }: StaffScheduleDeps) {
  return {
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
  };
}
