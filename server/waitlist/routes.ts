/**
 * The patient's waitlist (contract/endpoints/waitlist.ts; service.ts). Every route needs a live
 * bearer token (401 before the body is read); another account's entry is 404.
 *
 *   GET    /waitlist                 the caller's live entries
 *   POST   /waitlist                 join
 *   DELETE /waitlist/{id}            leave
 *   POST   /waitlist/{id}/decline    give back the slot offered now
 *   GET    /waitlist/stream          the caller's entries, live (live.ts), on the queue's hub (`app.queue`)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { waitlistEndpoints } from '../../contract/endpoints/index.js';
import { loginRequired, requireSession } from '../http/auth.js';
import { route } from '../http/route.js';
import { chatKeepAliveMs } from '../routes/chat.js';
import type { Services } from '../services/index.js';
import type { AuthenticatedUser } from '../services/sessions.js';
import { admitWaitlistStream, serveWaitlistStream } from './live.js';

export async function waitlistRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const login = loginRequired(services);
  const guarded = { preHandler: login.preHandler };

  route(app, waitlistEndpoints.list, guarded, (_input, request) => services.waitlist.list(login.userOf(request)));
  route(app, waitlistEndpoints.join, guarded, ({ body }, request) => services.waitlist.join(login.userOf(request), body));
  route(app, waitlistEndpoints.leave, guarded, ({ params }, request) => services.waitlist.leave(login.userOf(request), params.id));
  route(app, waitlistEndpoints.decline, guarded, ({ params }, request) => services.waitlist.decline(login.userOf(request), params.id));

  // The session itself, not only its user: the stream ends with it.
  const sessions = new WeakMap<FastifyRequest, AuthenticatedUser>();
  const sessionRequired = async (request: FastifyRequest): Promise<void> => {
    sessions.set(request, await requireSession(services, request));
  };
  route(app, waitlistEndpoints.stream, { preHandler: sessionRequired }, async (_input, request, reply) => {
    const caller = sessions.get(request);
    if (!caller) throw new Error('waitlist stream: the preHandler did not run');
    // The queue plugin's hub (server/queue/plugin.ts), found when a request comes.
    const { hub, config } = app.queue;
    const ticket = admitWaitlistStream({ hub, config }, caller, request.ip);
    reply.hijack();
    await serveWaitlistStream(
      {
        hub,
        config,
        list: (who) => services.waitlist.list(who.user),
        sessionLive: (sessionId) => services.sessions.isLive(sessionId),
        keepAliveMs: chatKeepAliveMs,
        onError: (error) => {
          request.log.warn({ err: error }, 'waitlist stream failed');
          reply.raw.end();
        },
      },
      reply.raw,
      caller,
      ticket,
    );
    return reply;
  });
}
