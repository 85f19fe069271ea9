/**
 * Web Push's settings (docs/app.md "Web Push"; read in server/config/push.ts): the clinic's VAPID
 * key pair, which signs every push request so the push services know the sender, and the contact
 * the push services may write to. Null: no Web Push (GET /api/push/key answers off, the app
 * offers no switch and the reminders job sends none).
 */
export interface VapidConfig {
  /** VAPID_PUBLIC_KEY: the uncompressed P-256 point (65 bytes), base64url, as browsers take it. */
  publicKey: string;
  /** VAPID_PRIVATE_KEY: its private scalar (32 bytes), base64url; never logged. */
  privateKey: string;
  /** VAPID_SUBJECT: a mailto: or https: address of the clinic, for the push services. */
  subject: string;
  /**
   * PUSH_SERVICE_HOSTS: the push services a device's subscription may name (a name, or `.suffix`
   * for its subdomains). The server posts to a subscription's address: without the list, any
   * patient could make it post to any https host, the clinic's own network included.
   */
  pushHosts: readonly string[];
}

/** The push services of Chrome and Android (FCM), Firefox, Edge and Safari: PUSH_SERVICE_HOSTS' default. */
export const knownPushServices: readonly string[] = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '.notify.windows.com', 'web.push.apple.com'];

/** The subscription's address is at one of `hosts` (a name, or `.suffix` for its subdomains). */
export function isAllowedPushService(hosts: readonly string[], endpoint: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(endpoint).hostname.toLowerCase();
  } catch {
    return false;
  }
  return hosts.some((host) => (host.startsWith('.') ? hostname.endsWith(host) && hostname.length > host.length : hostname === host));
}

export interface PushConfig {
  vapid: VapidConfig | null;
}

export const noPush: PushConfig = { vapid: null };
