/**
 * Web Push's endpoints (contract/endpoints/push.ts; service.ts). The key is anybody's; a
 * subscription needs a live bearer token (401 before the body is read), and is the login's.
 */
import type { FastifyInstance } from 'fastify';
import { pushEndpoints } from '../../contract/endpoints/index.js';
import { requireSession } from '../http/auth.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';
import type { AuthenticatedUser } from '../services/sessions.js';

export async function pushRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const sessions = new WeakMap<object, AuthenticatedUser>();
  const guarded = {
    preHandler: async (request: Parameters<typeof requireSession>[1]): Promise<void> => {
      sessions.set(request, await requireSession(services, request));
    },
  };
  const callerOf = (request: object): AuthenticatedUser => {
    const caller = sessions.get(request);
    if (!caller) throw new Error('push: the preHandler did not run');
    return caller;
  };

  route(app, pushEndpoints.key, {}, async () => ({ publicKey: services.push.publicKey() }));
  route(app, pushEndpoints.subscribe, guarded, ({ body }, request) => services.push.subscribe(callerOf(request), body));
  route(app, pushEndpoints.unsubscribe, guarded, ({ body }, request) => services.push.unsubscribe(callerOf(request), body.endpoint));
  route(app, pushEndpoints.choices, guarded, (_, request) => services.push.choices(callerOf(request)));
  route(app, pushEndpoints.saveChoices, guarded, ({ body }, request) => services.push.saveChoices(callerOf(request), body));
}
