/**
 * The session owns the patient's appointments list (spec §4 "Once the user is known their
 * appointments are fetched by email"; the session machine fetches the list once the user
 * is known, and after every change): the REAL session runs the REAL list machine as its child,
 * with fake calls provided as the app provides the real ones (src/app/account.tsx).
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { AppointmentRecord } from '../../contract/appointments.js';
import type { LoginUser, User } from '../../contract/auth.js';
import {
  appointmentsListMachine,
  selectAppointments,
  selectIsLoading,
  selectListStatus,
} from '../../machines/appointments/appointmentsListMachine.js';
import type { SessionEmitted } from '../../machines/session/events.js';
import { selectAppointmentsList, selectIsLoggedIn } from '../../machines/session/selectors.js';
import { sessionMachine } from '../../machines/session/sessionMachine.js';
import { answeredByHand, recordEmitted, refused, settle, unanswered } from './accountFakes.js';
import { appointment } from './appointmentFakes.js';

const loginUser: LoginUser = { _id: 'u1', firstName: 'Asha', lastName: 'Verma', email: 'asha@example.in' };
const user: User = { ...loginUser, age: 34, gender: 'female', phoneNumber: '9876543210', signInMethod: 'manual', role: 'patient' };

function start(storedToken: string | null) {
  const fetchCurrentUser = answeredByHand<User, { token: string }>();
  const logout = answeredByHand<unknown, { token: string }>();
  const loadAppointments = answeredByHand<AppointmentRecord[], { email: string; token: string }>();
  let stored = storedToken;
  const told: Array<string | undefined> = [];
  const machine = sessionMachine.provide({
    actors: {
      fetchCurrentUser: fetchCurrentUser.logic,
      logout: logout.logic,
      appointmentsList: appointmentsListMachine.provide({ actors: { loadAppointments: loadAppointments.logic } }),
    },
    actions: {
      storeToken: (_, params) => {
        stored = params.token;
      },
      forgetToken: () => {
        stored = null;
      },
      tellExpired: (_, { text }) => {
        told.push(text);
      },
    },
  });
  const actor = createActor(machine, { input: { storedToken } });
  const emitted = recordEmitted<SessionEmitted>(actor);
  actor.start();
  const list = () => {
    const ref = selectAppointmentsList(actor.getSnapshot());
    if (!ref) throw new Error('no appointments list');
    return ref.getSnapshot();
  };
  return { actor, emitted, fetchCurrentUser, logout, loadAppointments, list, stored: () => stored, told };
}

describe('the session and the appointments list', () => {
  it('fetches the list by email once the stored token gives the user, not before', async () => {
    const session = start('tok-stored');
    expect(selectAppointmentsList(session.actor.getSnapshot())).toBeUndefined();
    expect(session.loadAppointments.calls).toHaveLength(0);
    session.fetchCurrentUser.latest().resolve(user);
    await settle();
    expect(session.loadAppointments.calls).toHaveLength(1);
    expect(session.loadAppointments.latest().input).toEqual({ email: 'asha@example.in', token: 'tok-stored' });
    expect(selectListStatus(session.list())).toBe('loading');
    const records = [appointment(), appointment({ appointmentStatus: 'Expired' })];
    session.loadAppointments.latest().resolve(records);
    await settle();
    expect(selectListStatus(session.list())).toBe('ready');
    expect(selectAppointments(session.list())).toEqual(records);
  });

  it('waits for the user after a login, then fetches with the new token', async () => {
    const session = start(null);
    session.actor.send({ type: 'session.loggedIn', token: 'tok-new', user: loginUser });
    expect(session.loadAppointments.calls).toHaveLength(0);
    session.fetchCurrentUser.latest().resolve(user);
    await settle();
    expect(session.loadAppointments.latest().input).toEqual({ email: 'asha@example.in', token: 'tok-new' });
  });

  it('loads the list again on appointments.refresh, keeping the old one shown meanwhile', async () => {
    const session = start('tok-stored');
    session.fetchCurrentUser.latest().resolve(user);
    await settle();
    const first = [appointment()];
    session.loadAppointments.latest().resolve(first);
    await settle();
    session.actor.send({ type: 'appointments.refresh' });
    expect(session.loadAppointments.calls).toHaveLength(2);
    expect(selectIsLoading(session.list())).toBe(true);
    expect(selectAppointments(session.list())).toEqual(first);
    const second = [{ ...first[0]!, appointmentStatus: 'Cancelled' as const }];
    session.loadAppointments.latest().resolve(second);
    await settle();
    expect(selectAppointments(session.list())).toEqual(second);
  });

  it('ignores appointments.refresh while nobody is logged in', () => {
    const session = start(null);
    session.actor.send({ type: 'appointments.refresh' });
    expect(session.loadAppointments.calls).toHaveLength(0);
  });

  it('drops the list at logout, and a late answer changes nothing', async () => {
    const session = start('tok-stored');
    session.fetchCurrentUser.latest().resolve(user);
    await settle();
    const pending = session.loadAppointments.latest();
    session.actor.send({ type: 'session.logout' });
    expect(pending.signal.aborted).toBe(true);
    expect(selectAppointmentsList(session.actor.getSnapshot())).toBeUndefined();
    pending.resolve([appointment()]);
    await settle();
    expect(selectAppointmentsList(session.actor.getSnapshot())).toBeUndefined();
  });

  it('starts a new list for a new login while logged in', async () => {
    const session = start('tok-stored');
    session.fetchCurrentUser.latest().resolve(user);
    await settle();
    session.loadAppointments.latest().resolve([appointment()]);
    await settle();
    session.actor.send({ type: 'session.loggedIn', token: 'tok-2', user: loginUser });
    expect(selectAppointmentsList(session.actor.getSnapshot())).toBeUndefined();
    session.fetchCurrentUser.latest().resolve(user);
    await settle();
    expect(session.loadAppointments.latest().input.token).toBe('tok-2');
    expect(selectListStatus(session.list())).toBe('loading');
  });

  it('fails quietly when the list cannot be fetched, and keeps the session', async () => {
    const session = start('tok-stored');
    session.fetchCurrentUser.latest().resolve(user);
    await settle();
    session.loadAppointments.latest().reject(unanswered);
    await settle();
    expect(selectListStatus(session.list())).toBe('failed');
    expect(selectIsLoggedIn(session.actor.getSnapshot())).toBe(true);
    expect(session.emitted.all).toEqual([]);
  });

  it('a 401 on the list fails the list only; the session ends when the request base tells it (once)', async () => {
    const session = start('tok-stored');
    session.fetchCurrentUser.latest().resolve(user);
    await settle();
    session.loadAppointments.latest().reject(refused(401, 'Please log in again.'));
    await settle();
    // The list does not end the session itself: the request base does (src/app/account.tsx).
    expect(selectListStatus(session.list())).toBe('failed');
    expect(selectIsLoggedIn(session.actor.getSnapshot())).toBe(true);
    session.actor.send({ type: 'session.expired', text: 'Please log in again.' });
    expect(selectIsLoggedIn(session.actor.getSnapshot())).toBe(false);
    expect(selectAppointmentsList(session.actor.getSnapshot())).toBeUndefined();
    expect(session.stored()).toBeNull();
    expect(session.emitted.all).toEqual([]);
    expect(session.told).toEqual(['Please log in again.']);
    // Another call's 401 on its way meanwhile: logged out already, nothing is said again.
    session.actor.send({ type: 'session.expired', text: 'Please log in again.' });
    expect(session.told).toEqual(['Please log in again.']);
    expect(selectIsLoggedIn(session.actor.getSnapshot())).toBe(false);
  });
});
