/**
 * The server process: configuration, database, migrations, seed, then listen; on SIGINT or
 * SIGTERM it stops taking requests, finishes those in flight and closes the database.
 * A start that cannot succeed (bad configuration, broken seed file, database in use) prints
 * why on standard error and exits 1.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import type { Database } from './db/database.js';
import { DirLockedError } from './db/dir-lock.js';
import { MigrationError } from './db/migrate.js';
import { openDatabase } from './db/open.js';
import { SeedError } from './seed/seed.js';
import { prepareDatabase } from './startup.js';

// Long enough for requests in flight, short enough for a process manager's patience.
const shutdownGraceMs = 10_000;

function explain(error: unknown, port: number): string | undefined {
  if (error instanceof ConfigError || error instanceof SeedError || error instanceof MigrationError) return error.message;
  if (error instanceof DirLockedError) return error.message;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') return `Port ${port} is already in use. Stop the other server or set PORT to a free port.`;
  if (code === 'EACCES') return `Not allowed to listen on port ${port}. Use a port above 1023 (PORT).`;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '28P01' || code === '3D000') {
    return `Cannot connect to PostgreSQL (DATABASE_URL): ${(error as Error).message}`;
  }
  return undefined;
}

async function main(): Promise<void> {
  const config = loadConfig();
  let app: FastifyInstance | undefined;
  let db: Database | undefined;
  try {
    db = await openDatabase(config.storage, (error) => app?.log.error({ err: error }, 'idle database connection failed'));
    app = await buildApp({ db, clientDir: config.clientDir, config, logger: { level: config.logLevel } });
    await prepareDatabase(db, { seedFile: config.seedFile, log: app.log });
    await app.listen({ port: config.http.port, host: config.http.host });
  } catch (error) {
    await app?.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    throw error;
  }
  const running = { app, db };
  running.app.log.info(
    { database: running.db.kind, dataDir: config.storage.databaseUrl ? undefined : config.storage.dataDir },
    `Clinic portal ready at ${config.http.publicUrl}`,
  );

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      running.app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    running.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      running.app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, shutdownGraceMs);
    force.unref();
    try {
      await running.app.close();
      await running.db.close();
      process.exit(0);
    } catch (error) {
      running.app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}

main().catch((error: unknown) => {
  const port = Number(process.env.PORT) || 3000;
  const reason = explain(error, port);
  console.error(reason ? `Cannot start the clinic portal.\n${reason}` : error);
  process.exit(1);
});
