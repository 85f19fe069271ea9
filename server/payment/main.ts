/**
 * The payment service as its own process: only /api/payment (plugin.ts), over the same database
 * and with the same configuration as the main server (PORT, DATABASE_URL, PUBLIC_URL,
 * PAYMENT_PROVIDER, PHONEPE_*, HOLD_MINUTES).
 *
 *   npm run build:server && PORT=3001 node dist/node/server/payment/main.js
 *
 * Put it behind the same address as the site, routing /api/payment/* to it (docs/operations.md,
 * "Payments"). The embedded database is one process's only, so this needs PostgreSQL
 * (DATABASE_URL); the main server, which migrates the database, should start first (this one
 * applies pending migrations too, under the same lock, but never seeds).
 */
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { type Config, ConfigError, loadConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { migrate, MigrationError } from '../db/migrate.js';
import { openDatabase } from '../db/open.js';
import { frameworkErrors, registerErrorHandling } from '../http/errors.js';
import { loggerOptions } from '../http/logger.js';
import { registerSecurityHeaders } from '../http/security.js';
import { createMailer } from '../mail/index.js';
import { createServices } from '../services/index.js';
import { createJobs } from '../jobs/index.js';
import { createMailQueue } from '../jobs/keyedMails.js';
import { createPushQueue } from '../push/eventJobs.js';
import { registerObservability, requestIdGenerator } from '../ops/http.js';
import { createMetrics, type Metrics } from '../ops/metrics.js';
import { type OpsServer, startOpsServer } from '../ops/server.js';
import { paymentService } from './plugin.js';
import { createPaymentProvider } from './providers.js';
import { schemaController } from '../http/schemaCompilers.js';

/**
 * The services this process needs, over the main server's job queues (never started here): a
 * payment settled here queues its booking confirmation (a keyed mail) in the settling
 * transaction, and the main server's workers (JOBS=on) send it. Closed with the app.
 */
function paymentServices(app: FastifyInstance, db: Database, config: Config, metrics: Metrics) {
  const now = () => new Date();
  const mailer = createMailer(config.mail, config.storage.dataDir);
  const provider = createPaymentProvider(config.payments.provider, { db, publicUrl: config.http.publicUrl, now });
  const jobs = createJobs({
    db,
    now,
    mailer,
    publicUrl: config.http.publicUrl,
    config: config.jobs,
    clinic: config.records.clinic,
    ...(config.push?.vapid ? { vapid: config.push.vapid } : {}),
    onError: (error) => app.log.error({ err: error }, 'job engine error'),
  });
  const services = createServices(db, {
    now,
    holdMinutes: config.payments.holdMinutes,
    publicUrl: config.http.publicUrl,
    paymentProvider: provider,
    appSecret: config.accounts.appSecret,
    sessionDays: config.accounts.sessionDays,
    mailer,
    // A payment settled here owes its Web Push too (server/push/eventJobs.ts).
    mailQueue: createMailQueue(jobs.engine, createPushQueue(jobs.engine, config.push?.vapid)),
    onBackgroundError: (error, task) => app.log.warn({ err: error }, `${task} failed`),
    observer: metrics.observer,
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await services.background.idle();
    await mailer.close();
  });
  return { services, provider };
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.storage.databaseUrl === null) {
    throw new ConfigError([
      'DATABASE_URL is required to run the payment service on its own: the embedded database belongs to the main server (without DATABASE_URL, the main server serves /api/payment itself)',
    ]);
  }
  // The main server's request ids, request log line, /healthz, /readyz and metrics (server/ops).
  const app = Fastify({
    logger: loggerOptions({ level: config.logLevel }),
    // ajv and fast-json-stringify only if a route declares a JSON schema (none does).
    schemaController,
    bodyLimit: 100 * 1024,
    genReqId: requestIdGenerator(config.trustProxy),
    requestIdHeader: false,
    logController: new LogController({ disableRequestLogging: true }),
    // Errors before routing (a malformed address) in our shape too (http/errors.ts).
    frameworkErrors,
  });
  const metrics = createMetrics({ processMetrics: true });
  let db: Database | undefined;
  let ops: OpsServer | undefined;
  try {
    db = metrics.instrumentDatabase(
      await openDatabase(config.storage, (error) => app.log.error({ err: error }, 'idle database connection failed')),
    );
    await migrate(db);
    const { services, provider } = paymentServices(app, db, config, metrics);
    registerErrorHandling(app);
    await registerSecurityHeaders(app);
    registerObservability(app, { db, metrics, metricsToken: config.metrics.token });
    if (config.metrics.port !== null) {
      ops = await startOpsServer({ config: { ...config.metrics, port: config.metrics.port }, metrics, db, dataDir: null, log: app.log });
    }
    await app.register(paymentService, { prefix: '/api/payment', services, provider, publicUrl: config.http.publicUrl });
    await app.listen({ port: config.http.port, host: config.http.host });
  } catch (error) {
    await ops?.close().catch(() => undefined);
    await app.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    throw error;
  }
  const opened = db;
  app.log.info(
    { provider: config.payments.provider.kind, opsPort: ops ? `${config.metrics.host}:${ops.port}` : 'off' },
    `Payment service ready on port ${config.http.port}`,
  );

  const stop = async () => {
    await app.close();
    await ops?.close();
    await opened.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof MigrationError;
  console.error(known ? `Cannot start the payment service.\n${(error as Error).message}` : error);
  process.exit(1);
});
