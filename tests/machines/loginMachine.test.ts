import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { LoginAnswer } from '../../contract/auth.js';
import {
  loginMachine,
  selectHasLoggedIn,
  selectIsLoggingIn,
  type LoginCredentials,
  type LoginEmitted,
} from '../../machines/login/loginMachine.js';
import { answeredByHand, noticeWords, recordEmitted, refused, refusedPlainly, settle, unanswered, undecodable } from './accountFakes.js';

const answer: LoginAnswer = {
  token: 'tok-1',
  user: { _id: 'u1', firstName: 'Asha', lastName: 'Verma', email: 'asha@example.in' },
};

function start() {
  const login = answeredByHand<LoginAnswer, LoginCredentials>();
  const exchangeGoogleCode = answeredByHand<LoginAnswer, { code: string }>();
  const machine = loginMachine.provide({ actors: { login: login.logic, exchangeGoogleCode: exchangeGoogleCode.logic } });
  const actor = createActor(machine, { input: {} }).start();
  const emitted = recordEmitted<LoginEmitted>(actor);
  return { actor, emitted, login, exchangeGoogleCode };
}

describe('loginMachine: email and password', () => {
  it('says which field is blank and calls nothing', () => {
    const { actor, emitted, login } = start();
    actor.send({ type: 'login.submit', email: ' ', password: '' });
    actor.send({ type: 'login.submit', email: 'asha@example.in', password: '' });
    expect(emitted.take()).toEqual([
      { type: 'notice', tone: 'error', notice: { kind: 'missingFields', fields: ['email', 'password'] } },
      { type: 'notice', tone: 'error', notice: { kind: 'missingFields', fields: ['password'] } },
    ]);
    expect(login.calls).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('Idle');
  });

  it('logs in, welcomes by first name and hands the token and user on', async () => {
    const { actor, emitted, login } = start();
    actor.send({ type: 'login.submit', email: ' asha@example.in ', password: ' secret words ' });
    expect(selectIsLoggingIn(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().can({ type: 'login.submit', email: 'a@b.in', password: 'x' })).toBe(false);
    // The email is trimmed; the password is sent exactly as typed.
    expect(login.latest().input).toEqual({ email: 'asha@example.in', password: ' secret words ' });

    login.latest().resolve(answer);
    await settle();
    const done = actor.getSnapshot();
    expect(selectHasLoggedIn(done)).toBe(true);
    expect(selectIsLoggingIn(done)).toBe(false);
    expect(done.status).toBe('done');
    expect(done.output).toEqual(answer);
    expect(emitted.take()).toEqual([
      { type: 'notice', tone: 'success', notice: { kind: 'welcome', firstName: 'Asha' } },
      { type: 'loggedIn', ...answer },
    ]);
  });

  it.each([
    ['a wrong email or password, in the server words', refused(401, 'Invalid email or password.'), 'server: Invalid email or password.'],
    ['too many tries, in the server words', refused(429, 'Too many attempts. Try again in a minute.'), 'server: Too many attempts. Try again in a minute.'],
    ['a refusal without a readable message', refusedPlainly(401), 'loginFailed'],
    // No answer says nothing about the password: not 'Please forgot password...'.
    ['no answer (offline)', unanswered, 'somethingWentWrong'],
    ['an answer that is not what the contract says', undecodable, 'somethingWentWrong'],
    ['a server failure without a readable message (502)', refusedPlainly(502), 'somethingWentWrong'],
    ['a server failure, whatever its words (500)', refused(500, 'Internal Server Error'), 'somethingWentWrong'],
  ])('goes back to the form after %s', async (_, failure, words) => {
    const { actor, emitted, login } = start();
    actor.send({ type: 'login.submit', email: 'asha@example.in', password: 'wrong words' });
    login.latest().reject(failure);
    await settle();
    expect(noticeWords(emitted.take())).toEqual([words]);
    expect(actor.getSnapshot().value).toBe('Idle');
    expect(emitted.all.some((e) => e.type === 'loggedIn')).toBe(false);

    actor.send({ type: 'login.submit', email: 'asha@example.in', password: 'right words' });
    expect(login.calls).toHaveLength(2);
  });
});

describe('loginMachine: Google', () => {
  it('asks the app to send the browser to Google, and waits', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'google.start' });
    expect(emitted.take()).toEqual([{ type: 'google.redirect' }]);
    expect(actor.getSnapshot().value).toBe('Idle');
  });

  it.each([
    ['an error', { error: 'access_denied' }],
    ['an error and a code', { error: 'access_denied', code: 'c1' }],
    ['neither code nor error', {}],
    ['a blank code', { code: ' ' }],
  ])('says Google login failed when the return carries %s, and exchanges nothing', (_, carried) => {
    const { actor, emitted, exchangeGoogleCode } = start();
    actor.send({ type: 'google.returned', ...carried });
    expect(emitted.take()).toEqual([{ type: 'notice', tone: 'error', notice: { kind: 'googleFailed' } }]);
    expect(exchangeGoogleCode.calls).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('Idle');
  });

  it('exchanges the code, then welcomes and hands on like a manual login', async () => {
    const { actor, emitted, exchangeGoogleCode } = start();
    actor.send({ type: 'google.returned', code: 'one-time-code', error: null });
    expect(actor.getSnapshot().value).toBe('ExchangingGoogleCode');
    expect(selectIsLoggingIn(actor.getSnapshot())).toBe(true);
    expect(exchangeGoogleCode.latest().input).toEqual({ code: 'one-time-code' });

    exchangeGoogleCode.latest().resolve(answer);
    await settle();
    expect(actor.getSnapshot().output).toEqual(answer);
    expect(emitted.take()).toEqual([
      { type: 'notice', tone: 'success', notice: { kind: 'welcome', firstName: 'Asha' } },
      { type: 'loggedIn', ...answer },
    ]);
  });

  it.each([
    ['a used or expired code, whatever the server says', refused(400, 'This sign-in code has expired.')],
    ['no answer', unanswered],
  ])('says Google login failed when the exchange fails: %s', async (_, failure) => {
    const { actor, emitted, exchangeGoogleCode } = start();
    actor.send({ type: 'google.returned', code: 'one-time-code' });
    exchangeGoogleCode.latest().reject(failure);
    await settle();
    expect(emitted.take()).toEqual([{ type: 'notice', tone: 'error', notice: { kind: 'googleFailed' } }]);
    expect(actor.getSnapshot().value).toBe('Idle');
  });
});
