/** What the views read of the session. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { appointmentsListMachine } from '../appointments/appointmentsListMachine.js';
import type { SessionUser } from './context.js';
import type { sessionMachine } from './sessionMachine.js';

export type Panel = 'login' | 'register' | null;

type Snapshot = SnapshotFrom<typeof sessionMachine>;

export const selectIsLoggedIn = (snapshot: Snapshot): boolean => snapshot.matches({ Auth: 'LoggedIn' });
export const selectUser = (snapshot: Snapshot): SessionUser | null =>
  selectIsLoggedIn(snapshot) ? snapshot.context.user : null;
/** The bearer token for authenticated calls; null unless logged in. */
export const selectToken = (snapshot: Snapshot): string | null =>
  selectIsLoggedIn(snapshot) ? snapshot.context.token : null;
export const selectPanel = (snapshot: Snapshot): Panel =>
  snapshot.matches({ Panel: 'Login' }) ? 'login' : snapshot.matches({ Panel: 'Register' }) ? 'register' : null;
/** A stored token is being checked: the header waits before showing login or the profile menu. */
export const selectIsCheckingSession = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');
/** The stored token could not be checked: offer `session.retry`. */
export const selectIsSessionUnverified = (snapshot: Snapshot): boolean => snapshot.matches({ Auth: 'Unverified' });
/** The appointments list while the user is known (read it with its own selectors); undefined otherwise. */
export const selectAppointmentsList = (snapshot: Snapshot): ActorRefFrom<typeof appointmentsListMachine> | undefined =>
  snapshot.children.appointments;
