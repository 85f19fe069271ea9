/** GET /api/doctor/* and /api/appointmentfee/all (spec §7). */
import type { FastifyInstance } from 'fastify';
import { doctorEndpoints } from '../../contract/endpoints/index.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';

export async function doctorRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  route(app, doctorEndpoints.all, {}, () => services.doctors.list());
  route(app, doctorEndpoints.byEmail, {}, ({ params }) => services.doctors.byEmail(params.email));
  route(app, doctorEndpoints.fees, {}, async () => ({ data: await services.doctors.fees() }));
}
