/**
 * The built-in development identity provider: panva's oidc-provider (a certified OpenID
 * Provider) mounted on this server under /dev-idp, standing in for Google while OIDC_ISSUER is
 * unset, so that "Continue with Google" works offline and in tests through the very same
 * relying-party code that talks to Google in production.
 *
 * - Issuer `${PUBLIC_URL}/dev-idp`, one client registered automatically (random secret per
 *   process), authorization code flow only, PKCE S256 required, scopes openid email profile, ID
 *   tokens signed RS256 with a key made on first use and carrying the email like Google's do.
 * - Its sign-in page (devPages.ts) offers demo Google-style accounts, any email, and a way to
 *   claim an unverified email. It asks every time: no remembered provider session (see cookies).
 * - Everything it keeps (interactions, codes, grants, keys) lives in this process's memory. That
 *   is fine for a development stand-in, and only for one: with several instances a sign-in must
 *   stay on the instance that started it. Production uses a real provider.
 * - oidc-provider is a Koa application: its routes are handed the raw Node request with the
 *   /dev-idp prefix taken off (what koa-mount and Express's app.use do), after reply.hijack().
 *   Fastify does not parse those bodies; oidc-provider reads them itself.
 * - Loaded with import(), and its key made, on the first request that needs them: a server with
 *   OIDC_ISSUER never loads it, and an app that signs nobody in (most tests) pays nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { generateKeyPair, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import type Provider from 'oidc-provider';
import type { AccountClaims, Adapter, AdapterPayload, InteractionResults } from 'oidc-provider';
import { isRight } from 'fp-ts/lib/Either.js';
import { Email } from '../../contract/primitives.js';
import { devIssuer } from './config.js';
import { demoAccounts, errorPage, signInPage, stylesheet, stylesheetPath } from './devPages.js';

export const devMountPath = '/dev-idp';
export const devClientId = 'clinic-portal-dev';
const clientName = 'the clinic portal';

export interface DevProviderOptions {
  publicUrl: string;
  /** The relying party's redirect URI, the only one the client may use. */
  redirectUri: string;
}

export interface DevProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers the provider's routes (under /dev-idp) on a Fastify instance. */
  routes(app: FastifyInstance): Promise<void>;
}

/* ------------------------------------------------------------ accounts */

/** Who signs in: carried in the account id itself, so the provider needs no user table. */
interface DevProfile {
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

function accountIdOf(profile: DevProfile): string {
  return Buffer.from(JSON.stringify(profile), 'utf8').toString('base64url');
}

function profileOf(accountId: string): DevProfile | undefined {
  try {
    const p = JSON.parse(Buffer.from(accountId, 'base64url').toString('utf8')) as Partial<DevProfile>;
    if (typeof p.email !== 'string' || typeof p.emailVerified !== 'boolean') return undefined;
    return { email: p.email, emailVerified: p.emailVerified, givenName: p.givenName ?? '', familyName: p.familyName ?? '' };
  } catch {
    return undefined;
  }
}

function claimsOf(accountId: string, p: DevProfile): AccountClaims {
  const name = `${p.givenName} ${p.familyName}`.trim();
  return {
    sub: accountId,
    email: p.email,
    email_verified: p.emailVerified,
    ...(name ? { name } : {}),
    ...(p.givenName ? { given_name: p.givenName } : {}),
    ...(p.familyName ? { family_name: p.familyName } : {}),
  };
}

/* --------------------------------------------------- in-memory storage */

// The models revokeByGrantId removes (as oidc-provider's own memory adapter): tokens, never interactions or sessions.
const grantable = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

/** oidc-provider's storage, in this process (see above). Entries expire as the provider asks. */
function memoryAdapterFactory(): (name: string) => Adapter {
  const entries = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const uidIndex = new Map<string, string>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
    for (const [uid, key] of uidIndex) if (!entries.has(key)) uidIndex.delete(uid);
  };
  return (name) => {
    const key = (id: string) => `${name}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        if (entries.size > 10_000) sweep();
        entries.set(key(id), { payload: structuredClone(payload), expiresAt: Date.now() + expiresIn * 1000 });
        if (payload.uid) uidIndex.set(`${name}:${payload.uid}`, key(id));
      },
      async find(id) {
        const payload = live(key(id));
        return payload ? structuredClone(payload) : undefined;
      },
      async findByUid(uid) {
        const k = uidIndex.get(`${name}:${uid}`);
        const payload = k ? live(k) : undefined;
        return payload ? structuredClone(payload) : undefined;
      },
      async findByUserCode() {
        return undefined; // no device flow here
      },
      async consume(id) {
        const payload = live(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        entries.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const [k, entry] of entries) {
          const model = k.slice(0, k.indexOf(':'));
          if (grantable.has(model) && entry.payload.grantId === grantId) entries.delete(k);
        }
      },
    };
  };
}

/* -------------------------------------------------------------- setup */

const generateRsaKeyPair = promisify(generateKeyPair);

function isEmail(value: string): boolean {
  return isRight(Email.decode(value));
}

type FormBody = Record<string, string | undefined>;

async function buildProvider(options: DevProviderOptions, issuer: string, clientSecret: string): Promise<Provider> {
  // Imported here, not at the top: only a server without OIDC_ISSUER ever loads it.
  const { default: ProviderClass } = await import('oidc-provider');
  const { privateKey } = await generateRsaKeyPair('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };

  const provider = new ProviderClass(issuer, {
    clients: [
      {
        client_id: devClientId,
        client_secret: clientSecret,
        client_name: clientName,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    adapter: memoryAdapterFactory(),
    jwks: { keys: [signingKey] },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      // The provider's session cookie goes to a path no request uses, so the browser never sends
      // it back: every sign-in starts without a provider session and shows the account chooser
      // (a developer tries one account after another), and switching accounts never meets
      // oidc-provider's "sign out of the other account first" page, which needs a script.
      long: { sameSite: 'lax', signed: true, httpOnly: true, path: `${devMountPath}/no-single-sign-on` },
      short: { sameSite: 'lax', signed: true, httpOnly: true },
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Like Google: the ID token itself carries the email and names.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { methods: ['S256'], required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx, interaction) => `${devMountPath}/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx, id) {
      const profile = profileOf(id);
      if (!profile) return undefined;
      return { accountId: id, claims: () => claimsOf(id, profile) };
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(
        'Sign-in problem',
        `The development provider could not go on: ${String(out.error_description ?? out.error ?? 'unknown error')}.`,
        options.publicUrl,
      );
    },
    ttl: {
      AccessToken: 10 * 60,
      AuthorizationCode: 60,
      IdToken: 10 * 60,
      Interaction: 10 * 60,
      Session: 10 * 60,
      Grant: 10 * 60,
    },
  });
  // Behind an https proxy, trust its X-Forwarded-Proto (the issuer says https).
  provider.proxy = options.publicUrl.startsWith('https:');

  return provider;
}

type SignInPage = Parameters<typeof signInPage>[0];
type Typed = NonNullable<SignInPage['typed']>;

/** Who the sign-in form names: a demo account, a typed address (or why not), or nothing valid. */
function profileFromForm(form: FormBody): { profile: DevProfile } | { typed: Typed; error: string } | 'expired' {
  if (form.account !== undefined) {
    const demo = demoAccounts.find((a) => a.id === form.account);
    if (!demo) return 'expired';
    return { profile: { email: demo.email, emailVerified: demo.emailVerified, givenName: demo.givenName, familyName: demo.familyName } };
  }
  const typed = {
    email: (form.email ?? '').trim().toLowerCase(),
    givenName: (form.given_name ?? '').trim().slice(0, 200),
    familyName: (form.family_name ?? '').trim().slice(0, 200),
    unverified: form.unverified === '1',
  };
  if (!isEmail(typed.email)) return { typed, error: 'Enter an email address like name@example.com.' };
  return { profile: { email: typed.email, emailVerified: !typed.unverified, givenName: typed.givenName, familyName: typed.familyName } };
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/** What the pages ask of oidc-provider, which is made on the first call that needs it. */
function providerCalls(options: DevProviderOptions, issuer: string, clientSecret: string) {
  let built: Promise<Provider> | undefined;
  const instance = (): Promise<Provider> => {
    built ??= buildProvider(options, issuer, clientSecret).catch((error: unknown) => {
      built = undefined;
      throw error;
    });
    return built;
  };
  let koaCallback: ReturnType<Provider['callback']> | undefined;

  return {
    /** Hands the request to oidc-provider as if it were mounted at /dev-idp (koa-mount style). */
    async passToProvider(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      koaCallback ??= (await instance()).callback();
      reply.hijack();
      const req = request.raw as IncomingMessage & { originalUrl?: string };
      const url = req.url ?? devMountPath;
      req.originalUrl = url;
      const rest = url.slice(devMountPath.length);
      req.url = rest.startsWith('/') ? rest : `/${rest}`;
      void koaCallback(req, reply.raw);
    },
    /** The interaction this browser is in, if it is the one in the address. */
    async interactionOf(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
      try {
        const details = await (await instance()).interactionDetails(request.raw, reply.raw);
        return details.uid === request.params.uid ? details : undefined;
      } catch {
        return undefined; // no interaction cookie, or it expired
      }
    },
    async finish(request: FastifyRequest, reply: FastifyReply, result: InteractionResults) {
      const returnTo = await (await instance()).interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
      return reply.code(303).header('cache-control', 'no-store').redirect(returnTo, 303);
    },
    async grantFor(accountId: string, clientId: string, scope: string): Promise<string> {
      const grant = new (await instance()).Grant({ accountId, clientId });
      grant.addOIDCScope(scope);
      return grant.save();
    },
  };
}

/** Our own pages (sign in, consent, cancel), with the small forms they post. */
function signInPages(calls: ReturnType<typeof providerCalls>, publicUrl: string) {
  const expired = (reply: FastifyReply) =>
    html(reply, 400, errorPage('This sign-in has expired', 'Go back to the clinic site and choose "Continue with Google" again.', publicUrl));

  return async (pages: FastifyInstance): Promise<void> => {
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    pages.get<{ Params: { uid: string } }>(`${devMountPath}/interaction/:uid`, async (request, reply) => {
      const details = await calls.interactionOf(request, reply);
      if (!details) return expired(reply);
      if (details.prompt.name === 'login') {
        return html(reply, 200, signInPage({ action: `${devMountPath}/interaction/${details.uid}`, clientName }));
      }
      // Consent: the one client here is the clinic's own, so its grant is given without asking.
      const accountId = details.session?.accountId;
      if (!accountId) return expired(reply);
      const grantId = await calls.grantFor(accountId, String(details.params.client_id), String(details.params.scope ?? 'openid'));
      return calls.finish(request, reply, { consent: { grantId } });
    });

    pages.post<{ Params: { uid: string }; Body: FormBody }>(`${devMountPath}/interaction/:uid/login`, async (request, reply) => {
      const details = await calls.interactionOf(request, reply);
      if (!details || details.prompt.name !== 'login') return expired(reply);
      const read = profileFromForm((request.body ?? {}) as FormBody);
      if (read === 'expired') return expired(reply);
      if (!('profile' in read)) {
        const action = `${devMountPath}/interaction/${details.uid}`;
        return html(reply, 400, signInPage({ action, clientName, typed: read.typed, error: read.error }));
      }
      const accountId = accountIdOf(read.profile);
      const grantId = await calls.grantFor(accountId, String(details.params.client_id), String(details.params.scope ?? 'openid'));
      return calls.finish(request, reply, { login: { accountId, remember: false }, consent: { grantId } });
    });

    pages.post<{ Params: { uid: string } }>(`${devMountPath}/interaction/:uid/abort`, async (request, reply) => {
      const details = await calls.interactionOf(request, reply);
      if (!details) return expired(reply);
      return calls.finish(request, reply, { error: 'access_denied', error_description: 'The person cancelled the sign-in.' });
    });
  };
}

/**
 * The provider's routes and client settings. The provider itself (module, signing key) is made on
 * the first request that needs it, so an app that never signs anyone in (most tests) pays nothing.
 */
export function createDevProvider(options: DevProviderOptions): DevProvider {
  const issuer = devIssuer(options.publicUrl);
  const clientSecret = randomBytes(32).toString('base64url');
  const calls = providerCalls(options, issuer, clientSecret);

  async function routes(app: FastifyInstance): Promise<void> {
    app.get(stylesheetPath, (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(stylesheet),
    );
    await app.register(signInPages(calls, options.publicUrl));
    // Everything else under /dev-idp is oidc-provider's: discovery, keys, authorization, token, userinfo.
    await app.register(async (koa) => {
      koa.removeAllContentTypeParsers();
      // Leave every body unread: oidc-provider parses what it accepts and refuses the rest.
      koa.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      koa.all(devMountPath, calls.passToProvider);
      koa.all(`${devMountPath}/*`, calls.passToProvider);
    });
  }

  return { issuer, clientId: devClientId, clientSecret, routes };
}
