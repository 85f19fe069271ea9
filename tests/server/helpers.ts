/**
 * Databases for server tests, on every available backend: PGlite always, PostgreSQL too when
 * TEST_DATABASE_URL is set.
 *
 * A new PGlite costs 2-4 s and ~700 MiB, so each backend builds one migrated, seeded template
 * and every test gets a copy of it:
 * - PGlite: the template is built once and kept as a tarball in the OS temp directory (keyed by
 *   a hash of the migrations, the seed file and the code that writes them), read once per test
 *   worker; a file loads a PGlite from it (~0.6 s of CPU) and, after each test, puts that instance
 *   back to the template's state for the next test (~0.1 s; seededPGlite.ts says how, and when
 *   it loads a fresh one instead).
 * - PostgreSQL: the template is a database named after the same hash, built once and kept
 *   between runs, with the job engine's schema installed (installJobEngine); a describe block's
 *   first seeded test gets its own database copied from it (CREATE DATABASE ... TEMPLATE), so
 *   files running in parallel never see each other's data, and after each test that database is
 *   put back to the template's state and renamed for the next test (seededPostgres.ts), or
 *   dropped and copied again when it cannot be. A copy writes the template's ~10 MB through the
 *   WAL (0.1-0.5 s, a tenth of it CPU); the copies of seededStorage() are still made ahead, while
 *   a test runs, and used databases are dropped in the background (the describe block's afterAll
 *   waits for the drops).
 *
 * Usage, inside a describe block per backend:
 *
 *   describe.each(backends)('%s', (backend) => {
 *     const t = useTestApp(backend);       // or useTestDatabases(backend) without an app
 *     it('lists locations', async () => {
 *       const res = await t.app().inject('/api/super/locations');
 *       ...
 *     });
 *   });
 */
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../../server/app.js';
import type { Config } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { pgliteDir } from '../../server/db/open.js';
import { pgliteDatabase } from '../../server/db/pglite.js';
import { selfSignedFileName, selfSignedPem } from '../../server/documents/signing.js';
import { defaultRecordsConfig } from '../../server/records/config.js';
import { openPostgres } from '../../server/db/postgres.js';
import type { LogOptions } from '../../server/http/logger.js';
import type { SeedFile } from '../../server/seed/codec.js';
import { prepareDatabase } from '../../server/startup.js';
import { seededPGlitePool } from './seededPGlite.js';
import { postgresSeededStateOf, resetPostgresToSeeded, type PostgresSeededState } from './seededPostgres.js';
import { demoSeedFile, jobEngineKey, templateKey } from './templateKey.js';

export type Backend = 'pglite' | 'postgres';

/** The PostgreSQL server to test on, as an admin connection to an existing database. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

export const backends: Backend[] = testDatabaseUrl ? ['pglite', 'postgres'] : ['pglite'];

export const seedFile = demoSeedFile;

/** The demo clinic as written in the seed file, to compare answers against. */
export const demoSeed = JSON.parse(readFileSync(seedFile, 'utf8')) as SeedFile;

let seedDir: string | undefined;

/** Writes a copy of the demo seed file changed by `change` (or raw text) and returns its path. */
export function seedFileWith(change: ((seed: Record<string, any>) => void) | string): string {
  seedDir ??= mkdtempSync(path.join(os.tmpdir(), 'clinic-portal-seed-'));
  const file = path.join(seedDir, `seed-${randomBytes(4).toString('hex')}.json`);
  if (typeof change === 'string') {
    writeFileSync(file, change);
  } else {
    const seed = structuredClone(demoSeed) as Record<string, any>;
    change(seed);
    writeFileSync(file, JSON.stringify(seed, null, 2));
  }
  return file;
}

/**
 * Removes the seed files written so far. Registered for each test file by tests/server/setup.ts:
 * the server suite's files share their worker's modules (vitest.config.ts), so a hook registered
 * here, at this module's top level, would run for the first file of a worker only.
 */
export function removeSeedFiles(): void {
  if (seedDir) rmSync(seedDir, { recursive: true, force: true });
  seedDir = undefined;
}

let signingPem: string | undefined;

/**
 * A new temp DATA_DIR holding the prescriptions' self-signed key and certificate as a first start
 * leaves them (DATA_DIR/prescription-signing.pem, 0600; server/documents/signing.ts). The key is
 * made once per worker process, not by every test app's start: an RSA key took 300-500 ms of
 * CPU, more than many a test. The tests of that first start (the key made, shared by instances
 * starting together, DATA_DIR's files and modes) start on a DATA_DIR without it.
 */
export function testDataDir(prefix = 'clinic-portal-data-'): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  signingPem ??= selfSignedPem(defaultRecordsConfig.clinic.name);
  writeFileSync(path.join(dataDir, selfSignedFileName), signingPem, { mode: 0o600, flag: 'wx' });
  return dataDir;
}

/** A client dir with no build in it: API tests do not need the SPA. */
export const noClientDir = path.join(os.tmpdir(), 'clinic-portal-no-client');

/* ------------------------------------------------------------------ PGlite */

const templateCacheDir = path.join(os.tmpdir(), 'clinic-portal-test-db');

async function cachedTarball(name: string, build: () => Promise<PGlite>, key = templateKey()): Promise<Blob> {
  const file = path.join(templateCacheDir, `${name}-${key}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not built yet (or removed meanwhile): build it below.
  }
  const pglite = await build();
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const bytes = Buffer.from(await dump.arrayBuffer());
  mkdirSync(templateCacheDir, { recursive: true });
  // Written aside and renamed: a test file starting meanwhile never reads half a tarball.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, bytes);
  renameSync(draft, file);
  removeStaleTarballs(name, file);
  return new Blob([bytes]);
}

/** Tarballs of older schemas: removed once nobody can still be using them. */
function removeStaleTarballs(name: string, current: string): void {
  for (const entry of readdirSync(templateCacheDir)) {
    const file = path.join(templateCacheDir, entry);
    if (file === current || !entry.startsWith(`${name}-`)) continue;
    try {
      if (Date.now() - statSync(file).mtimeMs > 60 * 60 * 1000) rmSync(file, { force: true });
    } catch {
      // Another run removed it first.
    }
  }
}

// With the job engine installed, as PostgreSQL's template (installJobEngine), so the tarball's
// key is also the engine's.
const seededTarball = () =>
  cachedTarball(
    'seeded',
    async () => {
      const pglite = await PGlite.create();
      const db = pgliteDatabase(pglite);
      await prepareDatabase(db, { seedFile });
      await installJobEngine(db);
      return pglite;
    },
    `${templateKey()}-${jobEngineKey()}`,
  );

const emptyTarball = () => cachedTarball('empty', () => PGlite.create());

// Read once per worker (the server suite's files share their worker's modules, vitest.config.ts);
// PGlites are loaded straight from these bytes (seededPGlite.ts), cheaper than clone(), which
// dumps a running template to a tarball first.
let seededTemplate: Promise<Blob> | undefined;

function seededPGliteTarball(): Promise<Blob> {
  seededTemplate ??= seededTarball();
  return seededTemplate;
}

/* -------------------------------------------------------------- PostgreSQL */

function databaseUrl(name: string): string {
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${name}`;
  return url.href;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// Unique per worker: its pid and a random tag, so parallel workers and runs never share a name
// (the run's teardown drops what a worker that has ended left: globalSetup.ts).
const runTag = `cp_test_${process.pid}_${randomBytes(3).toString('hex')}`;

/**
 * PostgreSQL: the last test's seeded database, being put back to the seeded state for the
 * worker's next test, in this file or the next (seededPostgres.ts), as PGlite's instance is
 * (seededPGlite.ts): a copy of the template and its drop a describe block cost PostgreSQL more
 * than a put-back. Undefined when it could not be put back.
 */
let putBack: Promise<string | undefined> | undefined;
let databaseCounter = 0;
const newDatabaseName = () => `${runTag}_${++databaseCounter}`;

async function createDatabase(name: string, template?: string): Promise<void> {
  await admin(async (c) => {
    await c.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    // A commit does not wait for the WAL to reach the disk: what a test sees is the same (the
    // commit is as atomic and as visible at once), only a crash of PostgreSQL itself could lose
    // it, which no test does. Each commit's fsync was most of the PostgreSQL suites' wall time.
    await c.query(`alter database ${name} set synchronous_commit = off`);
  });
}

async function dropDatabase(name: string): Promise<void> {
  await admin((c) => c.query(`drop database if exists ${name} with (force)`));
}

/**
 * One migrated, seeded template per schema (the same key as PGlite's tarball, and the job
 * engine's: installJobEngine), shared by every
 * test file and kept between runs, like the tarball. Built under a draft name and renamed when
 * complete, so a file never copies half a template; when two files build at once, the second
 * rename fails and that file uses the first one's.
 */
let postgresTemplate: Promise<string> | undefined;
/** What that template holds, read from a first copy (once per worker) to put used copies back. */
let postgresState: Promise<PostgresSeededState> | undefined;

function seededPostgresTemplate(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `cp_test_template_${templateKey()}_${jobEngineKey()}`;
    const exists = await admin((c) => c.query('select 1 from pg_database where datname = $1', [name]));
    if (exists.rowCount) return name;
    const draft = `${runTag}_draft`;
    await createDatabase(draft);
    try {
      const db = await openPostgres({ connectionString: databaseUrl(draft), max: 2 });
      try {
        await prepareDatabase(db, { seedFile });
        await installJobEngine(db);
      } finally {
        await db.close(); // a template must have no connections when it is copied
      }
      await admin(async (c) => {
        await c.query(`alter database ${draft} rename to ${name}`);
        await c.query(`comment on database ${name} is 'clinic-portal test template, built ${new Date().toISOString()}'`);
      });
      await removeStalePostgresTemplates(name);
    } catch (error) {
      await dropDatabase(draft);
      const built = await admin((c) => c.query('select 1 from pg_database where datname = $1', [name]));
      if (!built.rowCount) throw error; // not a lost race: a real failure
    }
    return name;
  })();
  return postgresTemplate;
}

/**
 * The job engine's schema and the default app's queues, as a server's first start leaves them:
 * a test whose app starts the engine (anything that pays, completes or mails) then only checks
 * pg-boss's version and updates its queues (about 10 ms of PostgreSQL's CPU) instead of
 * installing the schema and creating 14 partitioned queues (190-410 ms); copying the template
 * costs the same. The install itself (a first start, several instances installing at once) is
 * what the tests on an empty database do. PGlite's template tarball has it too: its pool empties
 * and refills the engine's tables with the others after each test (seededPGlite.ts).
 */
async function installJobEngine(db: Database): Promise<void> {
  const app = await buildApp({ db, clientDir: noClientDir, logger: false });
  try {
    await app.jobs.engine.prepare();
  } finally {
    await app.close();
  }
}

/** Templates of older schemas: dropped a day after they were built (another checkout may still use one). */
async function removeStalePostgresTemplates(current: string): Promise<void> {
  const { rows } = await admin((c) =>
    c.query<{ datname: string; built: string | null }>(
      `select datname, shobj_description(oid, 'pg_database') as built from pg_database where datname like 'cp\\_test\\_template\\_%'`,
    ),
  );
  for (const { datname, built } of rows) {
    const at = Date.parse(/built (\S+)/.exec(built ?? '')?.[1] ?? '');
    if (datname !== current && !(Date.now() - at < 24 * 60 * 60 * 1000)) await dropDatabase(datname).catch(() => undefined);
  }
}

/* ------------------------------------------------------------------ shared */

export interface TestDatabases {
  /** A migrated database seeded with the demo clinic, this test's own. */
  seeded(): Promise<Database>;
  /** A database with no tables at all, this test's own. */
  empty(): Promise<Database>;
  /**
   * Storage settings for a new empty database that the test opens itself with the server's
   * openDatabase (start-up and restart tests): a temp DATA_DIR for PGlite, a new database for PostgreSQL.
   */
  emptyStorage(): Promise<Config['storage']>;
  /**
   * The same with the seeded template in it, as a server leaves it after its first start (CLI,
   * crash and restart tests that are not about that start): PGlite's files loaded from the
   * template tarball into the temp DATA_DIR, or a PostgreSQL database copied from the template;
   * the DATA_DIR has the prescriptions' signing key (testDataDir).
   */
  seededStorage(): Promise<Config['storage']>;
}

/**
 * Registers hooks in the enclosing describe: the backend's template is prepared before the
 * first test, and whatever a test asked for is closed and removed after it.
 */
export function useTestDatabases(backend: Backend): TestDatabases {
  const cleanups: (() => Promise<void>)[] = [];
  const tempDirs: string[] = [];
  const pglitePool = seededPGlitePool(seededPGliteTarball);
  // PostgreSQL: the seeded copy the next test will get, made while this one runs; the drops
  // of used databases, still running.
  let spareCopy: Promise<string> | undefined;
  const drops: Promise<unknown>[] = [];
  const dropLater = (name: string) => {
    drops.push(dropDatabase(name).then(() => undefined, (error: unknown) => error));
  };

  // Checked when the tests start, not when they are collected: a `describe.skipIf(!testDatabaseUrl)`
  // block still collects, and must not fail a run without PostgreSQL.
  beforeAll(async () => {
    if (backend === 'pglite') await seededPGliteTarball();
    else if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
    else await seededPostgresTemplate();
  });

  afterEach(async () => {
    // Last opened, first closed; every cleanup runs even if one fails.
    const results = await Promise.allSettled(cleanups.splice(0).reverse().map((fn) => fn()));
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  });

  afterAll(async () => {
    for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    const spare = spareCopy;
    spareCopy = undefined;
    if (spare) await spare.then(dropLater, () => undefined); // a copy that failed is reported by no test: none took it
    await putBack; // kept for the worker's next test, or dropped (then awaited just below)
    const failed = (await Promise.all(drops.splice(0))).find((result) => result !== undefined);
    if (failed) throw failed;
  });

  const track = (db: Database, drop?: () => Promise<void>): Database => {
    cleanups.push(async () => {
      await db.close();
      await drop?.();
    });
    return db;
  };

  async function seededCopy(): Promise<string> {
    const name = newDatabaseName();
    await createDatabase(name, await seededPostgresTemplate());
    return name;
  }

  /** A new copy of the seeded template: the one made ahead if there is one; another is started for the next test. */
  function takeSeededCopy(): Promise<string> {
    const copy = spareCopy ?? seededCopy();
    spareCopy = seededCopy();
    spareCopy.catch(() => undefined); // its failure is the next test's to report, when it takes it
    return copy;
  }

  /** The last test's database put back, or else a copy of the template (the one made ahead if any). */
  async function takeSeeded(): Promise<string> {
    const kept = await putBack;
    putBack = undefined;
    if (kept) return kept;
    const spare = spareCopy;
    spareCopy = undefined;
    const name = await (spare ?? seededCopy());
    postgresState ??= postgresSeededStateOf(databaseUrl(name)); // a fresh copy: no test has used it
    await postgresState;
    return name;
  }

  /** After the test: `name` put back for the next one, unless another database already is. */
  function giveBack(name: string): void {
    const before = putBack;
    putBack = (async () => {
      const kept = await before;
      if (!kept) {
        const next = newDatabaseName();
        if (await resetPostgresToSeeded(name, next, await postgresState!, databaseUrl, testDatabaseUrl!)) return next;
      }
      dropLater(name);
      return kept;
    })();
  }

  async function postgresDatabase(template: 'seeded' | 'none'): Promise<Database> {
    let name: string;
    if (template === 'seeded') {
      name = await takeSeeded();
    } else {
      name = newDatabaseName();
      await createDatabase(name);
    }
    const release = template === 'seeded' ? async () => giveBack(name) : async () => dropLater(name);
    try {
      return track(await openPostgres({ connectionString: databaseUrl(name), max: 4 }), release);
    } catch (error) {
      dropLater(name);
      throw error;
    }
  }

  return {
    async seeded() {
      if (backend === 'pglite') {
        const { pg, giveBack } = await pglitePool.take();
        cleanups.push(giveBack); // the handle's close() is the test's own: it really closes
        return pgliteDatabase(pg);
      }
      return postgresDatabase('seeded');
    },

    async empty() {
      if (backend === 'pglite') return track(pgliteDatabase(await PGlite.create({ loadDataDir: await emptyTarball() })));
      return postgresDatabase('none');
    },

    async emptyStorage() {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-portal-data-'));
      tempDirs.push(dataDir);
      if (backend === 'pglite') return { dataDir, databaseUrl: null };
      const name = newDatabaseName();
      await createDatabase(name);
      cleanups.push(async () => dropLater(name));
      return { dataDir, databaseUrl: databaseUrl(name) };
    },

    async seededStorage() {
      const dataDir = testDataDir();
      tempDirs.push(dataDir);
      if (backend === 'pglite') {
        const pglite = await PGlite.create(pgliteDir(dataDir), { loadDataDir: await seededPGliteTarball() });
        await pglite.close();
        return { dataDir, databaseUrl: null };
      }
      const name = await takeSeededCopy();
      cleanups.push(async () => dropLater(name));
      return { dataDir, databaseUrl: databaseUrl(name) };
    },
  };
}

export interface TestApp extends TestDatabases {
  /** The app of the current test, over its own seeded database. */
  app(): FastifyInstance;
  /** That database, to look at or change rows directly. */
  db(): Database;
}

/** A fresh app over a fresh seeded database for every test. */
export function useTestApp(
  backend: Backend,
  options: { clientDir?: string; logger?: LogOptions | false } = {},
): TestApp {
  const databases = useTestDatabases(backend);
  let current: { app: FastifyInstance; db: Database } | undefined;

  beforeEach(async () => {
    const db = await databases.seeded();
    const app = await buildApp({ db, clientDir: options.clientDir ?? noClientDir, logger: options.logger ?? false });
    current = { app, db };
  });

  // Registered after useTestDatabases' hook, so it runs first: the app closes before its database.
  afterEach(async () => {
    await current?.app.close();
    current = undefined;
  });

  const get = () => {
    if (!current) throw new Error('useTestApp: app() and db() are only available inside a test');
    return current;
  };
  return { ...databases, app: () => get().app, db: () => get().db };
}
