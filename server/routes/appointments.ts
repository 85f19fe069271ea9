/**
 * POST /api/appointment/add (spec §7): a logged-in patient books a slot (services/appointments.ts).
 * 401 without a live bearer token (checked before the body is read, so an anonymous caller
 * learns nothing from validation); 409 'This slot is already booked' when somebody else holds it.
 * The appointments issue (5) adds list, update and delete here.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppointmentCreateRequest, AppointmentRecord } from '../../contract/appointments.js';
import type { User } from '../../contract/auth.js';
import { handle } from '../http/route.js';
import type { Services } from '../services/index.js';
import { requireUser } from './auth.js';

/**
 * A preHandler that answers 401 before anything else unless the request carries a live bearer
 * token, and `userOf(request)` for the handler that follows.
 */
export function loginRequired(services: Services) {
  const users = new WeakMap<FastifyRequest, User>();
  return {
    preHandler: async (request: FastifyRequest) => {
      users.set(request, await requireUser(services, request));
    },
    userOf: (request: FastifyRequest): User => {
      const user = users.get(request);
      if (!user) throw new Error('loginRequired: the preHandler did not run');
      return user;
    },
  };
}

export async function appointmentRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const login = loginRequired(services);
  app.post(
    '/appointment/add',
    { preHandler: login.preHandler },
    handle({ body: AppointmentCreateRequest, answer: AppointmentRecord }, ({ body }, request) =>
      services.appointments.create(login.userOf(request), body),
    ),
  );
}
