/**
 * The patient's waitlist, live (GET /waitlist/stream): an open My appointments page hears of a slot
 * offered to them (or an offer of theirs that is over) within a second, without a reload. The
 * stream is one of the queue's live streams (server/queue/hub.ts, stream.ts): the change is told
 * on the queue's channel as `{"w": user id}` at its commit (repository.ts announceWaitlist), every
 * instance reads that patient's list once for all their open pages (the hub's `w:<user id>` feed),
 * and each stream sends it when it differs from what it sent last.
 *
 * Bounded as the patient's place in the queue is: at most QUEUE_STREAMS_PER_ACCOUNT of these per
 * account on each instance (counted apart from the place's streams, so a page showing both opens
 * one of each), per client address and in all; it ends with the session that opened it (a logout
 * anywhere tells `{"u": user id}`; the hub asks the stream again) and at a shutdown.
 */
import type { ServerResponse } from 'node:http';
import type { WaitlistList } from '../../contract/waitlist.js';
import type { StreamTicket } from '../live/streams.js';
import type { QueueConfig } from '../queue/config.js';
import type { QueueHub } from '../queue/hub.js';
import { serveQueueStream } from '../queue/stream.js';
import { TooManyRequestsError } from '../services/errors.js';
import type { AuthenticatedUser } from '../services/sessions.js';
import { waitlistMessages } from './refusals.js';

const streamRetrySeconds = 30;

export interface WaitlistStreamDeps {
  hub: QueueHub;
  config: QueueConfig;
  /** The caller's list, as GET /waitlist answers it. */
  list: (caller: AuthenticatedUser) => Promise<WaitlistList>;
  /** Whether the session that opened the stream still works. */
  sessionLive: (sessionId: string) => Promise<boolean>;
  keepAliveMs: number;
  onError: (error: unknown) => void;
}

/** A place among the open streams for this caller, or 429 with the reason. */
export function admitWaitlistStream(deps: Pick<WaitlistStreamDeps, 'hub' | 'config'>, caller: AuthenticatedUser, address: string): StreamTicket {
  const ticket = deps.hub.admit({
    group: { kind: 'account', id: `waitlist:${caller.user._id}`, cap: deps.config.streamsPerAccount },
    address,
    perClient: deps.config.streamsPerClient,
    total: deps.config.streamsTotal,
  });
  if (typeof ticket !== 'string') return ticket;
  throw new TooManyRequestsError(ticket === 'account' ? waitlistMessages.streamsPerAccount : waitlistMessages.streamsBusy, streamRetrySeconds);
}

/** Serves the admitted stream on `raw` (hijacked) until the browser goes, the session ends or the server stops. */
export function serveWaitlistStream(deps: WaitlistStreamDeps, raw: ServerResponse, caller: AuthenticatedUser, ticket: StreamTicket): Promise<void> {
  const { hub } = deps;
  const userId = caller.user._id;
  return serveQueueStream<WaitlistList>({
    raw,
    hub,
    handle: { kind: 'patient', id: userId },
    ticket,
    event: 'waitlist',
    endEvent: 'changed',
    subscribe: (send) => hub.subscribe(`w:${userId}`, () => deps.list(caller), send),
    stillAllowed: () => deps.sessionLive(caller.sessionId),
    keepAliveMs: deps.keepAliveMs,
    onError: deps.onError,
  });
}
