// (i) What the owner's view's kept figures cost the bookings: the writes of a desk booking paid at
// the counter (its appointment, then its payment, in one transaction, as server/desk books it)
// on a database with the insights triggers (migrations 053 and 057: visits, lead days, first
// visits, seen days, money) beside the same database with those triggers dropped, in the same
// run, on PGlite and (BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL.
//
// Each database is fresh, migrated and seeded by the built server's own modules (dist/node:
// startup.js prepareDatabase), with 200 patients; BOOKINGS_WORKERS (8) workers book one after
// another for windows of BOOKINGS_WINDOW_MS (2000), the two databases taking turns window by
// window (BOOKINGS_WINDOWS, 6 each), so that the host's drift falls on both alike. Figures: the
// bookings per second of each and their ratio, with triggers / without; budget: the ratio at
// least BUDGETS (docs/performance.md). The database's writes alone are the worst case: a real
// booking's request adds its HTTP, checks and slot reads, which the triggers do not touch.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchPostgresUrl, freshPostgres } from '../lib/underLoad.mjs';
import { positiveEnv } from '../lib/util.mjs';

/** Bookings per second with the kept figures' triggers / without, at least. */
export const BUDGETS = { pglite: 0.5, postgres: 0.5 };

const PATIENTS = 200;

/** Drops every trigger that keeps the owner's view's figures (their names hold "insights"). */
async function dropInsightsTriggers(db) {
  const { rows } = await db.query(
    `select t.tgname as name, c.relname as "table" from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and t.tgname like '%insights%'`,
  );
  for (const r of rows) await db.exec(`drop trigger ${r.name} on ${r.table}`);
  return rows.length;
}

async function prepared(db, prepareDatabase, seedFile) {
  await prepareDatabase(db, { seedFile });
  await db.exec(`insert into users (email, first_name, last_name, age, gender, phone_number, sign_in_method, role)
    select 'bench.booking.' || n || '@clinic-bench.example', 'Bench', 'Patient', 30, 'female', '9876543210', 'google', 'patient'
      from generate_series(1, ${PATIENTS}) as n`);
  const pick = async (sql) => (await db.query(sql)).rows.map((r) => r.id);
  return {
    patients: await pick(`select id from users where email like 'bench.booking.%'`),
    doctors: await pick(`select id from doctors where active`),
    locations: await pick(`select id from locations`),
  };
}

/** One desk booking paid at the counter: the appointment, then its payment, one transaction. */
function booking(db, ids, n) {
  const at = (list) => list[n % list.length];
  const date = new Date(Date.UTC(2026, 0, 1 + (n % 300))).toISOString().slice(0, 10);
  const time = `${String(8 + (n % 12)).padStart(2, '0')}:${String((n * 7) % 60).padStart(2, '0')}`;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query(
      `insert into appointments (appointment_number, user_id, doctor_id, location_id, date, start_time, consultation_type, consultation_fee,
                                 first_name, last_name, email, phone_number, age, gender, status, payment_status, holds_slot, booked_via, created_at, updated_at)
       values ('SHC-26-' || lpad(nextval('appointment_number_seq')::text, 7, '0'), $1, $2, $3, $4, $5, 'Clinic Visit', 500,
               'Bench', 'Patient', 'bench@example.com', '9876543210', 30, 'female', 'Booked', 'paid', false, 'desk', now(), now()) returning id`,
      [at(ids.patients), at(ids.doctors), at(ids.locations), date, time],
    );
    await tx.query(
      `insert into payments (merchant_order_id, provider, purpose, appointment_id, user_id, amount_paise, status, counter_method, created_at, updated_at, settled_at)
       values ('BENCH' || md5(random()::text), 'counter', 'appointment', $1, $2, 50000, 'paid', 'cash', now(), now(), now())`,
      [rows[0].id, at(ids.patients)],
    );
  });
}

/** Bookings made by `workers` at once for `ms`; the count and the seconds taken. */
async function bookFor(side, workers, ms) {
  const end = Date.now() + ms;
  const started = performance.now();
  let made = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < end) await booking(side.db, side.ids, side.next++).then(() => made++);
    }),
  );
  return { made, seconds: (performance.now() - started) / 1000 };
}

async function compare(name, open, ctx, opts) {
  const sides = [];
  try {
    for (const kept of [true, false]) {
      const db = await open();
      const side = { kept, db, ids: null, next: 0, made: 0, seconds: 0 };
      sides.push(side);
      side.ids = await prepared(db, opts.prepareDatabase, opts.seedFile);
      if (!kept) side.dropped = await dropInsightsTriggers(db);
    }
    for (const side of sides) await bookFor(side, opts.workers, 300); // warm-up
    for (let i = 0; i < opts.windows; i++) {
      for (const side of i % 2 ? [...sides].reverse() : sides) {
        const w = await bookFor(side, opts.workers, opts.windowMs);
        side.made += w.made;
        side.seconds += w.seconds;
      }
    }
  } finally {
    for (const side of sides) await side.db.close().catch(() => undefined);
  }
  const [kept, bare] = sides.map((s) => s.made / s.seconds);
  const ratio = kept / bare;
  ctx.log(`  ${name}: with the triggers ${kept.toFixed(0)} bookings/s, without (${sides[1].dropped} dropped) ${bare.toFixed(0)} bookings/s, ratio ${ratio.toFixed(3)}`);
  return [
    { name: `bookings: ${name}, with the insights triggers`, value: kept, unit: 'bookings/s', display: `${kept.toFixed(0)} bookings/s` },
    { name: `bookings: ${name}, without them`, value: bare, unit: 'bookings/s', display: `${bare.toFixed(0)} bookings/s` },
    { name: `bookings: ${name}, with / without`, value: ratio, unit: 'ratio', display: ratio.toFixed(3), budget: { min: BUDGETS[name] } },
  ];
}

export default {
  id: 'bookings',
  title: "Desk bookings' writes per second with the owner's view's triggers beside without them, PGlite and PostgreSQL",
  needsBuild: true,
  /** @param {import('../run.mjs').Context} ctx */
  async run(ctx) {
    const built = (path) => import(pathToFileURL(join(ctx.root, 'dist/node', path)).href);
    const [{ openPGliteDir }, { openPostgres }, { prepareDatabase }] = await Promise.all([
      built('server/db/pglite.js'),
      built('server/db/postgres.js'),
      built('server/startup.js'),
    ]);
    const opts = {
      prepareDatabase,
      seedFile: join(ctx.root, 'server/seed/demo-clinic.json'),
      workers: positiveEnv('BOOKINGS_WORKERS', 8),
      windowMs: positiveEnv('BOOKINGS_WINDOW_MS', 2000),
      windows: positiveEnv('BOOKINGS_WINDOWS', 6),
    };
    ctx.log(`  ${opts.workers} workers, ${opts.windows} windows of ${opts.windowMs} ms each side, taking turns`);
    const figures = [];
    const dir = mkdtempSync(join(tmpdir(), 'clinic-bench-bookings-'));
    try {
      let n = 0;
      figures.push(...(await compare('pglite', () => openPGliteDir(join(dir, `db${n++}`)), ctx, opts)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const adminUrl = benchPostgresUrl();
    if (!adminUrl) {
      ctx.log('  PostgreSQL skipped: neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set');
      return { figures, details: { postgres: 'skipped' } };
    }
    const databases = [];
    try {
      const open = async () => {
        const database = await freshPostgres(adminUrl);
        databases.push(database);
        return openPostgres({ connectionString: database.url, max: opts.workers });
      };
      figures.push(...(await compare('postgres', open, ctx, opts)));
    } finally {
      for (const d of databases) await d.drop().catch((error) => ctx.log(`  could not drop ${d.name}: ${error instanceof Error ? error.message : String(error)}`));
    }
    return { figures, details: { workers: opts.workers, windowMs: opts.windowMs, windows: opts.windows } };
  },
};
