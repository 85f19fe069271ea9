/**
 * The patient's waitlist (docs/waitlist.md). Codecs in contract/waitlist.ts; served by
 * server/waitlist/routes.ts. Every call needs the patient's bearer token (401 without one).
 *
 *   GET    /waitlist                -> WaitlistList: the caller's live entries, oldest first
 *   POST   /waitlist                WaitlistJoinRequest -> WaitlistEntry
 *          400 naming the field: a date before today or beyond the booking horizon, toDate before
 *          fromDate or more than waitlistMaxDays after it, a doctor we do not have, a clinic that is
 *          not the doctor's, a type the doctor does not offer, a profile without phone, age or gender
 *          ('profile'), too many live entries; 409 'waitlist.overlap' when the caller already waits
 *          for this doctor on one of these days
 *   DELETE /waitlist/{id}           -> MessageAnswer: left (an open offer's hold is released and passed on)
 *   POST   /waitlist/{id}/decline   -> WaitlistEntry: the offered slot declined (the hold cancelled,
 *          the slot passed on; the entry keeps waiting for another); 409 'waitlist.noOffer' when none is open
 *   GET    /waitlist/stream         Server-Sent Events: `waitlist` events, each a WaitlistList (the first
 *          at once, then one each time a slot is offered to the caller or an offer of theirs is over);
 *          `changed` when the session ended (the stream ends with it), `reconnect` before a shutdown;
 *          429 'waitlist.streamsPerAccount' past QUEUE_STREAMS_PER_ACCOUNT of these per account,
 *          'waitlist.streamsBusy' past QUEUE_STREAMS_PER_CLIENT or QUEUE_STREAMS_TOTAL
 *
 * Somebody else's entry, or one that is over, is 404 'waitlist.notFound', as one that does not exist.
 */
import { MessageAnswer } from '../auth.js';
import { endpoint, PassThrough } from '../endpoint.js';
import { WaitlistEntry, WaitlistEntryParams, WaitlistJoinRequest, WaitlistList } from '../waitlist.js';

export const waitlistEndpoints = {
  list: endpoint({ method: 'GET', path: '/waitlist', answer: WaitlistList }),
  join: endpoint({ method: 'POST', path: '/waitlist', body: WaitlistJoinRequest, answer: WaitlistEntry }),
  leave: endpoint({ method: 'DELETE', path: '/waitlist/:id', params: WaitlistEntryParams, answer: MessageAnswer }),
  decline: endpoint({ method: 'POST', path: '/waitlist/:id/decline', params: WaitlistEntryParams, answer: WaitlistEntry }),
  stream: endpoint({ method: 'GET', path: '/waitlist/stream', answer: PassThrough, kind: 'stream', accept: 'text/event-stream' }),
};
