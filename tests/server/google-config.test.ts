/** Google sign-in's settings (OIDC_*) and what it takes from the provider's claims. No database, no server. */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/config.js';
import { loadOidcConfig, readOidcConfig } from '../../server/config/oidc.js';
import { isLoopbackUrl, oidcRedirectUri } from '../../server/identity/config.js';
import { IdentityRefused, identityFromClaims } from '../../server/identity/identity.js';

const google = {
  OIDC_ISSUER: 'https://accounts.google.com',
  OIDC_CLIENT_ID: '123-abc.apps.googleusercontent.com',
  OIDC_CLIENT_SECRET: 'GOCSPX-hunter2',
};

describe('readOidcConfig', () => {
  it('uses the development provider when nothing is set and the site is on this machine', () => {
    for (const publicUrl of ['http://localhost:3000', 'http://127.0.0.1:5173', 'http://[::1]:3000', 'http://clinic.localhost']) {
      expect(readOidcConfig({}, publicUrl)).toEqual({ value: { kind: 'development' }, problems: [] });
    }
  });

  it('reads Google settings; blank counts as unset', () => {
    expect(readOidcConfig({ ...google, OIDC_DEV_PROVIDER: ' ' }, 'https://clinic.example')).toEqual({
      value: { kind: 'external', issuer: 'https://accounts.google.com', clientId: google.OIDC_CLIENT_ID, clientSecret: google.OIDC_CLIENT_SECRET },
      problems: [],
    });
  });

  it('keeps the issuer exactly as written: it must match the discovery document', () => {
    const { value } = readOidcConfig({ ...google, OIDC_ISSUER: 'https://login.example/realms/clinic/' }, 'https://clinic.example');
    expect(value).toMatchObject({ issuer: 'https://login.example/realms/clinic/' });
  });

  it('refuses the development provider on a public address unless asked for on purpose', () => {
    const { problems } = readOidcConfig({}, 'https://clinic.example');
    expect(problems).toEqual([expect.stringMatching(/^OIDC_ISSUER is not set and PUBLIC_URL \(https:\/\/clinic\.example\) is not this machine/)]);
    expect(readOidcConfig({ OIDC_DEV_PROVIDER: 'on' }, 'https://demo.clinic.example')).toEqual({
      value: { kind: 'development' },
      problems: [],
    });
  });

  it('never runs the development provider next to a real one', () => {
    expect(readOidcConfig({ ...google, OIDC_DEV_PROVIDER: 'on' }, 'http://localhost:3000').problems).toEqual([
      'OIDC_DEV_PROVIDER=on cannot be used with OIDC_ISSUER: the development provider is never on next to a real one',
    ]);
    expect(readOidcConfig({ ...google, OIDC_DEV_PROVIDER: 'off' }, 'http://localhost:3000').problems).toEqual([]);
  });

  it('OIDC_DEV_PROVIDER=off demands a real provider, even on a laptop', () => {
    expect(readOidcConfig({ OIDC_DEV_PROVIDER: 'off' }, 'http://localhost:3000').problems).toEqual([
      expect.stringMatching(/^OIDC_DEV_PROVIDER=off needs a real provider/),
    ]);
  });

  it('names every missing or bad variable, without echoing the secret', () => {
    expect(readOidcConfig({ OIDC_ISSUER: 'accounts.google.com', OIDC_DEV_PROVIDER: 'yes' }, 'https://clinic.example').problems).toEqual([
      'OIDC_DEV_PROVIDER must be on or off (got "yes")',
      'OIDC_ISSUER must be the provider\'s issuer address, like https://accounts.google.com (got "accounts.google.com")',
      'OIDC_CLIENT_ID is required when OIDC_ISSUER is set: the client ID the provider gave this site',
      'OIDC_CLIENT_SECRET is required when OIDC_ISSUER is set: the client secret the provider gave this site',
    ]);
    const { problems } = readOidcConfig({ OIDC_CLIENT_SECRET: 'GOCSPX-hunter2' }, 'http://localhost:3000');
    expect(problems).toEqual([expect.stringMatching(/^OIDC_CLIENT_SECRET is set but OIDC_ISSUER is not/)]);
    expect(problems.join()).not.toContain('hunter2');
  });

  it('wants https for the issuer, plain http only on this machine', () => {
    expect(readOidcConfig({ ...google, OIDC_ISSUER: 'http://accounts.google.com' }, 'https://clinic.example').problems).toEqual([
      expect.stringMatching(/^OIDC_ISSUER must be an https:\/\/ address/),
    ]);
    expect(readOidcConfig({ ...google, OIDC_ISSUER: 'http://127.0.0.1:8080/realms/test' }, 'http://localhost:3000').problems).toEqual([]);
    expect(readOidcConfig({ ...google, OIDC_ISSUER: 'https://a.example/?x=1' }, 'https://clinic.example').problems).toEqual([
      expect.stringMatching(/without query, fragment or credentials/),
    ]);
  });

  it('does not judge the development provider when PUBLIC_URL itself was bad (that problem is reported already)', () => {
    expect(readOidcConfig({}, '').problems).toEqual([]);
  });

  it('loadOidcConfig throws a ConfigError with the problems', () => {
    expect(() => loadOidcConfig({ OIDC_ISSUER: google.OIDC_ISSUER }, 'https://clinic.example')).toThrow(ConfigError);
    expect(loadOidcConfig({}, 'http://localhost:3000')).toEqual({ kind: 'development' });
  });

  it('knows loopback addresses', () => {
    expect(isLoopbackUrl('http://127.1.2.3:80')).toBe(true);
    expect(isLoopbackUrl('http://localhost.evil.example')).toBe(false);
    expect(isLoopbackUrl('http://10.0.0.5')).toBe(false);
    expect(isLoopbackUrl('nonsense')).toBe(false);
  });

  it('builds the redirect URI to register with the provider', () => {
    expect(oidcRedirectUri('https://clinic.example')).toBe('https://clinic.example/api/auth/google/callback');
  });
});

describe('identityFromClaims', () => {
  it('takes the verified email, lower case, and the given and family names', () => {
    expect(
      identityFromClaims({ email: ' Asha.Rao@Gmail.com ', email_verified: true, given_name: 'Asha', family_name: 'Rao', name: 'ignored' }),
    ).toEqual({ email: 'asha.rao@gmail.com', firstName: 'Asha', lastName: 'Rao' });
  });

  it('falls back to the full name, then to the part before the @', () => {
    expect(identityFromClaims({ email: 'a@b.example', email_verified: true, name: '  Vikram   Nair  Iyer ' })).toEqual({
      email: 'a@b.example',
      firstName: 'Vikram',
      lastName: 'Nair Iyer',
    });
    expect(identityFromClaims({ email: 'meera@b.example', email_verified: true })).toEqual({
      email: 'meera@b.example',
      firstName: 'meera',
      lastName: '',
    });
    expect(identityFromClaims({ email: 'x@b.example', email_verified: true, family_name: 'Das' })).toEqual({
      email: 'x@b.example',
      firstName: 'x',
      lastName: 'Das',
    });
  });

  it('clips names to 200 characters', () => {
    const { firstName, lastName } = identityFromClaims({
      email: 'a@b.example',
      email_verified: true,
      given_name: 'A'.repeat(300),
      family_name: 'B'.repeat(300),
    });
    expect([firstName.length, lastName.length]).toEqual([200, 200]);
  });

  it.each([
    [{ email: 'a@b.example', email_verified: false }, 'not verified'],
    [{ email: 'a@b.example', email_verified: 'true' }, 'not verified'],
    [{ email: 'a@b.example' }, 'not verified'],
    [{ email_verified: true }, 'no email'],
    [{ email: '', email_verified: true }, 'no email'],
    [{ email: 'not an email', email_verified: true }, 'cannot use'],
  ])('refuses %j', (claims, reason) => {
    expect(() => identityFromClaims(claims)).toThrow(IdentityRefused);
    expect(() => identityFromClaims(claims)).toThrow(reason);
  });
});
