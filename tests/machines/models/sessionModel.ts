/**
 * The session as the app lives it, as a test model: shared by the machine's path test
 * (tests/machines/sessionMachine.paths.test.ts, the real machine) and the rendered app's
 * (tests/component/renderedPaths.test.tsx, the views and providers with fake calls).
 */
import { createMachine } from 'xstate';
import type { SessionEmitted } from '../../../machines/session/events.js';

export type SessionModelEvent = { type: keyof typeof sessionSteps };

/** What happens, and what the session then emits for the app. */
export const sessionSteps = {
  'app.start': [],
  'app.startWithToken': [],
  'user.found': [],
  'user.tokenRefused': [],
  'user.unanswered': [],
  'user.failed': [{ type: 'navigate', to: '/' }, { type: 'notice', tone: 'error', notice: { kind: 'somethingWentWrong' } }],
  'session.retry': [],
  'session.showLogin': [],
  'session.showRegister': [],
  'session.closePanels': [],
  login: [],
  'session.logout': [{ type: 'notice', tone: 'success', notice: { kind: 'loggedOut' } }],
  'revoke.done': [],
  'revoke.unanswered': [],
  // A call's token refused (401): the request base tells the session (src/app/account.tsx), once
  // per refusal; the session says the server's words through its provided `tellExpired`.
  'session.expired': [],
  // Another call's 401 after the session already ended: nothing changes, nothing is said again.
  'session.expiredAgain': [],
  'list.loaded': [],
  'list.expired': [],
  'appointments.refresh': [],
  // The first booking saved the name, age and gender of a mobile or Google sign-up: nothing fetched again.
  'profile.saved': [],
} as const satisfies Record<string, readonly SessionEmitted[]>;

export const sessionModel = createMachine({
  id: 'sessionModel',
  types: {} as { events: SessionModelEvent },
  initial: 'NotStarted',
  states: {
    NotStarted: { on: { 'app.start': 'LoggedOut', 'app.startWithToken': 'Restoring' } },
    Restoring: {
      on: { 'user.found': 'LoggedIn', 'user.tokenRefused': 'LoggedOut', 'user.unanswered': 'Unverified', 'session.showLogin': 'RestoringLoginOpen' },
    },
    // Login asked for (a booking's Continue) while the stored token is still being checked: the
    // token turns out good, so the person is logged in with the popup still open; closing it then
    // takes closePanels' second branch (logged in: no "cancelled" reply, just the popup gone).
    RestoringLoginOpen: { on: { 'user.found': 'LoggedInLoginOpen' } },
    LoggedInLoginOpen: { on: { 'session.closePanels': 'LoggedIn' } },
    Unverified: { on: { 'session.retry': 'Restoring', login: 'Verifying' } },
    LoggedOut: { on: { 'session.showLogin': 'LoginOpen', 'session.showRegister': 'RegisterOpen', 'session.expiredAgain': 'LoggedOut' } },
    LoginOpen: {
      on: { 'session.showRegister': 'RegisterOpen', 'session.closePanels': 'LoggedOut', login: 'Verifying' },
    },
    RegisterOpen: { on: { 'session.showLogin': 'LoginOpen', 'session.closePanels': 'LoggedOut' } },
    Verifying: { on: { 'user.found': 'LoggedIn', 'user.failed': 'LoggedOut' } },
    LoggedIn: {
      on: {
        'session.logout': 'LoggingOut',
        'session.expired': 'LoggedOut',
        'session.showLogin': 'LoggedIn',
        login: 'Verifying',
        'list.loaded': 'ListShown',
        'list.expired': 'LoggedOut',
        'profile.saved': 'ProfileSaved',
      },
    },
    ProfileSaved: { on: { 'session.logout': 'LoggingOut' } },
    ListShown: {
      on: {
        'appointments.refresh': 'LoggedIn',
        'session.logout': 'LoggingOut',
        'session.expired': 'LoggedOut',
        'session.showLogin': 'ListShown',
        login: 'Verifying',
      },
    },
    LoggingOut: { on: { 'revoke.done': 'LoggedOut', 'revoke.unanswered': 'LoggedOut' } },
  },
});

