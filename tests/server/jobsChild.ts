/**
 * A server process's background work, for tests/server/jobs.crash.test.ts: opens the database of
 * DATA_DIR or DATABASE_URL, runs the reminder send jobs at the clock NOW with the outbox mailer
 * of DATA_DIR, and hangs in the middle of the send so the test can kill -9 it there:
 *   CRASH=before-mail   prints "sending" and hangs before the mail is written;
 *   CRASH=after-mail    writes the mail to the outbox, prints "mailed" and hangs before the
 *                       send is recorded.
 * Run with: node --import tsx tests/server/jobsChild.ts
 */
import { openDatabase } from '../../server/db/open.js';
import { defaultJobsConfig } from '../../server/jobs/config.js';
import { createJobs } from '../../server/jobs/index.js';
import { createMailer } from '../../server/mail/index.js';
import type { Mailer } from '../../server/mail/mailer.js';

const env = process.env;
const db = await openDatabase({ dataDir: env.DATA_DIR!, databaseUrl: env.DATABASE_URL || null });
const outbox = createMailer({ smtpUrl: null, from: 'clinic@example.com' }, env.DATA_DIR!, () => undefined);
const hang = () => new Promise<never>(() => undefined);
const mailer: Mailer = {
  kind: 'outbox',
  async send(mail) {
    if (env.CRASH === 'before-mail') {
      console.log('sending');
      return hang();
    }
    await outbox.send(mail);
    console.log('mailed');
    return hang();
  },
  close() {},
};
const jobs = createJobs({
  db,
  now: () => new Date(env.NOW!),
  mailer,
  publicUrl: 'http://localhost:3000',
  config: { ...defaultJobsConfig, reminderLeadsMinutes: [1440, 120] },
  onError: (error) => console.error(error),
  tuning: { retryDelaySeconds: 0, expireInSeconds: 1 },
});
await jobs.engine.drain(['reminders.send']);
console.log('drained without hanging');
