/**
 * Family members and the patient's profile (services/people.ts). Every route needs a
 * live bearer token (401 before the body is read); another account's family member is 404.
 *
 *   GET    /family          the caller's family members
 *   POST   /family          add one
 *   PUT    /family/{id}     edit one
 *   DELETE /family/{id}     archive one
 *   PUT    /auth/profile    the caller's name, phone, age and gender
 */
import type { FastifyInstance } from 'fastify';
import { peopleEndpoints } from '../../contract/endpoints/index.js';
import { loginRequired } from '../http/auth.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';

export async function peopleRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const login = loginRequired(services);
  const guarded = { preHandler: login.preHandler };

  route(app, peopleEndpoints.family, guarded, (_input, request) => services.people.list(login.userOf(request)));
  route(app, peopleEndpoints.addFamilyMember, guarded, ({ body }, request) => services.people.add(login.userOf(request), body));
  route(app, peopleEndpoints.editFamilyMember, guarded, ({ params, body }, request) =>
    services.people.edit(login.userOf(request), params.id, body),
  );
  route(app, peopleEndpoints.archiveFamilyMember, guarded, ({ params }, request) => services.people.archive(login.userOf(request), params.id));
  route(app, peopleEndpoints.profile, guarded, ({ body }, request) => services.people.updateProfile(login.userOf(request), body));
}
