/**
 * Login sessions. A token is 32 random bytes (base64url), handed out once and stored only as its
 * SHA-256, with an expiry (SESSION_DAYS). Logout revokes one session; a password reset revokes
 * every session of the user.
 *
 * `authenticate` is how every endpoint knows who is calling: see `requireUser` in
 * server/http/auth.ts.
 */
import type { LoginAnswer, User } from '../../contract/auth.js';
import type { Database, Queryable } from '../db/database.js';
import * as sessions from '../repositories/sessions.js';
import { findUserById } from '../repositories/users.js';
import { isWellFormedToken, newSessionToken, sessionTokenHash } from '../security/tokens.js';
import { NotFoundError, UnauthorizedError } from './errors.js';
import { defineMessages } from './messageCodes.js';

export const sessionMessages = defineMessages('session', {
  missing: 'Please log in.',
  ended: 'Your session has ended. Please log in again.',
} as const);

export interface AuthenticatedUser {
  user: User;
  sessionId: string;
}

export interface SessionServiceDeps {
  db: Database;
  now: () => Date;
  sessionDays: number;
}

/** The token of an `Authorization: Bearer <token>` header; null when there is none. */
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? '');
  return match ? match[1]! : null;
}

export function createSessionService({ db, now, sessionDays }: SessionServiceDeps) {
  return {
    /**
     * A new session for the user: the same answer as a login. Google sign-in calls this once the
     * provider vouched for the email (server/identity).
     */
    async issue(userId: string, q: Queryable = db): Promise<LoginAnswer> {
      const user = await findUserById(q, userId);
      if (!user) throw new NotFoundError('User not found.');
      const token = newSessionToken();
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + sessionDays * 24 * 60 * 60 * 1000);
      await sessions.insertSession(q, { userId, tokenHash: sessionTokenHash(token), createdAt, expiresAt });
      return {
        token,
        user: { _id: user._id, firstName: user.firstName, lastName: user.lastName, email: user.email },
      };
    },

    /**
     * The user of an `Authorization` header's bearer token. UnauthorizedError (401) when the header
     * is missing or malformed, or the token is unknown, expired or revoked.
     */
    async authenticate(authorization: string | undefined): Promise<AuthenticatedUser> {
      const token = bearerToken(authorization);
      if (token === null) throw new UnauthorizedError(sessionMessages.missing);
      if (!isWellFormedToken(token)) throw new UnauthorizedError(sessionMessages.ended);
      const live = await sessions.findLiveSession(db, sessionTokenHash(token), now());
      if (!live) throw new UnauthorizedError(sessionMessages.ended);
      return live;
    },

    /** Whether the session still works (a live stream opened with it goes on only while it does). */
    isLive: (sessionId: string): Promise<boolean> => sessions.isSessionLive(db, sessionId, now()),

    /** Logout: this session never works again. */
    revoke: (sessionId: string): Promise<void> => sessions.revokeSession(db, sessionId, now()),

    /** Ends every session of the user (password reset). */
    revokeAll: (userId: string, q: Queryable = db): Promise<number> => sessions.revokeUserSessions(q, userId, now()),
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
