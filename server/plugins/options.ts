/** What buildApp (server/app.ts) is given, and what each of its plugins (server/plugins) receives. */
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { LogOptions } from '../http/logger.js';
import type { EngineTuning } from '../jobs/engine.js';
import type { Drain } from '../ops/drain.js';
import type { ReadinessCheck } from '../ops/http.js';
import type { Metrics } from '../ops/metrics.js';
import type { ServiceOptions } from '../services/index.js';

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
  config?: AppConfig;
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

export type AppConfig = Pick<Config, 'mail' | 'accounts' | 'trustProxy' | 'storage' | 'http' | 'oidc' | 'payments'> &
  Partial<Pick<Config, 'help' | 'booking' | 'limits' | 'metrics' | 'consultation' | 'jobs' | 'records' | 'pharmacy' | 'queue' | 'mobile' | 'prescriptions' | 'push'>>;

/** Every plugin's options: buildApp's, the settings decided once, and the one clock. */
export interface AppParts {
  options: AppOptions;
  config: AppConfig;
  /** The clock every part reads (a test's, else the system's). */
  now: () => Date;
}
