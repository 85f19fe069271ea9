/**
 * Support for the Google sign-in tests: a small "browser" over fetch (cookie jar, redirects
 * followed by hand, every answer recorded), a fake accounts port, and a server with the
 * googleSignIn plugin listening on 127.0.0.1 on a free port.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import type { LoginAnswer } from '../../contract/auth.js';
import type { Database } from '../../server/db/database.js';
import { registerErrorHandling } from '../../server/http/errors.js';
import { loggerOptions } from '../../server/http/logger.js';
import { registerSecurityHeaders } from '../../server/http/security.js';
import type { OidcConfig } from '../../server/identity/config.js';
import type { GoogleAccountPort, GoogleIdentity } from '../../server/identity/port.js';
import { googleSignIn } from '../../server/routes/google.js';
import { NotFoundError } from '../../server/services/errors.js';

/* ---------------------------------------------------------------- browser */

export interface Visit {
  method: string;
  url: string;
  status: number;
  location: string | null;
  headers: Record<string, string>;
  setCookies: string[];
  body: string;
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

const isRedirect = (status: number) => status >= 300 && status < 400;

/** One origin's worth of browser: enough for our server and the provider mounted on it. */
export class Browser {
  private readonly jar = new Map<string, StoredCookie>();
  /** Every answer this browser received, in order. */
  readonly visits: Visit[] = [];

  constructor(readonly origin: string) {}

  cookieNames(): string[] {
    return [...this.jar.values()].map((c) => c.name);
  }

  private cookieHeader(url: URL): string | undefined {
    const sent = [...this.jar.values()].filter(
      (c) => url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
    );
    return sent.length ? sent.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  private store(setCookie: string, url: URL): void {
    const [pair = '', ...attributes] = setCookie.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    let path = url.pathname.replace(/\/[^/]*$/, '') || '/';
    let expired = false;
    for (const attribute of attributes) {
      const [key = '', v = ''] = attribute.split('=');
      const k = key.toLowerCase();
      if (k === 'path') path = v;
      if (k === 'max-age' && Number(v) <= 0) expired = true;
      if (k === 'expires' && Date.parse(v) <= Date.now()) expired = true;
    }
    const key = `${name};${path}`;
    if (expired) this.jar.delete(key);
    else this.jar.set(key, { name, value, path });
  }

  /** One request, no redirect followed. */
  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Visit> {
    const target = new URL(url, this.origin);
    const headers: Record<string, string> = {};
    const cookie = this.cookieHeader(target);
    if (cookie) headers.cookie = cookie;
    // Extra headers win: a test may forge the cookie a browser sends.
    Object.assign(headers, init.headers);
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const method = init.method ?? (body === undefined ? 'GET' : 'POST');
    const res = await fetch(target, { method, headers, body, redirect: 'manual' });
    const setCookies = res.headers.getSetCookie();
    for (const c of setCookies) this.store(c, target);
    const visit: Visit = {
      method,
      url: target.href,
      status: res.status,
      location: res.headers.get('location'),
      headers: Object.fromEntries(res.headers.entries()),
      setCookies,
      body: await res.text(),
    };
    this.visits.push(visit);
    return visit;
  }

  /**
   * A request, then its redirects, as a browser would: until an answer that is not a redirect,
   * or a redirect into the single-page app (an address with a #, which a browser would open as
   * the app: the test reads it instead).
   */
  async navigate(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Visit> {
    let visit = await this.request(url, init);
    for (let hops = 0; isRedirect(visit.status) && visit.location; hops++) {
      if (hops > 10) throw new Error('too many redirects');
      const next = new URL(visit.location, visit.url);
      if (next.hash !== '') return visit;
      // 303 (and 302 after a POST) turn into a GET.
      visit = await this.request(next.href);
    }
    return visit;
  }
}

/** The app address a redirect sends the browser to: `/#/auth/google?code=...` read as its parts. */
export function appReturn(visit: Visit): { path: string; params: URLSearchParams } {
  if (!visit.location) throw new Error(`expected a redirect, got ${visit.status} from ${visit.url}: ${visit.body.slice(0, 300)}`);
  const hash = new URL(visit.location, visit.url).hash.replace(/^#/, '');
  const [path = '', query = ''] = hash.split('?');
  return { path, params: new URLSearchParams(query) };
}

/** The sign-in page's form actions, as the page writes them. */
export function formActions(html: string): string[] {
  return [...html.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) => m[1]!.replace(/&#38;/g, '&'));
}

/* ------------------------------------------------------------ fake port */

export interface FakeAccounts extends GoogleAccountPort {
  identities: GoogleIdentity[];
  created: GoogleIdentity[];
  sessions: LoginAnswer[];
  /** Deletes the account of that email, as an administrator might. */
  remove(email: string): void;
}

export function fakeAccounts(): FakeAccounts {
  const users = new Map<string, { _id: string } & GoogleIdentity>();
  const fake: FakeAccounts = {
    identities: [],
    created: [],
    sessions: [],
    remove(email) {
      users.delete(email);
    },
    async findOrCreateFromIdentity(identity) {
      fake.identities.push(identity);
      let user = users.get(identity.email);
      if (!user) {
        user = { _id: randomUUID(), ...identity };
        users.set(identity.email, user);
        fake.created.push(identity);
      }
      return user;
    },
    async issueSession(userId) {
      const user = [...users.values()].find((u) => u._id === userId);
      if (!user) throw new NotFoundError('User not found.');
      const answer: LoginAnswer = {
        token: randomBytes(32).toString('base64url'),
        user: { _id: user._id, firstName: user.firstName, lastName: user.lastName, email: user.email },
      };
      fake.sessions.push(answer);
      return answer;
    },
  };
  return fake;
}

/* ----------------------------------------------------------------- server */

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface GoogleServer {
  app: FastifyInstance;
  publicUrl: string;
  accounts: FakeAccounts;
  /** Added to Date.now() for the plugin's clock (attempts and handoff codes). */
  clock: { offsetMs: number };
  /** The server's log lines so far (info and above), parsed. */
  logs: Array<{ level: number; msg: string; [key: string]: unknown }>;
  browser(): Browser;
}

export interface GoogleServerOptions {
  /** Where to listen: 127.0.0.1, or 0.0.0.0 to be reachable from other addresses too. PUBLIC_URL stays 127.0.0.1. */
  host?: string;
  /** Fastify's trustProxy (TRUST_PROXY): whether X-Forwarded-For decides request.ip. */
  trustProxy?: boolean;
}

/** Our error handling and security headers, the plugin, and nothing else; listening. */
export async function startGoogleServer(
  db: Database,
  oidc: OidcConfig = { kind: 'development' },
  { host = '127.0.0.1', trustProxy = false }: GoogleServerOptions = {},
): Promise<GoogleServer> {
  // A port taken between the probe and listen is rare; one retry covers it.
  for (let tries = 0; ; tries++) {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const accounts = fakeAccounts();
    const clock = { offsetMs: 0 };
    const logs: GoogleServer['logs'] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logs.push(JSON.parse(line));
        done();
      },
    });
    const app = Fastify({ logger: loggerOptions({ level: 'info', stream }), trustProxy });
    registerErrorHandling(app);
    await registerSecurityHeaders(app);
    await app.register(googleSignIn, { publicUrl, oidc, accounts, db, now: () => Date.now() + clock.offsetMs });
    try {
      await app.listen({ host, port });
    } catch (error) {
      await app.close();
      if (tries < 1 && (error as NodeJS.ErrnoException).code === 'EADDRINUSE') continue;
      throw error;
    }
    return { app, publicUrl, accounts, clock, logs, browser: () => new Browser(publicUrl) };
  }
}
