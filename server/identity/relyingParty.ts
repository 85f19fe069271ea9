/**
 * This server as an OpenID Connect relying party (openid-client v6): the authorization code flow
 * with PKCE (S256), state and nonce, scope `openid email profile`, run entirely on the server.
 * The provider's tokens stay in this module: the caller gets the identity and nothing else.
 *
 * Discovery happens on the first sign-in, not at start: the development provider is served by
 * this very server, which must be listening first, and a provider that is down at start should
 * not stop the clinic's site. A failed discovery is not kept, so the next sign-in tries again;
 * a successful one is kept for the life of the process (it is only a cache: every instance
 * discovers for itself).
 */
import type * as OpenIdClient from 'openid-client';
import { hasEmailClaims, IdentityRefused, identityFromClaims, type Claims } from './identity.js';
import type { GoogleIdentity } from './port.js';
import type { LoginAttempt } from './store.js';

export interface RelyingPartyOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** `${PUBLIC_URL}/api/auth/google/callback`, registered with the provider. */
  redirectUri: string;
  /** Plain http to the provider: the development provider on a laptop, or a test issuer on this machine. */
  allowHttp: boolean;
  /** For each request to the provider (discovery, token, keys, userinfo). Default 10. */
  timeoutSeconds?: number;
}

export interface AuthorizationStart {
  /** Where to send the browser. */
  url: URL;
  /** What the callback needs; kept on the server (store.ts). */
  attempt: LoginAttempt;
}

export interface RelyingParty {
  /** Discovers the provider if not done yet (throws when it cannot) and starts an attempt. */
  begin(): Promise<AuthorizationStart>;
  /**
   * Checks the authorization response (`callbackQuery`: the query string the provider sent the
   * browser back with) against the attempt, exchanges the code, verifies the ID token (issuer,
   * audience, expiry, nonce, signature) and answers the verified identity. Throws otherwise:
   * IdentityRefused when the provider vouched for no verified email, openid-client's errors for
   * the rest (provider error, state mismatch, bad token...).
   */
  finish(callbackQuery: string, attempt: LoginAttempt): Promise<GoogleIdentity>;
}

export const oidcScope = 'openid email profile';

/** The library, loaded on first use, and the provider's configuration it discovered. */
interface Discovered {
  client: typeof OpenIdClient;
  config: OpenIdClient.Configuration;
}

export function createRelyingParty(options: RelyingPartyOptions): RelyingParty {
  let discovered: Promise<Discovered> | undefined;

  /** openid-client is loaded for the first sign-in, not with the server. */
  function configuration(): Promise<Discovered> {
    discovered ??= import('openid-client')
      .then(async (client) => {
        const config = await client.discovery(
          new URL(options.issuer),
          options.clientId,
          { client_secret: options.clientSecret, id_token_signed_response_alg: 'RS256' },
          client.ClientSecretPost(options.clientSecret),
          {
            // Verify the ID token's signature with the provider's keys too, not only its claims.
            execute: [client.enableNonRepudiationChecks, ...(options.allowHttp ? [client.allowInsecureRequests] : [])],
            timeout: options.timeoutSeconds ?? 10,
          },
        );
        return { client, config };
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    async begin() {
      const { client, config } = await configuration();
      const attempt: LoginAttempt = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: oidcScope,
        response_type: 'code',
        state: attempt.state,
        nonce: attempt.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(attempt.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, attempt };
    },

    async finish(callbackQuery, attempt) {
      const { client, config } = await configuration();
      const currentUrl = new URL(options.redirectUri);
      currentUrl.search = callbackQuery;
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new IdentityRefused('the provider sent no ID token');
      let claims: Claims = idToken;
      // Google puts the email in the ID token; a provider that keeps it for userinfo is asked there,
      // for the same subject.
      if (!hasEmailClaims(claims)) claims = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
      return identityFromClaims(claims);
    },
  };
}

/** A short, secret-free reason for the log: openid-client's message, its code, and the inner check that failed. */
export function describeFailure(error: unknown): { reason: string; code?: string; detail?: string; providerError?: string } {
  if (!(error instanceof Error)) return { reason: String(error) };
  const code = (error as { code?: unknown }).code;
  const providerError = (error as { error?: unknown }).error;
  const cause = (error as { cause?: unknown }).cause;
  return {
    reason: error.message,
    ...(typeof code === 'string' ? { code } : {}),
    ...(cause instanceof Error && cause.message !== error.message ? { detail: cause.message } : {}),
    ...(typeof providerError === 'string' ? { providerError } : {}),
  };
}
