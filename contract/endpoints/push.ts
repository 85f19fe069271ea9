/**
 * Web Push (docs/app.md "Web Push"). Codecs in contract/push.ts; served by server/push/routes.ts.
 *
 *   GET    /push/key            -> PushKeyAnswer: the clinic's public VAPID key, or null (off); anybody
 *   PUT    /push/subscription   PushSubscriptionRequest -> MessageAnswer: this device gets the caller's
 *          reminders (kept with the login it came with; a device that was another account's is now
 *          the caller's); 400 naming the field (endpoint, keys.p256dh, keys.auth); 409
 *          'push.off' when the clinic sends no Web Push
 *   DELETE /push/subscription   PushUnsubscribeRequest -> MessageAnswer: this device gets no more;
 *          404 'push.notFound' when it is not one of the caller's
 *
 * PUT and DELETE need a patient's bearer token: 401 without one, 403 'push.patientsOnly' for staff.
 */
import { MessageAnswer } from '../auth.js';
import { endpoint } from '../endpoint.js';
import { PushKeyAnswer, PushSubscriptionRequest, PushUnsubscribeRequest } from '../push.js';

export const pushEndpoints = {
  key: endpoint({ method: 'GET', path: '/push/key', answer: PushKeyAnswer }),
  subscribe: endpoint({ method: 'PUT', path: '/push/subscription', body: PushSubscriptionRequest, answer: MessageAnswer }),
  unsubscribe: endpoint({ method: 'DELETE', path: '/push/subscription', body: PushUnsubscribeRequest, answer: MessageAnswer }),
};
