/** GET /api/doctor/* and /api/appointmentfee/all (spec §7). */
import type { FastifyInstance } from 'fastify';
import { AppointmentFeeList, Doctor, DoctorEmailParams, DoctorList } from '../../contract/site.js';
import { handle } from '../http/route.js';
import type { Services } from '../services/index.js';

export async function doctorRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  app.get('/doctor/getall', handle({ answer: DoctorList }, () => services.doctors.list()));

  app.get(
    '/doctor/getdoctoremail/:email',
    handle({ params: DoctorEmailParams, answer: Doctor }, ({ params }) => services.doctors.byEmail(params.email)),
  );

  app.get(
    '/appointmentfee/all',
    handle({ answer: AppointmentFeeList }, async () => ({ data: await services.doctors.fees() })),
  );
}
