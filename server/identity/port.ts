/**
 * What Google sign-in needs from the accounts core, and nothing more. The app passes the real
 * services (accounts.findOrCreateFromIdentity, sessions.issue); tests pass a fake.
 */
import type { LoginAnswer } from '../../contract/auth.js';

/** The person as the provider vouches for them: only a verified email reaches this far. */
export interface GoogleIdentity {
  /** Lower case, verified by the provider. */
  email: string;
  /** Never blank (the email's local part when the provider gave no name); at most 200 characters. */
  firstName: string;
  /** May be blank; at most 200 characters. */
  lastName: string;
}

export interface GoogleAccountPort {
  /** The account of that email, made (with sign-in method google) when there is none. */
  findOrCreateFromIdentity(identity: GoogleIdentity): Promise<{ _id: string }>;
  /** A new session for that user: the same answer as a login. Throws NotFoundError (services/errors.ts) for an unknown user. */
  issueSession(userId: string): Promise<LoginAnswer>;
}
