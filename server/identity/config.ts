/**
 * Google sign-in settings (OpenID Connect) from environment variables:
 *
 * - `OIDC_ISSUER`, `OIDC_CLIENT_ID`, `OIDC_CLIENT_SECRET`: the provider (Google's issuer is
 *   https://accounts.google.com) and this site's client there. All three, or none.
 * - none of them: the built-in development provider (server/identity/devProvider.ts) stands in.
 *   It signs anybody in with any email they type, so it is only on by itself when PUBLIC_URL is
 *   a loopback address (localhost, 127.x, [::1]): only a browser on the same machine can finish
 *   a sign-in there. Anywhere else it takes `OIDC_DEV_PROVIDER=on`, a deliberate choice for a
 *   demo, and a server that forgot its Google settings refuses to start instead.
 *
 * The redirect URI to register with the provider is `${PUBLIC_URL}/api/auth/google/callback`.
 */
import { ConfigError, type Env } from '../config.js';

export interface ExternalOidcConfig {
  kind: 'external';
  /** Exactly as the provider writes it in its discovery document (no trailing slash added or removed). */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface DevelopmentOidcConfig {
  kind: 'development';
}

export type OidcConfig = ExternalOidcConfig | DevelopmentOidcConfig;

export const googleIssuer = 'https://accounts.google.com';

/** Where the provider sends the browser back to; register exactly this with the provider. */
export function oidcRedirectUri(publicUrl: string): string {
  return `${publicUrl}/api/auth/google/callback`;
}

/** The development provider's issuer: mounted on this server under /dev-idp. */
export function devIssuer(publicUrl: string): string {
  return `${publicUrl}/dev-idp`;
}

const devProviderSwitch = 'OIDC_DEV_PROVIDER';

function raw(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** localhost, *.localhost, 127.0.0.0/8 and [::1]: addresses only this machine can reach. */
export function isLoopbackUrl(address: string): boolean {
  let host: string;
  try {
    host = new URL(address).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

function issuerProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `OIDC_ISSUER must be the provider's issuer address, like ${googleIssuer} (got "${value}")`;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackUrl(value))) {
    return `OIDC_ISSUER must be an https:// address (plain http only on this machine: localhost or 127.0.0.1) (got "${value}")`;
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    return `OIDC_ISSUER must be a plain address like ${googleIssuer}, without query, fragment or credentials`;
  }
  return undefined;
}

export interface OidcConfigRead {
  /** Meaningful only when `problems` is empty. */
  value: OidcConfig;
  /** One sentence per bad or missing variable, naming it. Never echoes the secret. */
  problems: string[];
}

/**
 * Reads the OIDC_* variables, reporting every problem at once (config.ts collects them with the
 * others). `publicUrl` is the already-read PUBLIC_URL; '' when it was itself invalid.
 */
export function readOidcConfig(env: Env, publicUrl: string): OidcConfigRead {
  const problems: string[] = [];
  const issuer = raw(env, 'OIDC_ISSUER');
  const clientId = raw(env, 'OIDC_CLIENT_ID');
  const clientSecret = raw(env, 'OIDC_CLIENT_SECRET');
  const devSwitch = raw(env, devProviderSwitch);

  if (devSwitch !== undefined && devSwitch !== 'on' && devSwitch !== 'off') {
    problems.push(`${devProviderSwitch} must be on or off (got "${devSwitch}")`);
  }

  if (issuer !== undefined) {
    const problem = issuerProblem(issuer);
    if (problem) problems.push(problem);
    if (clientId === undefined) problems.push('OIDC_CLIENT_ID is required when OIDC_ISSUER is set: the client ID the provider gave this site');
    if (clientSecret === undefined) {
      problems.push('OIDC_CLIENT_SECRET is required when OIDC_ISSUER is set: the client secret the provider gave this site');
    }
    if (devSwitch === 'on') {
      problems.push(`${devProviderSwitch}=on cannot be used with OIDC_ISSUER: the development provider is never on next to a real one`);
    }
    return {
      value: { kind: 'external', issuer, clientId: clientId ?? '', clientSecret: clientSecret ?? '' },
      problems,
    };
  }

  if (clientId !== undefined || clientSecret !== undefined) {
    problems.push(
      `${clientId !== undefined ? 'OIDC_CLIENT_ID' : 'OIDC_CLIENT_SECRET'} is set but OIDC_ISSUER is not: ` +
        `set OIDC_ISSUER=${googleIssuer} for Google, or unset the OIDC_* variables to use the development provider`,
    );
  } else if (devSwitch === 'off') {
    problems.push(
      `${devProviderSwitch}=off needs a real provider: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (Google: ${googleIssuer})`,
    );
  } else if (devSwitch !== 'on' && publicUrl !== '' && !isLoopbackUrl(publicUrl)) {
    problems.push(
      `OIDC_ISSUER is not set and PUBLIC_URL (${publicUrl}) is not this machine: set OIDC_ISSUER=${googleIssuer}, ` +
        'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for Google sign-in, or set OIDC_DEV_PROVIDER=on to knowingly run the ' +
        'development provider, which lets anybody sign in with any email',
    );
  }
  return { value: { kind: 'development' }, problems };
}

/** readOidcConfig for callers that want an exception: throws ConfigError naming every problem. */
export function loadOidcConfig(env: Env, publicUrl: string): OidcConfig {
  const { value, problems } = readOidcConfig(env, publicUrl);
  if (problems.length > 0) throw new ConfigError(problems);
  return value;
}
