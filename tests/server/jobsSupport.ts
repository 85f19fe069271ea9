/**
 * Shared by the background-work suites (tests/server/jobs*.test.ts): a job engine and its queues
 * (server/jobs) over a test's database, on the test's clock, with a mailbox of its own, and
 * test tuning: retries available at once, the shortest expiry pg-boss allows (1 s).
 */
import type { VapidConfig } from '../../server/push/config.js';
import { afterEach } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { openPostgres } from '../../server/db/postgres.js';
import { createServices } from '../../server/services/index.js';
import { defaultJobsConfig, type JobsConfig, parseReminderLeads } from '../../server/jobs/config.js';
import type { EngineTuning } from '../../server/jobs/engine.js';
import { createJobs, type Jobs } from '../../server/jobs/index.js';
import { mailSendQueue } from '../../server/jobs/keyedMails.js';
import type { OptOutLink } from '../../server/jobs/reminders.js';
import type { Mailer } from '../../server/mail/mailer.js';
import type { Retention } from '../../server/records/config.js';
import { cheapCost, MemoryMailer } from './accountsSupport.js';
import { noClientDir, testDatabaseUrl } from './helpers.js';
import { type Patient, publicUrl } from './paymentSupport.js';

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
  options: { leads?: string; mailer?: Mailer; tuning?: Partial<EngineTuning>; retention?: Retention; config?: Partial<JobsConfig>; optOutLink?: OptOutLink; vapid?: VapidConfig; onPushFailure?: (words: string) => void } = {},
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
    ...(options.vapid ? { vapid: options.vapid } : {}),
    ...(options.onPushFailure ? { onPushFailure: options.onPushFailure } : {}),
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

/** An app over `db` on the clock `now`, as the suites that set data up through the API build one (close it). */
export const appOver = (db: Database, now: () => Date) =>
  buildApp({
    db,
    clientDir: noClientDir,
    config: loadConfig({ PUBLIC_URL: publicUrl }),
    services: { now, mailer: new MemoryMailer(), passwordCost: cheapCost },
  });

/** A patient account `<name>@example.com` made in SQL, with a live session token. */
export async function patientIn(db: Database, now: () => Date, name: string): Promise<Patient> {
  const email = `${name}@example.com`;
  const { rows } = await db.query<{ id: string }>(
    `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method)
     values ($1, $2, 'Patil', 30, 'female', '9876543210', 'google') returning id`,
    [email, name],
  );
  const { token } = await createServices(db, { now }).sessions.issue(rows[0]!.id);
  return { id: rows[0]!.id, email, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * For a describe block on PostgreSQL (TEST_DATABASE_URL): answers `instance(db, now)`, another
 * "instance" of the background work over the test's database, with a pool, an engine and a
 * mailbox of its own, as another process would have; each is stopped and its pool closed after
 * the test, before the database is dropped (call it after the block's useTestDatabases).
 */
export function useInstances(): (db: Database, now: () => Date) => Promise<TestJobs> {
  const opened: { jobs: TestJobs[]; pools: Database[] } = { jobs: [], pools: [] };
  afterEach(async () => {
    for (const j of opened.jobs.splice(0)) await j.stop();
    for (const p of opened.pools.splice(0)) await p.close();
  });
  return async (db, now) => {
    const { rows } = await db.query<{ name: string }>('select current_database() as name');
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${rows[0]!.name}`;
    const pool = await openPostgres({ connectionString: url.href, max: 4 });
    opened.pools.push(pool);
    const j = jobsOver(pool, now);
    opened.jobs.push(j);
    return j;
  };
}
