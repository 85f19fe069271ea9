/**
 * Shared by the accounts suites (accounts*, otp*, mail* tests): an app over a fresh seeded
 * database per test (tests/server/helpers.ts), with a clock the test moves, a mailbox that keeps
 * every mail, and a cheap scrypt cost (production's is checked by its own test).
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { rmSync } from 'node:fs';
import { afterEach, beforeEach } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import type { LogOptions } from '../../server/http/logger.js';
import type { Mail, Mailer } from '../../server/mail/mailer.js';
import type { ScryptCost } from '../../server/security/passwords.js';
import { createServices, type ServiceOptions, type Services } from '../../server/services/index.js';
import { type Backend, noClientDir, useTestDatabases, testDataDir } from './helpers.js';

/** About a millisecond per hash, against production's 100+ ms. */
export const cheapCost: ScryptCost = { logN: 10, r: 8, p: 1 };

export const start = new Date('2025-03-11T04:30:00Z');

export class TestClock {
  private current = start.getTime();
  readonly now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current += ms;
  }
  reset(): void {
    this.current = start.getTime();
  }
}

/** Keeps every mail; `failing` makes the next sends reject as an unreachable server would. */
export class MemoryMailer implements Mailer {
  readonly kind = 'test' as const;
  readonly sent: Mail[] = [];
  failing = false;
  async send(mail: Mail): Promise<void> {
    if (this.failing) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' });
    this.sent.push(mail);
  }
  close(): void {}
  /** The code of the last mail to `email`. */
  lastCode(email: string): string {
    const mail = this.sent.filter((m) => m.to === email.toLowerCase()).at(-1);
    if (!mail) throw new Error(`no mail was sent to ${email}`);
    return codeIn(mail.text);
  }
}

export function codeIn(text: string): string {
  const match = /verification code is: (\d{6})/.exec(text);
  if (!match) throw new Error(`no code in: ${text.slice(0, 200)}`);
  return match[1]!;
}

export const minute = 60_000;

export interface AccountsAppOptions {
  services?: Partial<ServiceOptions>;
  /** The app's settings; a function of the test's DATA_DIR when they need it (or a stand-in started in beforeAll). */
  config?: AppOptions['config'] | ((dataDir: string) => AppOptions['config']);
  logger?: LogOptions | false;
}

export interface AccountsApp {
  app(): FastifyInstance;
  db(): Database;
  clock: TestClock;
  mailer: MemoryMailer;
  /** Another app (instance) over the same database, closed after the test. */
  anotherInstance(options?: AccountsAppOptions): Promise<FastifyInstance>;
  /** A temporary DATA_DIR for this test. */
  dataDir(): string;
  /**
   * Services over the test's database with the same clock and mailer, as Google sign-in gets
   * them. Nothing lives in process memory, so they act as the app's own.
   */
  services(): Services;
}

const configOf = (config: AccountsAppOptions['config'], dataDir: string): AppOptions['config'] =>
  typeof config === 'function' ? config(dataDir) : (config ?? { ...loadConfig({ DATA_DIR: dataDir }) });

export function useAccountsApp(backend: Backend, options: AccountsAppOptions = {}): AccountsApp {
  const databases = useTestDatabases(backend);
  const clock = new TestClock();
  let mailer = new MemoryMailer();
  let current: { db: Database; apps: FastifyInstance[]; dataDir: string } | undefined;

  const build = (db: Database, dataDir: string, extra: AccountsAppOptions = {}) =>
    buildApp({
      db,
      clientDir: noClientDir,
      logger: extra.logger ?? options.logger ?? false,
      config: configOf(extra.config ?? options.config, dataDir),
      services: { now: clock.now, mailer, passwordCost: cheapCost, ...options.services, ...extra.services },
    });

  beforeEach(async () => {
    clock.reset();
    mailer = new MemoryMailer();
    result.mailer = mailer;
    const db = await databases.seeded();
    const dataDir = testDataDir('clinic-portal-accounts-');
    current = { db, dataDir, apps: [await build(db, dataDir)] };
  });

  // Registered after useTestDatabases' hook, so it runs first: apps close before their database.
  afterEach(async () => {
    if (!current) return;
    for (const app of current.apps) await app.close();
    rmSync(current.dataDir, { recursive: true, force: true });
    current = undefined;
  });


  const get = () => {
    if (!current) throw new Error('only inside a test');
    return current;
  };

  const result: AccountsApp = {
    app: () => get().apps[0]!,
    db: () => get().db,
    clock,
    mailer,
    async anotherInstance(extra) {
      const { db, dataDir, apps } = get();
      const app = await build(db, dataDir, extra);
      apps.push(app);
      return app;
    },
    dataDir: () => get().dataDir,
    services: () => createServices(get().db, { now: clock.now, mailer, passwordCost: cheapCost, ...options.services }),
  };
  return result;
}

/* ------------------------------------------------------------ API calls */

export type Response = LightMyRequestResponse;

export function post(app: FastifyInstance, url: string, payload?: object, extra: Partial<InjectOptions> = {}): Promise<Response> {
  return app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), ...extra }) as Promise<Response>;
}

/** From one client address: every call in these suites says where it comes from. */
export const from = (ip: string): Partial<InjectOptions> => ({ remoteAddress: ip });

export const sendCode = (app: FastifyInstance, email: string, ip = '203.0.113.1') =>
  post(app, '/api/otp/send-otp', { email }, from(ip));

export const validateCode = (app: FastifyInstance, email: string, otp: string, ip = '203.0.113.1') =>
  post(app, '/api/otp/validate-otp', { email, otp }, from(ip));

/** Sends a code and validates it: the address is proven for 30 minutes. */
export async function prove(t: AccountsApp, email: string, app: FastifyInstance = t.app()): Promise<void> {
  const sent = await sendCode(app, email);
  if (sent.statusCode !== 200) throw new Error(`send-otp answered ${sent.statusCode}: ${sent.body}`);
  const validated = await validateCode(app, email, t.mailer.lastCode(email));
  if (validated.statusCode !== 200) throw new Error(`validate-otp answered ${validated.statusCode}: ${validated.body}`);
}

export const patient = {
  firstName: 'Asha',
  lastName: 'Deshpande',
  email: 'asha.deshpande@example.com',
  age: 34,
  gender: 'female',
  phoneNumber: '+91 98765-43210',
  password: 'monsoon garden lantern',
} as const;

export const register = (app: FastifyInstance, fields: Partial<Record<keyof typeof patient, unknown>> = {}) =>
  post(app, '/api/auth/register', { ...patient, ...fields });

/** Proves the address and registers; returns the new user's id. */
export async function registered(t: AccountsApp, fields: Partial<Record<keyof typeof patient, unknown>> = {}): Promise<string> {
  const email = String(fields.email ?? patient.email);
  await prove(t, email);
  const res = await register(t.app(), fields);
  if (res.statusCode !== 200) throw new Error(`register answered ${res.statusCode}: ${res.body}`);
  return res.json()._id;
}

export const login = (app: FastifyInstance, email: string, password: string, ip = '203.0.113.1') =>
  post(app, '/api/auth/login', { email, password }, from(ip));

export const getUser = (app: FastifyInstance, token?: string) =>
  app.inject({ method: 'GET', url: '/api/auth/getuser', headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

export const logout = (app: FastifyInstance, token: string) =>
  post(app, '/api/auth/logout', undefined, { headers: { authorization: `Bearer ${token}` } });
