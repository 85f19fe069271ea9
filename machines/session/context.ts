/** The session's input and context: the token in use, the user, and who waits on the login popup. */
import type { AnyActorRef } from 'xstate';
import type { LoginUser, User } from '../../contract/auth.js';

/** The user: the login answer's fields at once, the whole profile once fetched. */
export type SessionUser = LoginUser & Partial<Omit<User, keyof LoginUser>>;

export type SessionInput = { storedToken: string | null };

export type SessionContext = {
  /** The token in use; while LoggingOut, the one being revoked; in Unverified, the one to check again. */
  token: string | null;
  user: SessionUser | null;
  /** The actor that opened the login popup and waits for its outcome (the booking), if any. */
  waiting: AnyActorRef | null;
};
