/**
 * The app's parts that are not HTTP: the database (every statement timed), mail, the job engine,
 * the services, the background jobs, and what this instance hears live (chat, the day plans).
 * Each is a Fastify plugin declared with fastify-plugin, so what it decorates is the app's, and
 * `dependencies` names the plugins it reads; each closes what it opened in its own onClose.
 *
 * Fastify runs onClose hooks last registered first, so registered in buildApp's order they close
 * in this one: the live streams and LISTENs, then the job engine (jobs in hand finish), then the
 * services' background tasks, then the mailer.
 */
import { defaultPharmacyConfig } from '../pharmacy/config.js';
import { signingIdentity } from '../documents/signing.js';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.js';
import { createJobs, type Jobs } from '../jobs/index.js';
import { defaultJobsConfig } from '../jobs/config.js';
import { createJobEngine, type JobEngine } from '../jobs/engine.js';
import { createMailQueue } from '../jobs/keyedMails.js';
import { createPushQueue } from '../push/eventJobs.js';
import { createWaitlistQueue } from '../waitlist/slots.js';
import { createRefundQueue } from '../refunds/queue.js';
import { wakeReconciliation } from '../jobs/reconcile.js';
import { isLoopbackUrl } from '../identity/config.js';
import { createMailer, outboxDir } from '../mail/index.js';
import type { Mailer } from '../mail/mailer.js';
import { optOutToken, optOutUrl } from '../messaging/optOut.js';
import { createMetrics, type Metrics } from '../ops/metrics.js';
import { createPaymentProvider, type AnyPaymentProvider } from '../payment/providers.js';
import { defaultRecordsConfig } from '../records/config.js';
import { createSecrets, type Secrets } from '../security/secrets.js';
import { createServices, type Services } from '../services/index.js';
import { noMobile } from '../mobile/config.js';
import { createCodeSenders } from '../mobile/senders.js';
import type { AppParts } from './options.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's database: every statement timed (ops/metrics.ts). The app never sees the bare one. */
    db: Database;
    metrics: Metrics;
    /** The mailer itself; the services' mailer counts each send over it. */
    mailer: Mailer;
    jobEngine: JobEngine;
    services: Services;
    paymentProvider: AnyPaymentProvider;
    /** The opt-out links' key: derived from the same secret as the one-time codes' (APP_SECRET or the stored one). */
    optOutSecrets: Secrets;
  }
}

const fastify = '5.x';

/** The database the app was given, instrumented; nothing to close: whoever opened it closes it (main.ts). */
export const databasePlugin = fp<AppParts>(
  async function database(app, { options }) {
    const metrics = options.metrics ?? createMetrics();
    app.decorate('metrics', metrics);
    app.decorate('db', metrics.instrumentDatabase(options.db));
  },
  { name: 'database', fastify },
);

/** SMTP, or the outbox under DATA_DIR when SMTP_URL is unset (a test's mailer when it brings one). */
export const mailPlugin = fp<AppParts>(
  async function mail(app, { options, config }) {
    const mailer = options.services?.mailer ?? createMailer(config.mail, config.storage.dataDir);
    if (mailer.kind === 'outbox') {
      app.log.info({ outbox: outboxDir(config.storage.dataDir) }, 'SMTP_URL is not set: mails are saved in the outbox and their codes printed');
    }
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail', fastify },
);

/**
 * The job engine, before the services: they queue the mails their commits owe on it (keyed
 * mails), and the jobs' queues are defined on it before anything starts it. The jobs plugin,
 * which starts it (`app.jobs.start()`), stops it.
 */
export const jobEnginePlugin = fp<AppParts>(
  async function jobEngine(app, { options }) {
    const engine = createJobEngine({
      db: app.db,
      onError: (error) => app.log.error({ err: error }, 'job engine error'),
      ...(options.jobTuning ? { tuning: options.jobTuning } : {}),
    });
    app.decorate('jobEngine', engine);
  },
  { name: 'job-engine', fastify, dependencies: ['database'] },
);

/** Every service over the app's database (server/services); background tasks finish before the mailer closes. */
export const servicesPlugin = fp<AppParts>(
  async function services(app, { options, config, now }) {
    const { db, jobEngine: engine } = app;
    // VAPID_*: payments, refunds and doctors' chat messages also pushed to the patients' devices.
    const pushQueue = createPushQueue(engine, config.push?.vapid);
    const paymentProvider =
      options.services?.paymentProvider ?? createPaymentProvider(config.payments.provider, { db, publicUrl: config.http.publicUrl, now });
    if (paymentProvider.kind === 'sandbox' && !isLoopbackUrl(config.http.publicUrl)) {
      app.log.warn('PAYMENT_PROVIDER is sandbox: its checkout takes no money and anyone can press Pay. Set PAYMENT_PROVIDER=phonepe before real patients book.');
    }
    // A checkout's first status check is 25 s away: a running engine wakes its sweep for it
    // (tests, which drive the sweeps themselves, start no engine for it).
    const wake = async (at: Date) => void (engine.running() ? await wakeReconciliation(engine, now, at) : undefined);
    // The prescriptions' signing key, loaded (or made, the first time) now: a .p12 that cannot be
    // opened stops the start with the setting's name, not the first prescription's download.
    if (config.prescriptions) await signingIdentity(config.prescriptions.signing, (config.records ?? defaultRecordsConfig).clinic.name);
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
      observer: app.metrics.observer,
      records: config.records ?? defaultRecordsConfig,
      pharmacy: config.pharmacy ?? defaultPharmacyConfig,
      ...(config.prescriptions ? { prescriptions: config.prescriptions } : {}),
      ...(config.push ? { push: config.push } : {}),
      mobile: config.mobile ?? noMobile,
      codeSenders: createCodeSenders(config.mobile ?? noMobile, { dir: outboxDir(config.storage.dataDir) }),
      mailQueue: createMailQueue(engine, pushQueue),
      pushQueue,
      waitlistQueue: createWaitlistQueue(engine),
      refundQueue: createRefundQueue(engine, paymentProvider.kind),
      cancelFreeHours: config.payments.cancelFreeHours,
      ...options.services,
      mailer: app.mailer,
    });
    app.decorate('services', services);
    app.decorate<AnyPaymentProvider>('paymentProvider', paymentProvider);
    app.decorate('optOutSecrets', createSecrets(db, config.accounts.appSecret));
    app.addHook('onClose', async () => services.background.idle());
  },
  { name: 'services', fastify, dependencies: ['database', 'mail', 'job-engine'] },
);

/** The background jobs (server/jobs) as `app.jobs`; jobs in hand finish when the app closes. */
export const jobsPlugin = fp<AppParts>(
  async function jobs(app, { config, now }) {
    const { db, services, optOutSecrets, jobEngine: engine } = app;
    const records = config.records ?? defaultRecordsConfig;
    const jobs: Jobs = createJobs({
      db,
      engine,
      now,
      mailer: services.mailer,
      publicUrl: config.http.publicUrl,
      config: config.jobs ?? defaultJobsConfig,
      retention: records.retention,
      clinic: records.clinic,
      ...(config.prescriptions ? { signing: config.prescriptions.signing } : {}),
      payments: services.payments,
      followUps: services.followUps,
      onCheckError: (error, merchantOrderId) => app.log.warn({ err: error, merchantOrderId }, 'payment status check failed'),
      optOutLink: async (userId, channel) => optOutUrl(config.http.publicUrl, await optOutToken(optOutSecrets, userId, channel)),
      ...(config.booking ? { waitlistOfferMinutes: config.booking.waitlistOfferMinutes } : {}),
      mobileCodesPerDay: (config.mobile ?? noMobile).codesPerDay,
      ...(config.consultation ? { joinOpensMinutesBefore: config.consultation.joinOpensMinutesBefore } : {}),
      ...(config.push?.vapid ? { vapid: config.push.vapid } : {}),
      onPushFailure: (words) => app.log.warn(words),
    });
    app.decorate('jobs', jobs);
    app.addHook('onClose', async () => engine.stop());
  },
  { name: 'jobs', fastify, dependencies: ['database', 'job-engine', 'services'] },
);

/**
 * What this instance hears (LISTEN) from the start: chat messages, whose open streams end when
 * the app closes, and with a `reconnect` event as soon as a graceful shutdown starts (the
 * browser reconnects elsewhere); and gettimeslot's day plans, cached only while it hears every write.
 */
export const liveHubPlugin = fp<AppParts>(
  async function liveHub(app, { options }) {
    const { chatHub, dayPlans } = app.services;
    await chatHub.start();
    await dayPlans.start(app.db);
    app.addHook('onClose', () => dayPlans.close());
    app.addHook('preClose', async () => chatHub.endAll());
    app.addHook('onClose', () => chatHub.close());
    const unregisterDrain = options.drain?.register(() => chatHub.endAll());
    if (unregisterDrain) app.addHook('onClose', async () => void unregisterDrain());
  },
  { name: 'live-hub', fastify, dependencies: ['database', 'services'] },
);
