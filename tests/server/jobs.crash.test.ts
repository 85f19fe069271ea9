/**
 * kill -9 in the middle of sending a reminder, then a restart, on every backend: the
 * reminder is sent once, or retried once, never twice. The child (tests/server/jobsChild.ts) is
 * a real process over the same database and DATA_DIR/outbox, killed with SIGKILL while its send
 * job is active; the restarted engine gets the job back from pg-boss once its expiry (1 s, the
 * shortest pg-boss allows; on the database's clock, so this test waits that second) has passed.
 */
import { defaultJobsConfig } from '../../server/jobs/config.js';
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/open.js';
import { createJobs } from '../../server/jobs/index.js';
import { reminderRows } from '../../server/jobs/reminders.js';
import { createMailer, outboxDir } from '../../server/mail/index.js';
import { packageRoot } from '../../server/paths.js';
import { prepareDatabase } from '../../server/startup.js';
import { createServices } from '../../server/services/index.js';
import { cheapCost, MemoryMailer, TestClock } from './accountsSupport.js';
import { bookedAndPaid } from './appointmentsSupport.js';
import { backends, noClientDir, seedFile, useTestDatabases } from './helpers.js';
import { publicUrl } from './paymentSupport.js';
import { testTuning } from './jobsSupport.js';

const outboxFiles = (dataDir: string) => {
  try {
    return readdirSync(outboxDir(dataDir)).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
};

describe.each(backends)('a crash mid-send on %s', (backend) => {
  const databases = useTestDatabases(backend);

  for (const crash of ['before-mail', 'after-mail'] as const) {
    it(`killed ${crash === 'before-mail' ? 'before the mail went out' : 'after the mail went out, before it was recorded'}: one reminder in the outbox after the restart`, async () => {
      const storage = await databases.seededStorage();
      const clock = new TestClock();
      // The clinic as a server left it (seeded at its first start): a paid appointment tomorrow
      // 17:00, its 24-hour reminder queued.
      let db = await openDatabase(storage);
      let appointmentId: string;
      try {
        await prepareDatabase(db, { seedFile });
        const app = await buildApp({
          db,
          clientDir: noClientDir,
          config: loadConfig({ DATA_DIR: storage.dataDir, PUBLIC_URL: publicUrl }),
          services: { now: clock.now, mailer: new MemoryMailer(), passwordCost: cheapCost },
        });
        const { rows } = await db.query<{ id: string }>(
          `insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method)
           values ('asha@example.com', 'Asha', 'Patil', 30, 'female', '9876543210', 'google') returning id`,
        );
        const { token } = await createServices(db, { now: clock.now }).sessions.issue(rows[0]!.id);
        const patient = { id: rows[0]!.id, email: 'asha@example.com', token, headers: { authorization: `Bearer ${token}` } };
        appointmentId = (await bookedAndPaid(app, patient, { date: '2025-03-12', startTime: '17:00' }))._id;
        await app.close();
        clock.advance(7 * 3_600_000); // Tuesday 17:00: the 24-hour reminder is due
        const jobs = createJobs({
          db,
          now: clock.now,
          mailer: new MemoryMailer(),
          publicUrl,
          config: { ...defaultJobsConfig, reminderLeadsMinutes: [1440, 120] },
          onError: () => undefined,
          tuning: testTuning,
        });
        expect((await jobs.reminders.sweep()).queued).toBe(1);
        await jobs.stop();
      } finally {
        await db.close(); // the embedded database belongs to one process: the child's now
      }

      // The child takes the job and is killed in the middle of its send.
      const child = spawn(process.execPath, ['--import', 'tsx', path.join('tests', 'server', 'jobsChild.ts')], {
        cwd: packageRoot,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          DATA_DIR: storage.dataDir,
          DATABASE_URL: storage.databaseUrl ?? '',
          NOW: clock.now().toISOString(),
          CRASH: crash,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stderr!.on('data', (chunk) => (err += chunk));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (chunk) => {
          out += chunk;
          if (out.includes(crash === 'before-mail' ? 'sending' : 'mailed')) resolve();
        });
        child.on('exit', () => reject(new Error(`the child ended before the send: ${out} ${err}`)));
      });
      child.kill('SIGKILL');
      await exited;
      expect(outboxFiles(storage.dataDir)).toHaveLength(crash === 'before-mail' ? 0 : 1);

      // The restart: the job is active in the database, its worker dead. Once its expiry passed,
      // pg-boss's maintenance makes it `retry` and the new worker sends, with the same key.
      db = await openDatabase(storage);
      const restarted = createJobs({
        db,
        now: clock.now,
        mailer: createMailer({ smtpUrl: null, from: 'clinic@example.com' }, storage.dataDir, () => undefined),
        publicUrl,
        config: { ...defaultJobsConfig, reminderLeadsMinutes: [1440, 120] },
        onError: () => undefined,
        tuning: testTuning,
      });
      try {
        expect((await restarted.engine.list({ states: ['active'] })).map((j) => j.queue)).toEqual(['reminders.send']);
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        await restarted.engine.maintain();
        expect((await restarted.engine.list({ states: ['retry'] })).map((j) => j.queue)).toEqual(['reminders.send']);
        expect(await restarted.engine.drain()).toBe(1);
        expect(outboxFiles(storage.dataDir)).toHaveLength(1);
        expect(await reminderRows(db, appointmentId)).toMatchObject([{ state: 'sent', attempts: 2, note: '' }]);
        // Nothing left to run, and the next sweep queues nothing for that reminder.
        expect(await restarted.engine.drain()).toBe(0);
        expect((await restarted.reminders.sweep()).queued).toBe(0);
        expect(outboxFiles(storage.dataDir)).toHaveLength(1);
      } finally {
        await restarted.stop();
        await db.close();
      }
    }, 90_000); // two database opens and a child process (tsx) in one test: slow on a loaded 2-core machine
  }
});
