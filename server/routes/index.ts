/** Every API route, under /api. Each area is one plugin; later issues add theirs here. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services/index.js';
import { doctorRoutes } from './doctors.js';
import { siteRoutes } from './site.js';

export async function apiRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  await app.register(siteRoutes, { services });
  await app.register(doctorRoutes, { services });
  // Unknown API paths go straight to the JSON 404, without a look for a file of that name.
  app.get('/*', (_request, reply) => reply.callNotFound());
}
