/**
 * Google sign-in end to end, on every backend: a real server listening on 127.0.0.1, the
 * built-in development provider (oidc-provider) mounted on it, openid-client talking to it over
 * HTTP, and a fetch-driven "browser" following each redirect by hand. The accounts core is a fake
 * port, so these tests pin down only what the Google flow does with it.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../contract/errors.js';
import type { LoginAnswer } from '../../contract/auth.js';
import type { Database } from '../../server/db/database.js';
import { handoffRefusedMessage, notLocalMessage } from '../../server/routes/google.js';
import { appReturn, type Browser, formActions, freePort, type GoogleServer, startGoogleServer, type Visit } from './googleBrowser.js';
import { backends, useTestDatabases } from './helpers.js';

// Every token set the relying party receives from the provider, to look for it where it must not be.
const provider = vi.hoisted(() => ({ tokens: [] as { access_token: string; id_token?: string }[] }));
vi.mock('openid-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('openid-client')>();
  return {
    ...actual,
    authorizationCodeGrant: async (...args: Parameters<typeof actual.authorizationCodeGrant>) => {
      const tokens = await actual.authorizationCodeGrant(...args);
      provider.tokens.push({ access_token: tokens.access_token, ...(tokens.id_token ? { id_token: tokens.id_token } : {}) });
      return tokens;
    },
  };
});

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The handoff secret the callback gave this browser, from the Set-Cookie it received. */
function handoffSecretOf(browser: Browser): string {
  const setCookie = browser.visits.flatMap((v) => v.setCookies).findLast((c) => c.startsWith('clinic_google_handoff=') && !c.includes('Max-Age=0'));
  if (!setCookie) throw new Error('no handoff cookie was set');
  return setCookie.slice('clinic_google_handoff='.length, setCookie.indexOf(';'));
}

/** Starts a sign-in and follows it to the development provider's account chooser. */
async function openChooser(browser: Browser): Promise<{ page: Visit; login: string; abort: string }> {
  const page = await browser.navigate('/api/auth/google/start');
  expect(page.status, page.body.slice(0, 300)).toBe(200);
  expect(page.url).toMatch(/\/dev-idp\/interaction\/[^/]+$/);
  const actions = formActions(page.body);
  const login = actions.find((a) => a.endsWith('/login'));
  const abort = actions.find((a) => a.endsWith('/abort'));
  if (!login || !abort) throw new Error(`no forms on the sign-in page: ${page.body.slice(0, 300)}`);
  return { page, login, abort };
}

/**
 * Chooses on the provider's page, up to the redirect our callback answers with (not followed:
 * a browser would open the app there). `stopAtCallback` stops one step earlier, at the
 * provider's redirect to our callback, so the test can tamper with it.
 */
async function choose(browser: Browser, form: Record<string, string>, { stopAtCallback = false } = {}): Promise<Visit> {
  const { login } = await openChooser(browser);
  let visit = await browser.request(login, { form });
  for (let hops = 0; visit.location && hops < 10; hops++) {
    const next = new URL(visit.location, visit.url);
    if (next.hash !== '') return visit;
    if (stopAtCallback && next.pathname === '/api/auth/google/callback') return visit;
    visit = await browser.request(next.href);
  }
  return visit;
}

/** Why the server refused sign-ins, as it logged them. */
function refusals(s: GoogleServer): string[] {
  return s.logs
    .filter((l) => l.level >= 40 && /^Google sign-in (failed|refused|could not start)/.test(l.msg))
    .map((l) => {
      const failure = l.failure as { reason?: string; detail?: string; providerError?: string } | undefined;
      return failure ? [failure.providerError, failure.reason, failure.detail].filter(Boolean).join(' ') : l.msg;
    });
}

async function exchange(browser: Browser, code: unknown): Promise<Visit> {
  return browser.request('/api/auth/google/exchange', { json: { code } });
}

describe.each(backends)('Google sign-in on %s', (backend) => {
  const databases = useTestDatabases(backend);
  const servers: GoogleServer[] = [];
  let s: GoogleServer;
  let db: Database;

  beforeEach(async () => {
    provider.tokens.length = 0;
    db = await databases.seeded();
    s = await startGoogleServer(db);
    servers.push(s);
  });

  const rowsOf = async (sql: string) => (await db.query(sql)).rows;

  // Registered after useTestDatabases' hooks, so it runs first: servers close before their databases.
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.app.close()));
  });

  /** Signs in through the chooser and answers the one-time code from the app address. */
  async function codeFor(browser: Browser, form: Record<string, string>): Promise<string> {
    const { path, params } = appReturn(await choose(browser, form));
    expect(path).toBe('/auth/google');
    expect(params.get('error')).toBeNull();
    const code = params.get('code');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return code!;
  }

  it('starts with a redirect to the provider: code flow, PKCE S256, state, nonce, openid email profile', async () => {
    const browser = s.browser();
    const start = await browser.request('/api/auth/google/start');
    expect(start.status).toBe(302);
    expect(start.headers['cache-control']).toBe('no-store');
    const url = new URL(start.location!);
    expect(`${url.origin}${url.pathname}`).toBe(`${s.publicUrl}/dev-idp/auth`);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('clinic-portal-dev');
    expect(q.get('redirect_uri')).toBe(`${s.publicUrl}/api/auth/google/callback`);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeTruthy();
    // The browser holds only an attempt id: httpOnly, Lax, for the callback's path, ten minutes.
    expect(start.setCookies).toHaveLength(1);
    expect(start.setCookies[0]).toMatch(/^clinic_google=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/api\/auth\/google; HttpOnly; SameSite=Lax$/);
    // What the callback needs is in the database, under the hash of that id.
    const attemptId = start.setCookies[0]!.split(';')[0]!.split('=')[1]!;
    const rows = await rowsOf('select id_hash, state, nonce from google_login_attempts');
    expect(rows).toEqual([{ id_hash: sha256(attemptId), state: q.get('state'), nonce: q.get('nonce') }]);
  });

  it('signs a new email up through the port, then hands the login over with a one-time code', async () => {
    const browser = s.browser();
    const code = await codeFor(browser, { account: 'asha' });
    expect(s.accounts.created).toEqual([{ email: 'asha.rao@gmail.example', firstName: 'Asha', lastName: 'Rao' }]);

    // The code is bound to this browser by a second secret, sent to the exchange only.
    const callback = browser.visits.find((v) => new URL(v.url).pathname === '/api/auth/google/callback')!;
    expect(callback.setCookies).toEqual([
      'clinic_google=; Max-Age=0; Path=/api/auth/google; HttpOnly; SameSite=Lax',
      expect.stringMatching(/^clinic_google_handoff=[A-Za-z0-9_-]{43}; Max-Age=60; Path=\/api\/auth\/google\/exchange; HttpOnly; SameSite=Lax$/),
    ]);

    const answer = await exchange(browser, code);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const login = JSON.parse(answer.body) as LoginAnswer;
    expect(login).toEqual(s.accounts.sessions[0]);
    expect(login.user).toMatchObject({ email: 'asha.rao@gmail.example', firstName: 'Asha', lastName: 'Rao' });
    // Both of our cookies are gone once used.
    expect(browser.cookieNames()).not.toContain('clinic_google');
    expect(browser.cookieNames()).not.toContain('clinic_google_handoff');
  });

  it('logs a known email in to the same account, without making another', async () => {
    const one = s.browser();
    const first = await exchange(one, await codeFor(one, { account: 'vikram' }));
    const browser = s.browser();
    const second = await exchange(browser, await codeFor(browser, { account: 'vikram' }));
    expect(s.accounts.created).toHaveLength(1);
    expect(s.accounts.identities).toHaveLength(2);
    const a = JSON.parse(first.body) as LoginAnswer;
    const b = JSON.parse(second.body) as LoginAnswer;
    expect(b.user._id).toBe(a.user._id);
    expect(b.token).not.toBe(a.token);
  });

  it('shows the chooser every time, so one browser can sign in as one account after another', async () => {
    const browser = s.browser();
    for (const account of ['asha', 'vikram', 'asha']) {
      expect((await exchange(browser, await codeFor(browser, { account }))).status).toBe(200);
    }
    expect(s.accounts.identities.map((i) => i.email)).toEqual([
      'asha.rao@gmail.example',
      'vikram.nair@gmail.example',
      'asha.rao@gmail.example',
    ]);
  });

  it('takes any typed email, lower case, with the names typed or the part before the @', async () => {
    await codeFor(s.browser(), { email: 'New.Patient@Example.com', given_name: 'Nila', family_name: 'Menon' });
    await codeFor(s.browser(), { email: 'kiran@example.org' });
    expect(s.accounts.created).toEqual([
      { email: 'new.patient@example.com', firstName: 'Nila', lastName: 'Menon' },
      { email: 'kiran@example.org', firstName: 'kiran', lastName: '' },
    ]);
  });

  it('refuses an email the provider has not verified, and makes no account', async () => {
    const forms: Record<string, string>[] = [{ account: 'rohan' }, { email: 'someone@example.com', unverified: '1' }];
    for (const form of forms) {
      const { path, params } = appReturn(await choose(s.browser(), form));
      expect(path).toBe('/auth/google');
      expect(params.get('error')).toBe('google_failed');
      expect(params.get('code')).toBeNull();
    }
    expect(s.accounts.identities).toEqual([]);
    expect(await rowsOf('select * from google_handoff_codes')).toEqual([]);
    expect(refusals(s)).toEqual(['the provider has not verified the email', 'the provider has not verified the email']);
  });

  it('refuses a callback whose state is not the one this browser started with', async () => {
    const browser = s.browser();
    const toCallback = await choose(browser, { account: 'asha' }, { stopAtCallback: true });
    const callback = new URL(toCallback.location!, toCallback.url);
    expect(callback.pathname).toBe('/api/auth/google/callback');
    callback.searchParams.set('state', 'forged-state');
    const answer = await browser.request(callback.href);
    expect(answer.status).toBe(302);
    expect(appReturn(answer).params.get('error')).toBe('google_failed');
    expect(s.accounts.identities).toEqual([]);
    expect(refusals(s)).toEqual([expect.stringMatching(/"state"/)]);
    expect(s.logs.filter((l) => l.msg === 'Google sign-in failed').map((l) => l.level)).toEqual([40]);
  });

  it('refuses a callback in a browser that did not start the sign-in (login CSRF), and a replayed one', async () => {
    const browser = s.browser();
    const toCallback = await choose(browser, { account: 'asha' }, { stopAtCallback: true });
    const callbackUrl = new URL(toCallback.location!, toCallback.url).href;

    const stranger = s.browser();
    expect(appReturn(await stranger.request(callbackUrl)).params.get('error')).toBe('google_failed');

    // The rightful browser's attempt is still there; it works once, then never again.
    expect(appReturn(await browser.request(callbackUrl)).params.get('code')).toBeTruthy();
    expect(appReturn(await browser.request(callbackUrl)).params.get('error')).toBe('google_failed');
    expect(s.accounts.identities).toHaveLength(1);
    expect(refusals(s)).toEqual([expect.stringMatching(/^Google sign-in refused: no live attempt/), expect.stringMatching(/^Google sign-in refused: no live attempt/)]);
  });

  it('refuses a sign-in finished after the attempt expired (ten minutes)', async () => {
    const browser = s.browser();
    const { login } = await openChooser(browser);
    s.clock.offsetMs = 10 * 60 * 1000 + 1000;
    const visit = await browser.navigate(login, { form: { account: 'asha' } });
    expect(appReturn(visit).params.get('error')).toBe('google_failed');
    expect(s.accounts.identities).toEqual([]);
    expect(refusals(s)).toEqual([expect.stringMatching(/^Google sign-in refused: no live attempt/)]);
  });

  it('sends a cancelled sign-in back with the error', async () => {
    const browser = s.browser();
    const { abort } = await openChooser(browser);
    const visit = await browser.navigate(abort, { method: 'POST', form: {} });
    expect(appReturn(visit).params.get('error')).toBe('google_failed');
    expect(s.accounts.identities).toEqual([]);
    expect(refusals(s)).toEqual([expect.stringMatching(/^access_denied/)]);
    // A person's choice is a warning in the log, not an error for the operator.
    expect(s.logs.filter((l) => l.msg === 'Google sign-in failed').map((l) => l.level)).toEqual([40]);
  });

  it('swaps a handoff code once only', async () => {
    const browser = s.browser();
    const code = await codeFor(browser, { account: 'asha' });
    expect((await exchange(browser, code)).status).toBe(200);
    const again = await exchange(browser, code);
    expect(again.status).toBe(400);
    expect(JSON.parse(again.body)).toEqual({
      code: 'request.invalid',
      message: handoffRefusedMessage,
      errors: [{ field: 'code', message: 'is unknown, expired, already used or from another browser' }],
    } satisfies ApiError);
    expect(s.accounts.sessions).toHaveLength(1);
  });

  it('gives one session when the same code is swapped twice at once', async () => {
    const browser = s.browser();
    const code = await codeFor(browser, { account: 'asha' });
    const answers = await Promise.all([exchange(browser, code), exchange(browser, code), exchange(browser, code)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    expect(s.accounts.sessions).toHaveLength(1);
  });

  it('refuses a handoff code after 60 seconds', async () => {
    const browser = s.browser();
    const code = await codeFor(browser, { account: 'meera' });
    s.clock.offsetMs = 59_000;
    const fresh = await codeFor(browser, { account: 'meera' });
    expect((await exchange(browser, fresh)).status).toBe(200);
    s.clock.offsetMs = 61_000;
    const late = await exchange(browser, code);
    expect(late.status).toBe(400);
    expect((JSON.parse(late.body) as ApiError).message).toBe(handoffRefusedMessage);
    expect(s.accounts.sessions).toHaveLength(1);
  });

  it('refuses a handoff code whose account was deleted meanwhile', async () => {
    const browser = s.browser();
    const code = await codeFor(browser, { account: 'asha' });
    s.accounts.remove('asha.rao@gmail.example');
    const answer = await exchange(browser, code);
    expect(answer.status).toBe(400);
    expect((JSON.parse(answer.body) as ApiError).message).toBe(handoffRefusedMessage);
  });

  it('answers 400 for an unknown, malformed or missing code', async () => {
    const browser = s.browser();
    for (const code of ['A'.repeat(43), 'not-a-code']) {
      const answer = await exchange(browser, code);
      expect(answer.status).toBe(400);
      expect((JSON.parse(answer.body) as ApiError).message).toBe(handoffRefusedMessage);
    }
    const missing = await browser.request('/api/auth/google/exchange', { json: {} });
    expect(missing.status).toBe(400);
    expect((JSON.parse(missing.body) as ApiError).errors?.[0]?.field).toBe('code');
    expect(s.accounts.sessions).toEqual([]);
  });

  it('keeps only hashes of handoff codes and of their browsers\' secrets in the database', async () => {
    const browser = s.browser();
    const code = await codeFor(browser, { account: 'asha' });
    const secret = handoffSecretOf(browser);
    const rows = await rowsOf('select code_hash, user_id, browser_hash from google_handoff_codes');
    expect(rows).toEqual([
      { code_hash: sha256(code), user_id: (await s.accounts.findOrCreateFromIdentity(s.accounts.created[0]!))._id, browser_hash: sha256(secret) },
    ]);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  describe('binds a handoff code to the browser that finished the sign-in (login CSRF)', () => {
    const refusedInLog = () => s.logs.filter((l) => /handoff code was brought by a browser/.test(l.msg));

    it("refuses the attacker's code in the victim's browser, which keeps its own sign-in", async () => {
      const attacker = s.browser();
      const attackersCode = await codeFor(attacker, { email: 'attacker@example.com' });
      const victim = s.browser();
      // The victim signs in as herself, then opens `/#/auth/google?code=<the attacker's code>`.
      const own = await exchange(victim, await codeFor(victim, { account: 'meera' }));
      expect(own.status).toBe(200);
      const swapped = await exchange(victim, attackersCode);
      expect(swapped.status).toBe(400);
      expect((JSON.parse(swapped.body) as ApiError).message).toBe(handoffRefusedMessage);
      expect(s.accounts.sessions.map((x) => x.user.email)).toEqual(['meera.iyer@gmail.example']);
      expect(refusedInLog()).toHaveLength(1);
      // And the code died there: the attacker cannot use it either.
      expect((await exchange(attacker, attackersCode)).status).toBe(400);
      expect(s.accounts.sessions).toHaveLength(1);
    });

    it("refuses a code brought with another browser's secret, or a made-up one, and kills it", async () => {
      const attacker = s.browser();
      const attackersCode = await codeFor(attacker, { account: 'vikram' });
      const victim = s.browser();
      await codeFor(victim, { account: 'asha' }); // the victim holds a live handoff secret of her own
      expect((await exchange(victim, attackersCode)).status).toBe(400);
      expect((await exchange(attacker, attackersCode)).status).toBe(400);

      const next = await codeFor(attacker, { account: 'vikram' });
      const forged = await attacker.request('/api/auth/google/exchange', { json: { code: next }, headers: { cookie: `clinic_google_handoff=${'A'.repeat(43)}` } });
      expect(forged.status).toBe(400);
      expect((await exchange(attacker, next)).status).toBe(400);
      expect(s.accounts.sessions).toEqual([]);
      expect(refusedInLog()).toHaveLength(2);
    });

    it('refuses a code brought without the secret (a fresh browser), and the right browser cannot use it afterwards', async () => {
      const browser = s.browser();
      const code = await codeFor(browser, { account: 'asha' });
      const bare = await s.browser().request('/api/auth/google/exchange', { json: { code } });
      expect(bare.status).toBe(400);
      expect((await exchange(browser, code)).status).toBe(400);
      expect(s.accounts.sessions).toEqual([]);
    });
  });

  it("never shows the browser the provider's tokens, and never puts our token in an address", async () => {
    const browser = s.browser();
    const code = await codeFor(browser, { account: 'asha' });
    await exchange(browser, code);
    const other = s.browser();
    await exchange(other, await codeFor(other, { email: 'x@example.com', given_name: 'X' }));

    expect(provider.tokens).toHaveLength(2);
    const secrets = provider.tokens.flatMap((t) => [t.access_token, ...(t.id_token ? [t.id_token] : [])]);
    expect(secrets.every((t) => t.length > 20)).toBe(true);
    const seen = [...browser.visits, ...other.visits];
    for (const visit of seen) {
      const everything = `${visit.url}\n${visit.location ?? ''}\n${JSON.stringify(visit.headers)}\n${visit.body}`;
      for (const secret of secrets) expect(everything).not.toContain(secret);
      // Nor anything shaped like a signed token (header.payload.signature).
      expect(everything).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/);
    }
    const ours = s.accounts.sessions.map((session) => session.token);
    expect(ours).toHaveLength(2);
    for (const visit of seen) {
      for (const token of ours) {
        expect(visit.url).not.toContain(token);
        expect(visit.location ?? '').not.toContain(token);
      }
    }
    // Nor does the log hold any of them, or the handoff code.
    const log = JSON.stringify(s.logs);
    for (const secret of [...secrets, ...ours, code]) expect(log).not.toContain(secret);
  });

  it('says in the log, at start, that the development provider is on', () => {
    const line = s.logs.find((l) => /DEVELOPMENT identity provider is on/.test(l.msg));
    expect(line).toMatchObject({ level: 40, issuer: `${s.publicUrl}/dev-idp` });
  });

  it('serves a sign-in page that works under the self-only content security policy', async () => {
    const browser = s.browser();
    const { page } = await openChooser(browser);
    const csp = page.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(page.body).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    for (const email of ['asha.rao@gmail.example', 'vikram.nair@gmail.example']) expect(page.body).toContain(email);
    expect(page.body).toContain('<label for="email">Email</label>');
    expect(page.body).toContain('<label for="unverified">');
    const css = await browser.request('/dev-idp/assets/sign-in.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('shows the page again, with the problem, for an email that is not one', async () => {
    const browser = s.browser();
    const { login } = await openChooser(browser);
    const again = await browser.request(login, { form: { email: 'not an email', given_name: '<b>x</b>' } });
    expect(again.status).toBe(400);
    expect(again.body).toContain('role="alert"');
    expect(again.body).toContain('value="&#60;b&#62;x&#60;/b&#62;"');
    expect(s.accounts.identities).toEqual([]);
  });

  it('answers a stale or foreign sign-in page with an explanation, not a crash', async () => {
    const visit = await s.browser().request('/dev-idp/interaction/unknown-uid');
    expect(visit.status).toBe(400);
    expect(visit.body).toContain('This sign-in has expired');
  });

  describe('answers this machine only', () => {
    const stranger = '192.168.1.23';
    const steps = ['/api/auth/google/start', '/dev-idp/.well-known/openid-configuration', '/dev-idp/auth', '/api/auth/google/callback?code=x&state=y'];

    /** What a request from `remoteAddress` (the socket's peer) with these headers gets at /start. */
    const startFrom = (remoteAddress: string, headers: Record<string, string> = {}) =>
      s.app.inject({ method: 'GET', url: '/api/auth/google/start', remoteAddress, headers });

    it('refuses every step to a client on another address, and issues nothing', async () => {
      // A real code, made by a browser on this machine, that the stranger tries to swap.
      const code = await codeFor(s.browser(), { account: 'asha' });
      const attemptsBefore = await rowsOf('select * from google_login_attempts');
      for (const url of steps) {
        const answer = await s.app.inject({ method: 'GET', url, remoteAddress: stranger });
        expect(answer.statusCode, url).toBe(403);
        expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
        expect(answer.body, url).toContain('Development sign-in is for this computer only');
        expect(answer.headers['set-cookie'], url).toBeUndefined();
        expect(answer.headers.location, url).toBeUndefined();
      }
      const form = await s.app.inject({ method: 'POST', url: '/dev-idp/interaction/x/login', remoteAddress: stranger, payload: { account: 'asha' } });
      expect(form.statusCode).toBe(403);
      const swap = await s.app.inject({ method: 'POST', url: '/api/auth/google/exchange', remoteAddress: stranger, payload: { code } });
      expect(swap.statusCode).toBe(403);
      expect(swap.json()).toEqual({ code: 'auth.forbidden', message: notLocalMessage });
      expect(s.accounts.sessions).toEqual([]);
      expect(await rowsOf('select * from google_login_attempts')).toEqual(attemptsBefore);
      expect(s.logs.filter((l) => l.msg.startsWith('Development sign-in refused'))).toHaveLength(steps.length + 2);
    });

    it('counts 127.0.0.0/8, ::1 and IPv4-mapped loopback as this machine', async () => {
      for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
        expect((await startFrom(address)).statusCode, address).toBe(302);
      }
      for (const address of ['::ffff:10.0.0.1', '10.0.0.1', '2001:db8::1', '0.0.0.0', '128.0.0.1']) {
        expect((await startFrom(address)).statusCode, address).toBe(403);
      }
    });

    it('refuses a request forwarded by a local proxy unless every address it names is loopback', async () => {
      const refused: Record<string, string>[] = [
        { 'x-forwarded-for': '203.0.113.7' },
        { 'x-forwarded-for': '127.0.0.1, 203.0.113.7' },
        { 'x-forwarded-for': 'unknown' },
        { 'x-forwarded-for': '' },
        { 'x-real-ip': '10.0.0.2' },
        { forwarded: 'for=203.0.113.7' },
        { forwarded: 'for="[2001:db8::1]:4711";proto=https' },
        { forwarded: 'for=127.0.0.1, for=198.51.100.1' },
        { forwarded: 'for=_hidden' },
        { forwarded: 'proto=https;by=127.0.0.1' },
      ];
      for (const headers of refused) expect((await startFrom('127.0.0.1', headers)).statusCode, JSON.stringify(headers)).toBe(403);
      const allowed: Record<string, string>[] = [
        { 'x-forwarded-for': '127.0.0.1' },
        { 'x-forwarded-for': '127.0.0.1, ::1' },
        { 'x-real-ip': '::1' },
        { forwarded: 'for="[::1]:51234";proto=http' },
        { forwarded: 'For=127.0.0.1:3000' },
      ];
      for (const headers of allowed) expect((await startFrom('127.0.0.1', headers)).statusCode, JSON.stringify(headers)).toBe(302);
    });

    it('decides on the socket, so TRUST_PROXY does not let X-Forwarded-For claim to be loopback', async () => {
      const trusting = await startGoogleServer(db, { kind: 'development' }, { trustProxy: true });
      servers.push(trusting);
      const spoof = await trusting.app.inject({
        method: 'GET',
        url: '/api/auth/google/start',
        remoteAddress: stranger,
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(spoof.statusCode).toBe(403);
    });
  });

  it('publishes the development provider for discovery under /dev-idp', async () => {
    const visit = await s.browser().request('/dev-idp/.well-known/openid-configuration');
    expect(visit.status).toBe(200);
    const metadata = JSON.parse(visit.body) as Record<string, unknown>;
    expect(metadata.issuer).toBe(`${s.publicUrl}/dev-idp`);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
  });
});

describe.each(backends)('Google sign-in with OIDC_ISSUER set, on %s', (backend) => {
  const databases = useTestDatabases(backend);
  const servers: GoogleServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.app.close()));
  });

  it('mounts no development provider, and sends the browser back with the error when discovery fails', async () => {
    const closedPort = await freePort();
    const s = await startGoogleServer(await databases.seeded(), {
      kind: 'external',
      issuer: `http://127.0.0.1:${closedPort}`,
      clientId: 'client',
      clientSecret: 'secret',
    });
    servers.push(s);
    const browser = s.browser();
    expect((await browser.request('/dev-idp/.well-known/openid-configuration')).status).toBe(404);
    expect((await browser.request('/dev-idp/interaction/x')).status).toBe(404);

    const start = await browser.request('/api/auth/google/start');
    expect(start.status).toBe(302);
    expect(appReturn(start)).toEqual({ path: '/auth/google', params: new URLSearchParams({ error: 'google_failed' }) });
    expect(start.setCookies).toEqual([]);
    expect(refusals(s)).toEqual([expect.stringMatching(/fetch failed|ECONNREFUSED/)]);
    expect(s.logs.some((l) => /DEVELOPMENT/.test(l.msg))).toBe(false);
    // A real provider serves every client: the loopback rule is the development provider's only.
    const remote = await s.app.inject({ method: 'GET', url: '/api/auth/google/start', remoteAddress: '192.168.1.23' });
    expect(remote.statusCode).toBe(302);
    expect(appReturn({ ...start, location: remote.headers.location as string }).params.get('error')).toBe('google_failed');
  });
});
