/**
 * Short-lived TURN credentials, the "TURN REST API" scheme coturn checks with `use-auth-secret`
 * and `static-auth-secret` (docs/operations.md, "Video"): the username is `<expiry>:<id>` (the
 * expiry in Unix seconds, then anything: here the appointment and the side), the credential
 * base64(HMAC-SHA1(secret, username)). coturn computes the same and refuses a username whose
 * expiry has passed; the portal never stores either, and the secret never leaves the server.
 */
import { createHmac } from 'node:crypto';
import type { IceServer } from '../../contract/video.js';
import type { TurnConfig } from '../consultation/config.js';

export function turnCredential(secret: string, username: string): string {
  return createHmac('sha1', secret).update(username).digest('base64');
}

/** The ICE servers of one side of one consultation at `now`: [] without a TURN server. */
export function iceServersFor(turn: TurnConfig | null, id: string, now: Date): IceServer[] {
  if (!turn) return [];
  const expiry = Math.floor(now.getTime() / 1000) + turn.ttlSeconds;
  const username = `${expiry}:${id}`;
  return [{ urls: turn.urls, username, credential: turnCredential(turn.secret, username) }];
}
