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
}

export interface PushConfig {
  vapid: VapidConfig | null;
}

export const noPush: PushConfig = { vapid: null };
