/**
 * "Continue with Google" (spec §1: only the email the provider returns is used):
 *
 *   GET  /api/auth/google/start     -> 302 to the provider (code flow, PKCE S256, state, nonce)
 *   GET  /api/auth/google/callback  -> code exchanged and ID token verified here, on the server;
 *                                      302 to `${PUBLIC_URL}/#/auth/google?code=<one-time code>`
 *                                      or `...?error=google_failed` on any failure
 *   POST /api/auth/google/exchange  {code} -> the same answer as a login; 400 for a code that is
 *                                      unknown, expired (60 s), already used, or brought without
 *                                      the handoff cookie the callback gave its browser
 *
 * The browser never sees the provider's tokens, and our session token never travels in an
 * address: the address carries only the one-time code, which the app swaps with a POST.
 * Between the requests nothing is kept in this process (server/identity/store.ts).
 *
 * With OIDC_ISSUER unset, the development provider is mounted too, under /dev-idp
 * (server/identity/devProvider.ts). Register this plugin at the root, not under /api.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authEndpoints } from '../../contract/endpoints/index.js';
import { apiError } from '../http/errors.js';
import type { Database } from '../db/database.js';
import { apiRoot, route } from '../http/route.js';
import { oidcRedirectUri, type OidcConfig } from '../identity/config.js';
import { createDevProvider } from '../identity/devProvider.js';
import { errorPage } from '../identity/devPages.js';
import { IdentityRefused } from '../identity/identity.js';
import { isLocalClient } from '../identity/localClient.js';
import type { GoogleAccountPort } from '../identity/port.js';
import { createRelyingParty, describeFailure, type RelyingParty } from '../identity/relyingParty.js';
import { attemptTtlMs, createIdentityStore, handoffTtlMs, type Clock } from '../identity/store.js';
import { NotFoundError } from '../services/errors.js';

export interface GoogleSignInOptions {
  /** PUBLIC_URL, without a trailing slash: where the provider and the app send the browser back to. */
  publicUrl: string;
  oidc: OidcConfig;
  accounts: GoogleAccountPort;
  /** Migrated (003_google.sql): login attempts and handoff codes live here. */
  db: Database;
  /** Milliseconds since the epoch; tests move it. Default Date.now. */
  now?: Clock;
}

export const googleFailedError = 'google_failed';
export const notLocalMessage =
  'The development sign-in works only on the computer running the clinic portal. ' +
  'Google sign-in from other computers needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.';
export const handoffRefusedMessage = 'This Google sign-in has expired or was already used. Please continue with Google again.';

const startPath = '/api/auth/google/start';
const callbackPath = '/api/auth/google/callback';
const exchangePath = `${apiRoot}${authEndpoints.googleExchange.path}`;
const cookiePath = '/api/auth/google';

/** An httpOnly, SameSite=Lax cookie (`__Secure-` and Secure on https) for `path`, living `ttlMs`. */
function cookie(publicUrl: string, baseName: string, path: string, ttlMs: number) {
  const secure = publicUrl.startsWith('https:');
  const name = secure ? `__Secure-${baseName}` : baseName;
  const attributes = `Path=${path}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return {
    name,
    set: (value: string) => `${name}=${value}; Max-Age=${ttlMs / 1000}; ${attributes}`,
    clear: `${name}=; Max-Age=0; ${attributes}`,
  };
}

/** The attempt cookie, from /start to the callback: Lax, as it must come back on the provider's top-level redirect. */
const attemptCookie = (publicUrl: string) => cookie(publicUrl, 'clinic_google', cookiePath, attemptTtlMs);

/**
 * The handoff cookie, from the callback to the exchange: the secret the handoff code is bound to
 * (store.ts), sent only to the exchange. The app's POST is same-origin, so the browser sends it
 * without any code in the app; no script can read it.
 */
const handoffCookie = (publicUrl: string) => cookie(publicUrl, 'clinic_google_handoff', exchangePath, handoffTtlMs);

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The relying party: Google's (or another OpenID provider's) at OIDC_ISSUER, or the built-in
 * development provider, registered on this plugin with the hook that keeps it to this machine.
 */
async function relyingPartyOf(app: FastifyInstance, options: GoogleSignInOptions, redirectUri: string): Promise<RelyingParty> {
  const { publicUrl } = options;
  if (options.oidc.kind === 'external') {
    const external = createRelyingParty({
      issuer: options.oidc.issuer,
      clientId: options.oidc.clientId,
      clientSecret: options.oidc.clientSecret,
      redirectUri,
      allowHttp: new URL(options.oidc.issuer).protocol === 'http:',
    });
    app.log.info({ issuer: options.oidc.issuer }, 'Google sign-in through the OpenID provider at OIDC_ISSUER');
    return external;
  }
  // First, before any route: the development provider signs anybody in as any email, so it,
  // and the steps that trust it, answer this machine only (server/identity/localClient.ts).
  // This plugin is encapsulated: the hook covers its routes and nothing else of the app.
  app.addHook('onRequest', async (request, reply) => {
    if (isLocalClient(request)) return;
    request.log.warn('Development sign-in refused: the client is not on this machine');
    reply.code(403).header('cache-control', 'no-store');
    // The app's POST reads JSON; every other step is a page in a browser.
    if (request.routeOptions.url === exchangePath) return reply.send(apiError(403, notLocalMessage));
    return reply
      .type('text/html; charset=utf-8')
      .send(errorPage('Development sign-in is for this computer only', notLocalMessage));
  });
  const dev = createDevProvider({ publicUrl, redirectUri });
  await dev.routes(app);
  const local = createRelyingParty({
    issuer: dev.issuer,
    clientId: dev.clientId,
    clientSecret: dev.clientSecret,
    redirectUri,
    allowHttp: publicUrl.startsWith('http:'),
  });
  app.log.warn(
    { issuer: dev.issuer },
    'Google sign-in: the DEVELOPMENT identity provider is on (OIDC_ISSUER is not set). It signs anybody in ' +
      'with any email: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for real Google sign-in.',
  );
  return local;
}

export async function googleSignIn(app: FastifyInstance, options: GoogleSignInOptions): Promise<void> {
  const { publicUrl, accounts } = options;
  const store = createIdentityStore(options.db, options.now);
  const redirectUri = oidcRedirectUri(publicUrl);
  const cookies = { attempt: attemptCookie(publicUrl), handoff: handoffCookie(publicUrl) };
  const appReturn = `${publicUrl}/#/auth/google`;

  const relyingParty = await relyingPartyOf(app, options, redirectUri);

  const failed = (reply: FastifyReply) => reply.redirect(`${appReturn}?error=${googleFailedError}`, 302);

  app.get(startPath, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      const { url, attempt } = await relyingParty.begin();
      const attemptId = await store.saveAttempt(attempt);
      reply.header('set-cookie', cookies.attempt.set(attemptId));
      return reply.redirect(url.href, 302);
    } catch (error) {
      request.log.error({ failure: describeFailure(error) }, 'Google sign-in could not start: is the OpenID provider reachable?');
      return failed(reply);
    }
  });

  app.get(callbackPath, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // The attempt is over whatever happens next: used once.
    reply.header('set-cookie', cookies.attempt.clear);
    try {
      const attemptId = readCookie(request, cookies.attempt.name);
      const started = attemptId ? await store.takeAttempt(attemptId) : null;
      if (!started) {
        request.log.warn('Google sign-in refused: no live attempt in this browser (expired, used, or started elsewhere)');
        return failed(reply);
      }
      const url = request.raw.url ?? '';
      const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
      const identity = await relyingParty.finish(query, started);
      const user = await accounts.findOrCreateFromIdentity(identity);
      const { code, browserSecret } = await store.issueHandoff(user._id);
      // Added to the attempt's clearing above (Fastify appends set-cookie headers).
      reply.header('set-cookie', cookies.handoff.set(browserSecret));
      return reply.redirect(`${appReturn}?code=${code}`, 302);
    } catch (error) {
      // What a person or a forged link causes is a warning; what the operator must fix (provider
      // unreachable, client secret refused...) is an error.
      const failure = describeFailure(error);
      const personal =
        error instanceof IdentityRefused ||
        failure.code === 'OAUTH_AUTHORIZATION_RESPONSE_ERROR' ||
        failure.code === 'OAUTH_INVALID_RESPONSE';
      request.log[personal ? 'warn' : 'error']({ failure }, 'Google sign-in failed');
      return failed(reply);
    }
  });

  exchangeRoute(app, store, cookies.handoff, accounts);
}

/** The app's POST that swaps the handoff code (and this browser's secret) for a session. */
function exchangeRoute(
  app: FastifyInstance,
  store: ReturnType<typeof createIdentityStore>,
  handoff: ReturnType<typeof handoffCookie>,
  accounts: GoogleSignInOptions['accounts'],
): void {
  // Registered at the root (this plugin is), and never stored, a refusal of its body included.
  const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
  };
  route(app, authEndpoints.googleExchange, { mountedAt: '', onRequest: noStore }, async ({ body }, request, reply) => {
    // One answer for every refusal, so a stranger's code tells nothing; the reason goes to the log.
    const refuse = () =>
      reply.code(400).send(apiError(400, handoffRefusedMessage, [{ field: 'code', message: 'is unknown, expired, already used or from another browser' }]));
    // The browser's secret is used once, like the code.
    reply.header('set-cookie', handoff.clear);
    const redeemed = await store.redeemHandoff(body.code, readCookie(request, handoff.name));
    if ('refused' in redeemed) {
      if (redeemed.refused === 'other browser') {
        request.log.warn('Google sign-in refused: the handoff code was brought by a browser that did not finish that sign-in');
      }
      return refuse();
    }
    try {
      return await accounts.issueSession(redeemed.userId);
    } catch (error) {
      // The account went in the sixty seconds since the callback: as good as an expired code.
      if (error instanceof NotFoundError) return refuse();
      throw error;
    }
  });
}
