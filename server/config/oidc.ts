/**
 * Google sign-in's settings (OpenID Connect), decoded from the environment (their types: server/identity/config.ts):
 *
 * - `OIDC_ISSUER`, `OIDC_CLIENT_ID`, `OIDC_CLIENT_SECRET`: the provider (Google's issuer is
 *   https://accounts.google.com) and this site's client there. All three, or none.
 * - none of them: the built-in development provider (server/identity/devProvider.ts) stands in.
 *   It signs anybody in with any email they type, so it is only on by itself when PUBLIC_URL is
 *   a loopback address (localhost, 127.x, [::1]): only a browser on the same machine can finish
 *   a sign-in there. Anywhere else it takes `OIDC_DEV_PROVIDER=on`, a deliberate choice for a
 *   demo, and a server that forgot its Google settings refuses to start instead.
 *
 * Problems never echo the secret.
 */
import { googleIssuer, isLoopbackUrl, type OidcConfig } from '../identity/config.js';
import { decodeOrThrow, type Env, problem, raw, settings, variable } from './env.js';

const devProviderSwitch = 'OIDC_DEV_PROVIDER';

/** on, off, or unset (undefined). */
const devSwitch = variable(devProviderSwitch, (value) =>
  value === undefined || value === 'on' || value === 'off' ? value : problem(`${devProviderSwitch} must be on or off (got "${value}")`),
);

/** The issuer as given (no trailing slash added or removed); https, or plain http on this machine. */
const issuer = variable('OIDC_ISSUER', (value) => {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return problem(`OIDC_ISSUER must be the provider's issuer address, like ${googleIssuer} (got "${value}")`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackUrl(value))) {
    return problem(`OIDC_ISSUER must be an https:// address (plain http only on this machine: localhost or 127.0.0.1) (got "${value}")`);
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    return problem(`OIDC_ISSUER must be a plain address like ${googleIssuer}, without query, fragment or credentials`);
  }
  return value;
});

/**
 * The OIDC_* variables, every problem at once. `publicUrl` is the already-read PUBLIC_URL; '' when
 * it was itself invalid (then not judged).
 */
export const oidcSettings = (publicUrl: string) =>
  settings('oidc', (env, { take, fail }): OidcConfig => {
    const clientId = raw(env, 'OIDC_CLIENT_ID');
    const clientSecret = raw(env, 'OIDC_CLIENT_SECRET');
    const dev = take(devSwitch, raw(env, devProviderSwitch));
    const given = raw(env, 'OIDC_ISSUER');
    if (given !== undefined) {
      const external = take(issuer, given) ?? given;
      if (clientId === undefined) fail('OIDC_CLIENT_ID is required when OIDC_ISSUER is set: the client ID the provider gave this site');
      if (clientSecret === undefined) fail('OIDC_CLIENT_SECRET is required when OIDC_ISSUER is set: the client secret the provider gave this site');
      if (dev === 'on') fail(`${devProviderSwitch}=on cannot be used with OIDC_ISSUER: the development provider is never on next to a real one`);
      return { kind: 'external', issuer: external, clientId: clientId ?? '', clientSecret: clientSecret ?? '' };
    }
    if (clientId !== undefined || clientSecret !== undefined) {
      fail(
        `${clientId !== undefined ? 'OIDC_CLIENT_ID' : 'OIDC_CLIENT_SECRET'} is set but OIDC_ISSUER is not: ` +
          `set OIDC_ISSUER=${googleIssuer} for Google, or unset the OIDC_* variables to use the development provider`,
      );
    } else if (dev === 'off') {
      fail(`${devProviderSwitch}=off needs a real provider: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (Google: ${googleIssuer})`);
    } else if (dev !== 'on' && publicUrl !== '' && !isLoopbackUrl(publicUrl)) {
      fail(
        `OIDC_ISSUER is not set and PUBLIC_URL (${publicUrl}) is not this machine: set OIDC_ISSUER=${googleIssuer}, ` +
          'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for Google sign-in, or set OIDC_DEV_PROVIDER=on to knowingly run the ' +
          'development provider, which lets anybody sign in with any email',
      );
    }
    return { kind: 'development' };
  });

/** The OIDC settings and their problems; `value` is meaningful only when `problems` is empty. */
export const readOidcConfig = (env: Env, publicUrl: string) => oidcSettings(publicUrl).read(env);

/** The OIDC settings, or a ConfigError naming every problem. */
export const loadOidcConfig = (env: Env, publicUrl: string): OidcConfig => decodeOrThrow(oidcSettings(publicUrl), env);
