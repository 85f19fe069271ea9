/**
 * Who sees which figures (docs/insights.md, "Who sees what"): pure functions over the caller and
 * the query; the service calls these first.
 *
 * - Admins: every figure, filtered as they ask.
 * - A doctor: their own figures only. The doctor filter is always theirs; asking for another
 *   doctor's is 404, as for anything not theirs.
 * - Reception: 403 (the counter's figures are in the day list).
 * - The period: `to` on or after `from`, at most maxInsightsDays days, both included.
 */
import { daysBetween } from '../../contract/clinicTime.js';
import { maxInsightsDays } from '../../contract/insights.js';
import { staffCaller } from '../access/caller.js';
import { isAdmin } from '../access/rules.js';
import { badField, ForbiddenError, NotFoundError } from '../services/errors.js';
import type { Staff } from '../services/staff.js';
import { insightsMessages as m } from './messages.js';

/** The doctor the figures are limited to (null: every doctor), or a refusal. */
export function scopedDoctor(staff: Staff, asked: string | undefined): string | null {
  const wanted = asked?.toLowerCase() ?? null;
  if (isAdmin(staffCaller(staff))) return wanted;
  if (staff.role !== 'doctor' || !staff.doctorId) throw new ForbiddenError(m.adminOnly);
  if (wanted !== null && wanted !== staff.doctorId.toLowerCase()) throw new NotFoundError(m.doctorNotFound);
  return staff.doctorId.toLowerCase();
}

/** The period's length in days; 400 naming `to` when it ends before it starts or is too long. */
export function periodDays(from: string, to: string): number {
  const days = daysBetween(from, to);
  if (days < 1 || days > maxInsightsDays) throw badField('to', m.periodField, m.period);
  return days;
}
