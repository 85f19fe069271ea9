/**
 * Server configuration from environment variables, decoded once (`loadConfig`) by one io-ts codec
 * of the environment made of a codec per concern (server/config/). Every variable has a default
 * that works on a laptop; a bad value stops the server with a message naming the variable
 * (main.ts exits 1), every bad variable at once.
 *
 * A new setting: a variable in its concern's codec under server/config/, a field of `Config`, and
 * a row in docs/operations.md.
 *
 * A PUBLIC_URL that is not this machine (not loopback) means real patients: there, the laptop
 * defaults that would quietly break or fake something are refused instead (no Google settings,
 * no PAYMENT_PROVIDER, no SMTP_URL, no PRESCRIPTION_SIGNING_P12); the sandbox and the outbox must then be chosen by name.
 */
import type { ConsultationConfig } from './consultation/config.js';
import type { OidcConfig } from './identity/config.js';
import type { JobsConfig } from './jobs/config.js';
import type { PaymentsConfig } from './payment/config.js';
import type { PharmacyConfig } from './pharmacy/config.js';
import type { RecordsConfig } from './records/config.js';
import type { AccountLimits } from './services/limits.js';
import { accountSettings, type AccountsConfig } from './config/accounts.js';
import { consultationSettings } from './config/consultation.js';
import { decodeOrThrow, type Env, settings } from './config/env.js';
import { type HttpConfig, httpSettings } from './config/http.js';
import { queueSettings } from './config/queue.js';
import type { QueueConfig } from './queue/config.js';
import { jobsSettings } from './config/jobs.js';
import { type MailConfig, mailSettings } from './config/mail.js';
import { mobileSettings } from './config/mobile.js';
import type { MobileConfig } from './mobile/config.js';
import { oidcSettings } from './config/oidc.js';
import { type MetricsConfig, opsSettings } from './config/ops.js';
import { paymentSettings } from './config/payments.js';
import { pharmacySettings } from './config/pharmacy.js';
import { prescriptionSettings } from './config/prescriptions.js';
import { pushSettings } from './config/push.js';
import type { PushConfig } from './push/config.js';
import type { PrescriptionsConfig } from './verify/config.js';
import { recordsSettings } from './config/records.js';
import { type HelpConfig, siteSettings } from './config/site.js';
import { type StorageConfig, storageSettings } from './config/storage.js';
import { oneOf } from './config/variables.js';

export { ConfigError, type Env } from './config/env.js';
export type { MetricsConfig } from './config/ops.js';
export { defaultBookingHorizonDays, defaultHelpContacts, defaultWaitlistOfferMinutes, type HelpConfig, maxBookingHorizonDays } from './config/site.js';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export interface Config {
  /** PORT, HOST, PUBLIC_URL. */
  http: HttpConfig;
  /** DATA_DIR, DATABASE_URL. */
  storage: StorageConfig;
  /** Absolute path of the clinic's seed file, read at start when the database is empty. */
  seedFile: string;
  /** Absolute path of the built single-page app (vite build output). */
  clientDir: string;
  logLevel: LogLevel;
  /** SMTP_URL, MAIL_FROM. */
  mail: MailConfig;
  /** APP_SECRET, SESSION_DAYS. */
  accounts: AccountsConfig;
  /**
   * TRUST_PROXY: whose X-Forwarded-For to believe for the client's address (rate limits): false
   * (nobody; the default), true (any proxy), a number of proxy hops, or a list of proxy addresses
   * and CIDR ranges.
   */
  trustProxy: boolean | number | string[];
  /** The accounts' rate limits (RATE_LIMIT_*) and code lifetimes: server/services/limits.ts. */
  limits: AccountLimits;
  /** Google sign-in (OIDC_*): a real provider, or the built-in development one (docs/google-sign-in.md). */
  oidc: OidcConfig;
  /** Booking and payment: HOLD_MINUTES, PAYMENT_PROVIDER and PhonePe's keys (server/payment/config.ts). */
  payments: PaymentsConfig;
  /** The help contacts patients are offered on /myappointment (GET /api/site/contacts). */
  help: HelpConfig;
  booking: {
    /**
     * BOOKING_HORIZON_DAYS: how far ahead patients book and anybody moves an appointment; the last
     * bookable day is today + this many days, clinic time.
     */
    horizonDays: number;
    /** WAITLIST_OFFER_MINUTES: how long a freed slot offered to a waitlisted patient is held for them (server/waitlist). */
    waitlistOfferMinutes: number;
  };
  /**
   * The operations port (server/ops/server.ts): /metrics, and the online backup of the embedded
   * database. METRICS_PORT (unset: a free port picked at start and written to DATA_DIR/ops.json;
   * `off`: none), METRICS_HOST (127.0.0.1), METRICS_TOKEN (also serves /metrics on the public
   * port to a bearer of it; never logged).
   */
  metrics: MetricsConfig;
  /** Background work (server/jobs): JOBS, REMINDER_LEADS (server/jobs/config.ts). */
  jobs: JobsConfig;
  /** SHUTDOWN_GRACE_SECONDS: how long requests in flight may take after SIGTERM before the process exits anyway. */
  shutdownGraceSeconds: number;
  /** Video rooms and join windows (JITSI_*, JOIN_*): server/consultation/config.ts. */
  consultation: ConsultationConfig;
  /** The clinic on its documents and how long a closed account's records are kept (CLINIC_*, RETENTION_*): server/records/config.ts. */
  records: RecordsConfig;
  /** The pharmacy order's tax, delivery fee and the clinic's GSTIN (PHARMACY_TAX_RATE, DELIVERY_FEE, CLINIC_GSTIN): server/pharmacy/config.ts. */
  pharmacy: PharmacyConfig;
  /** The queue's displays and live places (QUEUE_STREAMS_*, the "next but one" text's templates): server/queue/config.ts. */
  queue: QueueConfig;
  /** Mobile sign-in: the codes' channels and the daily cap (MOBILE_SIGN_IN, MSG91_OTP_TEMPLATE_ID, WHATSAPP_OTP_*, MOBILE_CODES_PER_DAY): server/mobile/config.ts. */
  mobile: MobileConfig;
  /** The prescriptions' signing key (PRESCRIPTION_SIGNING_*) and the verify page's rate limit (VERIFY_RATE_LIMIT): server/verify/config.ts. */
  prescriptions: PrescriptionsConfig;
  /** Web Push's VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT): server/push/config.ts. */
  push: PushConfig;
}

/**
 * The environment codec: each concern in the order its problems are listed. PUBLIC_URL comes
 * first, as the concerns that refuse laptop defaults on a public site depend on it.
 */
export const configSettings = settings('Config', (_env, { take, part }): Config => {
  const http = part(httpSettings);
  const oidc = part(oidcSettings(http.publicUrl));
  const payments = part(paymentSettings(http.publicUrl));
  const consultation = part(consultationSettings(http.publicUrl));
  const jobs = part(jobsSettings);
  const records = part(recordsSettings);
  const pharmacy = part(pharmacySettings);
  const queue = part(queueSettings);
  const { storage, seedFile, clientDir } = part(storageSettings);
  const logLevel = take(oneOf('LOG_LEVEL', logLevels, 'info'), 'info');
  const mail = part(mailSettings(http.publicUrl));
  const { accounts, trustProxy, limits } = part(accountSettings);
  const { help, booking } = part(siteSettings);
  const { metrics, shutdownGraceSeconds } = part(opsSettings);
  const mobile = part(mobileSettings(http.publicUrl));
  const prescriptions = part(prescriptionSettings(http.publicUrl, storage.dataDir));
  const push = part(pushSettings(http.publicUrl));
  return {
    http,
    storage,
    seedFile,
    clientDir,
    logLevel,
    mail,
    accounts,
    trustProxy,
    limits,
    oidc,
    payments,
    help,
    booking,
    metrics,
    jobs,
    shutdownGraceSeconds,
    consultation,
    // The clinic's phone and email on its documents are the help contacts patients are given.
    records: { ...records, clinic: { ...records.clinic, phone: help.callNumber, email: help.email } },
    pharmacy,
    queue,
    mobile,
    prescriptions,
    push,
  };
});

/** Reads the whole configuration, reporting every bad variable at once. Throws ConfigError. */
export function loadConfig(env: Env = process.env): Config {
  return decodeOrThrow(configSettings, env);
}
