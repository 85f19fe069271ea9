/**
 * The waitlist's background work, three queues of the job engine (server/jobs/engine.ts), all at
 * the services' clock:
 *
 * - `waitlist.slot`: one freed slot passed on (passOn.ts), queued by the transaction that freed it
 *   (slots.ts) on an instance whose engine runs;
 * - `waitlist.message`: one message of an offer (notify.ts), queued by the offer's transaction;
 * - `waitlist.sweep`, every minute (pg-boss cron, one instance per tick): paid offers become taken;
 *   the slots of offers past their hold, and of lapsed holds on a day somebody waits for, are
 *   queued (offers.ts `markDue`); then every queued slot is passed on and every queued message
 *   sent here, so work whose job was never queued (another instance's engine off) or failed is done
 *   within a minute. Each step is idempotent: a slot and a message done twice are done once.
 */
import { clinicClock } from '../../contract/clinicTime.js';
import type { Database } from '../db/database.js';
import type { JobEngine, QueueDefinition } from '../jobs/engine.js';
import { textChannels } from '../messaging/senders.js';
import { type NotifyOptions, sendOfferMessage, waitlistMessageQueue } from './notify.js';
import { markDue, queuedSlots } from './offers.js';
import { passOn, type PassOnOutcome } from './passOn.js';
import { type SlotKey, waitlistSlotQueue } from './slots.js';

export const waitlistSweepQueue = 'waitlist.sweep';

/** How much one sweep does at most; the rest waits for the next minute. */
const sweepBatch = 100;
/** A message left `sending` this long was cut off (a crash mid-send): the sweep tries it again. */
const stuckSendingMinutes = 10;

export interface WaitlistJobsOptions extends Omit<NotifyOptions, 'db'> {
  db: Database;
  /** WAITLIST_OFFER_MINUTES. */
  offerMinutes: number;
  engine: () => JobEngine;
}

export interface SweepResult {
  queued: number;
  passed: Partial<Record<PassOnOutcome | 'failed', number>>;
  messages: number;
}

export function createWaitlistJobs(options: WaitlistJobsOptions) {
  const { db, now } = options;
  const offerChannels = textChannels.filter((c) => options.texts[c]?.kinds.includes('waitlistOffer'));
  const passOnOptions = { db, now, offerMinutes: options.offerMinutes, engine: () => options.engine(), offerChannels };
  const slot = (key: SlotKey) => passOn(passOnOptions, key);
  const message = (key: string) => sendOfferMessage(options, key);

  async function dueMessages(): Promise<string[]> {
    const stuck = new Date(now().getTime() - stuckSendingMinutes * 60_000);
    const { rows } = await db.query<{ key: string }>(
      `select key from waitlist_messages where state = 'queued' or (state = 'sending' and updated_at <= $1)
        order by created_at limit $2`,
      [stuck, sweepBatch],
    );
    return rows.map((r) => r.key);
  }

  /**
   * One sweep at the clock's now (see the module's comment). A slot or message that fails is left
   * for the next sweep (or its job's retry) and the others still go; the sweep then fails with the
   * first error, so the job list shows it.
   */
  async function sweep(): Promise<SweepResult> {
    const at = now();
    const queued = await db.transaction((tx) => markDue(tx, at, clinicClock(at).date));
    const passed: SweepResult['passed'] = {};
    const errors: unknown[] = [];
    const tried = <T>(work: Promise<T>) => work.catch((error: unknown) => void errors.push(error));
    for (const key of await queuedSlots(db, sweepBatch)) {
      const outcome = (await tried(slot(key))) ?? 'failed';
      passed[outcome] = (passed[outcome] ?? 0) + 1;
    }
    let messages = 0;
    for (const key of await dueMessages()) if ((await tried(message(key))) === 'sent') messages++;
    if (errors.length > 0) throw errors[0];
    return { queued, passed, messages };
  }

  const queues: QueueDefinition<any>[] = [
    { name: waitlistSweepQueue, cron: '* * * * *', retryLimit: 0, expireInSeconds: 5 * 60, handler: async () => void (await sweep()) },
    {
      name: waitlistSlotQueue,
      retryLimit: 5,
      retryDelaySeconds: 10,
      expireInSeconds: 60,
      handler: async (data: Partial<SlotKey>) => {
        if (typeof data?.doctorId !== 'string' || typeof data.date !== 'string' || typeof data.startTime !== 'string') {
          throw new Error('waitlist.slot without a slot');
        }
        await slot({ doctorId: data.doctorId, date: data.date, startTime: data.startTime });
      },
    },
    // As the reminders: a mail server or provider down for a while, 1, 2, 4... minutes apart.
    {
      name: waitlistMessageQueue,
      retryLimit: 6,
      retryDelaySeconds: 60,
      expireInSeconds: 5 * 60,
      handler: async (data: { key?: unknown }) => {
        if (typeof data?.key !== 'string') throw new Error('waitlist.message without a key');
        await message(data.key);
      },
    },
  ];

  return { sweep, passOn: slot, send: message, queues };
}
export type WaitlistJobs = ReturnType<typeof createWaitlistJobs>;
