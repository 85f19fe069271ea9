/**
 * A reminder's Web Push (docs/app.md "Web Push"): the `reminders.push` job, queued once per
 * reminder by its send job's claim (server/jobs/reminders.ts) when the account has a device and
 * this server VAPID keys. Checked again (the appointment still expected, not moved), then sent to
 * every device of the account (server/push/send.ts); devices the push service says are gone are
 * deleted, other failures reported without the endpoint (the job is not retried: a retry would
 * repeat the notification on the devices it reached).
 */
import { createHash } from 'node:crypto';
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { Database, Queryable } from '../db/database.js';
import { findStoredAppointment } from '../repositories/appointmentRecords.js';
import { findLanguage } from '../repositories/users.js';
import type { VapidConfig } from '../push/config.js';
import { reminderPush } from '../push/reminderPush.js';
import { findPushChoices, wantsPush } from '../push/repository.js';
import { pushToAccount, type PushOutcome } from '../push/send.js';
import type { JobEngine, QueueDefinition } from './engine.js';

export const pushQueue = 'reminders.push';

export interface ReminderPushOptions {
  db: Database;
  publicUrl: string;
  /** VAPID_*: each reminder also goes to the account's devices. None: nothing is sent (the job finds no keys: VAPID_* were removed since it was queued). */
  vapid?: VapidConfig | null;
  /** Whether the reminder may still go out (reminders.ts whyNot), or why not. */
  whyNot: (record: AppointmentRecord | undefined, startsAt: number) => string | null;
  /** Failures other than a gone device: host and status only. */
  onPushFailure?: (words: string) => void;
}

/** The `reminders.push` queue: never retried, as a retry would repeat the notification on the devices it reached. */
export function reminderPushQueue(push: (key: string) => Promise<unknown>): QueueDefinition<{ key?: unknown }> {
  return {
    name: pushQueue,
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    handler: async (data) => {
      if (typeof data?.key !== 'string') throw new Error('reminders.push without a key');
      await push(data.key);
    },
  };
}

/** In the claim's transaction: one push job for the reminder `key` when the account has a device and wants reminders on it. */
export async function queueReminderPush(tx: Queryable, engine: JobEngine, key: string, userId: string): Promise<void> {
  if (await wantsPush(tx, userId, 'reminders')) await engine.send(pushQueue, { key }, { tx, singletonKey: `push:${key}` });
}

/** The job: the reminder's notification to each device of its account. */
export async function sendReminderPush(options: ReminderPushOptions, key: string): Promise<PushOutcome | 'dropped'> {
  const { db, vapid } = options;
  if (!vapid) return 'dropped';
  const { rows } = await db.query<{ appointment_id: string; starts_at: Date | string }>(
    'select appointment_id, starts_at from reminder_sends where key = $1',
    [key],
  );
  const row = rows[0];
  if (!row) return 'dropped';
  const stored = await findStoredAppointment(db, row.appointment_id);
  if (!stored || options.whyNot(stored.record, new Date(row.starts_at).getTime()) !== null) return 'dropped';
  // Turned off since it was queued: not sent.
  if (!(await findPushChoices(db, stored.userId)).reminders) return 'dropped';
  const language = (await findLanguage(db, stored.userId)) ?? 'en';
  const payload = reminderPush(language, stored.record.date, stored.record.startTime, options.publicUrl, row.appointment_id);
  // A push service keeps one message per topic: a repeat of this reminder replaces it.
  const topic = createHash('sha256').update(key).digest('base64url').slice(0, 32);
  const outcome = await pushToAccount(db, vapid, stored.userId, payload, topic);
  for (const failure of outcome.failed) options.onPushFailure?.(`reminder push failed: ${failure}`);
  return outcome;
}
