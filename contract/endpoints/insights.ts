/**
 * The owner's view (docs/insights.md); codecs in contract/insights.ts, served by
 * server/insights/routes.ts.
 *
 *   GET /staff/insights?from=&to=&grain=day|week|month&locationId=&doctorId=&type=  -> InsightsAnswer
 *       the period `from`..`to` (clinic dates, both included, at most maxInsightsDays) and the one
 *       before it of the same length; grain `day` unless told.
 *       400 code 'insightsPeriod': `to` before `from`, or longer than maxInsightsDays.
 *
 * Who may call: 401 without a live token; 404 for anybody who is not staff (a patient: not theirs
 * to probe); 403 code 'insightsAdminOnly' for reception. Admins see every figure; a doctor sees
 * their own only (doctorId is theirs whatever is asked; another doctor's id is 404). An unknown
 * location or doctor: 404.
 */
import { endpoint } from '../endpoint.js';
import { InsightsAnswer, InsightsQuery } from '../insights.js';

export const insightsEndpoints = {
  insights: endpoint({ method: 'GET', path: '/staff/insights', query: InsightsQuery, answer: InsightsAnswer }),
};
