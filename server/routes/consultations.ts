/**
 * The consultation itself (services/consultations.ts, contract/consultation.ts):
 *
 *   GET  /appointment/{id}/consultation            its state, join window, the person consulted; the
 *                                                  Video join link while open (patient and doctor)
 *   POST /staff/appointments/{id}/call/noanswer    { note } the doctor's call went unanswered
 *   POST /appointment/{id}/video/join              { tab } the portal's video: take this side's seat
 *   GET  /appointment/{id}/video/stream?tab=       Server-Sent Events: the signalling messages for this side
 *   POST /appointment/{id}/video/signal            { tab, kind, body } to the other side
 *   POST /appointment/{id}/video/admit             { tab } the doctor lets the patient in
 *   POST /appointment/{id}/video/switch            { tab } the doctor makes the Video a Call
 *
 * The video's endpoints (services/video.ts): 404 for anybody but the patient and the doctor
 * (admins included) and with VIDEO_PROVIDER=jitsi; 409 outside the join window or from a replaced tab.
 *
 * 401 without a live token (before anything is read); 404 for anybody but the appointment's
 * patient, its doctor and admins; the no-answer note is staff only (403 for a patient's token).
 * Answers are never cached: a join link is a key.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { consultationEndpoints } from '../../contract/endpoints/index.js';
import type { ChatHub } from '../chat/hub.js';
import { serveChatStream } from '../chat/stream.js';
import { loginRequired, requireSession, staffRequired } from '../http/auth.js';
import { route } from '../http/route.js';
import type { Services } from '../services/index.js';

/** A keep-alive comment this often on the video's stream (as the chat's). */
const videoKeepAliveMs = 25_000;

export async function consultationRoutes(app: FastifyInstance, { services, hub }: { services: Services; hub: ChatHub }): Promise<void> {
  const login = loginRequired(services);
  const staff = staffRequired(services);
  // Every answer here is one person's consultation: private, no-store, as every login-only
  // endpoint's (http/auth.ts registerPrivateAnswers).

  route(app, consultationEndpoints.consultation, { preHandler: login.preHandler }, ({ params }, request) =>
    services.consultations.get(login.userOf(request), params.id),
  );

  route(app, consultationEndpoints.noAnswer, { preHandler: staff.preHandler }, ({ params, body }, request) =>
    services.consultations.noteNoAnswer(staff.staffOf(request), params.id, body.note),
  );

  route(app, consultationEndpoints.videoJoin, { preHandler: login.preHandler }, ({ params, body }, request) =>
    services.video.join(login.userOf(request), params.id, body.tab),
  );
  route(app, consultationEndpoints.videoSignal, { preHandler: login.preHandler }, ({ params, body }, request) =>
    services.video.signal(login.userOf(request), params.id, body.tab, body.kind, body.body),
  );
  route(app, consultationEndpoints.videoAdmit, { preHandler: login.preHandler }, ({ params, body }, request) =>
    services.video.admit(login.userOf(request), params.id, body.tab),
  );
  route(app, consultationEndpoints.videoSwitch, { preHandler: login.preHandler }, ({ params, body }, request) =>
    services.video.switchToCall(login.userOf(request), params.id, body.tab),
  );

  // The session itself, not only its user: the stream ends with it (as the chat's, routes/chat.ts).
  const sessions = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof requireSession>>>();
  const sessionRequired = async (request: FastifyRequest): Promise<void> => {
    sessions.set(request, await requireSession(services, request));
  };
  route(app, consultationEndpoints.videoStream, { preHandler: sessionRequired }, async ({ params, query }, request, reply) => {
    const caller = sessions.get(request);
    if (!caller) throw new Error('video stream: the preHandler did not run');
    const { appointmentId, ticket, stillAllowed, load } = await services.video.openStream(caller, params.id, query.tab, request.ip);
    reply.hijack();
    await serveChatStream({
      raw: reply.raw,
      hub,
      topic: 'video',
      appointmentId,
      userId: caller.user._id,
      ticket,
      // Where this tab starts (the join's `after`) or resumes (the last signal it read), sent by the browser's reader (src/api/video.ts).
      after: lastEventIdOf(request) ?? '0',
      load,
      isLast: (signal) => signal.kind === 'replaced',
      stillAllowed,
      keepAliveMs: videoKeepAliveMs,
      onError: (error) => {
        request.log.warn({ err: error }, 'video stream failed');
        reply.raw.end();
      },
    });
  });
}

function lastEventIdOf(request: FastifyRequest): string | null {
  const header = request.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && /^(0|[1-9][0-9]{0,17})$/.test(value) ? value : null;
}
