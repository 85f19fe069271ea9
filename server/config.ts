/**
 * Server configuration from environment variables. Every variable has a default that works on
 * a laptop; a bad value stops the server with a message naming the variable (main.ts exits 1).
 *
 * Later issues add their own groups (mail: SMTP_URL, MAIL_FROM; payments: PAYMENT_PROVIDER;
 * identity: OIDC_*): add a field to `Config`, a reader below, and a row in docs/operations.md.
 *
 * A PUBLIC_URL that is not this machine (not loopback) means real patients: there, the laptop
 * defaults that would quietly break or fake something are refused instead (no Google settings,
 * no PAYMENT_PROVIDER, no SMTP_URL); the sandbox and the outbox must then be chosen by name.
 */
import { isIP } from 'node:net';
import { isLoopbackUrl, type OidcConfig, readOidcConfig } from './identity/config.js';
import { defaultMailFrom } from './mail/mailer.js';
import { type ConsultationConfig, readConsultationConfig } from './consultation/config.js';
import { type JobsConfig, readJobsConfig } from './jobs/config.js';
import { type PaymentsConfig, readPaymentsConfig } from './payment/config.js';
import { type RecordsConfig, readRecordsConfig } from './records/config.js';
import { fromPackageRoot } from './paths.js';
import { type AccountLimits, defaultLimits, formatRateLimit, type RateLimit, rateLimitSettings } from './services/limits.js';

export type Env = Readonly<Record<string, string | undefined>>;

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export interface Config {
  http: {
    port: number;
    host: string;
    /** The address people use to reach the site, without a trailing slash (links in mails, redirects). */
    publicUrl: string;
  };
  storage: {
    /** Absolute. Holds the embedded database (DATA_DIR/db) and, later, the mail outbox. */
    dataDir: string;
    /** null: the embedded PGlite database under dataDir. */
    databaseUrl: string | null;
  };
  /** Absolute path of the clinic's seed file, read at start when the database is empty. */
  seedFile: string;
  /** Absolute path of the built single-page app (vite build output). */
  clientDir: string;
  logLevel: LogLevel;
  mail: {
    /**
     * SMTP_URL: null sends every mail to DATA_DIR/outbox and prints it (unset on a loopback
     * PUBLIC_URL, or `outbox` said explicitly). May hold a password: never logged.
     */
    smtpUrl: string | null;
    /** MAIL_FROM: the sender, `Name <address>` or a bare address. */
    from: string;
  };
  accounts: {
    /** APP_SECRET: keys the hashes of one-time codes; null: a secret made once and kept in the database. Never logged. */
    appSecret: string | null;
    /** SESSION_DAYS: how long a login lasts. */
    sessionDays: number;
  };
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
}

export interface MetricsConfig {
  /** null: no operations port; 0: a free one. */
  port: number | null;
  host: string;
  token: string | null;
}

/** BOOKING_HORIZON_DAYS' default: about three months, as far ahead as the clinic plans its doctors' hours. */
export const defaultBookingHorizonDays = 90;
/** Two years: beyond that the clinic cannot promise a doctor's hours. */
export const maxBookingHorizonDays = 730;

/**
 * HELP_CHAT_NUMBER (the WhatsApp number the chat opens), HELP_CALL_NUMBER and HELP_EMAIL. The spec
 * does not print them (spec §1); each defaults to the clinic's own phone or email, the ones the
 * site's header and footer show.
 */
export interface HelpConfig {
  chatNumber: string;
  callNumber: string;
  email: string;
}

export const defaultHelpContacts: HelpConfig = {
  chatNumber: '+91 20 4000 1234',
  callNumber: '+91 20 4000 1234',
  email: 'care@sahaj-clinic.example',
};

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

type Read<A> = { ok: true; value: A } | { ok: false; problem: string };
const ok = <A>(value: A): Read<A> => ({ ok: true, value });
const bad = <A>(problem: string): Read<A> => ({ ok: false, problem });

/** Unset and blank mean "use the default" (a blank `PORT=` in a .env file is common). */
function raw(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function port(env: Env, name: string, fallback: number): Read<number> {
  const value = raw(env, name);
  if (value === undefined) return ok(fallback);
  const n = Number(value);
  return /^\d+$/.test(value) && n >= 1 && n <= 65535
    ? ok(n)
    : bad(`${name} must be a port number from 1 to 65535 (got "${value}")`);
}

/** Like port(), plus `off` (null) and 0 (a free port picked at start). */
function opsPort(env: Env, name: string): Read<number | null> {
  const value = raw(env, name);
  if (value === undefined) return ok(0);
  if (value.toLowerCase() === 'off') return ok(null);
  const n = Number(value);
  return /^\d+$/.test(value) && n >= 0 && n <= 65535
    ? ok(n)
    : bad(`${name} must be a port number from 1 to 65535, 0 (a free port) or off (got "${value}")`);
}

function text(env: Env, name: string, fallback: string): Read<string> {
  return ok(raw(env, name) ?? fallback);
}

function dirOrFile(env: Env, name: string, fallback: string): Read<string> {
  return ok(fromPackageRoot(raw(env, name) ?? fallback));
}

function httpUrl(env: Env, name: string, fallback: string): Read<string> {
  const value = raw(env, name) ?? fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return bad(`${name} must be an http:// or https:// address (got "${value}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return bad(`${name} must be an http:// or https:// address (got "${value}")`);
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    return bad(`${name} must be a plain address like https://clinic.example, without query, fragment or credentials`);
  }
  return ok(url.href.replace(/\/+$/, ''));
}

/** Never echoes the value: it may hold a password. */
function postgresUrl(env: Env, name: string): Read<string | null> {
  const value = raw(env, name);
  if (value === undefined) return ok(null);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return bad(`${name} must be a URL like postgres://user:password@host:5432/database`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    return bad(`${name} must start with postgres:// or postgresql://`);
  }
  if (url.hostname === '' || url.pathname.replace('/', '') === '') {
    return bad(`${name} must name a host and a database, like postgres://user:password@host:5432/database`);
  }
  return ok(value);
}

function oneOf<A extends string>(env: Env, name: string, allowed: readonly A[], fallback: A): Read<A> {
  const value = raw(env, name);
  if (value === undefined) return ok(fallback);
  return (allowed as readonly string[]).includes(value)
    ? ok(value as A)
    : bad(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
}

/**
 * Never echoes the value: it may hold a password. `outbox` keeps mails in DATA_DIR/outbox; unset
 * means the same, but only while PUBLIC_URL is this machine: a public site without a mail server
 * could send nobody a code, so it must say `outbox` to mean it.
 */
function smtpUrl(env: Env, name: string, publicUrl: string): Read<string | null> {
  const value = raw(env, name);
  if (value === 'outbox') return ok(null);
  if (value === undefined) {
    return publicUrl === '' || isLoopbackUrl(publicUrl)
      ? ok(null)
      : bad(
          `${name} is required when PUBLIC_URL (${publicUrl}) is not this machine: set it to the mail server, like ` +
            `smtps://user:password@smtp.example.com:465, or set ${name}=outbox to knowingly keep every mail in ` +
            'DATA_DIR/outbox (nobody receives a code)',
        );
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return bad(`${name} must be a URL like smtps://user:password@smtp.example.com:465`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    return bad(`${name} must start with smtp:// (STARTTLS when offered) or smtps:// (TLS)`);
  }
  if (url.hostname === '') return bad(`${name} must name the mail server, like smtps://user:password@smtp.example.com:465`);
  return ok(value);
}

function mailFrom(env: Env, name: string, fallback: string): Read<string> {
  const value = raw(env, name) ?? fallback;
  const address = /^[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+$/;
  const named = /^[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>$/;
  return address.test(value) || named.test(value)
    ? ok(value)
    : bad(`${name} must be an address, or a name and an address like Clinic <no-reply@clinic.example> (got "${value}")`);
}

function listenAddress(env: Env, name: string, fallback: string): Read<string> {
  const value = raw(env, name) ?? fallback;
  return isIP(value) !== 0 || value === 'localhost'
    ? ok(value)
    : bad(`${name} must be an IP address to listen on, like 127.0.0.1 (got "${value}")`);
}

/** Never echoes the value. */
function secret(env: Env, name: string, minLength: number): Read<string | null> {
  const value = raw(env, name);
  if (value === undefined) return ok(null);
  return value.length >= minLength
    ? ok(value)
    : bad(`${name} must be at least ${minLength} characters long (e.g. the output of: openssl rand -base64 32)`);
}

function wholeNumber(env: Env, name: string, min: number, max: number, fallback: number): Read<number> {
  const value = raw(env, name);
  if (value === undefined) return ok(fallback);
  const n = Number(value);
  return /^\d+$/.test(value) && n >= min && n <= max
    ? ok(n)
    : bad(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
}

function trustProxy(env: Env, name: string): Read<boolean | number | string[]> {
  const value = raw(env, name);
  if (value === undefined || value.toLowerCase() === 'false') return ok(false);
  if (value.toLowerCase() === 'true') return ok(true);
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? ok(hops) : bad(`${name} must count 1 to 10 proxies (got "${value}")`);
  }
  const entries = value.split(',').map((e) => e.trim()).filter((e) => e !== '');
  const isAddress = (e: string) => {
    const [ip, bits, extra] = e.split('/');
    if (extra !== undefined || !ip || isIP(ip) === 0) return false;
    if (bits === undefined) return true;
    const max = isIP(ip) === 4 ? 32 : 128;
    return /^\d+$/.test(bits) && Number(bits) <= max;
  };
  const badEntries = entries.filter((e) => !isAddress(e));
  return entries.length > 0 && badEntries.length === 0
    ? ok(entries)
    : bad(`${name} must be false, true, a number of proxies, or proxy addresses and CIDR ranges separated by commas (got "${value}")`);
}

/**
 * A rate limit as `count/window`, the window in minutes or hours: `5/15m`, `200/1h`. The count is
 * capped per setting, the window from 1 minute to 24 hours. The strict limits (they stop password
 * guessing and code bombing) also may not allow more than their cap per 15 minutes: `20/1m` is no
 * way around `20`.
 */
function rateLimit(env: Env, name: string, mostAllowed: number, strict: boolean, fallback: RateLimit): Read<RateLimit> {
  const value = raw(env, name);
  if (value === undefined) return ok(fallback);
  const match = /^(\d+)\s*\/\s*(\d+)\s*(m|h)$/.exec(value);
  const max = Number(match?.[1]);
  const minutes = Number(match?.[2]) * (match?.[3] === 'h' ? 60 : 1);
  const paced = !strict || max * 15 <= mostAllowed * minutes;
  return match && max >= 1 && max <= mostAllowed && minutes >= 1 && minutes <= 24 * 60 && paced
    ? ok({ max, windowMs: minutes * 60_000 })
    : bad(
        `${name} must be a count from 1 to ${mostAllowed} per window of 1 minute to 24 hours` +
          `${strict ? `, at most ${mostAllowed} per 15 minutes` : ''}, like ${formatRateLimit(fallback)} (got "${value}")`,
      );
}

function accountLimits(env: Env, take: <A>(read: Read<A>, fallback: A) => A): AccountLimits {
  const limits: AccountLimits = { ...defaultLimits };
  for (const { name, key, mostAllowed, strict } of rateLimitSettings) {
    limits[key] = take(rateLimit(env, name, mostAllowed, strict, defaultLimits[key]), defaultLimits[key]);
  }
  return limits;
}

/**
 * A phone number a link can dial: international (`+` or `00`, then 8 to 15 digits) or an Indian
 * number of 10 digits (or 11 with the trunk 0), as the client's links accept (machines/help/helpLinks.ts).
 * Spaces, dashes, dots and brackets are allowed for reading.
 */
function phoneNumber(env: Env, name: string, fallback: string): Read<string> {
  const value = raw(env, name) ?? fallback;
  const compact = value.replace(/[\s().-]/g, '');
  const international = /^(\+|00)[1-9]\d{7,14}$/.test(compact);
  const indian = /^0?[1-9]\d{9}$/.test(compact);
  return international || indian
    ? ok(value)
    : bad(`${name} must be a phone number like +91 20 4000 1234 (international, or 10 Indian digits) (got "${value}")`);
}

/** One plain address: a mailto: link is made of it, so no spaces, commas or query characters. */
function emailAddress(env: Env, name: string, fallback: string): Read<string> {
  const value = raw(env, name) ?? fallback;
  return value.length <= 254 && /^[A-Za-z0-9._+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(value)
    ? ok(value)
    : bad(`${name} must be one email address like care@clinic.example (got "${value}")`);
}

function bookingHorizonDays(env: Env, name: string): Read<number> {
  const value = raw(env, name);
  if (value === undefined) return ok(defaultBookingHorizonDays);
  const n = Number(value);
  return /^\d+$/.test(value) && n >= 0 && n <= maxBookingHorizonDays
    ? ok(n)
    : bad(
        `${name} must be a whole number of days from 0 (today only) to ${maxBookingHorizonDays}: how far ahead patients may book (got "${value}")`,
      );
}

/** Reads the whole configuration, reporting every bad variable at once. Throws ConfigError. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const take = <A>(read: Read<A>, fallback: A): A => {
    if (read.ok) return read.value;
    problems.push(read.problem);
    return fallback;
  };

  const portNumber = take(port(env, 'PORT', 3000), 3000);
  const publicUrl = take(httpUrl(env, 'PUBLIC_URL', `http://localhost:${portNumber}`), '');
  const oidc = readOidcConfig(env, publicUrl);
  problems.push(...oidc.problems);
  const payments = readPaymentsConfig(env, publicUrl);
  problems.push(...payments.problems);
  const consultation = readConsultationConfig(env);
  problems.push(...consultation.problems);
  const jobs = readJobsConfig(env);
  problems.push(...jobs.problems);
  const records = readRecordsConfig(env);
  problems.push(...records.problems);
  const config: Config = {
    http: {
      port: portNumber,
      host: take(text(env, 'HOST', '0.0.0.0'), '0.0.0.0'),
      publicUrl,
    },
    storage: {
      dataDir: take(dirOrFile(env, 'DATA_DIR', 'data'), ''),
      databaseUrl: take(postgresUrl(env, 'DATABASE_URL'), null),
    },
    seedFile: take(dirOrFile(env, 'SEED_FILE', 'server/seed/demo-clinic.json'), ''),
    clientDir: take(dirOrFile(env, 'CLIENT_DIR', 'dist/client'), ''),
    logLevel: take(oneOf(env, 'LOG_LEVEL', logLevels, 'info'), 'info'),
    mail: {
      smtpUrl: take(smtpUrl(env, 'SMTP_URL', publicUrl), null),
      from: take(mailFrom(env, 'MAIL_FROM', defaultMailFrom), defaultMailFrom),
    },
    accounts: {
      appSecret: take(secret(env, 'APP_SECRET', 32), null),
      sessionDays: take(wholeNumber(env, 'SESSION_DAYS', 1, 365, 30), 30),
    },
    trustProxy: take(trustProxy(env, 'TRUST_PROXY'), false),
    limits: accountLimits(env, take),
    oidc: oidc.value,
    payments: payments.value,
    help: {
      chatNumber: take(phoneNumber(env, 'HELP_CHAT_NUMBER', defaultHelpContacts.chatNumber), defaultHelpContacts.chatNumber),
      callNumber: take(phoneNumber(env, 'HELP_CALL_NUMBER', defaultHelpContacts.callNumber), defaultHelpContacts.callNumber),
      email: take(emailAddress(env, 'HELP_EMAIL', defaultHelpContacts.email), defaultHelpContacts.email),
    },
    booking: {
      horizonDays: take(bookingHorizonDays(env, 'BOOKING_HORIZON_DAYS'), defaultBookingHorizonDays),
    },
    metrics: {
      port: take(opsPort(env, 'METRICS_PORT'), 0),
      host: take(listenAddress(env, 'METRICS_HOST', '127.0.0.1'), '127.0.0.1'),
      token: take(secret(env, 'METRICS_TOKEN', 32), null),
    },
    jobs: jobs.value,
    shutdownGraceSeconds: take(wholeNumber(env, 'SHUTDOWN_GRACE_SECONDS', 1, 3600, 10), 10),
    consultation: consultation.value,
    records: records.value,
  };
  const loopback = ['127.0.0.1', '::1', 'localhost'].includes(config.metrics.host) || config.metrics.host.startsWith('127.');
  if (config.metrics.port !== null && !loopback && config.metrics.token === null) {
    problems.push(`METRICS_HOST ${config.metrics.host} is reachable from other machines: set METRICS_TOKEN too (32+ characters), so only Prometheus reads the metrics`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
