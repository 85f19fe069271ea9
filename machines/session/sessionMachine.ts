/**
 * The session (spec §3 "stored in the browser", §4 shared state, on load, login, logout): who is
 * logged in, with which token, and which of the login and register panels is open. One actor for
 * the whole app, started where the app starts.
 *
 * Input: `{ storedToken }`, what local storage holds under the key `token` (or null).
 *
 * The app provides (`sessionMachine.provide({ actors, actions })`):
 * - actors `fetchCurrentUser` ({ token } -> User) and `logout` ({ token }), each rejecting with an
 *   ApiFailure (src/api/client.ts) when the call fails;
 * - actions `storeToken` ({ token }) and `forgetToken`: write and remove local storage's `token`;
 *   `tellExpired` ({ text }): a toast in the server's words when the token was refused.
 *   They do nothing until provided.
 *
 * Emitted (`actor.on(...)`):
 * - `notice` { tone, notice }: a toast. Kinds and the spec §8 message each stands for:
 *   - loggedOut           'Logout successfull.'
 *   - somethingWentWrong  'Something went wrong.' (the user could not be fetched right after a
 *                         login, so the session logged out again)
 * - `navigate` { to: '/' }: the app's router goes there (after that failed fetch, spec §4).
 *
 * Events (dotted, from the views and the other account machines through the app):
 * - `session.loggedIn` { token, user }: a login or Google sign-in succeeded (login machine's
 *   `loggedIn`). Stores the token, marks logged in, closes the popups, fetches the user; if that
 *   fails, logs out and goes to '/' (no popup can open in between: none opens while logged in).
 * - `session.profileSaved` { user }: the first booking saved the name, age and gender a mobile
 *   or Google sign-up lacked (PUT /auth/profile); the user is now that one, so the next booking
 *   is prefilled and does not ask again. Nothing is fetched again.
 * - `session.logout`: forgets the token, clears the user and the appointments, says
 *   'Logout successfull.', and revokes the token on the server, best effort (LoggingOut; a login
 *   that arrives meanwhile wins, and the revoke is dropped).
 * - `session.expired` { text? }: the login ended while the user is known. The request base
 *   (src/api/client.ts) sends it, through the session's provider, when any call's token is
 *   answered 401 (expired, or revoked by a password reset), with the server's words as `text`;
 *   the app sends it without `text` when the token went elsewhere (another tab logged out). It
 *   forgets the token, clears the user and says `text` once (`tellExpired`); a second 401 finds
 *   the session logged out and changes nothing. No other machine handles a 401 for the session.
 * - `session.retry`: checks a stored token again after the check got no answer (Unverified).
 * - `session.showLogin`, `session.showRegister`, `session.closePanels`: the popups. Showing one
 *   hides the other; neither opens while logged in. An actor that asks for the popup and waits on
 *   it (the booking) passes `replyTo: self`: the session sends it `login.succeeded` { token, user }
 *   at the login and again once the whole user is known, `login.cancelled` when the popups close
 *   without a login, or `session.ended` if the user could not be fetched after the login; so
 *   nobody compares session snapshots to find out.
 *
 * A stored token the server refuses (401) is dropped quietly. A check that gets no answer (offline,
 * a 5xx, an answer that is not a user) keeps the token and leaves the session Unverified: shown
 * logged out, `session.retry` (e.g. on the browser's `online` event, or a "try again" button)
 * checks again.
 *
 * The user's appointments (spec §4 "Once the user is known their appointments are fetched by
 * email"): while the user is known (LoggedIn.Ready) the session runs the appointments list
 * (machines/appointments/appointmentsListMachine.ts) as its child `appointments`; it stops, and the
 * list is gone, whenever the session ends or starts over with another token. The app provides its
 * call (`appointmentsList` with `loadAppointments`). Views read it through `selectAppointmentsList`
 * (the child's ref; the list's own selectors then read its snapshot).
 * - `appointments.refresh`: after every change (edit, cancel, payment); passed on to the list.
 * A 401 while loading the list ends the session as any other call's does.
 */
import { assign, emit, fromPromise, not, sendTo, setup, stateIn, type AnyActorRef } from 'xstate';
import type { LoginUser, User } from '../../contract/auth.js';
import { appointmentsListMachine } from '../appointments/appointmentsListMachine.js';
import { isUnauthorized } from '../failures.js';
import type { SessionContext, SessionInput } from './context.js';
import type { LoginOutcome, SessionEmitted, SessionEvent } from './events.js';

export const sessionMachine = setup({
  types: {} as {
    context: SessionContext;
    events: SessionEvent;
    input: SessionInput;
    emitted: SessionEmitted;
    children: { appointments: 'appointmentsList' };
  },
  actors: {
    // Declared here with their types; the real ones come from the app, so these must never run.
    fetchCurrentUser: fromPromise<User, { token: string }>(() => Promise.reject(new Error('not provided'))),
    logout: fromPromise<unknown, { token: string }>(() => Promise.reject(new Error('not provided'))),
    // The list's call is not provided here: it fails quietly until the app provides it.
    appointmentsList: appointmentsListMachine,
  },
  guards: {
    hasStoredToken: ({ context }) => context.token !== null,
    isNotLoggedIn: not(stateIn('#session.Auth.LoggedIn')),
    tokenRefused: isUnauthorized,
  },
  actions: {
    // Provided by the app (local storage); nothing until then.
    storeToken: (_, _params: { token: string }) => {},
    forgetToken: () => {},
    startSession: assign((_, params: { token: string; user: LoginUser }) => ({
      token: params.token,
      user: params.user,
    })),
    storeUser: assign({ user: (_, params: { user: User }) => params.user }),
    clearUser: assign({ user: null }),
    clearSession: assign({ token: null, user: null }),
    refreshAppointments: sendTo('appointments', { type: 'appointments.refresh' }),
    tellLoggedOut: emit({ type: 'notice', tone: 'success', notice: { kind: 'loggedOut' } }),
    tellSomethingWentWrong: emit({ type: 'notice', tone: 'error', notice: { kind: 'somethingWentWrong' } }),
    goHome: emit({ type: 'navigate', to: '/' }),
    /** Provided by the app: the server's words on a refused token, said once (nothing when there are none). */
    tellExpired: (_, _params: { text: string | undefined }) => {},
    awaitLogin: assign(({ context }: { context: SessionContext }, params: { replyTo: AnyActorRef | undefined }) => ({
      waiting: params.replyTo ?? context.waiting,
    })),
    /** Logged in (with the login answer's fields, then again with the whole user): the waiting actor goes on, logged in. */
    replyLoggedIn: ({ context }: { context: SessionContext }) => {
      if (context.waiting === null || context.token === null || context.user === null) return;
      const outcome: LoginOutcome = { type: 'login.succeeded', token: context.token, user: context.user };
      context.waiting.send(outcome);
    },
    /** The popup closed without a login: the waiting actor goes on without. */
    replyCancelled: ({ context }: { context: SessionContext }) => {
      const outcome: LoginOutcome = { type: 'login.cancelled' };
      context.waiting?.send(outcome);
    },
    /** The login could not be completed (the user could not be fetched): the waiting actor drops the token it was given. */
    replyEnded: ({ context }: { context: SessionContext }) => {
      const outcome: LoginOutcome = { type: 'session.ended' };
      context.waiting?.send(outcome);
    },
    forgetWaiting: assign({ waiting: null }),
  },
}).createMachine({
  id: 'session',
  description: 'Who is logged in (token and user), and which of the login and register panels is open.',
  context: ({ input }) => ({ token: input.storedToken || null, user: null, waiting: null }),
  type: 'parallel',
  states: {
    Auth: {
      description: 'The token and the user.',
      on: {
        'session.loggedIn': {
          target: '.LoggedIn',
          actions: [
            { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
            { type: 'startSession', params: ({ event }) => ({ token: event.token, user: event.user }) },
            'replyLoggedIn',
          ],
        },
      },
      initial: 'Starting',
      states: {
        Starting: {
          description: 'Checks a stored token if there is one.',
          always: [{ guard: 'hasStoredToken', target: 'Restoring' }, { target: 'LoggedOut' }],
        },
        Restoring: {
          description: 'Fetching the user with the stored token. A 401 drops the token quietly; no answer keeps it.',
          tags: ['loading'],
          invoke: {
            id: 'fetchCurrentUser',
            src: 'fetchCurrentUser',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: { target: 'LoggedIn.Ready', actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) } },
            onError: [
              {
                guard: { type: 'tokenRefused', params: ({ event }) => ({ error: event.error }) },
                target: 'LoggedOut',
                actions: ['forgetToken', 'clearSession'],
              },
              { target: 'Unverified' },
            ],
          },
        },
        Unverified: {
          description: 'The stored token could not be checked (no answer, or the server failed). Shown logged out; the token is kept for a retry.',
          on: { 'session.retry': 'Restoring' },
        },
        LoggedOut: {
          description: 'Nobody is logged in and no token is stored.',
        },
        LoggedIn: {
          description: 'A user is logged in with the token.',
          on: {
            // A new login while logged in (e.g. back from Google): start over with the new token.
            'session.loggedIn': {
              target: 'LoggedIn',
              reenter: true,
              actions: [
                { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
                { type: 'startSession', params: ({ event }) => ({ token: event.token, user: event.user }) },
              ],
            },
            'session.logout': { target: 'LoggingOut', actions: ['forgetToken', 'clearUser', 'tellLoggedOut'] },
            'session.profileSaved': { actions: { type: 'storeUser', params: ({ event }) => ({ user: event.user }) } },
          },
          initial: 'Verifying',
          states: {
            Verifying: {
              description: 'Just logged in (the popups closed): fetching the user. If that fails: log out and go to /.',
              invoke: {
                id: 'fetchCurrentUser',
                src: 'fetchCurrentUser',
                input: ({ context }) => ({ token: context.token ?? '' }),
                onDone: { target: 'Ready', actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) } },
                onError: {
                  target: '#session.Auth.LoggedOut',
                  actions: ['forgetToken', 'clearSession', 'goHome', 'tellSomethingWentWrong', 'replyEnded', 'forgetWaiting'],
                },
              },
            },
            Ready: {
              description: 'The user is known: their appointments list runs, loaded again after every change.',
              entry: ['replyLoggedIn', 'forgetWaiting'],
              invoke: {
                id: 'appointments',
                src: 'appointmentsList',
                // The list's path names the account by its email, or by its id when it has none.
                input: ({ context }) => ({ email: context.user?.email ?? context.user?._id ?? '', token: context.token ?? '' }),
              },
              on: {
                'appointments.refresh': { actions: 'refreshAppointments' },
                // Only once the user is known: Verifying's own failed fetch logs out and goes home.
                'session.expired': {
                  target: '#session.Auth.LoggedOut',
                  actions: ['forgetToken', 'clearSession', { type: 'tellExpired', params: ({ event }) => ({ text: event.text }) }],
                },
              },
            },
          },
        },
        LoggingOut: {
          description: 'Revoking the token on the server, best effort: the token is already forgotten and the user cleared.',
          invoke: {
            id: 'logout',
            src: 'logout',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: { target: 'LoggedOut', actions: 'clearSession' },
            onError: { target: 'LoggedOut', actions: 'clearSession' },
          },
        },
      },
    },
    Panel: {
      description: 'The login and register popups: at most one open.',
      on: {
        'session.showLogin': {
          guard: 'isNotLoggedIn',
          target: '.Login',
          actions: { type: 'awaitLogin', params: ({ event }) => ({ replyTo: event.replyTo }) },
        },
        'session.showRegister': {
          guard: 'isNotLoggedIn',
          target: '.Register',
          actions: { type: 'awaitLogin', params: ({ event }) => ({ replyTo: event.replyTo }) },
        },
        'session.closePanels': [{ guard: 'isNotLoggedIn', target: '.None', actions: ['replyCancelled', 'forgetWaiting'] }, { target: '.None' }],
        'session.loggedIn': '.None',
      },
      initial: 'None',
      states: {
        None: { description: 'No popup.' },
        Login: { description: 'The login popup is open.' },
        Register: { description: 'The sign-up popup is open.' },
      },
    },
  },
});
