/**
 * Chat consultations (services/chat.ts, contract/chat.ts, chat/hub.ts):
 *
 *   GET  /appointment/{id}/chat                    the conversation (state, messages, unread)
 *   POST /appointment/{id}/chat/messages           { text } a text message
 *   POST /appointment/{id}/chat/photos             a photo: the image's bytes as the body
 *                                                  (content-type image/* or application/octet-stream)
 *   GET  /appointment/{id}/chat/photos/{photoId}   the re-encoded JPEG
 *   POST /appointment/{id}/chat/read               { upTo } marks messages read
 *   GET  /appointment/{id}/chat/stream             Server-Sent Events, resumed after Last-Event-ID;
 *                                                  409 unless open or in follow-up, 429 past a cap
 *
 * 401 without a live token; 404 for anybody but the patient, the doctor and admins (read-only).
 * Nothing here is cached anywhere: cache-control private, no-store on every answer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ChatMessageId, chatPhotoMaxBytes } from '../../contract/chat.js';
import { chatEndpoints } from '../../contract/endpoints/index.js';
import type { ChatHub } from '../chat/hub.js';
import { serveChatStream } from '../chat/stream.js';
import { loginRequired, requireSession } from '../http/auth.js';
import { InvalidRequestError, route } from '../http/route.js';
import type { Services } from '../services/index.js';

/** A keep-alive comment this often: below the usual 60 s idle timeouts of proxies and carriers. */
export const chatKeepAliveMs = 25_000;

const uploadLimit = chatPhotoMaxBytes + 2 * 1024 * 1024;
const photoTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'application/octet-stream'];

export async function chatRoutes(app: FastifyInstance, { services, hub }: { services: Services; hub: ChatHub }): Promise<void> {
  const login = loginRequired(services);
  // Every answer here is one person's consultation: never stored by a browser or a proxy.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  // Only inside this plugin: the photo's raw bytes, up to 10 MB (the app's bodyLimit is 100 kB).
  // A little more than the 10 MB a photo may be, so a slightly larger one gets the service's 400
  // with the reason; far larger bodies are cut off by Fastify (413) without being read.
  app.addContentTypeParser(photoTypes, { parseAs: 'buffer', bodyLimit: uploadLimit }, (_request, body, done) => done(null, body));

  const guarded = { preHandler: login.preHandler };
  route(app, chatEndpoints.conversation, guarded, ({ params }, request) => services.chat.conversation(login.userOf(request), params.id));

  route(app, chatEndpoints.postText, guarded, ({ params, body }, request) => services.chat.postText(login.userOf(request), params.id, body.text, body.clientId));

  route(app, chatEndpoints.postPhoto, { ...guarded, bodyLimit: uploadLimit }, ({ params }, request) => {
    const body = Buffer.isBuffer(request.body) ? request.body : undefined;
    return services.chat.postPhoto(login.userOf(request), params.id, body);
  });

  route(app, chatEndpoints.photo, guarded, async ({ params }, request, reply) => {
    const photo = await services.chat.photo(login.userOf(request), params.id, params.photoId);
    reply.header('content-type', photo.contentType);
    return photo.data;
  });

  route(app, chatEndpoints.read, guarded, ({ params, body }, request) => services.chat.read(login.userOf(request), params.id, body.upTo));

  // The session itself, not only its user: the stream ends with it (services/chat.ts streamAllowed).
  // It is found before the params are read, as the other routes' login.
  const sessions = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof requireSession>>>();
  const sessionRequired = async (request: FastifyRequest): Promise<void> => {
    sessions.set(request, await requireSession(services, request));
  };
  route(app, chatEndpoints.stream, { preHandler: sessionRequired }, async ({ params }, request, reply) => {
    const caller = sessions.get(request);
    if (!caller) throw new Error('chat stream: the preHandler did not run');
    const header = request.headers['last-event-id'];
    const lastEventId = Array.isArray(header) ? header[0] : header;
    let after = '0';
    if (lastEventId !== undefined && lastEventId !== '') {
      if (!ChatMessageId.is(lastEventId)) throw new InvalidRequestError([{ field: 'Last-Event-ID', message: 'must be a message id' }]);
      after = lastEventId;
    }
    const { appointmentId, ticket, stillAllowed } = await services.chat.openStream(caller, params.id, request.ip);
    reply.hijack();
    await serveChatStream({
      raw: reply.raw,
      hub,
      appointmentId,
      userId: caller.user._id,
      ticket,
      after,
      load: (from) => services.chat.after(appointmentId, from),
      stillAllowed,
      keepAliveMs: chatKeepAliveMs,
      onError: (error) => {
        request.log.warn({ err: error }, 'chat stream failed');
        reply.raw.end();
      },
    });
  });
}
