import { ConflictError } from '../../services/errors.js';
import type { DayPlan } from '../../services/schedule.js';
import { deskMessages } from '../messages.js';

/**
 * A walk-in joins the queue of a doctor who sees patients at that location today: an active
 * clinic doctor with hours there on today's weekday and not on leave. 409 otherwise.
 */
export function worksHereToday(plan: DayPlan | null): DayPlan & { locationId: string } {
  if (!plan || plan.online || plan.locationId === null || plan.starts.length === 0 || plan.onLeave || plan.doctor.type === 'online') {
    throw new ConflictError(deskMessages.notWorkingToday);
  }
  return { ...plan, locationId: plan.locationId };
}
