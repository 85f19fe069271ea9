/**
 * The owner's view's refusals (contract/endpoints/insights.ts names the codes a client words them by).
 */
import { defineMessages } from '../services/messageCodes.js';

export const insightsMessages = defineMessages(
  'insights',
  {
    locationNotFound: 'No clinic location has this id.',
    doctorNotFound: 'This is not a doctor whose figures you may see.',
    adminOnly: "The clinic's figures are for admins and doctors.",
    period: 'Choose a period whose end is not before its start and that is at most 366 days long.',
    periodField: 'must be on or after from, at most 366 days on',
  } as const,
  { codes: { adminOnly: 'insightsAdminOnly', period: 'insightsPeriod' } },
);
