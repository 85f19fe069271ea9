/**
 * Google sign-in settings (OpenID Connect): their types, and the addresses made of them. The
 * OIDC_* variables are read, and listed, in server/config/oidc.ts.
 *
 * The redirect URI to register with the provider is `${PUBLIC_URL}/api/auth/google/callback`.
 */
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
