/**
 * SQL of Web Push's subscriptions (migration 054): one row per device, by its push service's
 * endpoint. Keys are kept unpadded base64url. The account's choice of kinds (migration 055):
 * users.push_<kind>.
 */
import type { PushChoices, PushKind } from '../../contract/push.js';
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

const column: Record<PushKind, string> = { reminders: 'push_reminders', chat: 'push_chat', payments: 'push_payments', queue: 'push_queue' };

/** The account's choice of kinds; every kind on for an account not found. */
export async function findPushChoices(db: Queryable, userId: string): Promise<PushChoices> {
  const { rows } = await db.query<PushChoices>(
    'select push_reminders as reminders, push_chat as chat, push_payments as payments, push_queue as queue from users where id = $1',
    [userId],
  );
  return rows[0] ?? { reminders: true, chat: true, payments: true, queue: true };
}

export async function savePushChoices(db: Queryable, userId: string, choices: PushChoices, now: Date): Promise<void> {
  await db.query('update users set push_reminders = $2, push_chat = $3, push_payments = $4, push_queue = $5, updated_at = $6 where id = $1', [
    userId, choices.reminders, choices.chat, choices.payments, choices.queue, now,
  ]);
}

/** Whether the account has a device and wants `kind` on it. */
export async function wantsPush(db: Queryable, userId: string, kind: PushKind): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from users u where u.id = $1 and u.${column[kind]} and exists (select 1 from push_subscriptions s where s.user_id = u.id) limit 1`,
    [userId],
  );
  return rows.length > 0;
}
