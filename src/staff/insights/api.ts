/**
 * The owner's view's one call (contract/endpoints/insights.ts), in the section's own chunk, and
 * the actor the machine is given (machines/insights).
 */
import { insightsEndpoints } from '../../../contract/endpoints/insights.js';
import type { InsightsFilter } from '../../../machines/insights/insightsMachine.js';
import { insightsQueryOf } from '../../../machines/insights/insightsMachine.js';
import { apiClient } from '../../api/client.js';
import { fromApi } from '../../app/fromApi.js';

export const fetchInsights = (query: InsightsFilter, token: string, signal?: AbortSignal) =>
  apiClient.call(insightsEndpoints.insights, { query: insightsQueryOf(query), token, signal });

export const liveLoadInsights = fromApi(({ query, token }: { query: InsightsFilter; token: string }, signal) => fetchInsights(query, token, signal));
