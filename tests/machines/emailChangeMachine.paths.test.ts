/**
 * Model-based paths for /account's email: the address checked and sent a code (or refused), the
 * code checked (refused on its field, or right), sent again once the countdown is over, the
 * address saved, taken by another account, or unanswered and saved again. Along every path the
 * REAL machine runs with every call answered by hand; each step must emit exactly what the
 * person reads and the app acts on, and each state must show what the model says.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { User } from '../../contract/auth.js';
import {
  emailChangeMachine,
  selectEmailBusy,
  selectEmailProblems,
  selectEmailStep,
  type EmailStep,
} from '../../machines/accountContact/emailChangeMachine.js';
import { resendAfterSeconds, type ContactEmitted } from '../../machines/accountContact/problems.js';
import { answeredByHand, recordEmitted, refused, unanswered } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';
import { emittedWords } from './pathSteps.js';

const emits = {
  start: [],
  'send.invalid': [],
  edited: [],
  send: [],
  cancel: [],
  sent: ['emailCodeSent'],
  'send.refused': ['failed'],
  'code.invalid': [],
  'code.edited': [],
  validate: [],
  'time.passes': [],
  'change.address': [],
  resend: [],
  'code.refused': [],
  valid: [],
  saved: ['emailSaved', 'saved'],
  taken: [],
  'save.failed': ['failed'],
  retry: [],
} as const satisfies Record<string, readonly string[]>;

type ModelEvent = { type: keyof typeof emits };

const model = createMachine({
  id: 'emailChangeModel',
  types: {} as { events: ModelEvent },
  initial: 'Idle',
  states: {
    Idle: { on: { start: 'Entering' } },
    Entering: { on: { 'send.invalid': 'Entering', edited: 'Entering', send: 'Sending', cancel: 'Idle' } },
    Sending: { on: { sent: 'Typing', 'send.refused': 'Entering' } },
    Typing: {
      on: {
        'code.invalid': 'Typing',
        'code.edited': 'Typing',
        validate: 'Validating',
        'time.passes': 'TypingReady',
        'change.address': 'Entering',
        cancel: 'Idle',
      },
    },
    /** The countdown is over: the code may be sent again. */
    TypingReady: { on: { resend: 'Sending' } },
    Validating: { on: { 'code.refused': 'Typing', valid: 'Saving' } },
    Saving: { on: { saved: 'Idle', taken: 'Entering', 'save.failed': 'Proven' } },
    Proven: { on: { retry: 'Saving', cancel: 'Idle' } },
  },
});

const ravi: User = {
  _id: 'u2',
  firstName: 'Ravi',
  lastName: 'Patil',
  email: 'ravi@example.in',
  age: 61,
  gender: 'male',
  phoneNumber: '+919822012345',
  signInMethod: 'phone',
  role: 'patient',
  hasPassword: false,
  phoneVerified: true,
};

function harness() {
  const sendEmailCode = answeredByHand<unknown, { email: string }>();
  const validateEmailCode = answeredByHand<unknown, { email: string; otp: string }>();
  const changeEmail = answeredByHand<User, { email: string; token: string }>();
  const machine = emailChangeMachine.provide({
    actors: { sendEmailCode: sendEmailCode.logic, validateEmailCode: validateEmailCode.logic, changeEmail: changeEmail.logic },
  });
  const actor = createActor(machine, { input: { token: 'tok' }, inspect: recordWalk });
  const emitted = recordEmitted<ContactEmitted>(actor);
  actor.start();
  const flush = () => vi.advanceTimersByTimeAsync(0);
  const step = (type: keyof typeof emits, act: () => void | Promise<unknown>) => async () => {
    emitted.take();
    await act();
    await flush();
    expect(emittedWords(emitted.take()), type).toEqual(emits[type]);
  };
  const send = actor.send.bind(actor);
  let saves = 0;
  const at =
    (step: EmailStep, busy: boolean, ready?: boolean) =>
    (): void => {
      const s = actor.getSnapshot();
      expect(selectEmailStep(s)).toBe(step);
      expect(selectEmailBusy(s)).toBe(busy);
      expect(changeEmail.calls).toHaveLength(saves);
      if (ready !== undefined) expect(s.context.canResend).toBe(ready);
    };
  const saving = () => {
    saves += 1;
    expect(changeEmail.latest().input).toEqual({ email: 'ravi@example.in', token: 'tok' });
  };
  return {
    stop: () => actor.stop(),
    events: {
      start: step('start', () => send({ type: 'email.start' })),
      'send.invalid': step('send.invalid', () => {
        send({ type: 'email.send', email: 'ravi at example' });
        expect(selectEmailProblems(actor.getSnapshot())).toEqual({ email: { kind: 'invalid' } });
      }),
      edited: step('edited', () => send({ type: 'email.edited', field: 'email' })),
      send: step('send', () => {
        send({ type: 'email.send', email: ' ravi@example.in ' });
        expect(sendEmailCode.latest().input).toEqual({ email: 'ravi@example.in' });
      }),
      cancel: step('cancel', () => send({ type: 'email.cancel' })),
      sent: step('sent', () => sendEmailCode.latest().resolve({ message: 'sent' })),
      'send.refused': step('send.refused', () => sendEmailCode.latest().reject(refused(429, 'Too many codes. Try again in 10 minutes.'))),
      'code.invalid': step('code.invalid', () => {
        send({ type: 'email.validate', code: '' });
        expect(selectEmailProblems(actor.getSnapshot())).toEqual({ code: { kind: 'required' } });
      }),
      'code.edited': step('code.edited', () => send({ type: 'email.edited', field: 'code' })),
      validate: step('validate', () => {
        send({ type: 'email.validate', code: '123 456' });
        expect(validateEmailCode.latest().input).toEqual({ email: 'ravi@example.in', otp: '123456' });
      }),
      'time.passes': step('time.passes', () => vi.advanceTimersByTimeAsync(resendAfterSeconds * 1000)),
      'change.address': step('change.address', () => send({ type: 'email.changeAddress' })),
      resend: step('resend', () => send({ type: 'email.resend' })),
      'code.refused': step('code.refused', async () => {
        validateEmailCode.latest().reject(refused(400, 'Invalid email OTP. Please try again.'));
        await flush();
        expect(selectEmailProblems(actor.getSnapshot())).toEqual({ code: { kind: 'server', words: 'Invalid email OTP. Please try again.' } });
      }),
      valid: step('valid', async () => {
        validateEmailCode.latest().resolve({ message: 'Email OTP validated successfully.' });
        await flush();
        saving();
      }),
      saved: step('saved', () => changeEmail.latest().resolve(ravi)),
      taken: step('taken', async () => {
        changeEmail.latest().reject(refused(409, 'This email is on another account.'));
        await flush();
        expect(selectEmailProblems(actor.getSnapshot())).toEqual({ email: { kind: 'taken' } });
      }),
      'save.failed': step('save.failed', () => changeEmail.latest().reject(unanswered)),
      retry: step('retry', () => {
        send({ type: 'email.save' });
        saving();
      }),
    },
    states: {
      Idle: at('idle', false),
      Entering: at('address', false),
      Sending: at('address', true),
      Typing: at('code', false, false),
      TypingReady: at('code', false, true),
      Validating: at('code', true),
      Saving: at('proven', true),
      Proven: at('proven', false),
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('emailChangeMachine paths', () => {
  const testModel = createTestModel(model);
  const paths = pathsTakingEveryTransition(testModel);

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(21);
    expect(takenTransitions(paths)).toEqual(new Set(declared));
  });

  testPaths({ 'every transition': paths }, harness);
  expectWalkedFully(emailChangeMachine);
});
