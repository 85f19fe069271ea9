/**
 * Two amendments of one prescription at once, on two instances over one PostgreSQL (each its own
 * pool): both are kept, as versions 2 and 3 in the order they committed (the appointment's row
 * lock orders them), each with its own code; only the last verifies as genuine, the earlier ones
 * as amended. No version lost, none numbered twice.
 */
import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { openPostgres } from '../../server/db/postgres.js';
import { cheapCost, MemoryMailer } from './accountsSupport.js';
import { staffCall, useAppointmentsApp } from './appointmentsSupport.js';
import { noClientDir, testDatabaseUrl, testDataDir } from './helpers.js';
import { publicUrl } from './paymentSupport.js';
import { completedConsultation, hindiPrescription } from './recordsSupport.js';

describe.runIf(testDatabaseUrl)('amendments on two instances over one PostgreSQL', () => {
  const t = testDatabaseUrl ? useAppointmentsApp('postgres') : null;
  const opened: { apps: FastifyInstance[]; pools: Database[]; dirs: string[] } = { apps: [], pools: [], dirs: [] };
  afterEach(async () => {
    for (const app of opened.apps.splice(0)) await app.close();
    for (const pool of opened.pools.splice(0)) await pool.close();
    for (const dir of opened.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function secondInstance(): Promise<FastifyInstance> {
    const { rows } = await t!.db().query<{ name: string }>('select current_database() as name');
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${rows[0]!.name}`;
    const pool = await openPostgres({ connectionString: url.href, max: 10 });
    opened.pools.push(pool);
    const dataDir = testDataDir('clinic-portal-verify-race-');
    opened.dirs.push(dataDir);
    const app = await buildApp({
      db: pool,
      clientDir: noClientDir,
      logger: false,
      config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: publicUrl }),
      services: { now: t!.clock.now, mailer: new MemoryMailer(), passwordCost: cheapCost },
    });
    opened.apps.push(app);
    return app;
  }

  it('two amendments at once, four times over: versions 1..9 kept in commit order, the last genuine, the rest amended, a mail per amendment', async () => {
    const { appointment, admin } = await completedConsultation(t!);
    const other = await secondInstance();
    const rounds = 4;
    for (let round = 0; round < rounds; round++) {
      const words = (who: string) => ({ ...hindiPrescription, instructions: `${who} ${round}` });
      const [a, b] = await Promise.all([
        staffCall(t!.app(), admin, 'POST', `/appointments/${appointment._id}/complete`, words('first')),
        staffCall(other, admin, 'POST', `/appointments/${appointment._id}/complete`, words('second')),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    }
    const { rows } = await t!.db().query<{ version: number; code: string; superseded: boolean; instructions: string }>(
      `select version, code, superseded_at is not null as superseded, medicines ->> 'instructions' as instructions
         from prescription_versions where appointment_id = $1 order by version`,
      [appointment._id],
    );
    expect(rows.map((r) => r.version)).toEqual(Array.from({ length: 1 + 2 * rounds }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
    expect(rows.map((r) => r.superseded)).toEqual([...rows.slice(1).map(() => true), false]);
    // Every amendment's words are kept, none overwritten by the other instance's.
    for (let round = 0; round < rounds; round++) {
      expect(rows.map((r) => r.instructions)).toEqual(expect.arrayContaining([`first ${round}`, `second ${round}`]));
    }
    // The appointment shows the last version's words.
    const current = await t!.db().query<{ instructions: string }>(`select medicines ->> 'instructions' as instructions from appointments where id = $1`, [appointment._id]);
    expect(current.rows[0]!.instructions).toBe(rows.at(-1)!.instructions);
    const statuses = await Promise.all(rows.map(async (r) => ((await t!.app().inject({ method: 'GET', url: `/api/verify/${r.code}` })).json() as { status: string }).status));
    expect(statuses).toEqual([...rows.slice(1).map(() => 'amended'), 'genuine']);
    const keys = await t!.db().query<{ key: string }>(`select key from job_mails where key like $1 order by key`, [`prescription:${appointment._id}:v%`]);
    expect(keys.rows).toHaveLength(2 * rounds);
    const audits = await t!.db().query(`select 1 from audit_log where action = 'prescription.amended' and appointment_id = $1`, [appointment._id]);
    expect(audits.rows).toHaveLength(2 * rounds);
  });
});
