/**
 * The follow-up of a completed consultation (docs/follow-ups.md). Codecs in contract/followUps.ts;
 * served by server/followUp/routes.ts. Every call needs the patient's bearer token (401 without
 * one); `{id}` is the completed appointment's `_id`. Somebody else's appointment, one that is not
 * completed, or one whose prescription asks for no dated follow-up is 404 'followUp.notFound'.
 *
 *   GET  /followup/{id}               -> FollowUpOffer: due date, soonest slots, the series proposed or booked
 *   POST /followup/{id}/book          FollowUpBookRequest -> FollowUpOffer: "Book all", one transaction,
 *        each occurrence its own unpaid appointment (paid one by one from My Appointments);
 *        400 'occurrences' (not `times` slots, a slot twice, past, beyond the horizon or not the
 *        doctor's), 400 'consentText' for a teleconsultation without it;
 *        409 'followUp.slotTaken' when one slot is held by somebody else (nothing is booked),
 *        409 'followUp.alreadyBooked' when a series is booked already
 *   POST /followup/{id}/cancel        -> FollowUpOffer: every remaining (not begun) occurrence cancelled
 *   GET  /followup/{id}/calendar.ics  every booked occurrence in one iCalendar file; 409
 *        'followUp.nothingBooked' when none is
 */
import { endpoint, PassThrough } from '../endpoint.js';
import { FollowUpBookRequest, FollowUpOffer, FollowUpParams } from '../followUps.js';

export const followUpEndpoints = {
  offer: endpoint({ method: 'GET', path: '/followup/:id', params: FollowUpParams, answer: FollowUpOffer }),
  book: endpoint({ method: 'POST', path: '/followup/:id/book', params: FollowUpParams, body: FollowUpBookRequest, answer: FollowUpOffer }),
  cancelAll: endpoint({ method: 'POST', path: '/followup/:id/cancel', params: FollowUpParams, answer: FollowUpOffer }),
  calendar: endpoint({
    method: 'GET',
    path: '/followup/:id/calendar.ics',
    params: FollowUpParams,
    answer: PassThrough,
    kind: 'file',
    accept: 'text/calendar, application/json',
  }),
};
