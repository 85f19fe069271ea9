/**
 * "You are next but one": a text or WhatsApp to a waiting patient when at most one patient is
 * before them in the line (THE QUEUE RULE's order), so one who stepped out comes back in time.
 *
 * - `mark(doctorId)`: in one transaction, every waiting entry of the doctor's day at place 1 or 2
 *   whose notified_at is null gets it set, and a `queue.next` job keyed `queue-next:<entry id>`.
 *   The update re-checks notified_at under the row lock, so however many instances look at once
 *   (each hears every change: hub.ts), one of them marks the entry and queues its one job. The hub
 *   calls it on every change of the doctor's queue; `queue.next.sweep` (every minute, for every
 *   doctor) catches a change whose notice no instance heard (a crash between commit and notice).
 *   Place 1 counts too: two leaving the line at once skip a patient past place 2. With VAPID keys
 *   the same transaction queues its Web Push (server/push/eventJobs.ts), to the patient's devices.
 * - `queue.next`: the entry still waiting (a patient called meanwhile needs no text), the channels
 *   the patient chose for reminders (users.remind_sms, remind_whatsapp) that this server has a
 *   queue template for: a queue_texts row each (033), each sent once. No provider takes an
 *   idempotency key: a row found `sending` (the last run died mid-send) becomes `unknown` and is
 *   not sent again; a provider's error answer leaves it `queued` and fails the job, which the
 *   engine retries with backoff.
 */
import { clinicToday } from '../../contract/clinicTime.js';
import type { Database, Queryable } from '../db/database.js';
import type { JobEngine, QueueDefinition } from '../jobs/engine.js';
import type { PushQueue } from '../push/eventJobs.js';
import { TextSendError, textChannels, type TextChannel } from '../messaging/senders.js';
import { findLanguage } from '../repositories/users.js';
import type { QueueTextSender } from './texts.js';
import { tokenLabel } from './views.js';

export const nextQueue = 'queue.next';
export const nextSweepQueue = 'queue.next.sweep';
export const nextKey = (entryId: string) => `queue-next:${entryId}`;

export type QueueTextState = 'queued' | 'sending' | 'sent' | 'dropped' | 'unknown';

export interface NextInLineOptions {
  db: Database;
  now: () => Date;
  engine: () => JobEngine;
  senders: Partial<Record<TextChannel, QueueTextSender>>;
  publicUrl: string;
  /** VAPID_*: each entry marked is also pushed to the patient's devices (server/push/eventJobs.ts). */
  push?: PushQueue;
}

/** In `tx`: marks the entries at place 1 or 2 not told yet (of one doctor, or all: null) and answers their ids. */
async function markDue(tx: Queryable, doctorId: string | null, day: string, at: Date): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `with line as (
       select id, row_number() over (partition by doctor_id order by due_time, token) as place
         from queue_entries
        where day = $2 and status = 'waiting' and ($1::uuid is null or doctor_id = $1::uuid)
     )
     update queue_entries e set notified_at = $3
       from line
      where e.id = line.id and line.place <= 2 and e.notified_at is null
     returning e.id`,
    [doctorId, day, at],
  );
  return rows.map((r) => r.id);
}

interface EntryFacts {
  status: string;
  token: number;
  user_id: string;
  first_name: string;
  phone_number: string;
  doctor: string;
  remind_sms: boolean;
  remind_whatsapp: boolean;
}

async function entryFacts(q: Queryable, entryId: string): Promise<EntryFacts | null> {
  const { rows } = await q.query<EntryFacts>(
    `select e.status, e.token, a.user_id, a.first_name, a.phone_number, d.name as doctor, u.remind_sms, u.remind_whatsapp
       from queue_entries e
       join appointments a on a.id = e.appointment_id
       join doctors d on d.id = e.doctor_id
       join users u on u.id = a.user_id
      where e.id = $1`,
    [entryId],
  );
  return rows[0] ?? null;
}

const setTextState = (q: Queryable, key: string, state: QueueTextState, note: string, at: Date, providerId?: string) =>
  q.query(
    `update queue_texts set state = $2, note = $3, updated_at = $4${state === 'sent' ? ', sent_at = $4, provider_id = $5' : ''}${state === 'sending' ? ', attempts = attempts + 1' : ''} where key = $1`,
    state === 'sent' ? [key, state, note.slice(0, 500), at, providerId ?? null] : [key, state, note.slice(0, 500), at],
  );

/** The job's claim of one text: `send` it, or it is done with (sent, dropped, unknown). */
async function claimText(o: NextInLineOptions, key: string, facts: EntryFacts | null): Promise<'send' | 'done'> {
  return o.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ state: QueueTextState; channel: TextChannel }>('select state, channel from queue_texts where key = $1 for update', [key]);
    const row = rows[0];
    const at = o.now();
    if (!row || (row.state !== 'queued' && row.state !== 'sending')) return 'done';
    if (row.state === 'sending') {
      await setTextState(tx, key, 'unknown', 'interrupted mid-send: it may have gone out, so it is not sent again', at);
      return 'done';
    }
    const why =
      facts === null || facts.status !== 'waiting'
        ? 'the patient was called (or left the line) before it went out'
        : !facts[`remind_${row.channel}`]
          ? `the patient turned ${row.channel === 'sms' ? 'SMS' : 'WhatsApp'} reminders off`
          : !o.senders[row.channel]
            ? `no ${row.channel} queue template on this server`
            : null;
    if (why !== null) {
      await setTextState(tx, key, 'dropped', why, at);
      return 'done';
    }
    await setTextState(tx, key, 'sending', '', at);
    return 'send';
  });
}

/** Sends one claimed text; a provider's error answer (surely not sent) queues it again and throws for the engine's retry. */
async function sendText(o: NextInLineOptions, key: string, channel: TextChannel, facts: EntryFacts): Promise<void> {
  const language = (await findLanguage(o.db, facts.user_id)) ?? 'en';
  try {
    const { providerId } = await o.senders[channel]!.send({
      phoneNumber: facts.phone_number,
      language,
      name: facts.first_name,
      token: tokenLabel(facts.token),
      doctor: facts.doctor,
      link: `${o.publicUrl.replace(/\/+$/, '')}/#/myappointment`,
    });
    await setTextState(o.db, key, 'sent', '', o.now(), providerId);
  } catch (error) {
    const message = `send failed: ${error instanceof Error ? error.message : String(error)}`;
    if (error instanceof TextSendError && !error.notSent) {
      await setTextState(o.db, key, 'unknown', `${message}; it may have gone out, so it is not sent again`, o.now());
      return;
    }
    await setTextState(o.db, key, 'queued', message, o.now());
    throw error;
  }
}

/** The job: the rows of the patient's channels (once), then each text claimed and sent. */
async function sendNext(o: NextInLineOptions, entryId: string): Promise<void> {
  const facts = await entryFacts(o.db, entryId);
  if (facts === null) return;
  const channels = textChannels.filter((c) => o.senders[c] && facts[`remind_${c}`]);
  const at = o.now();
  await o.db.query(
    `insert into queue_texts (key, entry_id, channel, state, created_at, updated_at)
     select $1 || ':' || c, $2, c, 'queued', $3, $3 from unnest($4::text[]) as c
     on conflict (key) do nothing`,
    [nextKey(entryId), entryId, at, channels],
  );
  const { rows } = await o.db.query<{ key: string; channel: TextChannel }>('select key, channel from queue_texts where entry_id = $1 order by key', [entryId]);
  let failure: unknown = null;
  for (const row of rows) {
    if ((await claimText(o, row.key, await entryFacts(o.db, entryId))) !== 'send') continue;
    // One channel's failure neither holds back nor repeats the other's.
    await sendText(o, row.key, row.channel, facts).catch((error: unknown) => {
      failure ??= error;
    });
  }
  if (failure !== null) throw failure;
}

export function createNextInLine(o: NextInLineOptions) {
  /** Marks who is next but one now (of `doctorId`, or every doctor: null) and queues their jobs, in one transaction. */
  async function mark(doctorId: string | null): Promise<number> {
    await o.engine().prepare();
    const at = o.now();
    return o.db.transaction(async (tx) => {
      const ids = await markDue(tx, doctorId, clinicToday(at), at);
      for (const id of ids) {
        await o.engine().send(nextQueue, { entryId: id }, { tx, singletonKey: nextKey(id) });
        await o.push?.queue(tx, 'queue', id);
      }
      return ids.length;
    });
  }

  const queues: QueueDefinition<any>[] = [
    {
      name: nextSweepQueue,
      cron: '* * * * *',
      retryLimit: 0,
      expireInSeconds: 5 * 60,
      handler: async () => void (await mark(null)),
    },
    {
      name: nextQueue,
      // A provider down for a while: 1, 2, 4... minutes; the patient is in the waiting room, so
      // few retries: a text hours late says nothing.
      retryLimit: 3,
      retryDelaySeconds: 60,
      expireInSeconds: 5 * 60,
      handler: async (data: { entryId?: unknown }) => {
        if (typeof data?.entryId !== 'string') throw new Error('queue.next without an entry');
        await sendNext(o, data.entryId);
      },
    },
  ];

  return { mark, send: (entryId: string) => sendNext(o, entryId), queues };
}
export type NextInLine = ReturnType<typeof createNextInLine>;

/** The texts of one entry: what tests and the operator look at. */
export async function queueTextRows(q: Queryable, entryId: string) {
  const { rows } = await q.query<{ key: string; channel: TextChannel; state: QueueTextState; attempts: number; provider_id: string | null; note: string }>(
    'select key, channel, state, attempts, provider_id, note from queue_texts where entry_id = $1 order by key',
    [entryId],
  );
  return rows;
}
