/**
 * Mails the background work sends once per key: a refund's notice to the patient, the
 * admin's daily refund summary, a doctor's morning list. The reminders' pattern
 * (server/jobs/reminders.ts), shared by every kind here:
 *
 * - `mails.sweep`, every minute (pg-boss cron, one instance per tick): at the server's clock,
 *   each kind names the keys due now; the new ones get a row in `job_mails` (migration 018) and,
 *   in the same transaction, a `mails.send` job. The key is the row's primary key: two instances
 *   sweeping together insert it once and queue one job.
 * - Mails a commit owes (the booking confirmation once a payment settles, the prescription once a
 *   consultation is first completed) are not swept: the service's own transaction queues them
 *   (`createMailQueue`), so the row and its send job commit with what they tell, or not at all.
 * - `mails.send`: claims the row (`sending`, attempts + 1), builds the mail from the data as it is
 *   now (a refund resolved meanwhile is `dropped`), sends it with the key as its idempotency key
 *   (a retry after a crash mid-send is the same mail), then `sent`.
 */
import type { Database, Queryable } from '../db/database.js';
import type { Mail, Mailer } from '../mail/mailer.js';
import { noPushQueue, type PushQueue } from '../push/eventJobs.js';
import type { JobEngine, QueueDefinition } from './engine.js';

export const mailSweepQueue = 'mails.sweep';
export const mailSendQueue = 'mails.send';

export type JobMailKind = 'refund' | 'refund-summary' | 'morning-list' | 'confirmation' | 'prescription' | 'code-cap' | 'phone-changed' | 'follow-up' | 'refund-done';
export type JobMailState = 'queued' | 'sending' | 'sent' | 'dropped';

export interface KeyedMailKind {
  kind: JobMailKind;
  /** The keys due at `at` (already sent ones are ignored by the sweep); absent: queued by a commit (`createMailQueue`). */
  due?(q: Queryable, at: Date): Promise<string[]>;
  /** The mail for `key` as things stand at `at`; `{ drop }`: nothing to say any more, and why. */
  build(key: string, at: Date): Promise<Omit<Mail, 'idempotencyKey'> | { drop: string }>;
}

export interface KeyedMailsOptions {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  kinds: readonly KeyedMailKind[];
  engine: () => JobEngine;
}

/** In `tx`: a row per new key and its send job (both exist only if `tx` commits); answers the keys new here. */
async function queueKeys(tx: Queryable, engine: JobEngine, kind: JobMailKind, keys: readonly string[], at: Date): Promise<string[]> {
  if (keys.length === 0) return [];
  const { rows } = await tx.query<{ key: string }>(
    `insert into job_mails (key, kind, state, created_at, updated_at)
     select k, $2, 'queued', $3, $3 from unnest($1::text[]) as k
     on conflict (key) do nothing
     returning key`,
    [keys, kind, at],
  );
  for (const row of rows) await engine.send(mailSendQueue, { key: row.key }, { tx });
  return rows.map((r) => r.key);
}

/** How a service's transaction queues the mail its commit owes (the services get it from the app). */
export interface MailQueue {
  /** Before the transaction: the engine ready (on PGlite, starting it inside an open transaction would wait for that transaction). */
  prepare(): Promise<void>;
  /** In `tx`: the key's row in `job_mails` and its send job; false when that key was queued before (a repeat mails nothing). */
  queue(tx: Queryable, kind: JobMailKind, key: string, at: Date): Promise<boolean>;
}

/** Where no job engine is set up: a mail asked for is an error, so that none is lost unnoticed. */
export const noMailQueue: MailQueue = {
  prepare: async () => undefined,
  queue: () => Promise.reject(new Error('No mail queue is configured (server/jobs/keyedMails.ts createMailQueue)')),
};

/** The mails whose event is also pushed to the account's devices (server/push/eventJobs.ts), and the push's event. */
const pushedWith: Partial<Record<JobMailKind, 'payment' | 'refund'>> = { confirmation: 'payment', 'refund-done': 'refund' };

/** `push`: the Web Push a confirmation (of a payment made) and a completed refund owe, queued with the mail. */
export function createMailQueue(engine: JobEngine, push: PushQueue = noPushQueue): MailQueue {
  return {
    prepare: () => engine.prepare(),
    async queue(tx, kind, key, at) {
      const queued = (await queueKeys(tx, engine, kind, [key], at)).length === 1;
      const event = pushedWith[kind];
      if (queued && event) await push.queue(tx, event, key.slice(kind.length + 1));
      return queued;
    },
  };
}

/** The keys of the mails a commit owes, one per appointment. */
export const confirmationKey = (appointmentId: string) => `confirmation:${appointmentId}`;
export const prescriptionKey = (appointmentId: string) => `prescription:${appointmentId}`;
/** An amended prescription's mail: once per version (2, 3...), to a patient who had the earlier one. */
export const amendedPrescriptionKey = (appointmentId: string, version: number) => `prescription:${appointmentId}:v${version}`;

export function createKeyedMails(options: KeyedMailsOptions) {
  const { db, now, mailer } = options;
  const byKind = new Map(options.kinds.map((k) => [k.kind, k]));
  const swept = options.kinds.filter((k) => k.due !== undefined);

  /** One sweep at the server's clock: the new due keys recorded and queued; answers how many. */
  async function sweep(): Promise<number> {
    if (swept.length === 0) return 0;
    await options.engine().prepare();
    const at = now();
    return db.transaction(async (tx) => {
      let queued = 0;
      for (const kind of swept) queued += (await queueKeys(tx, options.engine(), kind.kind, await kind.due!(tx, at), at)).length;
      return queued;
    });
  }

  const setState = (q: Queryable, key: string, state: JobMailState, note: string, at: Date) =>
    q.query(
      `update job_mails set state = $2, note = $3, updated_at = $4${state === 'sent' ? ', sent_at = $4' : ''}${state === 'sending' ? ', attempts = attempts + 1' : ''} where key = $1`,
      [key, state, note.slice(0, 500), at],
    );

  /** The send job: claimed, built from today's data, mailed with the key, recorded. */
  async function send(key: string): Promise<JobMailState> {
    const claimed = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ kind: JobMailKind; state: JobMailState }>('select kind, state from job_mails where key = $1 for update', [key]);
      const row = rows[0];
      if (!row || (row.state !== 'queued' && row.state !== 'sending')) return null;
      await setState(tx, key, 'sending', row.state === 'sending' ? 'sent again after an interrupted send' : '', now());
      return row.kind;
    });
    if (claimed === null) return 'dropped';
    const kind = byKind.get(claimed);
    const built = kind ? await kind.build(key, now()) : { drop: `no kind ${claimed} in this version` };
    if ('drop' in built) {
      await setState(db, key, 'dropped', built.drop, now());
      return 'dropped';
    }
    try {
      await mailer.send({ ...built, idempotencyKey: key });
    } catch (error) {
      await db.query('update job_mails set note = $2, updated_at = $3 where key = $1', [
        key,
        `send failed: ${(error instanceof Error ? error.message : String(error)).slice(0, 400)}`,
        now(),
      ]);
      throw error;
    }
    await setState(db, key, 'sent', '', now());
    return 'sent';
  }

  const queues: QueueDefinition<any>[] = [
    { name: mailSweepQueue, cron: '* * * * *', retryLimit: 0, expireInSeconds: 5 * 60, handler: async () => void (await sweep()) },
    {
      name: mailSendQueue,
      // As reminders: a mail server down for a while is retried 1, 2, 4... minutes apart, then listed as failed.
      retryLimit: 6,
      retryDelaySeconds: 60,
      expireInSeconds: 5 * 60,
      handler: async (data: { key?: unknown }) => {
        if (typeof data?.key !== 'string') throw new Error('mails.send without a key');
        await send(data.key);
      },
    },
  ];

  return { sweep, send, queues };
}
export type KeyedMails = ReturnType<typeof createKeyedMails>;

/** A key's row, for tests and the operator. */
export async function jobMailRow(q: Queryable, key: string) {
  const { rows } = await q.query<{ kind: JobMailKind; state: JobMailState; attempts: number; note: string }>(
    'select kind, state, attempts, note from job_mails where key = $1',
    [key],
  );
  return rows[0] ?? null;
}
