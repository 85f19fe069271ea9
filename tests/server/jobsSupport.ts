/**
 * Shared by the background-work suites (tests/server/jobs*.test.ts): a job engine and its queues
 * (server/jobs) over a test's database, on the test's clock, with a mailbox of its own, and
 * test tuning: retries available at once, the shortest expiry pg-boss allows (1 s).
 */
import type { Database } from '../../server/db/database.js';
import { defaultJobsConfig, type JobsConfig, parseReminderLeads } from '../../server/jobs/config.js';
import type { EngineTuning } from '../../server/jobs/engine.js';
import { createJobs, type Jobs } from '../../server/jobs/index.js';
import { mailSendQueue } from '../../server/jobs/keyedMails.js';
import type { OptOutLink } from '../../server/jobs/reminders.js';
import type { Mailer } from '../../server/mail/mailer.js';
import type { Retention } from '../../server/records/config.js';
import { MemoryMailer } from './accountsSupport.js';
import { publicUrl } from './paymentSupport.js';

export const testTuning: Partial<EngineTuning> = { retryDelaySeconds: 0, expireInSeconds: 1, pollingIntervalSeconds: 0.5 };

export function leads(value: string): number[] {
  const parsed = parseReminderLeads(value);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.value;
}

export interface TestJobs extends Jobs {
  mailer: MemoryMailer;
  errors: Error[];
}

/** One "instance" of the background work over `db`; stop it (or `stopAll`) before the database closes. */
export function jobsOver(
  db: Database,
  now: () => Date,
  options: { leads?: string; mailer?: Mailer; tuning?: Partial<EngineTuning>; retention?: Retention; config?: Partial<JobsConfig>; optOutLink?: OptOutLink } = {},
): TestJobs {
  const mailer = new MemoryMailer();
  const errors: Error[] = [];
  const jobs = createJobs({
    db,
    now,
    mailer: options.mailer ?? mailer,
    publicUrl,
    config: { ...defaultJobsConfig, reminderLeadsMinutes: leads(options.leads ?? '24h,2h'), ...options.config },
    ...(options.retention ? { retention: options.retention } : {}),
    ...(options.optOutLink ? { optOutLink: options.optOutLink } : {}),
    onError: (error) => errors.push(error),
    tuning: options.tuning ?? testTuning,
  });
  return Object.assign(jobs, { mailer, errors });
}

/** Sweep at the clock's now, then run every send job that is available. */
export async function sweepAndSend(jobs: Jobs): Promise<{ queued: number; ran: number }> {
  const { queued } = await jobs.reminders.sweep();
  const ran = await jobs.engine.drain();
  return { queued, ran };
}

/**
 * Works the queued keyed mails (`mails.send`: booking confirmations, prescriptions, refund
 * notices...) in this process, with the handlers a running server's workers use; then throws the
 * error of a send that failed (a job waiting for its retry, or failed for good), as a worker would
 * log it. Answers how many jobs ran.
 */
export async function sendQueuedMails(jobs: Pick<Jobs, 'engine'>): Promise<number> {
  const ran = await jobs.engine.drain([mailSendQueue]);
  const failed = (await jobs.engine.list({ states: ['retry', 'failed'] })).find((job) => job.queue === mailSendQueue && job.error !== null);
  if (failed) throw new Error(failed.error!);
  return ran;
}
