/**
 * Sending Web Push (the `web-push` library: VAPID signature, RFC 8291 aes128gcm encryption). The
 * request is made with fetch; a 404 or 410 from the push service means the device unsubscribed:
 * its row is deleted. Other failures are reported by the host only (an endpoint's path is a
 * secret, as are the keys).
 */
import webpush from 'web-push';
import type { Queryable } from '../db/database.js';
import { isAllowedPushService, type VapidConfig } from './config.js';
import { deleteSubscriptionById, type PushSubscriptionRow, subscriptionsOf } from './repository.js';

/** What a notification shows: never clinical words (the service worker's `push` handler reads it). */
export interface PushPayload {
  title: string;
  body: string;
  /** The page a tap opens. */
  url: string;
  /** Same tag: a repeat replaces the one shown. */
  tag: string;
}

export interface PushOutcome {
  sent: number;
  gone: number;
  /** Failures other than gone, by host and status (no secrets). */
  failed: string[];
}

const hostOf = (endpoint: string): string => {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'an invalid address';
  }
};

/** Sends one push; answers 'sent', 'gone' (404/410), or the failure's words. */
async function sendOne(vapid: VapidConfig, subscription: PushSubscriptionRow, payload: PushPayload, topic: string): Promise<'sent' | 'gone' | string> {
  // Kept from before PUSH_SERVICE_HOSTS changed: never posted to.
  if (!isAllowedPushService(vapid.pushHosts, subscription.endpoint)) return `${hostOf(subscription.endpoint)} is not in PUSH_SERVICE_HOSTS`;
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: 6 * 3600,
      urgency: 'normal',
      topic,
      contentEncoding: 'aes128gcm',
    },
  );
  let status: number;
  try {
    const answer = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: new Uint8Array(details.body as Buffer),
      signal: AbortSignal.timeout(15_000),
    });
    status = answer.status;
    await answer.arrayBuffer().catch(() => undefined);
  } catch (error) {
    return `${hostOf(subscription.endpoint)} unreachable (${error instanceof Error ? error.name : 'error'})`;
  }
  if (status === 404 || status === 410) return 'gone';
  if (status >= 200 && status < 300) return 'sent';
  return `${hostOf(subscription.endpoint)} answered ${status}`;
}

/** Sends `payload` to every device of the account; a device gone is deleted. `topic`: at most 32 base64url characters. */
export async function pushToAccount(db: Queryable, vapid: VapidConfig, userId: string, payload: PushPayload, topic: string): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, gone: 0, failed: [] };
  for (const subscription of await subscriptionsOf(db, userId)) {
    const result = await sendOne(vapid, subscription, payload, topic);
    if (result === 'sent') outcome.sent += 1;
    else if (result === 'gone') {
      outcome.gone += 1;
      await deleteSubscriptionById(db, subscription.id);
    } else outcome.failed.push(result);
  }
  return outcome;
}
