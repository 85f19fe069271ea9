/**
 * Web Push of events (docs/app.md "Web Push"): a doctor's chat message, a payment settled, a
 * refund completed, the queue's "you are next but one". The transaction that records the event
 * queues one `push.event` job (`PushQueue.queue`, keyed by the event: a repeat queues nothing),
 * only when this server has VAPID keys, the account a device and that kind on; so the job exists
 * only if the event committed. The job looks again (the kind still on, the patient still waiting),
 * then sends to every device of the account (send.ts); never retried, as a retry would repeat the
 * notification on the devices it reached.
 */
import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../db/database.js';
import type { JobEngine, QueueDefinition } from '../jobs/engine.js';
import { findLanguage } from '../repositories/users.js';
import type { VapidConfig } from './config.js';
import { eventPush, kindOf, type PushEvent, pushEvents } from './eventPush.js';
import { wantsPush } from './repository.js';
import { pushToAccount, type PushOutcome } from './send.js';

export const eventPushQueue = 'push.event';

/** How a transaction queues the push its event owes. */
export interface PushQueue {
  /** Before the transaction: the engine ready (on PGlite, starting it inside an open transaction would wait for that transaction). */
  prepare(): Promise<void>;
  /** In `tx`: the push job of the event `ref` (a chat message's, appointment's, refund's or queue entry's id) when it is owed. */
  queue(tx: Queryable, event: PushEvent, ref: string): Promise<void>;
}

/** No VAPID keys: nothing is pushed, nothing queued. */
export const noPushQueue: PushQueue = { prepare: async () => undefined, queue: async () => undefined };

const targets: Record<PushEvent, string> = {
  // Only the doctor's messages: the patient's own are not news to them.
  chat: `select a.user_id, m.appointment_id::text as tag from chat_messages m join appointments a on a.id = m.appointment_id
          where m.id = $1 and m.sender_role = 'doctor'`,
  // A fee due at the clinic has its confirmation too: only a payment made is said.
  payment: `select user_id, id::text as tag from appointments where id = $1 and payment_status = 'paid'`,
  refund: `select a.user_id, r.id::text as tag from provider_refunds r join appointments a on a.id = r.appointment_id
            where r.id = $1 and r.state = 'completed'`,
  // Called (or gone) meanwhile: nothing to say.
  queue: `select a.user_id, e.id::text as tag from queue_entries e join appointments a on a.id = e.appointment_id
           where e.id = $1 and e.status = 'waiting'`,
};

/** Whose devices the event goes to, and the notification's tag (one per conversation for chat); null: none owed. */
async function targetOf(q: Queryable, event: PushEvent, ref: string): Promise<{ userId: string; tag: string } | null> {
  const { rows } = await q.query<{ user_id: string | null; tag: string }>(targets[event], [ref]);
  const row = rows[0];
  return row?.user_id ? { userId: row.user_id, tag: row.tag } : null;
}

export function createPushQueue(engine: JobEngine, vapid: VapidConfig | null | undefined): PushQueue {
  if (!vapid) return noPushQueue;
  return {
    prepare: () => engine.prepare(),
    async queue(tx, event, ref) {
      const target = await targetOf(tx, event, ref);
      if (target && (await wantsPush(tx, target.userId, kindOf[event]))) {
        await engine.send(eventPushQueue, { event, ref }, { tx, singletonKey: `push:${event}:${ref}` });
      }
    },
  };
}

export interface EventPushOptions {
  db: Database;
  publicUrl: string;
  /** The clinic's name, which a chat message's notification says it is from. */
  clinicName: string;
  /** None: the job finds no keys (VAPID_* were removed since it was queued) and sends nothing. */
  vapid?: VapidConfig | null;
  onPushFailure?: (words: string) => void;
}

/** The job: the event's notification to each device of its account, if still owed. */
export async function sendEventPush(options: EventPushOptions, event: PushEvent, ref: string): Promise<PushOutcome | 'dropped'> {
  const { db, vapid } = options;
  if (!vapid) return 'dropped';
  const target = await targetOf(db, event, ref);
  if (!target || !(await wantsPush(db, target.userId, kindOf[event]))) return 'dropped';
  const language = (await findLanguage(db, target.userId)) ?? 'en';
  const payload = eventPush(event, language, options.clinicName, options.publicUrl, target.tag);
  // A push service keeps one message per topic: a repeat of this event replaces it.
  const topic = createHash('sha256').update(`${event}:${ref}`).digest('base64url').slice(0, 32);
  const outcome = await pushToAccount(db, vapid, target.userId, payload, topic);
  for (const failure of outcome.failed) options.onPushFailure?.(`${event} push failed: ${failure}`);
  return outcome;
}

const isEvent = (value: unknown): value is PushEvent => typeof value === 'string' && (pushEvents as readonly string[]).includes(value);

export function eventPushQueueDefinition(options: EventPushOptions): QueueDefinition<{ event?: unknown; ref?: unknown }> {
  return {
    name: eventPushQueue,
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    handler: async (data) => {
      if (!isEvent(data?.event) || typeof data?.ref !== 'string') throw new Error('push.event without an event');
      await sendEventPush(options, data.event, data.ref);
    },
  };
}
