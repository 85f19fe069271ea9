/**
 * Web Push's settings (server/push/config.ts; docs/operations.md "Web Push"):
 *
 *   VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY   both or neither: the clinic's VAPID key pair, base64url
 *                                         (`npx web-push generate-vapid-keys` prints one). Neither:
 *                                         no Web Push.
 *   VAPID_SUBJECT                         a mailto: or https: address the push services may write
 *                                         to; with the keys, the default is PUBLIC_URL when it is
 *                                         https, else it is required.
 *   PUSH_SERVICE_HOSTS                    the push services a subscription may name, comma-separated
 *                                         (a host name, or `.suffix` for its subdomains); default
 *                                         Chrome's, Firefox's, Edge's and Safari's (knownPushServices).
 */
import { knownPushServices, type PushConfig } from '../push/config.js';
import { type Env, raw, settings } from './env.js';

/** The bytes of a base64url text, or null when it is not one. */
function base64urlBytes(text: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return null;
  return Buffer.from(text.replace(/=+$/, ''), 'base64url');
}

const unpadded = (text: string) => text.replace(/=+$/, '');

function subjectOf(env: Env, publicUrl: string, fail: (sentence: string) => void): string | null {
  const subject = raw(env, 'VAPID_SUBJECT') ?? (publicUrl.startsWith('https://') ? publicUrl : undefined);
  if (subject === undefined) {
    fail('VAPID_SUBJECT is required with VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when PUBLIC_URL is not https: set it to mailto:clinic@example.com or the clinic\'s https address');
    return null;
  }
  if (!/^mailto:[^\s@]+@[^\s@]+$/.test(subject) && !/^https:\/\/[^\s]+$/.test(subject)) {
    fail(`VAPID_SUBJECT must be a mailto: or https: address, like mailto:clinic@example.com (got "${subject}")`);
    return null;
  }
  return subject;
}

function pushHostsOf(env: Env, fail: (sentence: string) => void): readonly string[] {
  const given = raw(env, 'PUSH_SERVICE_HOSTS');
  if (given === undefined) return knownPushServices;
  const hosts = given.split(',').map((h) => h.trim().toLowerCase()).filter((h) => h !== '');
  const bad = hosts.find((h) => !/^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(h));
  if (hosts.length === 0 || bad !== undefined) {
    fail(`PUSH_SERVICE_HOSTS must be host names separated by commas, like fcm.googleapis.com,.notify.windows.com${bad !== undefined ? ` (not a host name: "${bad}")` : ''}`);
    return knownPushServices;
  }
  return hosts;
}

/** `publicUrl`: the already-read PUBLIC_URL ('' when unknown). */
export const pushSettings = (publicUrl = '') =>
  settings('push', (env, { fail }): PushConfig => {
    const publicKey = raw(env, 'VAPID_PUBLIC_KEY');
    const privateKey = raw(env, 'VAPID_PRIVATE_KEY');
    if (publicKey === undefined && privateKey === undefined) return { vapid: null };
    if (publicKey === undefined || privateKey === undefined) {
      fail(
        `VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: ${publicKey === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'} is missing; ` +
          'set both (npx web-push generate-vapid-keys prints a pair) or neither',
      );
      return { vapid: null };
    }
    const point = base64urlBytes(publicKey);
    if (point === null || point.length !== 65 || point[0] !== 4) {
      fail('VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters, as npx web-push generate-vapid-keys prints it)');
    }
    const scalar = base64urlBytes(privateKey);
    // Never echoes the private key.
    if (scalar === null || scalar.length !== 32) {
      fail('VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters, as npx web-push generate-vapid-keys prints it)');
    }
    const subject = subjectOf(env, publicUrl, fail);
    const pushHosts = pushHostsOf(env, fail);
    if (point === null || scalar === null || point.length !== 65 || scalar.length !== 32 || subject === null) return { vapid: null };
    return { vapid: { publicKey: unpadded(publicKey), privateKey: unpadded(privateKey), subject, pushHosts } };
  });
