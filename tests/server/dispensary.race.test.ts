/**
 * Dispensing and stock under real concurrency: two app instances, each with its own connection
 * pool, on one PostgreSQL database, as two servers behind a load balancer. PostgreSQL only
 * (TEST_DATABASE_URL): PGlite runs one query at a time and would hide the races (its own test of
 * two instances is in dispensary.test.ts).
 *
 * - Dispense clicked on both instances at once, many times over: each order dispensed once, its
 *   stock taken once, both answers the dispensed order.
 * - Two orders wanting the last packs: one dispensed, the other 409 dispenseShort, nothing taken
 *   for it; the level never below zero.
 * - Many write-offs at once on both instances: exactly as many as the stock held succeed, the
 *   rest 409 stockNegative; the level ends at zero and matches its movements.
 */
import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { openPostgres } from '../../server/db/postgres.js';
import { cheapCost, MemoryMailer } from './accountsSupport.js';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { deskStaff, seedIds } from './deskSupport.js';
import { countOf, itemWithStock, orderOf, quantityOf, staffApi } from './dispensarySupport.js';
import { noClientDir, testDatabaseUrl, testDataDir } from './helpers.js';
import { publicUrl } from './paymentSupport.js';

describe.runIf(testDatabaseUrl)('the dispensary on two instances over one PostgreSQL', () => {
  // Collected (not run) without TEST_DATABASE_URL too.
  const t = testDatabaseUrl ? useAppointmentsApp('postgres') : null;
  const opened: { apps: FastifyInstance[]; pools: Database[]; dirs: string[] } = { apps: [], pools: [], dirs: [] };
  afterEach(async () => {
    for (const app of opened.apps.splice(0)) await app.close();
    for (const pool of opened.pools.splice(0)) await pool.close();
    for (const dir of opened.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A second app over the test's database through a pool of its own. */
  async function secondInstance(): Promise<FastifyInstance> {
    const { rows } = await t!.db().query<{ name: string }>('select current_database() as name');
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${rows[0]!.name}`;
    const pool = await openPostgres({ connectionString: url.href, max: 10 });
    opened.pools.push(pool);
    const dataDir = testDataDir('clinic-portal-dispensary-race-');
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

  it('Dispense clicked on both instances at once: each order dispensed once, its stock taken once', async () => {
    const { reception, admin } = await deskStaff(t!);
    const ids = await seedIds(t!.db());
    const db = t!.db();
    const other = await secondInstance();
    const a = await itemWithStock(db, 'LYCOPODIUM', { locationId: ids.aundh, quantity: 100 });
    const b = await itemWithStock(db, 'PHOSPHORUS', { locationId: ids.aundh, quantity: 100 });
    const orders: string[] = [];
    for (let i = 0; i < 8; i++) orders.push(await orderOf(db, { locationId: ids.aundh, lines: [{ itemId: a, quantity: 2 }, { itemId: b, quantity: 1 }] }));
    // Every order clicked twice on each instance, all at once.
    const apps = [t!.app(), other];
    const results = await Promise.all(
      orders.flatMap((id) => [0, 1, 2, 3].map((k) => staffApi(apps[k % 2]!, k < 2 ? reception : admin, 'POST', `/orders/${id}/dispense`))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(orders.length * 4).fill(200));
    for (const [i, id] of orders.entries()) {
      const answers = results.slice(i * 4, i * 4 + 4).map((r) => r.json().order.dispensedAt);
      expect(new Set(answers).size, id).toBe(1);
      expect(await countOf(db, 'stock_movements', `order_id = $1 and kind = 'dispensed'`, [id])).toBe(2);
    }
    expect([await quantityOf(db, a, ids.aundh), await quantityOf(db, b, ids.aundh)]).toEqual([100 - 16, 100 - 8]);
    expect(await countOf(db, 'audit_log', `action = 'order.dispensed'`)).toBe(orders.length);
  });

  it('two orders wanting the last packs on two instances: one dispensed, the other 409 dispenseShort with nothing taken', async () => {
    const { reception, admin } = await deskStaff(t!);
    const ids = await seedIds(t!.db());
    const db = t!.db();
    const other = await secondInstance();
    for (let round = 0; round < 5; round++) {
      const a = await itemWithStock(db, `SEPIA ${round}`, { locationId: ids.aundh, quantity: 3 });
      const b = await itemWithStock(db, `NATRUM ${round}`, { locationId: ids.aundh, quantity: 10 });
      // The two orders lock the same two levels in opposite line orders: the item order of the lock keeps them from deadlocking.
      const first = await orderOf(db, { locationId: ids.aundh, lines: [{ itemId: a, quantity: 2 }, { itemId: b, quantity: 1 }] });
      const second = await orderOf(db, { locationId: ids.aundh, lines: [{ itemId: b, quantity: 1 }, { itemId: a, quantity: 2 }] });
      const both = await Promise.all([
        staffApi(t!.app(), reception, 'POST', `/orders/${first}/dispense`),
        staffApi(other, admin, 'POST', `/orders/${second}/dispense`),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(both.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'dispenseShort', short: [{ itemId: a, needed: 2, available: 1 }] });
      expect([await quantityOf(db, a, ids.aundh), await quantityOf(db, b, ids.aundh)]).toEqual([1, 9]);
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from orders where id = any($1::uuid[]) and dispensed_at is not null', [[first, second]]);
      expect(rows[0]!.n).toBe(1);
    }
  });

  it('write-offs at once on both instances: as many succeed as the stock held, the rest 409 stockNegative; the level is its movements', async () => {
    const { reception, admin } = await deskStaff(t!);
    const ids = await seedIds(t!.db());
    const db = t!.db();
    const other = await secondInstance();
    const a = await itemWithStock(db, 'CARBO VEGETABILIS');
    await staffApi(t!.app(), reception, 'POST', '/stock/receive', { itemId: a, locationId: ids.kothrud, quantity: 7 });
    const apps = [t!.app(), other];
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        staffApi(apps[i % 2]!, i % 3 ? reception : admin, 'POST', '/stock/adjust', { itemId: a, locationId: ids.kothrud, change: -1, note: `Write-off ${i}` }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'stockNegative')).toBe(true);
    expect(await quantityOf(db, a, ids.kothrud)).toBe(0);
    const { rows } = await db.query<{ total: number }>('select sum(change)::int as total from stock_movements where item_id = $1', [a]);
    expect(rows[0]!.total).toBe(0);
  });
});
