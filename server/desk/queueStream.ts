/**
 * GET /desk/queue/stream: a doctor's queue of today, live, for the staff console's Queue section
 * (the doctor's own, or any doctor's for reception and admins). The same rules as GET /desk/queue
 * (404 for a queue the caller may not work), then a place among the queue's streams within the
 * caps of one account, of one client address and in all (QUEUE_STREAMS_*, 429 past them), on the
 * queue plugin's hub: every change of that doctor's queue (`queue_changed` {"d": doctor}) reads
 * the line once for all the staff streams on it (the `q:` feed) and each sends its caller's
 * answer when it changed. It ends with the session that opened it: a logout anywhere tells
 * {"u": account id} and the stream asks again at once, and so does a change of the account's role
 * (047_staff_role_streams.sql). Ending so sends `changed`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { QueueAnswer } from '../../contract/desk.js';
import type { QueueLive } from '../queue/plugin.js';
import { serveQueueStream } from '../queue/stream.js';
import { chatKeepAliveMs } from '../routes/chat.js';
import { ServiceError } from '../services/errors.js';
import type { Services } from '../services/index.js';
import type { Staff } from '../services/staff.js';

/** Whether the caller of `authorization` is still signed in as `staff` and may still work the doctor's queue. */
async function stillWorks(services: Services, authorization: string | undefined, staff: Staff, doctorId: string): Promise<boolean> {
  try {
    const session = await services.sessions.authenticate(authorization);
    if (session.user._id !== staff.user._id) return false;
    await services.desk.queueLine(await services.staff.authorize(session.user), doctorId);
    return true;
  } catch (error) {
    if (error instanceof ServiceError && error.status >= 400 && error.status < 500) return false;
    throw error;
  }
}

export async function serveDeskQueueStream(
  { services, live }: { services: Services; live: QueueLive },
  staff: Staff,
  doctorId: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const line = await services.desk.queueLine(staff, doctorId);
  const ticket = live.service.admitAccount(staff.user._id, request.ip);
  const authorization = request.headers.authorization;
  reply.hijack();
  await serveQueueStream<QueueAnswer>({
    raw: reply.raw,
    hub: live.hub,
    handle: { kind: 'staff', id: staff.user._id },
    ticket,
    event: 'queue',
    endEvent: 'changed',
    subscribe: (send) => live.hub.subscribe(`q:${line.doctorId}`, line.load, (read) => send(line.view(read))),
    stillAllowed: () => stillWorks(services, authorization, staff, line.doctorId),
    keepAliveMs: chatKeepAliveMs,
    onError: (error) => {
      request.log.warn({ err: error }, 'desk queue stream failed');
      reply.raw.end();
    },
  });
  return reply;
}
