/**
 * From the provider's claims to the identity we act on. Only the email is trusted, and only when
 * the provider says it verified it; the names are a courtesy for a new account.
 */
import { isRight } from 'fp-ts/lib/Either.js';
import { Email } from '../../contract/primitives.js';
import type { GoogleIdentity } from './port.js';

/** Why a sign-in was refused; logged, never shown (the person sees one message for any failure). */
export class IdentityRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdentityRefused';
  }
}

const maxName = 200;

function text(value: unknown): string {
  return typeof value === 'string' ? value.normalize('NFC').replace(/\s+/g, ' ').trim() : '';
}

function clip(value: string): string {
  return [...value].slice(0, maxName).join('').trim();
}

/** The claims we look at, from an ID token or a userinfo answer. */
export type Claims = Readonly<Record<string, unknown>> & {
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
};

/** Whether these claims say anything about the email (ID tokens without them send us to userinfo). */
export function hasEmailClaims(claims: Claims): boolean {
  return claims.email !== undefined && claims.email_verified !== undefined;
}

/** Throws IdentityRefused unless the claims carry an email the provider verified. */
export function identityFromClaims(claims: Claims): GoogleIdentity {
  const email = text(claims.email).toLowerCase();
  if (email === '') throw new IdentityRefused('the provider gave no email');
  // Strictly true: a provider that says "true" as a string, or nothing, has not told us.
  if (claims.email_verified !== true) throw new IdentityRefused('the provider has not verified the email');
  if (!isRight(Email.decode(email))) throw new IdentityRefused('the provider gave an email we cannot use');

  let firstName = clip(text(claims.given_name));
  let lastName = clip(text(claims.family_name));
  if (firstName === '' && lastName === '') {
    const words = text(claims.name).split(' ').filter(Boolean);
    firstName = clip(words[0] ?? '');
    lastName = clip(words.slice(1).join(' '));
  }
  if (firstName === '') {
    // An account needs a first name to greet; the part before the @ is the best we have.
    firstName = clip(email.slice(0, email.indexOf('@')));
  }
  return { email, firstName, lastName };
}
