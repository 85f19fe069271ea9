/**
 * The server process: configuration, database, migrations, seed, then listen (and the loopback
 * operations port, server/ops/server.ts); on SIGINT or SIGTERM it drains (server/ops/drain.ts),
 * stops taking connections, finishes the requests in flight within SHUTDOWN_GRACE_SECONDS,
 * closes the database (releasing DATA_DIR/db.lock) and exits 0.
 * A start that cannot succeed (bad configuration, broken seed file, database in use, a DATA_DIR
 * other users may write) prints why on standard error and exits 1.
 */
import { SigningKeyError } from './documents/signing.js';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import type { Database } from './db/database.js';
import { DataDirError, keepNewFilesPrivate, prepareDataDir } from './db/dataDir.js';
import { DirLockedError } from './db/dir-lock.js';
import { MigrationError } from './db/migrate.js';
import { openDatabase, pgliteDir } from './db/open.js';
import { SeedError } from './seed/seed.js';
import { prepareDatabase } from './startup.js';
import { Drain } from './ops/drain.js';
import { formatLeads } from './jobs/config.js';
import { createMetrics, type Metrics } from './ops/metrics.js';
import { type OpsServer, startOpsServer } from './ops/server.js';

// After the grace, connections still open are cut; this long again and the process just exits.
const lastResortMs = 5_000;
/** The background jobs start at the latest this long after the server listens. */
const jobsStartLatestMs = 1_000;

/** Resolves once `server` has finished answering a request, or after `latestMs`. */
function afterFirstAnswer(server: Server, latestMs: number): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      clearTimeout(timer);
      server.off('request', onRequest);
      resolve();
    };
    const onRequest = (_request: IncomingMessage, response: ServerResponse) => response.once('close', go);
    const timer = setTimeout(go, latestMs);
    server.on('request', onRequest);
  });
}

function explain(error: unknown, port: number): string | undefined {
  if (error instanceof ConfigError || error instanceof SeedError || error instanceof MigrationError) return error.message;
  if (error instanceof DirLockedError || error instanceof DataDirError || error instanceof SigningKeyError) return error.message;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') return `Port ${port} is already in use. Stop the other server or set PORT to a free port.`;
  if (code === 'EACCES') return `Not allowed to listen on port ${port}. Use a port above 1023 (PORT).`;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '28P01' || code === '3D000') {
    return `Cannot connect to PostgreSQL (DATABASE_URL): ${(error as Error).message}`;
  }
  return undefined;
}

/** The port the decoded configuration listens on (PORT), for a failure to name: its default until then. */
let configuredPort = 3000;

/** What a started server holds until it stops. */
interface Running {
  app: FastifyInstance;
  db: Database;
  ops: OpsServer | undefined;
}

/** DATA_DIR checked, and made when the embedded database lives there. */
function prepareStorage(config: Config): void {
  // The embedded database's DATA_DIR is made here; on PostgreSQL one may still hold the outbox.
  const embedded = config.storage.databaseUrl === null;
  // Its database folder: made private by openDatabase, once PGlite has opened it (db/pglite.ts).
  prepareDataDir(config.storage.dataDir, { create: embedded, skip: embedded ? [pgliteDir(config.storage.dataDir)] : [] });
}

/** The database opened and prepared, the app listening, the operations port and the jobs started; what was opened is closed again when a step fails. */
async function startServing(config: Config, metrics: Metrics, drain: Drain): Promise<Running> {
  let app: FastifyInstance | undefined;
  let db: Database | undefined;
  let ops: OpsServer | undefined;
  try {
    db = await openDatabase(config.storage, (error) => app?.log.error({ err: error }, 'idle database connection failed'));
    app = await buildApp({
      db,
      clientDir: config.clientDir,
      config,
      logger: { level: config.logLevel },
      metrics,
      drain,
      runJobs: config.jobs.enabled,
    });
    await prepareDatabase(db, { seedFile: config.seedFile, log: app.log });
    await app.listen({ port: config.http.port, host: config.http.host });
    // The operations port after the public one: when it is a free port of the system's choosing
    // (METRICS_PORT unset), that can then never be the PORT just chosen by whoever started us
    // (it was, once, in the browser tests: "Port ... is already in use").
    if (config.metrics.port !== null) {
      ops = await startOpsServer({
        config: { ...config.metrics, port: config.metrics.port },
        metrics,
        db,
        // ops.json is for the embedded database's backup; PostgreSQL instances may share DATA_DIR.
        dataDir: config.storage.databaseUrl ? null : config.storage.dataDir,
        log: app.log,
      });
    }
    // Background work (server/jobs): pg-boss's schema, the queues, their workers and timers.
    // Started once the server has answered its first request, or a second after listening if
    // none comes (pg-boss's start queues a few hundred ms of statements on PGlite's one
    // executor, which the first answer would otherwise wait behind); /readyz says `jobs:
    // background jobs are not running` until then. A failing start still stops the process.
    if (config.jobs.enabled) {
      await afterFirstAnswer(app.server, jobsStartLatestMs);
      await app.jobs.start();
    }
  } catch (error) {
    await ops?.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    throw error;
  }
  return { app, db, ops };
}

function logReady({ app, db, ops }: Running, config: Config): void {
  app.log.info(
    {
      database: db.kind,
      dataDir: config.storage.databaseUrl ? undefined : config.storage.dataDir,
      opsPort: ops ? `${config.metrics.host}:${ops.port}` : 'off',
      jobs: config.jobs.enabled ? `on (reminders ${formatLeads(config.jobs.reminderLeadsMinutes)} before)` : 'off',
    },
    `Clinic portal ready at ${config.http.publicUrl}`,
  );
}

/**
 * A graceful stop: streams told to reconnect elsewhere, /readyz 503; then no new connections,
 * idle keep-alive ones closed, requests in flight finished (Fastify's close) within the grace,
 * the rest cut; then the operations port and the database closed. Exits 0, or 1 when it cut some.
 */
async function stopGracefully(running: Running, config: Config, drain: Drain, signal: NodeJS.Signals): Promise<never> {
  const graceMs = config.shutdownGraceSeconds * 1000;
  running.app.log.info({ signal, graceSeconds: config.shutdownGraceSeconds }, 'shutting down');
  const force = setTimeout(() => {
    running.app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, graceMs + lastResortMs);
  force.unref();
  let cut = false;
  try {
    await drain.start((error) => running.app.log.warn({ err: error }, 'drain hook failed'));
    const closing = running.app.close();
    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'late'>((resolve) => {
      graceTimer = setTimeout(() => resolve('late'), graceMs);
    });
    if ((await Promise.race([closing.then(() => 'done' as const), graceOver])) === 'late') {
      cut = true;
      running.app.log.warn('grace period over: closing the connections still open');
      running.app.server.closeAllConnections();
      await closing;
    }
    clearTimeout(graceTimer);
    await running.ops?.close();
    await running.db.close();
    running.app.log.info(cut ? 'stopped, some requests cut off' : 'stopped');
    process.exit(cut ? 1 : 0);
  } catch (error) {
    running.app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

/** SIGINT and SIGTERM stop gracefully; a second signal exits at once. */
function stopOnSignals(running: Running, config: Config, drain: Drain): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      running.app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    void stopGracefully(running, config, drain, signal);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main(): Promise<void> {
  // Before anything is written: DATA_DIR is the server's user's only (db/dataDir.ts).
  keepNewFilesPrivate();
  const config = loadConfig();
  configuredPort = config.http.port;
  prepareStorage(config);
  const metrics = createMetrics({ processMetrics: true });
  const drain = new Drain();
  const running = await startServing(config, metrics, drain);
  logReady(running, config);
  stopOnSignals(running, config, drain);
}

main().catch((error: unknown) => {
  const reason = explain(error, configuredPort);
  console.error(reason ? `Cannot start the clinic portal.\n${reason}` : error);
  process.exit(1);
});
