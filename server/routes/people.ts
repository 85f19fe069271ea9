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
import { MessageAnswer, User } from '../../contract/auth.js';
import { FamilyMember, FamilyMemberInput, FamilyMemberList, FamilyMemberParams, ProfileUpdateRequest } from '../../contract/people.js';
import { loginRequired } from '../http/auth.js';
import { handle } from '../http/route.js';
import type { Services } from '../services/index.js';

export async function peopleRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const login = loginRequired(services);
  const guarded = { preHandler: login.preHandler };

  app.get('/family', guarded, handle({ answer: FamilyMemberList }, (_input, request) => services.people.list(login.userOf(request))));

  app.post(
    '/family',
    guarded,
    handle({ body: FamilyMemberInput, answer: FamilyMember }, ({ body }, request) => services.people.add(login.userOf(request), body)),
  );

  app.put(
    '/family/:id',
    guarded,
    handle({ params: FamilyMemberParams, body: FamilyMemberInput, answer: FamilyMember }, ({ params, body }, request) =>
      services.people.edit(login.userOf(request), params.id, body),
    ),
  );

  app.delete(
    '/family/:id',
    guarded,
    handle({ params: FamilyMemberParams, answer: MessageAnswer }, ({ params }, request) =>
      services.people.archive(login.userOf(request), params.id),
    ),
  );

  app.put(
    '/auth/profile',
    guarded,
    handle({ body: ProfileUpdateRequest, answer: User }, ({ body }, request) => services.people.updateProfile(login.userOf(request), body)),
  );
}
