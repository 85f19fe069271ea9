/**
 * The waiting room's displays and the patient's live place (docs/queue-display.md). Codecs in
 * contract/display.ts; served by server/queue/routes.ts.
 *
 * Display links, admins only (401, then 403 for anybody else, as every /staff admin call):
 *   GET  /staff/displays               -> DisplayLinkList (revoked ones too; never a key)
 *   POST /staff/displays               DisplayLinkRequest -> DisplayLinkCreated    display.created
 *        the key and the whole address, once; 400 `locationId` for an unknown location
 *   POST /staff/displays/{id}/revoke   -> DisplayLink                              display.revoked
 *        404 unknown id; 409 'queue.displayRevoked' when already revoked. Its open streams end
 *        within a second, on every instance.
 *
 * The display itself, no login: the key is the credential (it is scrubbed from the logs).
 *   GET  /display/{key}                -> DisplaySnapshot (the location's queues today)
 *   GET  /display/{key}/stream         Server-Sent Events: `queue` events, each a DisplaySnapshot
 *        (the first at once, then one per change, within a second of it); `revoked` when the link
 *        is revoked (the stream then ends); `reconnect` before the server ends it (shutdown)
 *        404 for an unknown or revoked key; 429 past QUEUE_STREAMS_PER_DISPLAY,
 *        QUEUE_STREAMS_PER_CLIENT or QUEUE_STREAMS_TOTAL
 *
 * The patient's place, the appointment's owner only (anybody else: 404, as for an unknown id):
 *   GET  /appointment/{id}/queue        -> QueuePlace (notCheckedIn for any appointment not in
 *        today's queue)
 *   GET  /appointment/{id}/queue/stream Server-Sent Events: `place` events, each a QueuePlace (the
 *        first at once, then one per change of the line); `changed` when the session ended (the
 *        stream ends with it); 409 'queue.notInQueue' unless the appointment waits or is called
 *        in today's queue; 429 past QUEUE_STREAMS_PER_ACCOUNT, per client or in total
 */
import { AppointmentIdParams } from '../appointments.js';
import { DisplayIdParams, DisplayKeyParams, DisplayLink, DisplayLinkCreated, DisplayLinkList, DisplayLinkRequest, DisplaySnapshot, QueuePlace } from '../display.js';
import { endpoint, PassThrough } from '../endpoint.js';

const stream = { answer: PassThrough, kind: 'stream', accept: 'text/event-stream' } as const;

export const displayEndpoints = {
  links: endpoint({ method: 'GET', path: '/staff/displays', answer: DisplayLinkList }),
  createLink: endpoint({ method: 'POST', path: '/staff/displays', body: DisplayLinkRequest, answer: DisplayLinkCreated }),
  revokeLink: endpoint({ method: 'POST', path: '/staff/displays/:id/revoke', params: DisplayIdParams, answer: DisplayLink }),
  snapshot: endpoint({ method: 'GET', path: '/display/:key', params: DisplayKeyParams, answer: DisplaySnapshot }),
  stream: endpoint({ method: 'GET', path: '/display/:key/stream', params: DisplayKeyParams, ...stream }),
  place: endpoint({ method: 'GET', path: '/appointment/:id/queue', params: AppointmentIdParams, answer: QueuePlace }),
  placeStream: endpoint({ method: 'GET', path: '/appointment/:id/queue/stream', params: AppointmentIdParams, ...stream }),
};
