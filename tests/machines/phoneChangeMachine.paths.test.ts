/**
 * Model-based paths for /account's phone change: the number checked, sent a code (or refused as
 * another account's), the code with the password or with a code sent to the account's email or
 * its current number instead, each code sent again once its countdown is over (time moved by
 * hand), the save refused on a field, or taken meanwhile, or saved; and an account without a
 * password, whose current number gets its code at once (or, that failing, again when asked). Along every path the REAL machine runs, with
 * its real countdown children and every call answered by hand; each step must emit exactly what
 * the person reads and the app acts on, and each state must show what the model says.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { User } from '../../contract/auth.js';
import type { PhoneChangeFields, PhoneChangeInput } from '../../machines/accountContact/phoneChangeParts.js';
import {
  phoneChangeMachine,
  selectPhoneBusy,
  selectPhoneProblems,
  selectPhoneProof,
  selectPhoneStep,
  type PhoneStep,
} from '../../machines/accountContact/phoneChangeMachine.js';
import { resendAfterSeconds, type ContactEmitted } from '../../machines/accountContact/problems.js';
import { resendCountdownMachine } from '../../machines/accountContact/resendCountdownMachine.js';
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
  sent: ['phoneCodeSent'],
  'send.taken': [],
  'confirm.invalid': [],
  'code.edited': [],
  confirm: [],
  'use.email': [],
  'time.passes': [],
  'change.number': [],
  resend: [],
  'email.sent': ['proofCodeSent'],
  'email.failed': ['failed'],
  'use.password': [],
  'email.resend': [],
  'use.phone': [],
  'phone.sent': ['currentCodeSent'],
  'phone.failed': ['failed'],
  'confirm.ignored': [],
  'proof.resend': [],
  saved: ['phoneSaved', 'saved'],
  'wrong.code': [],
  taken: [],
} as const satisfies Record<string, readonly string[]>;

type ModelEvent = { type: keyof typeof emits };

const model = createMachine({
  id: 'phoneChangeModel',
  types: {} as { events: ModelEvent },
  initial: 'Idle',
  states: {
    Idle: { on: { start: 'Entering' } },
    Entering: { on: { 'send.invalid': 'Entering', edited: 'Entering', send: 'Sending', cancel: 'Idle' } },
    Sending: { on: { sent: 'Typing', 'send.taken': 'Entering' } },
    /** The code and the password. */
    Typing: {
      on: {
        'confirm.invalid': 'Typing',
        'code.edited': 'Typing',
        confirm: 'Saving',
        'use.email': 'SendingEmail',
        'use.phone': 'SendingPhone',
        'time.passes': 'TypingReady',
        'change.number': 'Entering',
        cancel: 'Idle',
      },
    },
    /** The countdown is over: the code may be sent again. */
    TypingReady: { on: { resend: 'Sending' } },
    SendingEmail: { on: { 'email.sent': 'ByEmail', 'email.failed': 'Typing' } },
    SendingPhone: { on: { 'phone.sent': 'ByPhone', 'phone.failed': 'Typing' } },
    /** The code and the code sent to the account's email. */
    ByEmail: {
      on: { 'confirm.invalid': 'ByEmail', confirm: 'SavingByEmail', 'use.password': 'Typing', 'use.phone': 'SendingPhone', 'time.passes': 'ByEmailReady' },
    },
    /** The code and the code sent to the account's current number. */
    ByPhone: { on: { 'confirm.invalid': 'ByPhone', 'use.email': 'SendingEmail' } },
    /** Both countdowns are over. */
    ByEmailReady: { on: { resend: 'ResendingByEmail', 'email.resend': 'SendingEmail' } },
    /** A new code to the number while the email code stands in for the password. */
    ResendingByEmail: { on: { sent: 'ByEmail' } },
    Saving: { on: { saved: 'Idle', 'wrong.code': 'Typing', taken: 'Entering' } },
    SavingByEmail: { on: { 'wrong.code': 'ByEmail' } },
  },
});

/** An account without a password: the current number's code goes at once. */
const passwordless = createMachine({
  id: 'phoneChangePasswordlessModel',
  types: {} as { events: ModelEvent },
  initial: 'Idle',
  states: {
    Idle: { on: { start: 'Entering' } },
    Entering: { on: { send: 'Sending' } },
    Sending: { on: { sent: 'SendingPhone' } },
    SendingPhone: { on: { 'phone.sent': 'ByPhone', 'phone.failed': 'Unsent' } },
    /** Its code could not be sent: Save waits; Send the code. */
    Unsent: { on: { 'confirm.ignored': 'Unsent', 'proof.resend': 'SendingPhone' } },
    ByPhone: { on: { 'confirm.invalid': 'ByPhone', confirm: 'SavingByPhone' } },
    SavingByPhone: { on: { saved: 'Idle' } },
  },
});

const asha: User = {
  _id: 'u1',
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.in',
  age: 34,
  gender: 'female',
  phoneNumber: '+919822012345',
  signInMethod: 'manual',
  role: 'patient',
  hasPassword: true,
  phoneVerified: true,
};

const withPassword: PhoneChangeInput = { token: 'tok', hasPassword: true, accountEmail: 'asha@example.in', currentPhone: '+919822012345' };

function harness(input: PhoneChangeInput = withPassword) {
  const sendPhoneCode = answeredByHand<unknown, { phoneNumber: string; token: string }>();
  const sendEmailCode = answeredByHand<unknown, { email: string }>();
  const sendCurrentPhoneCode = answeredByHand<unknown, { token: string }>();
  const changePhone = answeredByHand<User, { request: PhoneChangeFields; token: string }>();
  const machine = phoneChangeMachine.provide({
    actors: { sendPhoneCode: sendPhoneCode.logic, sendEmailCode: sendEmailCode.logic, sendCurrentPhoneCode: sendCurrentPhoneCode.logic, changePhone: changePhone.logic },
  });
  const actor = createActor(machine, { input, inspect: recordWalk });
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
  const proof = () => selectPhoneProof(actor.getSnapshot());
  const at =
    (step: PhoneStep, busy: boolean, shownProof?: ReturnType<typeof selectPhoneProof>, ready?: boolean) =>
    (): void => {
      const s = actor.getSnapshot();
      expect(selectPhoneStep(s)).toBe(step);
      expect(selectPhoneBusy(s)).toBe(busy);
      if (shownProof) expect(proof()).toBe(shownProof);
      if (ready !== undefined) expect(s.context.canResend).toBe(ready);
    };
  return {
    stop: () => actor.stop(),
    events: {
      start: step('start', () => send({ type: 'phone.start' })),
      'send.invalid': step('send.invalid', () => {
        send({ type: 'phone.send', phoneNumber: '12345' });
        expect(selectPhoneProblems(actor.getSnapshot())).toEqual({ phoneNumber: { kind: 'invalid' } });
      }),
      edited: step('edited', () => send({ type: 'phone.edited', field: 'phoneNumber' })),
      send: step('send', () => {
        const calls = sendPhoneCode.calls.length;
        send({ type: 'phone.send', phoneNumber: ' 98220 12345 ' });
        expect(sendPhoneCode.calls).toHaveLength(calls + 1);
        expect(sendPhoneCode.latest().input).toEqual({ phoneNumber: '98220 12345', token: 'tok' });
      }),
      cancel: step('cancel', () => send({ type: 'phone.cancel' })),
      sent: step('sent', () => sendPhoneCode.latest().resolve({ message: 'sent' })),
      'send.taken': step('send.taken', async () => {
        sendPhoneCode.latest().reject(refused(409, 'This number is on another account.'));
        await flush();
        expect(selectPhoneProblems(actor.getSnapshot())).toEqual({ phoneNumber: { kind: 'taken' } });
      }),
      'confirm.invalid': step('confirm.invalid', () => {
        send({ type: 'phone.confirm', code: '', password: '', emailCode: '', currentCode: '' });
        const field = { email: 'emailCode', phone: 'currentCode' }[proof() as string] ?? 'password';
        expect(Object.keys(selectPhoneProblems(actor.getSnapshot()))).toEqual(['code', field]);
      }),
      'code.edited': step('code.edited', () => send({ type: 'phone.edited', field: 'code' })),
      confirm: step('confirm', () => {
        const shown = proof();
        send({ type: 'phone.confirm', code: '123456', password: 'my passphrase', emailCode: '654321', currentCode: '111222' });
        const proven = shown === 'email' ? { emailCode: '654321' } : shown === 'phone' ? { currentCode: '111222' } : { password: 'my passphrase' };
        expect(changePhone.latest().input).toEqual({ token: 'tok', request: { phoneNumber: '98220 12345', code: '123456', ...proven } });
      }),
      'use.email': step('use.email', () => {
        send({ type: 'phone.useEmail' });
        expect(sendEmailCode.latest().input).toEqual({ email: 'asha@example.in' });
      }),
      'time.passes': step('time.passes', () => vi.advanceTimersByTimeAsync(resendAfterSeconds * 1000)),
      'change.number': step('change.number', () => send({ type: 'phone.changeNumber' })),
      resend: step('resend', () => send({ type: 'phone.resend' })),
      'email.sent': step('email.sent', () => sendEmailCode.latest().resolve({ message: 'sent' })),
      'email.failed': step('email.failed', () => sendEmailCode.latest().reject(unanswered)),
      'use.password': step('use.password', () => send({ type: 'phone.usePassword' })),
      'email.resend': step('email.resend', () => {
        const calls = sendEmailCode.calls.length;
        send({ type: 'phone.resendProofCode' });
        expect(sendEmailCode.calls).toHaveLength(calls + 1);
      }),
      'use.phone': step('use.phone', () => {
        const calls = sendCurrentPhoneCode.calls.length;
        send({ type: 'phone.useCurrentPhone' });
        expect(sendCurrentPhoneCode.calls).toHaveLength(calls + 1);
        expect(sendCurrentPhoneCode.latest().input).toEqual({ token: 'tok' });
      }),
      'phone.sent': step('phone.sent', () => sendCurrentPhoneCode.latest().resolve({ message: 'sent' })),
      'phone.failed': step('phone.failed', () => sendCurrentPhoneCode.latest().reject(unanswered)),
      'confirm.ignored': step('confirm.ignored', () => {
        const calls = changePhone.calls.length;
        send({ type: 'phone.confirm', code: '123456' });
        expect(changePhone.calls).toHaveLength(calls);
      }),
      'proof.resend': step('proof.resend', () => {
        const calls = sendCurrentPhoneCode.calls.length;
        send({ type: 'phone.resendProofCode' });
        expect(sendCurrentPhoneCode.calls).toHaveLength(calls + 1);
      }),
      saved: step('saved', () => changePhone.latest().resolve(asha)),
      'wrong.code': step('wrong.code', async () => {
        const field = proof() === 'email' ? 'emailCode' : 'code';
        changePhone.latest().reject({ _tag: 'HttpFailure', status: 400, message: 'Please correct the marked fields.', errors: [{ field, message: 'is wrong or expired' }] });
        await flush();
        expect(selectPhoneProblems(actor.getSnapshot())).toEqual({ [field]: { kind: 'server', words: 'is wrong or expired' } });
      }),
      taken: step('taken', async () => {
        changePhone.latest().reject(refused(409, 'This number is on another account.'));
        await flush();
        expect(selectPhoneProblems(actor.getSnapshot())).toEqual({ phoneNumber: { kind: 'taken' } });
      }),
    },
    states: {
      Idle: at('idle', false),
      Entering: at('number', false),
      Sending: at('number', true),
      Typing: at('code', false, 'password'),
      TypingReady: at('code', false, 'password', true),
      SendingEmail: at('code', true),
      SendingPhone: at('code', true),
      ByEmail: at('code', false, 'email'),
      ByPhone: at('code', false, 'phone'),
      Unsent: at('code', false, 'unsent'),
      ByEmailReady: () => {
        at('code', false, 'email', true)();
        expect(actor.getSnapshot().context.canResendProofCode).toBe(true);
      },
      ResendingByEmail: at('number', true),
      Saving: at('code', true, 'password'),
      SavingByEmail: at('code', true, 'email'),
      SavingByPhone: at('code', true, 'phone'),
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
}

describe('phoneChangeMachine paths', () => {
  const testModel = createTestModel(model);
  const paths = pathsTakingEveryTransition(testModel);
  const passwordlessPaths = pathsTakingEveryTransition(createTestModel(passwordless));

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('takes every transition of the models', () => {
    expect(declaredTransitions(model)).toHaveLength(34);
    expect(takenTransitions(paths)).toEqual(new Set(declaredTransitions(model)));
    expect(declaredTransitions(passwordless)).toHaveLength(10);
    expect(takenTransitions(passwordlessPaths)).toEqual(new Set(declaredTransitions(passwordless)));
  });

  testPaths({ 'every transition': paths }, () => harness());
  testPaths({ 'without a password': passwordlessPaths }, () => harness({ token: 'tok', hasPassword: false, accountEmail: 'asha@example.in', currentPhone: '+919822012345' }));
  expectWalkedFully(phoneChangeMachine);
  expectWalkedFully(resendCountdownMachine);
});
