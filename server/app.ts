/**
 * The Fastify application: security headers, the API under /api, the built client, and one
 * error shape. It does not open the database or listen: main.ts does that, and tests call
 * buildApp with a prepared database and use `app.inject`.
 */
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { type Config, loadConfig } from './config.js';
import type { Database } from './db/database.js';
import { frameworkErrors, registerErrorHandling } from './http/errors.js';
import { recordRoutes } from './http/route.js';
import { type LogOptions, loggerOptions } from './http/logger.js';
import { inlineSourcesOf } from './http/inlineSources.js';
import { registerSecurityHeaders } from './http/security.js';
import { registerClient } from './http/static.js';
import { apiRoutes } from './routes/index.js';
import { googleSignIn } from './routes/google.js';
import { isLoopbackUrl } from './identity/config.js';
import { paymentService } from './payment/plugin.js';
import { createPaymentProvider } from './payment/providers.js';
import { createMailer, outboxDir } from './mail/index.js';
import { createServices, type ServiceOptions } from './services/index.js';
import { defaultRecordsConfig } from './records/config.js';
import { createMetrics, type Metrics } from './ops/metrics.js';
import { type ReadinessCheck, registerObservability, requestIdGenerator } from './ops/http.js';
import type { Drain } from './ops/drain.js';
import { createSecrets } from './security/secrets.js';
import { optOutPages, optOutToken, optOutUrl } from './messaging/optOut.js';
import { createJobs } from './jobs/index.js';
import { defaultJobsConfig } from './jobs/config.js';
import { createJobEngine, type EngineTuning } from './jobs/engine.js';
import { createMailQueue } from './jobs/keyedMails.js';
import { wakeReconciliation } from './jobs/reconcile.js';
import { schemaController } from './http/schemaCompilers.js';

export interface AppOptions {
  /** Migrated (and seeded) database; the app does not close it. */
  db: Database;
  /** Absolute path of the built client (index.html, assets/). When it has no index.html, `/` answers 503. */
  clientDir: string;
  /** false (the default) logs nothing: tests. */
  logger?: LogOptions | false;
  /**
   * The settings the app itself reads (server/config.ts): mail, accounts, TRUST_PROXY, DATA_DIR
   * for the mail outbox, PUBLIC_URL, payments (HOLD_MINUTES, PAYMENT_PROVIDER and its keys) and
   * the help contacts (HELP_*; absent: the clinic's defaults) and the rate limits (RATE_LIMIT_*;
   * absent: server/services/limits.ts's defaults).
   * Absent: the defaults of an empty environment.
   */
  config?: Pick<Config, 'mail' | 'accounts' | 'trustProxy' | 'storage' | 'http' | 'oidc' | 'payments'> &
    Partial<Pick<Config, 'help' | 'booking' | 'limits' | 'metrics' | 'consultation' | 'jobs' | 'records'>>;
  /** Tests: parts of what the services get instead (a clock, a mailer, a cheap password cost, limits). */
  services?: Partial<ServiceOptions>;
  /** Where requests, bookings, payments, mails and queries are counted; a fresh registry when absent. */
  metrics?: Metrics;
  /** What /readyz waits for besides the database (server/ops/http.ts). */
  readinessChecks?: readonly ReadinessCheck[];
  /** main.ts's shutdown: /readyz says 503 once it drains; long-lived streams register on it. */
  drain?: Drain;
  /**
   * Whether this process runs the background jobs (main.ts: JOBS=on): then /readyz reports
   * `jobs` not ready until `app.jobs.start()` ran, and again once they stopped. Tests leave it
   * off and drive `app.jobs` themselves.
   */
  runJobs?: boolean;
  /** Tests: the job engine's polling, retry delay and expiry (server/jobs/engine.ts). */
  jobTuning?: Partial<EngineTuning>;
}

/** Fastify's trustProxy from TRUST_PROXY: a number counts the proxies in front of us. */
function trustProxyOption(value: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig({});
  const metrics = options.metrics ?? createMetrics();
  // Every statement timed; the app and its services only ever see this one.
  const db = metrics.instrumentDatabase(options.db);
  const app = Fastify({
    logger: loggerOptions(options.logger ?? false),
    // ajv and fast-json-stringify only if a route declares a JSON schema (none does).
    schemaController,
    // A trusted proxy's X-Request-Id, else our own; returned as x-request-id and on every log line.
    genReqId: requestIdGenerator(config.trustProxy),
    requestIdHeader: false,
    // One line per request, written in server/ops/http.ts, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Errors before routing (a malformed address) in our shape too (http/errors.ts).
    frameworkErrors,
    // The API takes small JSON bodies only.
    bodyLimit: 100 * 1024,
    // Whose X-Forwarded-For to believe for request.ip (the rate limits count per client).
    trustProxy: trustProxyOption(config.trustProxy),
  });

  const mailer = options.services?.mailer ?? createMailer(config.mail, config.storage.dataDir);
  if (mailer.kind === 'outbox') {
    app.log.info({ outbox: outboxDir(config.storage.dataDir) }, 'SMTP_URL is not set: mails are saved in the outbox and their codes printed');
  }
  const now = options.services?.now ?? (() => new Date());
  // The job engine first: the services queue the mails their commits owe on it (keyed mails),
  // and the jobs' queues are defined on it below, before anything starts it.
  const engine = createJobEngine({
    db,
    onError: (error) => app.log.error({ err: error }, 'job engine error'),
    ...(options.jobTuning ? { tuning: options.jobTuning } : {}),
  });
  const paymentProvider =
    options.services?.paymentProvider ?? createPaymentProvider(config.payments.provider, { db, publicUrl: config.http.publicUrl, now });
  if (paymentProvider.kind === 'sandbox' && !isLoopbackUrl(config.http.publicUrl)) {
    app.log.warn('PAYMENT_PROVIDER is sandbox: its checkout takes no money and anyone can press Pay. Set PAYMENT_PROVIDER=phonepe before real patients book.');
  }
  // A checkout's first status check is 25 s away: a running engine wakes its sweep for it
  // (tests, which drive the sweeps themselves, start no engine for it).
  const wake = async (at: Date) => void (engine.running() ? await wakeReconciliation(engine, now, at) : undefined);
  const services = createServices(db, {
    ...(options.runJobs ? { onCheckoutOpened: wake } : {}),
    appSecret: config.accounts.appSecret,
    textChannels: { sms: Boolean(config.jobs?.texts?.sms), whatsapp: Boolean(config.jobs?.texts?.whatsapp) },
    sessionDays: config.accounts.sessionDays,
    holdMinutes: config.payments.holdMinutes,
    ...(config.booking ? { bookingHorizonDays: config.booking.horizonDays } : {}),
    publicUrl: config.http.publicUrl,
    paymentProvider,
    onBackgroundError: (error, task) => app.log.warn({ err: error }, `${task} failed`),
    ...(config.limits ? { limits: config.limits } : {}),
    ...(config.consultation ? { consultation: config.consultation } : {}),
    observer: metrics.observer,
    records: config.records ?? defaultRecordsConfig,
    mailQueue: createMailQueue(engine),
    ...options.services,
    mailer,
  });
  // Jobs in hand and background tasks finish before the mailer closes.
  app.addHook('onClose', async () => {
    await engine.stop();
    await services.background.idle();
    await mailer.close();
  });
  // Chat: LISTEN from the start; open streams end when the app closes, and with a
  // `reconnect` event as soon as a graceful shutdown starts (the browser reconnects elsewhere).
  await services.chatHub.start();
  // gettimeslot's day plans are cached only while this instance hears every write (LISTEN).
  await services.dayPlans.start(db);
  app.addHook('onClose', () => services.dayPlans.close());
  app.addHook('preClose', async () => services.chatHub.endAll());
  app.addHook('onClose', () => services.chatHub.close());
  const unregisterDrain = options.drain?.register(() => services.chatHub.endAll());
  if (unregisterDrain) app.addHook('onClose', async () => void unregisterDrain());
  // The opt-out links' key: derived from the same secret as the one-time codes' (APP_SECRET or the stored one).
  const optOutSecrets = createSecrets(db, config.accounts.appSecret);
  const jobs = createJobs({
    db,
    engine,
    now,
    mailer: services.mailer,
    publicUrl: config.http.publicUrl,
    config: config.jobs ?? defaultJobsConfig,
    retention: (config.records ?? defaultRecordsConfig).retention,
    clinic: (config.records ?? defaultRecordsConfig).clinic,
    payments: services.payments,
    onCheckError: (error, merchantOrderId) => app.log.warn({ err: error, merchantOrderId }, 'payment status check failed'),
    optOutLink: async (userId, channel) => optOutUrl(config.http.publicUrl, await optOutToken(optOutSecrets, userId, channel)),
  });
  app.decorate('jobs', jobs);
  const jobsCheck = options.runJobs
    ? [
        {
          name: 'jobs',
          check: async () => {
            if (!jobs.engine.running()) throw new Error('background jobs are not running');
          },
        },
      ]
    : [];

  registerErrorHandling(app);
  recordRoutes(app);
  await registerSecurityHeaders(app, inlineSourcesOf(options.clientDir));
  registerObservability(app, {
    db,
    metrics,
    metricsToken: config.metrics?.token ?? null,
    readinessChecks: [...(options.readinessChecks ?? []), ...jobsCheck],
    ...(options.drain ? { drain: options.drain } : {}),
  });
  await app.register(apiRoutes, { prefix: '/api', services, help: config.help });
  // Its own plugin, which can also run as its own process (server/payment/main.ts).
  await app.register(paymentService, { prefix: '/api/payment', services, provider: paymentProvider, publicUrl: config.http.publicUrl });
  // At the root, not under /api: the development identity provider also mounts /dev-idp.
  await app.register(googleSignIn, {
    publicUrl: config.http.publicUrl,
    oidc: config.oidc,
    db,
    accounts: {
      findOrCreateFromIdentity: (identity) => services.accounts.findOrCreateFromIdentity(identity),
      issueSession: (userId) => services.sessions.issue(userId),
    },
    now: () => now().getTime(),
  });
  // At the root: the address in reminders is PUBLIC_URL/optout/<token> (no login, no script).
  await app.register(optOutPages, { db, secrets: optOutSecrets, now });
  await registerClient(app, options.clientDir);
  await app.ready();
  return app;
}
