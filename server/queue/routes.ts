/**
 * The queue's live side (contract/endpoints/display.ts): display links for admins, the display's
 * snapshot and stream by its key (no login), the patient's place and its stream (the owner only).
 * The services are the queue plugin's (`app.queue`, server/queue/plugin.ts), found when a request
 * comes. Nothing here is cached anywhere.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DisplaySnapshot, QueuePlace } from '../../contract/display.js';
import { displayEndpoints as endpoints } from '../../contract/endpoints/index.js';
import { chatKeepAliveMs } from '../routes/chat.js';
import { adminRequired, loginRequired, requireSession } from '../http/auth.js';
import { route } from '../http/route.js';
import type { AuthenticatedUser } from '../services/sessions.js';
import type { Services } from '../services/index.js';
import { serveQueueStream } from './stream.js';
import type { QueueLive } from './plugin.js';
import { placeOf } from './views.js';

const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'no-store');
};

async function displayLinkRoutes(app: FastifyInstance, { services, live }: { services: Services; live: () => QueueLive }) {
  const guard = adminRequired(services);
  app.addHook('preHandler', guard.preHandler);
  route(app, endpoints.links, {}, (_input, request) => live().displays.list(guard.staffOf(request)));
  route(app, endpoints.createLink, {}, ({ body }, request) => live().displays.create(guard.staffOf(request), body));
  route(app, endpoints.revokeLink, {}, ({ params }, request) => live().displays.revoke(guard.staffOf(request), params.id));
}

function displayRoutes(app: FastifyInstance, live: () => QueueLive) {
  route(app, endpoints.snapshot, { onRequest: noStore }, ({ params }) => live().service.snapshot(params.key));
  route(app, endpoints.stream, { onRequest: noStore }, async ({ params }, request, reply) => {
    const { hub, service } = live();
    const { display, ticket, stillAllowed } = await service.openDisplayStream(params.key, request.ip);
    reply.hijack();
    await serveQueueStream<DisplaySnapshot>({
      raw: reply.raw,
      hub,
      handle: { kind: 'display', id: display.id },
      ticket,
      event: 'queue',
      endEvent: 'revoked',
      // A location gone (its links with it) sends nothing more; the next check ends the stream.
      subscribe: (send) => hub.subscribe(`l:${display.locationId}`, () => service.locationSnapshot(display.locationId), (s) => s && send(s)),
      stillAllowed,
      keepAliveMs: chatKeepAliveMs,
      onError: (error) => {
        request.log.warn({ err: error }, 'display stream failed');
        reply.raw.end();
      },
    });
    return reply;
  });
}

function placeRoutes(app: FastifyInstance, { services, live }: { services: Services; live: () => QueueLive }) {
  const login = loginRequired(services);
  route(app, endpoints.place, { preHandler: login.preHandler }, ({ params }, request) => live().service.place(login.userOf(request), params.id));

  // The session itself, not only its user: the stream ends with it.
  const sessions = new WeakMap<FastifyRequest, AuthenticatedUser>();
  const sessionRequired = async (request: FastifyRequest): Promise<void> => {
    sessions.set(request, await requireSession(services, request));
  };
  route(app, endpoints.placeStream, { preHandler: sessionRequired }, async ({ params }, request, reply) => {
    const caller = sessions.get(request);
    if (!caller) throw new Error('queue stream: the preHandler did not run');
    const { hub, service } = live();
    const { entry, ticket, stillAllowed } = await service.openPlaceStream(caller, params.id, request.ip);
    reply.hijack();
    await serveQueueStream<QueuePlace>({
      raw: reply.raw,
      hub,
      handle: { kind: 'patient', id: caller.user._id },
      ticket,
      event: 'place',
      endEvent: 'changed',
      subscribe: (send) => hub.subscribe(`d:${entry.doctorId}`, () => service.doctorDay(entry.doctorId), (day) => send(placeOf(day.entries, entry.id, day.slotMinutes))),
      final: (place) => place.status !== 'waiting' && place.status !== 'called',
      stillAllowed,
      keepAliveMs: chatKeepAliveMs,
      onError: (error) => {
        request.log.warn({ err: error }, 'queue place stream failed');
        reply.raw.end();
      },
    });
    return reply;
  });
}

export async function queueRoutes(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const live = () => app.queue;
  await app.register(displayLinkRoutes, { services, live });
  displayRoutes(app, live);
  placeRoutes(app, { services, live });
}
