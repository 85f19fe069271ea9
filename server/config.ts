/**
 * Server configuration from environment variables. Every variable has a default that works on
 * a laptop; a bad value stops the server with a message naming the variable (main.ts exits 1).
 *
 * Later issues add their own groups (mail: SMTP_URL, MAIL_FROM; payments: PAYMENT_PROVIDER;
 * identity: OIDC_*): add a field to `Config`, a reader below, and a row in docs/operations.md.
 */
import { fromPackageRoot } from './paths.js';

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
}

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

/** Reads the whole configuration, reporting every bad variable at once. Throws ConfigError. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const take = <A>(read: Read<A>, fallback: A): A => {
    if (read.ok) return read.value;
    problems.push(read.problem);
    return fallback;
  };

  const portNumber = take(port(env, 'PORT', 3000), 3000);
  const config: Config = {
    http: {
      port: portNumber,
      host: take(text(env, 'HOST', '0.0.0.0'), '0.0.0.0'),
      publicUrl: take(httpUrl(env, 'PUBLIC_URL', `http://localhost:${portNumber}`), ''),
    },
    storage: {
      dataDir: take(dirOrFile(env, 'DATA_DIR', 'data'), ''),
      databaseUrl: take(postgresUrl(env, 'DATABASE_URL'), null),
    },
    seedFile: take(dirOrFile(env, 'SEED_FILE', 'server/seed/demo-clinic.json'), ''),
    clientDir: take(dirOrFile(env, 'CLIENT_DIR', 'dist/client'), ''),
    logLevel: take(oneOf(env, 'LOG_LEVEL', logLevels, 'info'), 'info'),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
