/**
 * Web Push's codecs (docs/app.md "Web Push"): the clinic's public VAPID key, and a device's push
 * subscription as the browser's PushSubscription.toJSON() gives it. The endpoints, who may call
 * them and their refusals: contract/endpoints/push.ts.
 */
import * as t from 'io-ts';

/** GET /push/key: the key a browser subscribes with (base64url), or null when the clinic sends no Web Push. */
export const PushKeyAnswer = t.type({ publicKey: t.union([t.string, t.null]) }, 'PushKeyAnswer');
export type PushKeyAnswer = t.TypeOf<typeof PushKeyAnswer>;

/** A codec of a string `check` accepts, failing with `message`. */
function checked(name: string, check: (s: string) => boolean, message: string): t.Type<string, string, unknown> {
  return new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === 'string' && check(u),
    (u, c) => (typeof u === 'string' && check(u) ? t.success(u) : t.failure(u, c, message)),
    (a) => a,
  );
}

/** How many bytes a base64url text holds; -1 when it is not base64url. */
export function base64urlLength(text: string): number {
  const bare = text.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(bare) || bare.length % 4 === 1) return -1;
  return Math.floor((bare.length * 3) / 4);
}

function isPushEndpoint(text: string): boolean {
  // Printable ASCII only: what push services hand out, and nothing the database would refuse.
  if (text.length > 1000 || !text.startsWith('https://') || !/^[\x21-\x7e]+$/.test(text)) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.username === '' && url.password === '' && url.hash === '';
  } catch {
    return false;
  }
}

/** The push service's address for this device: an https URL of at most 1000 characters. */
export const PushEndpoint = checked('PushEndpoint', isPushEndpoint, 'must be the push service\'s https address for this device');

/** The browser's P-256 public key for the payload's encryption: 65 bytes, base64url. */
export const PushP256dh = checked('PushP256dh', (s) => base64urlLength(s) === 65, 'must be the subscription\'s p256dh key: 65 bytes in base64url');

/** The browser's authentication secret: 16 bytes, base64url. */
export const PushAuth = checked('PushAuth', (s) => base64urlLength(s) === 16, 'must be the subscription\'s auth secret: 16 bytes in base64url');

/** PUT /push/subscription: this device's subscription (PushSubscription.toJSON(); expirationTime is ignored). */
export const PushSubscriptionRequest = t.intersection(
  [
    t.type({ endpoint: PushEndpoint, keys: t.type({ p256dh: PushP256dh, auth: PushAuth }) }),
    t.partial({ expirationTime: t.union([t.number, t.null]) }),
  ],
  'PushSubscriptionRequest',
);
export type PushSubscriptionRequest = t.TypeOf<typeof PushSubscriptionRequest>;

/** DELETE /push/subscription: which of the caller's devices stops getting reminders. */
export const PushUnsubscribeRequest = t.type({ endpoint: PushEndpoint }, 'PushUnsubscribeRequest');
export type PushUnsubscribeRequest = t.TypeOf<typeof PushUnsubscribeRequest>;

/**
 * GET and PUT /push/choices: which notifications the account's devices get, each kind on or off
 * (the account's choice, for every device it has): appointment reminders, a new chat message from
 * the clinic, payment confirmations and refunds, and the queue's "you are next but one".
 */
export const PushChoices = t.type({ reminders: t.boolean, chat: t.boolean, payments: t.boolean, queue: t.boolean }, 'PushChoices');
export type PushChoices = t.TypeOf<typeof PushChoices>;
export type PushKind = keyof PushChoices;
export const pushKinds = ['reminders', 'chat', 'payments', 'queue'] as const satisfies readonly PushKind[];
