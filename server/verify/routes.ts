/**
 * GET /verify/{code} (contract/endpoints/verify.ts; service.ts): public, no login, rate-limited
 * per client address. The answers are never cached by a shared cache: a version may be amended
 * or revoked at any time.
 */
import type { FastifyInstance } from 'fastify';
import { verifyEndpoints } from '../../contract/endpoints/index.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';

export async function verifyRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  route(app, verifyEndpoints.verify, {}, async ({ params }, request, reply) => {
    reply.header('cache-control', 'no-store');
    return services.verify.verify(params.code, request.ip);
  });
}
