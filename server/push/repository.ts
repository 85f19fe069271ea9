/**
 * SQL of Web Push's subscriptions (migration 054): one row per device, by its push service's
 * endpoint. Keys are kept unpadded base64url.
 */
import type { Queryable } from '../db/database.js';

export interface PushSubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface NewPushSubscription {
  userId: string;
  sessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  now: Date;
}

/** Keeps the device's subscription as the caller's (a device another account had is taken over, with its new keys). */
export async function saveSubscription(db: Queryable, s: NewPushSubscription): Promise<void> {
  await db.query(
    `insert into push_subscriptions (user_id, session_id, endpoint, p256dh, auth, created_at) values ($1, $2, $3, $4, $5, $6)
     on conflict (endpoint) do update set user_id = excluded.user_id, session_id = excluded.session_id,
       p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at`,
    [s.userId, s.sessionId, s.endpoint, s.p256dh, s.auth, s.now],
  );
}

/** Removes the caller's subscription at `endpoint`; false when it is not theirs (or none). */
export async function deleteSubscription(db: Queryable, userId: string, endpoint: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from push_subscriptions where user_id = $1 and endpoint = $2', [userId, endpoint]);
  return rowCount > 0;
}

/** Removes a subscription the push service says is gone. */
export async function deleteSubscriptionById(db: Queryable, id: string): Promise<void> {
  await db.query('delete from push_subscriptions where id = $1', [id]);
}

/** The devices of an account, oldest first. */
export async function subscriptionsOf(db: Queryable, userId: string): Promise<PushSubscriptionRow[]> {
  const { rows } = await db.query<PushSubscriptionRow>(
    'select id, endpoint, p256dh, auth from push_subscriptions where user_id = $1 order by created_at, id',
    [userId],
  );
  return rows;
}

/** Whether an account has a device for Web Push. */
export async function hasSubscriptions(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from push_subscriptions where user_id = $1 limit 1', [userId]);
  return rows.length > 0;
}
