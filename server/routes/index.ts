/** Every API route, under /api. Each area is one plugin; later issues add theirs here. */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../contract/errors.js';
import { MailDeliveryError, PaymentProviderError, ServiceError } from '../services/errors.js';
import type { Services } from '../services/index.js';
import { authRoutes } from './auth.js';
import { doctorRoutes } from './doctors.js';
import { otpRoutes } from './otp.js';
import type { HelpConfig } from '../config.js';
import { siteRoutes } from './site.js';
import { appointmentRoutes } from './appointments.js';
import { slotRoutes } from './slots.js';
import { staffRoutes } from './staff.js';
import { staffAdminRoutes } from './staffAdmin.js';

/**
 * A service's refusal (services/errors.ts ServiceError: 400, 401, 409, 429, 502) answers its
 * status and message; anything else goes on to the app's handler (http/errors.ts). The payment
 * service (server/payment) sets the same handler on its own plugin.
 */
export function serviceErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof ServiceError)) throw error;
  if (error instanceof MailDeliveryError) request.log.warn({ err: error.cause }, 'mail could not be sent');
  if (error instanceof PaymentProviderError) request.log.warn({ err: error.cause }, 'payment provider failed');
  const body: ApiError = error.errors ? { message: error.message, errors: [...error.errors] } : { message: error.message };
  return reply.code(error.status).headers(error.headers).send(body);
}

export async function apiRoutes(app: FastifyInstance, { services, help }: { services: Services; help?: HelpConfig }): Promise<void> {
  app.setErrorHandler(serviceErrorHandler);

  await app.register(siteRoutes, { services, help });
  await app.register(doctorRoutes, { services });
  await app.register(slotRoutes, { services });
  await app.register(appointmentRoutes, { services });
  await app.register(otpRoutes, { services });
  await app.register(authRoutes, { services });
  await app.register(staffRoutes, { services });
  await app.register(staffAdminRoutes, { services });
  // Unknown API paths go straight to the JSON 404, without a look for a file of that name.
  app.get('/*', (_request, reply) => reply.callNotFound());
}
