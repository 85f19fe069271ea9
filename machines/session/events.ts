/**
 * What the session takes (from the views and the other account machines, through the app), what
 * it emits (notices: machines/shared/notices.ts), and what it tells an actor waiting on the login popup.
 */
import type { AnyActorRef } from 'xstate';
import type { LoginUser, User } from '../../contract/auth.js';
import type { NoticeEvent } from '../shared/notices.js';
import type { SessionUser } from './context.js';

export type SessionNotice = { kind: 'loggedOut' } | { kind: 'somethingWentWrong' };

export type SessionEmitted = NoticeEvent<SessionNotice> | { type: 'navigate'; to: '/' };

export type SessionEvent =
  | { type: 'session.loggedIn'; token: string; user: LoginUser }
  /** The account's profile was saved (the first booking's name, age and gender): the user as the server now has it. */
  | { type: 'session.profileSaved'; user: User }
  | { type: 'session.logout' }
  /** The login ended: a call's token refused (401, `text` the server's words), or forgotten elsewhere (no `text`). */
  | { type: 'session.expired'; text?: string }
  | { type: 'session.retry' }
  | { type: 'session.showLogin'; replyTo?: AnyActorRef }
  | { type: 'session.showRegister'; replyTo?: AnyActorRef }
  | { type: 'session.closePanels' }
  | { type: 'appointments.refresh' };

/** What the session tells the actor that asked for the login popup (`replyTo`). */
export type LoginOutcome =
  | { type: 'login.succeeded'; token: string; user: SessionUser }
  | { type: 'login.cancelled' }
  | { type: 'session.ended' };
