/**
 * The owner's view's endpoint (contract/endpoints/insights.ts), registered from the contract's
 * table. The guard answers 401 without a live token and 404 to anybody who is not staff (a
 * patient), before anything else is read; the service answers 403 to reception and limits a
 * doctor to their own figures.
 */
import type { FastifyInstance } from 'fastify';
import { insightsEndpoints as e } from '../../contract/endpoints/index.js';
import { deskRequired } from '../http/auth.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';

export async function insightsRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const guard = deskRequired(services);
  route(app, e.insights, { preHandler: guard.preHandler }, ({ query }, request) => services.insights.insights(guard.staffOf(request), query));
}
