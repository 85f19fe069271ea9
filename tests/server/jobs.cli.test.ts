/**
 * `npm run clinic -- jobs`, on every backend: lists failed jobs with their error,
 * retries one, refuses unknown ids and states.
 */
import { describe, expect, it } from 'vitest';
import { runClinicCommand } from '../../server/cli.js';
import { openDatabase } from '../../server/db/open.js';
import { prepareDatabase } from '../../server/startup.js';
import { TestClock } from './accountsSupport.js';
import { backends, seedFile, useTestDatabases } from './helpers.js';
import { jobsOver } from './jobsSupport.js';

describe.each(backends)('jobs command on %s', (backend) => {
  const databases = useTestDatabases(backend);

  it('lists a failed job with its error, runs it again on retry, refuses what it does not know', async () => {
    const storage = await databases.seededStorage();
    const clock = new TestClock();
    const db = await openDatabase(storage);
    let failedId: string;
    try {
      await prepareDatabase(db, { seedFile });
      const jobs = jobsOver(db, clock.now);
      // A send job without its key fails on every attempt (1 + 6 retries, available at once here).
      failedId = (await jobs.engine.send('reminders.send', {}))!;
      expect(await jobs.engine.drain()).toBe(7);
      await jobs.stop();
    } finally {
      await db.close();
    }

    const env = { DATA_DIR: storage.dataDir, ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}) };
    const run = async (...args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const status = await runClinicCommand(args, env, { out: (l) => out.push(l), err: (l) => err.push(l) }, clock.now);
      return { status, out: out.join('\n'), err: err.join('\n') };
    };

    const failed = await run('jobs', 'failed');
    expect(failed.status).toBe(0);
    expect(failed.out).toMatch(new RegExp(`^failed +reminders\\.send +${failedId} +ended \\S+ +attempts 7/7 +error: reminders\\.send without a key$`));

    expect(await run('jobs', 'retry', failedId)).toMatchObject({ status: 0, out: `Job ${failedId} will run again: a running server's workers take it within seconds.` });
    const all = await run('jobs');
    expect(all.out).toMatch(new RegExp(`^due +reminders\\.send +${failedId} +due since `));
    expect(await run('jobs', 'failed')).toMatchObject({ status: 0, out: 'No jobs in state failed.' });

    const unknown = await run('jobs', 'retry', failedId); // no longer failed
    expect(unknown.status).toBe(1);
    expect(unknown.err).toContain(`No failed job has the id ${failedId}.`);
    expect((await run('jobs', 'broken')).status).toBe(2);
    expect((await run('jobs', 'retry')).status).toBe(2);
    // Seven openings of the database: on PGlite each loads the data directory again, which took
    // over 30 s on a loaded 2-core machine (CI, session 10).
  }, 120_000);
});
