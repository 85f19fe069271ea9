/**
 * Model-based paths for the session. `createTestModel` refuses machines that invoke actors, so the
 * model below is the session as the app lives it (loaded with or without a stored token, the
 * token checked, the popups, a login whose user fetch works or fails, logout, expiry), each event
 * a thing the person or the server does, the appointments list included (loaded once the user is
 * known, loaded again on `appointments.refresh`, its 401 ending the session as the request base
 * tells it, once). Along every path, the REAL session machine runs with fake
 * calls and a fake local storage (provided as the app provides the real ones): each step must emit
 * what the app should act on, and each state must show what the model says, the stored token
 * included.
 */
import { createActor, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { LoginUser, User } from '../../contract/auth.js';
import {
  appointmentsListMachine,
  selectAppointments,
  selectIsLoading as selectIsListLoading,
  selectListStatus,
} from '../../machines/appointments/appointmentsListMachine.js';
import {
  selectAppointmentsList,
  selectIsCheckingSession,
  selectIsLoggedIn,
  selectIsSessionUnverified,
  selectPanel,
  selectToken,
  selectUser,
} from '../../machines/session/selectors.js';
import type { SessionEmitted } from '../../machines/session/events.js';
import { sessionMachine } from '../../machines/session/sessionMachine.js';
import { answeredByHand, recordEmitted, refused, settle, unanswered } from './accountFakes.js';
import { appointment } from './appointmentFakes.js';
import { pathsTakingEveryTransition, testPaths } from './modelPaths.js';
import { recordWalk } from './pathCoverage.js';
import { sessionModel as model, sessionSteps as steps, type SessionModelEvent as ModelEvent } from './models/sessionModel.js';

const loginUser: LoginUser = { _id: 'u1', firstName: 'Asha', lastName: 'Verma', email: 'asha@example.in' };
const user: User = { ...loginUser, age: 34, gender: 'female', phoneNumber: '9876543210', signInMethod: 'manual', role: 'patient' };
/** A mobile sign-up's account once its first booking gave the name, age and gender. */
const savedUser: User = { _id: 'u9', firstName: 'Ravi', lastName: 'Patil', email: null, age: 61, gender: 'male', phoneNumber: '+919822012345', signInMethod: 'phone', role: 'patient', phoneVerified: true };

function harness() {
  const fetchCurrentUser = answeredByHand<User, { token: string }>();
  const logout = answeredByHand<unknown, { token: string }>();
  const loadAppointments = answeredByHand<AppointmentRecord[], { email: string; token: string }>();
  const records = [appointment()];
  /** The fake local storage's `token`. */
  let stored: string | null = null;
  let logins = 0;
  let fetches = 0;
  let revoked: string | null = null;
  /** What `tellExpired` said, and what the model expects it to have said. */
  const told: Array<string | undefined> = [];
  const expectedTold: Array<string | undefined> = [];
  const machine = sessionMachine.provide({
    actors: {
      fetchCurrentUser: fetchCurrentUser.logic,
      logout: logout.logic,
      appointmentsList: appointmentsListMachine.provide({ actors: { loadAppointments: loadAppointments.logic } }),
    },
    actions: {
      storeToken: (_, { token }) => {
        stored = token;
      },
      forgetToken: () => {
        stored = null;
      },
      tellExpired: (_, { text }) => {
        told.push(text);
      },
    },
  });
  let actor: Actor<typeof machine> | undefined;
  let emitted: ReturnType<typeof recordEmitted<SessionEmitted>> | undefined;
  const session = () => {
    if (!actor) throw new Error('the app has not started');
    return actor;
  };
  const boot = (storedToken: string | null) => {
    stored = storedToken;
    actor = createActor(machine, { input: { storedToken }, inspect: recordWalk });
    emitted = recordEmitted<SessionEmitted>(actor);
    actor.start();
  };

  const step = (type: ModelEvent['type'], act: () => void | Promise<void>) => async () => {
    emitted?.take();
    await act();
    await settle();
    expect(emitted?.take(), type).toEqual(steps[type]);
    expect(told, type).toEqual(expectedTold);
  };
  /** As the request base does on a 401 to a call with a token (src/app/account.tsx's LoginRefusals). */
  const refusedToken = (text: string) => session().send({ type: 'session.expired', text });
  const sendIt = (
    type: 'session.retry' | 'session.showLogin' | 'session.showRegister' | 'session.closePanels' | 'appointments.refresh',
  ) =>
    step(type, () => session().send({ type }));

  const loggedOut = (panel: 'login' | 'register' | null) => {
    const s = session().getSnapshot();
    expect(s.value).toEqual({ Auth: 'LoggedOut', Panel: panel === 'login' ? 'Login' : panel === 'register' ? 'Register' : 'None' });
    expect(selectIsLoggedIn(s)).toBe(false);
    expect(selectIsCheckingSession(s)).toBe(false);
    expect(selectUser(s)).toBeNull();
    expect(selectToken(s)).toBeNull();
    expect(selectPanel(s)).toBe(panel);
    expect(s.context.token).toBeNull();
    expect(stored).toBeNull();
    expect(selectAppointmentsList(s)).toBeUndefined();
  };
  const list = () => {
    const ref = selectAppointmentsList(session().getSnapshot());
    if (!ref) throw new Error('no appointments list');
    return ref.getSnapshot();
  };

  return {
    stop: () => actor?.stop(),
    events: {
      'app.start': step('app.start', () => boot(null)),
      'app.startWithToken': step('app.startWithToken', () => boot('tok-stored')),
      'user.found': step('user.found', () => fetchCurrentUser.latest().resolve(user)),
      'user.tokenRefused': step('user.tokenRefused', () =>
        fetchCurrentUser.latest().reject(refused(401, 'Your session has ended. Please log in again.')),
      ),
      'user.unanswered': step('user.unanswered', () => fetchCurrentUser.latest().reject(unanswered)),
      'user.failed': step('user.failed', () => fetchCurrentUser.latest().reject(refused(500, 'Internal Server Error'))),
      'session.retry': sendIt('session.retry'),
      'session.showLogin': sendIt('session.showLogin'),
      'session.showRegister': sendIt('session.showRegister'),
      'session.closePanels': sendIt('session.closePanels'),
      // Another call's token refused: the session ends and says the server's words once.
      'session.expired': step('session.expired', () => {
        expectedTold.push('Your session has ended. Please log in again.');
        refusedToken('Your session has ended. Please log in again.');
      }),
      // A second refusal (a call that was still on its way): logged out already, nothing said.
      'session.expiredAgain': step('session.expiredAgain', () => refusedToken('Please log in again.')),
      login: step('login', () => {
        logins += 1;
        session().send({ type: 'session.loggedIn', token: `tok-${logins}`, user: loginUser });
      }),
      'session.logout': step('session.logout', () => {
        revoked = session().getSnapshot().context.token;
        session().send({ type: 'session.logout' });
      }),
      'revoke.done': step('revoke.done', () => logout.latest().resolve({ message: 'Logged out.' })),
      'revoke.unanswered': step('revoke.unanswered', () => logout.latest().reject(unanswered)),
      'list.loaded': step('list.loaded', () => loadAppointments.latest().resolve(records)),
      // The list's call refused for its token: the list fails as on any refusal, and the request
      // base (not the list) ends the session.
      'list.expired': step('list.expired', () => {
        expectedTold.push('Please log in again.');
        loadAppointments.latest().reject(refused(401, 'Please log in again.'));
        refusedToken('Please log in again.');
      }),
      'appointments.refresh': sendIt('appointments.refresh'),
      'profile.saved': step('profile.saved', () => {
        fetches = fetchCurrentUser.calls.length;
        session().send({ type: 'session.profileSaved', user: savedUser });
      }),
    },
    states: {
      NotStarted: () => expect(actor).toBeUndefined(),
      Restoring: () => {
        const s = session().getSnapshot();
        expect(s.value).toEqual({ Auth: 'Restoring', Panel: 'None' });
        expect(selectIsCheckingSession(s)).toBe(true);
        expect(selectIsLoggedIn(s)).toBe(false);
        expect(stored).toBe('tok-stored');
        expect(fetchCurrentUser.latest().input).toEqual({ token: 'tok-stored' });
        expect(fetchCurrentUser.latest().signal.aborted).toBe(false);
      },
      Unverified: () => {
        const s = session().getSnapshot();
        expect(s.value).toEqual({ Auth: 'Unverified', Panel: 'None' });
        expect(selectIsSessionUnverified(s)).toBe(true);
        expect(selectIsLoggedIn(s)).toBe(false);
        expect(selectToken(s)).toBeNull();
        expect(stored).toBe('tok-stored'); // kept for the retry
      },
      RestoringLoginOpen: () => {
        const s = session().getSnapshot();
        expect(s.value).toEqual({ Auth: 'Restoring', Panel: 'Login' });
        expect(selectIsCheckingSession(s)).toBe(true);
        expect(selectIsLoggedIn(s)).toBe(false);
        expect(selectPanel(s)).toBe('login');
        expect(stored).toBe('tok-stored');
      },
      LoggedInLoginOpen: () => {
        const s = session().getSnapshot();
        expect(s.value).toEqual({ Auth: { LoggedIn: 'Ready' }, Panel: 'Login' });
        expect(selectIsLoggedIn(s)).toBe(true);
        expect(selectUser(s)).toEqual(user);
        expect(selectToken(s)).toBe('tok-stored');
        expect(selectPanel(s)).toBe('login');
      },
      LoggedOut: () => loggedOut(null),
      LoginOpen: () => loggedOut('login'),
      RegisterOpen: () => loggedOut('register'),
      Verifying: () => {
        const s = session().getSnapshot();
        expect(s.value).toEqual({ Auth: { LoggedIn: 'Verifying' }, Panel: 'None' });
        expect(selectIsLoggedIn(s)).toBe(true);
        expect(selectUser(s)).toEqual(loginUser);
        expect(selectToken(s)).toBe(`tok-${logins}`);
        expect(stored).toBe(`tok-${logins}`);
        expect(fetchCurrentUser.latest().input).toEqual({ token: `tok-${logins}` });
      },
      LoggedIn: () => {
        const s = session().getSnapshot();
        expect(s.value).toEqual({ Auth: { LoggedIn: 'Ready' }, Panel: 'None' });
        expect(selectIsLoggedIn(s)).toBe(true);
        expect(selectUser(s)).toEqual(user);
        expect(selectToken(s)).toBe(stored);
        expect(selectPanel(s)).toBeNull();
        // The user is known: the list is asked for, by email, with the token in use.
        expect(selectListStatus(list())).toBe(selectAppointments(list()).length > 0 ? 'ready' : 'loading');
        expect(selectIsListLoading(list())).toBe(true);
        expect(loadAppointments.latest().input).toEqual({ email: user.email, token: stored });
        expect(loadAppointments.latest().signal.aborted).toBe(false);
      },
      ListShown: () => {
        const s = session().getSnapshot();
        expect(s.value).toEqual({ Auth: { LoggedIn: 'Ready' }, Panel: 'None' });
        expect(selectListStatus(list())).toBe('ready');
        expect(selectIsListLoading(list())).toBe(false);
        expect(selectAppointments(list())).toEqual(records);
      },
      ProfileSaved: () => {
        const s = session().getSnapshot();
        expect(s.value).toEqual({ Auth: { LoggedIn: 'Ready' }, Panel: 'None' });
        expect(selectUser(s)).toEqual(savedUser);
        expect(selectToken(s)).toBe(stored);
        // The saved user is the server's answer already: no fetch, and the list runs on.
        expect(fetchCurrentUser.calls).toHaveLength(fetches);
        expect(selectAppointmentsList(s)).toBeDefined();
      },
      LoggingOut: () => {
        const s = session().getSnapshot();
        expect(s.value).toEqual({ Auth: 'LoggingOut', Panel: 'None' });
        expect(selectIsLoggedIn(s)).toBe(false);
        expect(selectUser(s)).toBeNull();
        expect(stored).toBeNull();
        expect(logout.latest().input).toEqual({ token: revoked });
      },
    },
  };
}

describe('sessionMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = (
    [
      // A stale token is dropped quietly, then a login works.
      ['app.startWithToken', 'user.tokenRefused', 'session.showLogin', 'login', 'user.found'],
      // Login, then the user fetch fails: logged out, and sent to /.
      ['app.start', 'session.showRegister', 'session.showLogin', 'login', 'user.failed', 'session.showLogin'],
      // Offline at load: the token is kept, checked again, and the session resumes.
      ['app.startWithToken', 'user.unanswered', 'session.retry', 'user.found', 'session.logout', 'revoke.unanswered'],
      // The list shows, is loaded again after a change, and a 401 on it ends the session (the
      // server's words said once); a second 401 changes nothing.
      ['app.startWithToken', 'user.found', 'list.loaded', 'appointments.refresh', 'list.expired', 'session.expiredAgain', 'session.showLogin'],
    ] as const
  ).flatMap((types) => testModel.getPathsFromEvents(types.map((type) => ({ type }))));

  it('takes every transition of the model', () => {
    const taken = new Set(everyTransition.map((p) => `${JSON.stringify(p.steps.at(-2)?.state.value)} ${p.steps.at(-1)?.event.type}`));
    const declared = Object.entries(model.config.states ?? {}).flatMap(([state, node]) =>
      Object.keys(node?.on ?? {}).map((event) => `"${state}" ${event}`),
    );
    expect(declared).toHaveLength(35);
    expect(taken).toEqual(new Set(declared));
    expect(journeys).toHaveLength(4);
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});
