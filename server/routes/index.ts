/**
 * Every API route, under /api. Each area is one plugin; later issues add theirs here. Errors,
 * the services' refusals included, are answered by the app's one handler (http/errors.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services/index.js';
import { authRoutes } from './auth.js';
import { doctorRoutes } from './doctors.js';
import { otpRoutes } from './otp.js';
import { peopleRoutes } from './people.js';
import type { HelpConfig } from '../config.js';
import { siteRoutes } from './site.js';
import { appointmentRoutes } from './appointments.js';
import { consultationRoutes } from './consultations.js';
import { chatRoutes } from './chat.js';
import { slotRoutes } from './slots.js';
import { staffRoutes } from './staff.js';
import { staffAdminRoutes } from './staffAdmin.js';
import { recordRoutes } from './records.js';
import { deskRoutes } from '../desk/routes.js';
import { dispensaryRoutes } from '../dispensary/routes.js';
import { insightsRoutes } from '../insights/routes.js';
import { queueRoutes } from '../queue/routes.js';
import { waitlistRoutes } from '../waitlist/routes.js';
import { followUpRoutes } from '../followUp/routes.js';
import { mobileRoutes } from '../mobile/routes.js';
import { verifyRoutes } from '../verify/routes.js';
import { signatureRoutes } from '../signatures/routes.js';
import { abdmRoutes } from '../abdm/routes.js';
import { pushRoutes } from '../push/routes.js';

export async function apiRoutes(app: FastifyInstance, { services, help }: { services: Services; help?: HelpConfig }): Promise<void> {
  await app.register(siteRoutes, { services, help });
  await app.register(doctorRoutes, { services });
  await app.register(slotRoutes, { services });
  await app.register(appointmentRoutes, { services });
  await app.register(otpRoutes, { services });
  await app.register(authRoutes, { services });
  await app.register(mobileRoutes, { services });
  await app.register(peopleRoutes, { services });
  await app.register(staffRoutes, { services });
  await app.register(staffAdminRoutes, { services });
  await app.register(signatureRoutes, { services });
  await app.register(deskRoutes, { services });
  await app.register(dispensaryRoutes, { services });
  await app.register(insightsRoutes, { services });
  await app.register(consultationRoutes, { services, hub: services.chatHub });
  await app.register(recordRoutes, { services });
  await app.register(waitlistRoutes, { services });
  await app.register(followUpRoutes, { services });
  await app.register(chatRoutes, { services, hub: services.chatHub });
  await app.register(queueRoutes, { services });
  await app.register(verifyRoutes, { services });
  await app.register(abdmRoutes, { services });
  await app.register(pushRoutes, { services });
  // Unknown API paths go straight to the JSON 404, without a look for a file of that name.
  app.get('/*', (_request, reply) => reply.callNotFound());
}
