/**
 * The staff console's doctors and schedules, for admins, one file a subject under
 * services/staffSchedule/: the doctor list, a doctor's changes, weekly hours, leave, and moving or
 * cancelling appointments. The rules they share (the orphan rule, the answers' words) are in
 * services/staffSchedule.ts.
 */
import type { StaffScheduleDeps } from './context.js';
import { doctorChangesAdmin } from './doctorChanges.js';
import { doctorsAdmin } from './doctors.js';
import { hoursAdmin } from './hours.js';
import { leaveAdmin } from './leave.js';
import { movesAdmin } from './moves.js';

export type { StaffScheduleDeps } from './context.js';

export function createStaffScheduleService(deps: StaffScheduleDeps) {
  return {
    ...doctorsAdmin(deps),
    ...doctorChangesAdmin(deps),
    ...hoursAdmin(deps),
    ...leaveAdmin(deps),
    ...movesAdmin(deps),
  };
}
export type StaffScheduleService = ReturnType<typeof createStaffScheduleService>;
