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
 *   GET    /push/choices        -> PushChoices: which kinds of notification the account's devices get
 *   PUT    /push/choices        PushChoices -> PushChoices: saved as given (400 naming a missing or
 *          non-boolean kind)
 *
 * PUT, DELETE and the choices need a patient's bearer token: 401 without one, 403 'push.patientsOnly' for staff.
 */
import { MessageAnswer } from '../auth.js';
import { endpoint } from '../endpoint.js';
import { PushChoices, PushKeyAnswer, PushSubscriptionRequest, PushUnsubscribeRequest } from '../push.js';

export const pushEndpoints = {
  key: endpoint({ method: 'GET', path: '/push/key', answer: PushKeyAnswer }),
  subscribe: endpoint({ method: 'PUT', path: '/push/subscription', body: PushSubscriptionRequest, answer: MessageAnswer }),
  unsubscribe: endpoint({ method: 'DELETE', path: '/push/subscription', body: PushUnsubscribeRequest, answer: MessageAnswer }),
  choices: endpoint({ method: 'GET', path: '/push/choices', answer: PushChoices }),
  saveChoices: endpoint({ method: 'PUT', path: '/push/choices', body: PushChoices, answer: PushChoices }),
};
