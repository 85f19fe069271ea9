/**
 * A second app instance over the test's own PostgreSQL database, through a pool of its own, as a
 * second server of a deployment would be: the race tests send the same request to both at once
 * (PGlite runs one query at a time and would hide the race). Each instance has its own DATA_DIR
 * (holding the worker's signing key, testDataDir) and mailer, and the test's clock; all are
 * closed after each test.
 */
import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { afterEach } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { openPostgres } from '../../server/db/postgres.js';
import { cheapCost, MemoryMailer } from './accountsSupport.js';
import type { AppointmentsApp } from './appointmentsSupport.js';
import { noClientDir, testDatabaseUrl, testDataDir } from './helpers.js';
import { publicUrl } from './paymentSupport.js';

/** Registers the clean-up and gives the function that opens one more instance (`env` as the first app's). */
export function useSecondInstances(t: AppointmentsApp | null, env: Record<string, string> = {}): () => Promise<FastifyInstance> {
  const opened: { apps: FastifyInstance[]; pools: Database[]; dirs: string[] } = { apps: [], pools: [], dirs: [] };
  afterEach(async () => {
    for (const app of opened.apps.splice(0)) await app.close();
    for (const pool of opened.pools.splice(0)) await pool.close();
    for (const dir of opened.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return async () => {
    if (!t || !testDatabaseUrl) throw new Error('a second instance needs TEST_DATABASE_URL');
    const { rows } = await t.db().query<{ name: string }>('select current_database() as name');
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${rows[0]!.name}`;
    const pool = await openPostgres({ connectionString: url.href, max: 10 });
    opened.pools.push(pool);
    const dataDir = testDataDir('clinic-portal-second-instance-');
    opened.dirs.push(dataDir);
    const app = await buildApp({
      db: pool,
      clientDir: noClientDir,
      logger: false,
      config: loadConfig({ ...env, DATA_DIR: dataDir, PUBLIC_URL: publicUrl }),
      services: { now: t.clock.now, mailer: new MemoryMailer(), passwordCost: cheapCost },
    });
    opened.apps.push(app);
    return app;
  };
}
