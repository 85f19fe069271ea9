import { createActor, createMachine } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { LoginUser, User } from '../../contract/auth.js';
import {
  selectAppointmentsList,
  selectIsCheckingSession,
  selectIsLoggedIn,
  selectIsSessionUnverified,
  selectPanel,
  selectToken,
  selectUser,
} from '../../machines/session/selectors.js';
import type { LoginOutcome, SessionEmitted } from '../../machines/session/events.js';
import { sessionMachine } from '../../machines/session/sessionMachine.js';
import { answeredByHand, recordEmitted, refused, refusedPlainly, settle, unanswered, undecodable } from './accountFakes.js';

const loginUser: LoginUser = { _id: 'u1', firstName: 'Asha', lastName: 'Verma', email: 'asha@example.in' };
const user: User = { ...loginUser, age: 34, gender: 'female', phoneNumber: '9876543210', signInMethod: 'manual', role: 'patient' };

/** The real machine with fake calls and token storage, provided as the app provides the real ones. */
function start(storedToken: string | null) {
  const fetchCurrentUser = answeredByHand<User, { token: string }>();
  const logout = answeredByHand<unknown, { token: string }>();
  const storeToken = vi.fn<(token: string) => void>();
  const forgetToken = vi.fn<() => void>();
  const machine = sessionMachine.provide({
    actors: { fetchCurrentUser: fetchCurrentUser.logic, logout: logout.logic },
    actions: {
      storeToken: (_, params) => storeToken(params.token),
      forgetToken: () => forgetToken(),
    },
  });
  const actor = createActor(machine, { input: { storedToken } });
  const emitted = recordEmitted<SessionEmitted>(actor);
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return { actor, snapshot, emitted, fetchCurrentUser, logout, storeToken, forgetToken };
}

/** Logged in through session.loggedIn, the user fetched. */
async function loggedIn(token = 'tok-new') {
  const session = start(null);
  session.actor.send({ type: 'session.loggedIn', token, user: loginUser });
  session.fetchCurrentUser.latest().resolve(user);
  await settle();
  session.emitted.take();
  return session;
}

describe('sessionMachine: on load', () => {
  it.each([null, ''])('is logged out at once without a stored token (%j)', (stored) => {
    const { snapshot, fetchCurrentUser, forgetToken } = start(stored);
    expect(snapshot().value).toEqual({ Auth: 'LoggedOut', Panel: 'None' });
    expect(selectIsLoggedIn(snapshot())).toBe(false);
    expect(selectIsCheckingSession(snapshot())).toBe(false);
    expect(selectToken(snapshot())).toBeNull();
    expect(selectUser(snapshot())).toBeNull();
    expect(selectPanel(snapshot())).toBeNull();
    expect(selectAppointmentsList(snapshot())).toBeUndefined();
    expect(fetchCurrentUser.calls).toHaveLength(0);
    expect(forgetToken).not.toHaveBeenCalled();
  });

  it('fetches the user with a stored token, then is logged in', async () => {
    const { snapshot, fetchCurrentUser, emitted } = start('tok-stored');
    expect(snapshot().value).toEqual({ Auth: 'Restoring', Panel: 'None' });
    expect(selectIsCheckingSession(snapshot())).toBe(true);
    expect(selectIsLoggedIn(snapshot())).toBe(false);
    expect(fetchCurrentUser.latest().input).toEqual({ token: 'tok-stored' });

    fetchCurrentUser.latest().resolve(user);
    await settle();
    expect(snapshot().value).toEqual({ Auth: { LoggedIn: 'Ready' }, Panel: 'None' });
    expect(selectIsCheckingSession(snapshot())).toBe(false);
    expect(selectIsLoggedIn(snapshot())).toBe(true);
    expect(selectUser(snapshot())).toEqual(user);
    expect(selectToken(snapshot())).toBe('tok-stored');
    expect(fetchCurrentUser.calls).toHaveLength(1); // not fetched a second time
    expect(emitted.all).toEqual([]);
  });

  it('drops a stale token quietly (401)', async () => {
    const { snapshot, fetchCurrentUser, forgetToken, emitted } = start('tok-stale');
    fetchCurrentUser.latest().reject(refused(401, 'Your session has ended. Please log in again.'));
    await settle();
    expect(snapshot().value).toEqual({ Auth: 'LoggedOut', Panel: 'None' });
    expect(forgetToken).toHaveBeenCalledTimes(1);
    expect(snapshot().context.token).toBeNull();
    expect(selectIsLoggedIn(snapshot())).toBe(false);
    expect(emitted.all).toEqual([]); // no notice, no navigation
  });

  it.each([
    ['no answer', unanswered],
    ['a server failure', refused(503, 'Database unavailable')],
    ['a refusal without a readable message', refusedPlainly(502)],
    ['an answer that is not a user', undecodable],
  ])('keeps the token and waits for a retry after %s', async (_, failure) => {
    const { actor, snapshot, fetchCurrentUser, forgetToken, emitted } = start('tok-stored');
    fetchCurrentUser.latest().reject(failure);
    await settle();
    expect(snapshot().value).toEqual({ Auth: 'Unverified', Panel: 'None' });
    expect(selectIsSessionUnverified(snapshot())).toBe(true);
    expect(selectIsLoggedIn(snapshot())).toBe(false);
    expect(selectIsCheckingSession(snapshot())).toBe(false);
    expect(selectToken(snapshot())).toBeNull();
    expect(snapshot().context.token).toBe('tok-stored');
    expect(forgetToken).not.toHaveBeenCalled();
    expect(emitted.all).toEqual([]);

    actor.send({ type: 'session.retry' });
    expect(selectIsCheckingSession(snapshot())).toBe(true);
    expect(fetchCurrentUser.latest().input).toEqual({ token: 'tok-stored' });
    fetchCurrentUser.latest().resolve(user);
    await settle();
    expect(selectIsLoggedIn(snapshot())).toBe(true);
    expect(selectUser(snapshot())).toEqual(user);
  });

  it('offers a retry only while unverified', async () => {
    const { snapshot } = await loggedIn();
    expect(snapshot().can({ type: 'session.retry' })).toBe(false);
  });
});

describe('sessionMachine: login', () => {
  it('stores the token, is logged in at once with the login answer, closes the popup and fetches the user', async () => {
    const { actor, snapshot, fetchCurrentUser, storeToken } = start(null);
    actor.send({ type: 'session.showLogin' });
    actor.send({ type: 'session.loggedIn', token: 'tok-new', user: loginUser });
    expect(storeToken.mock.calls).toEqual([['tok-new']]);
    expect(snapshot().value).toEqual({ Auth: { LoggedIn: 'Verifying' }, Panel: 'None' });
    expect(selectIsLoggedIn(snapshot())).toBe(true);
    expect(selectUser(snapshot())).toEqual(loginUser);
    expect(selectToken(snapshot())).toBe('tok-new');
    expect(fetchCurrentUser.latest().input).toEqual({ token: 'tok-new' });

    fetchCurrentUser.latest().resolve(user);
    await settle();
    expect(snapshot().value).toEqual({ Auth: { LoggedIn: 'Ready' }, Panel: 'None' });
    expect(selectUser(snapshot())).toEqual(user);
  });

  it.each([
    ['no answer', unanswered],
    ['a 401', refused(401, 'Your session has ended. Please log in again.')],
  ])('logs out, closes the popup and goes to / when the user fetch fails (%s)', async (_, failure) => {
    const { actor, snapshot, fetchCurrentUser, forgetToken, emitted } = start(null);
    actor.send({ type: 'session.loggedIn', token: 'tok-new', user: loginUser });
    actor.send({ type: 'session.showRegister' }); // nothing opens while logged in...
    expect(selectPanel(snapshot())).toBeNull();
    fetchCurrentUser.latest().reject(failure);
    await settle();
    expect(snapshot().value).toEqual({ Auth: 'LoggedOut', Panel: 'None' });
    expect(selectIsLoggedIn(snapshot())).toBe(false);
    expect(selectUser(snapshot())).toBeNull();
    expect(snapshot().context.token).toBeNull();
    expect(forgetToken).toHaveBeenCalledTimes(1);
    expect(emitted.take()).toEqual([
      { type: 'navigate', to: '/' },
      { type: 'notice', tone: 'error', notice: { kind: 'somethingWentWrong' } },
    ]);
  });

  it('replaces the session when a new login arrives while logged in', async () => {
    const { actor, snapshot, fetchCurrentUser, storeToken } = await loggedIn('tok-1');
    actor.send({ type: 'session.loggedIn', token: 'tok-2', user: loginUser });
    expect(storeToken.mock.calls).toEqual([['tok-1'], ['tok-2']]);
    expect(snapshot().value).toEqual({ Auth: { LoggedIn: 'Verifying' }, Panel: 'None' });
    expect(fetchCurrentUser.latest().input).toEqual({ token: 'tok-2' });
    expect(fetchCurrentUser.calls).toHaveLength(2);
  });

  it('takes a login while a stored token is still being checked, and drops that check', async () => {
    const { actor, snapshot, fetchCurrentUser } = start('tok-stored');
    const check = fetchCurrentUser.latest();
    actor.send({ type: 'session.loggedIn', token: 'tok-new', user: loginUser });
    expect(check.signal.aborted).toBe(true);
    expect(selectToken(snapshot())).toBe('tok-new');
    expect(selectIsCheckingSession(snapshot())).toBe(false);
  });
});

describe('sessionMachine: logout and expiry', () => {
  it('forgets the token, clears the user, says so, and revokes the token on the server', async () => {
    const { actor, snapshot, logout, forgetToken, emitted } = await loggedIn('tok-1');
    actor.send({ type: 'session.logout' });
    expect(forgetToken).toHaveBeenCalledTimes(1);
    expect(selectIsLoggedIn(snapshot())).toBe(false);
    expect(selectUser(snapshot())).toBeNull();
    expect(selectToken(snapshot())).toBeNull();
    expect(emitted.take()).toEqual([{ type: 'notice', tone: 'success', notice: { kind: 'loggedOut' } }]);
    expect(logout.latest().input).toEqual({ token: 'tok-1' });

    logout.latest().resolve({ message: 'Logged out.' });
    await settle();
    expect(snapshot().value).toEqual({ Auth: 'LoggedOut', Panel: 'None' });
    expect(snapshot().context.token).toBeNull();
  });

  it('is logged out all the same when the server cannot be told', async () => {
    const { actor, snapshot, logout, emitted } = await loggedIn();
    actor.send({ type: 'session.logout' });
    logout.latest().reject(unanswered);
    await settle();
    expect(snapshot().value).toEqual({ Auth: 'LoggedOut', Panel: 'None' });
    expect(snapshot().status).toBe('active');
    expect(emitted.take()).toEqual([{ type: 'notice', tone: 'success', notice: { kind: 'loggedOut' } }]);
  });

  it('offers logout only while logged in', () => {
    const { snapshot } = start(null);
    expect(snapshot().can({ type: 'session.logout' })).toBe(false);
  });

  it('ends quietly when a call says the token expired', async () => {
    const { actor, snapshot, forgetToken, logout, emitted } = await loggedIn();
    actor.send({ type: 'session.expired' });
    expect(snapshot().value).toEqual({ Auth: 'LoggedOut', Panel: 'None' });
    expect(forgetToken).toHaveBeenCalledTimes(1);
    expect(snapshot().context).toEqual({ token: null, user: null, waiting: null });
    expect(selectAppointmentsList(snapshot())).toBeUndefined();
    expect(logout.calls).toHaveLength(0);
    expect(emitted.all).toEqual([]);
  });
});

describe('sessionMachine: panels', () => {
  it('shows at most one of the login and register panels', () => {
    const { actor, snapshot } = start(null);
    actor.send({ type: 'session.showLogin' });
    expect(selectPanel(snapshot())).toBe('login');
    actor.send({ type: 'session.showRegister' });
    expect(selectPanel(snapshot())).toBe('register');
    actor.send({ type: 'session.showLogin' });
    expect(selectPanel(snapshot())).toBe('login');
    actor.send({ type: 'session.closePanels' });
    expect(selectPanel(snapshot())).toBeNull();
  });

  it('opens neither while logged in', async () => {
    const { actor, snapshot } = await loggedIn();
    expect(snapshot().can({ type: 'session.showLogin' })).toBe(false);
    actor.send({ type: 'session.showLogin' });
    actor.send({ type: 'session.showRegister' });
    expect(selectPanel(snapshot())).toBeNull();
  });

  it('can open the login panel while a stored token is being checked', () => {
    const { actor, snapshot } = start('tok-stored');
    actor.send({ type: 'session.showLogin' });
    expect(selectPanel(snapshot())).toBe('login');
  });
});

describe('sessionMachine: answering the actor that asked for the login popup', () => {
  /** A stand-in for the booking: an actor that records what the session sends it. */
  function waiter() {
    const received: LoginOutcome[] = [];
    const actor = createActor(createMachine({ types: {} as { events: LoginOutcome }, on: { '*': { actions: ({ event }) => received.push(event) } } }));
    actor.start();
    return { actor, received };
  }

  it('says login.succeeded at the login and again with the whole user, then forgets the actor', async () => {
    const session = start(null);
    const booking = waiter();
    session.actor.send({ type: 'session.showLogin', replyTo: booking.actor });
    // Switching to sign-up and back keeps the waiting actor.
    session.actor.send({ type: 'session.showRegister' });
    session.actor.send({ type: 'session.showLogin' });
    expect(booking.received).toEqual([]);
    session.actor.send({ type: 'session.loggedIn', token: 'tok-new', user: loginUser });
    expect(booking.received).toEqual([{ type: 'login.succeeded', token: 'tok-new', user: loginUser }]);
    session.fetchCurrentUser.latest().resolve(user);
    await settle();
    expect(booking.received.at(-1)).toEqual({ type: 'login.succeeded', token: 'tok-new', user });
    expect(booking.received).toHaveLength(2);
    expect(session.snapshot().context.waiting).toBeNull();
    session.actor.send({ type: 'session.logout' });
    session.actor.send({ type: 'session.loggedIn', token: 'tok-2', user: loginUser });
    session.fetchCurrentUser.latest().resolve(user);
    await settle();
    expect(booking.received).toHaveLength(2);
  });

  it('says login.cancelled when the popups close without a login, and nothing to nobody otherwise', () => {
    const session = start(null);
    const booking = waiter();
    session.actor.send({ type: 'session.closePanels' });
    session.actor.send({ type: 'session.showLogin', replyTo: booking.actor });
    session.actor.send({ type: 'session.closePanels' });
    expect(booking.received).toEqual([{ type: 'login.cancelled' }]);
    session.actor.send({ type: 'session.closePanels' });
    expect(booking.received).toHaveLength(1);
  });

  it('says session.ended when the user cannot be fetched after the login', async () => {
    const session = start(null);
    const booking = waiter();
    session.actor.send({ type: 'session.showLogin', replyTo: booking.actor });
    session.actor.send({ type: 'session.loggedIn', token: 'tok-new', user: loginUser });
    session.fetchCurrentUser.latest().reject(unanswered);
    await settle();
    expect(booking.received.map((event) => event.type)).toEqual(['login.succeeded', 'session.ended']);
    expect(selectIsLoggedIn(session.snapshot())).toBe(false);
  });
});
