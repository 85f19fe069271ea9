import type { BookingFields } from '../dayPlan.js';
import type { DayPlan } from '../../schedule.js';

/**
 * The doctor is one of ours and active: no day plan means unknown, or retired meanwhile. Answers
 * the plan; throws the request's own answer (`fields.noDoctor`) otherwise.
 */
export function doctorKnown(plan: DayPlan | null, fields: BookingFields): DayPlan {
  if (!plan) throw fields.noDoctor();
  return plan;
}
