/**
 * Model-based paths for the login form, opened on the email form or (the login the booking asks
 * for) on the mobile number: a blank field, email and password answered or refused,
 * Google started, returned with an error, returned with a code that is exchanged or not, the mobile
 * path opened, left, Google started from it, and signed in through (its child's own paths: mobileSignIn.paths.test.ts). Along
 * every path the REAL machine runs with its calls answered by hand; each step must emit what the
 * person reads (and the app acts on) and each state must show what the model says.
 */
import { createActor, createMachine, type Actor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { LoginAnswer } from '../../contract/auth.js';
import type { MobileSignInAnswer } from '../../contract/mobile.js';
import type { MobileSignInInput, SendCodeInput } from '../../machines/mobileSignIn/events.js';
import { mobileSignInMachine } from '../../machines/mobileSignIn/mobileSignInMachine.js';
import {
  loginMachine,
  selectHasLoggedIn,
  selectIsLoggingIn,
  selectMobileRef,
  type LoginCredentials,
  type LoginEmitted,
  type LoginEvent,
  type LoginOpening,
} from '../../machines/login/loginMachine.js';
import { answeredByHand, recordEmitted, refused, settle, unanswered } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

const answer: LoginAnswer = { token: 'tok-1', user: { _id: 'u1', firstName: 'Asha', lastName: 'Verma', email: 'asha@example.in' } };

/** A known number: the account has its name, so the welcome is the spec's. */
const mobileAnswer: MobileSignInAnswer = { ...answer, created: false, profileComplete: true };

const emits = {
  'open.email': [],
  'open.mobile': [],
  'submit.blank': ['missingFields'],
  'submit.invalid': ['fields'],
  submit: [],
  'login.done': ['welcome', 'loggedIn'],
  'login.refused': ['server: Invalid email or password.'],
  'google.start': ['google.redirect'],
  'google.error': ['googleFailed'],
  'google.code': [],
  'exchange.done': ['welcome', 'loggedIn'],
  'exchange.failed': ['googleFailed'],
  'mobile.start': [],
  'mobile.cancel': [],
  'mobile.signedIn': ['mobileCodeSent', 'welcome', 'loggedIn'],
} as const satisfies Record<string, readonly string[]>;

type ModelEvent = { type: keyof typeof emits };

const model = createMachine({
  id: 'loginModel',
  types: {} as { events: ModelEvent },
  initial: 'Opening',
  states: {
    Opening: { on: { 'open.email': 'Form', 'open.mobile': 'Mobile' } },
    Form: {
      on: {
        'submit.blank': 'Form',
        'submit.invalid': 'Form',
        submit: 'Checking',
        'google.start': 'Form',
        'google.error': 'Form',
        'google.code': 'Exchanging',
        'mobile.start': 'Mobile',
      },
    },
    Mobile: { on: { 'mobile.cancel': 'Form', 'mobile.signedIn': 'LoggedIn', 'google.start': 'Mobile' } },
    Checking: { on: { 'login.done': 'LoggedIn', 'login.refused': 'Form' } },
    Exchanging: { on: { 'exchange.done': 'LoggedIn', 'exchange.failed': 'Form' } },
    LoggedIn: { type: 'final' },
  },
});

function harness() {
  const login = answeredByHand<LoginAnswer, LoginCredentials>();
  const exchange = answeredByHand<LoginAnswer, { code: string }>();
  const sendCode = answeredByHand<unknown, SendCodeInput>();
  const signIn = answeredByHand<MobileSignInAnswer, MobileSignInInput>();
  const machine = loginMachine.provide({
    actors: {
      login: login.logic,
      exchangeGoogleCode: exchange.logic,
      mobileSignIn: mobileSignInMachine.provide({ actors: { sendSignInCode: sendCode.logic, signInWithCode: signIn.logic } }),
    },
  });
  let expectedAnswer: LoginAnswer = answer;
  // Made by the first step, which says which way the popup opens.
  let started: { actor: Actor<typeof machine>; emitted: ReturnType<typeof recordEmitted<LoginEmitted>> } | null = null;
  const open = (opening: LoginOpening) => {
    const actor = createActor(machine, { inspect: recordWalk, input: { opening } });
    started = { actor, emitted: recordEmitted<LoginEmitted>(actor) };
    actor.start();
  };
  const running = () => {
    if (!started) throw new Error('the popup is not open yet');
    return started;
  };
  const step = stepper(() => (started ? started.emitted.take() : []), emits);
  const snapshot = () => running().actor.getSnapshot();
  const actor = { send: (event: LoginEvent) => running().actor.send(event) };
  const waiting = (busy: boolean) => () => {
    expect(selectIsLoggingIn(snapshot())).toBe(busy);
    expect(selectHasLoggedIn(snapshot())).toBe(false);
    expect(snapshot().status).toBe('active');
  };
  return {
    stop: () => started?.actor.stop(),
    events: {
      'open.email': step('open.email', () => open('email')),
      'open.mobile': step('open.mobile', () => open('mobile')),
      'submit.blank': step('submit.blank', () => actor.send({ type: 'login.submit', email: 'asha@example.in', password: '' })),
      'submit.invalid': step('submit.invalid', () => {
        const calls = login.calls.length;
        actor.send({ type: 'login.submit', email: 'asha at example', password: 'secret words' });
        expect(login.calls).toHaveLength(calls);
      }),
      submit: step('submit', () => {
        actor.send({ type: 'login.submit', email: ' asha@example.in ', password: 'secret words' });
        expect(login.latest().input).toEqual({ email: 'asha@example.in', password: 'secret words' });
      }),
      'login.done': step('login.done', () => login.latest().resolve(answer)),
      'login.refused': step('login.refused', () => login.latest().reject(refused(401, 'Invalid email or password.'))),
      'google.start': step('google.start', () => actor.send({ type: 'google.start' })),
      'google.error': step('google.error', () => actor.send({ type: 'google.returned', error: 'access_denied' })),
      'google.code': step('google.code', () => {
        actor.send({ type: 'google.returned', code: ' c-1 ' });
        expect(exchange.latest().input).toEqual({ code: 'c-1' });
      }),
      'exchange.done': step('exchange.done', () => exchange.latest().resolve(answer)),
      'exchange.failed': step('exchange.failed', () => exchange.latest().reject(unanswered)),
      'mobile.start': step('mobile.start', () => actor.send({ type: 'mobile.start' })),
      'mobile.cancel': step('mobile.cancel', () => actor.send({ type: 'mobile.cancel' })),
      'mobile.signedIn': step('mobile.signedIn', async () => {
        const mobile = selectMobileRef(snapshot());
        mobile?.send({ type: 'mobile.send', phoneNumber: '9822012345' });
        sendCode.latest().resolve({ message: 'Code sent.' });
        await settle();
        mobile?.send({ type: 'mobile.verify', code: '123456' });
        expect(signIn.latest().input).toEqual({ phoneNumber: '9822012345', code: '123456' });
        expectedAnswer = mobileAnswer;
        signIn.latest().resolve(mobileAnswer);
      }),
    },
    states: {
      Opening: () => expect(started).toBeNull(),
      Form: waiting(false),
      Checking: waiting(true),
      Exchanging: waiting(true),
      Mobile: () => {
        waiting(false)();
        expect(selectMobileRef(snapshot())).toBeDefined();
      },
      LoggedIn: () => {
        expect(selectHasLoggedIn(snapshot())).toBe(true);
        expect(snapshot().output).toEqual(expectedAnswer);
      },
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('loginMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = (
    [
      ['open.email', 'submit.blank', 'submit', 'login.refused', 'google.code', 'exchange.failed', 'submit', 'login.done'],
      // The login the booking asks for: on the mobile number, signed in there.
      ['open.mobile', 'mobile.signedIn'],
    ] as const
  ).flatMap((types) => testModel.getPathsFromEvents(types.map((type) => ({ type }))));

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(16);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
  expectWalkedFully(loginMachine);
});
