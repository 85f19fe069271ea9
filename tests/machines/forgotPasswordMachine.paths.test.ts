/**
 * Model-based paths for /forgotpassword: the address proven with an emailed code (the otp child),
 * the new password typed (blank, mismatched, accepted or refused), the address changed back to
 * proving, and a new code asked for while the reset is under way. Along every path the REAL
 * machine runs, with the real otp child and every call answered by hand; each step must emit what
 * the person reads and the app acts on, and each state must show what the model says. Logged out,
 * success opens the login popup; logged in, it goes home (a journey of its own).
 */
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  forgotPasswordMachine,
  selectIsChoosingPassword,
  selectIsReset,
  selectIsResetting,
  selectOtpRef,
  type ForgotPasswordEmitted,
} from '../../machines/forgotPassword/forgotPasswordMachine.js';
import { otpMachine, selectIsEmailProven, selectOtpStatus } from '../../machines/otp/otpMachine.js';
import { answeredByHand, recordEmitted, refused } from './accountFakes.js';
import { declaredTransitions, pathsTakingEveryTransition, takenTransitions, testPaths } from './modelPaths.js';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';
import { stepper } from './pathSteps.js';

const emitsWhen = (loggedIn: boolean) =>
  ({
    'send.blank': ['enterEmail'],
    'code.sent': ['otpSent'],
    'code.valid': ['otpValidated'],
    'submit.blank': ['missingFields'],
    'submit.short': ['fields'],
    'submit.differ': ['passwordsMismatch'],
    submit: [],
    'email.changed': [],
    'reset.done': ['passwordReset', loggedIn ? 'navigate' : 'openLogin'],
    'reset.refused': ['server: Please choose a longer password.'],
    resend: [],
    reprove: ['otpSent', 'otpValidated'],
  }) as const satisfies Record<string, readonly string[]>;

type ModelEvent = { type: keyof ReturnType<typeof emitsWhen> };

const model = createMachine({
  id: 'forgotPasswordModel',
  types: {} as { events: ModelEvent },
  initial: 'Proving',
  states: {
    Proving: { on: { 'send.blank': 'Proving', 'code.sent': 'CodeSent' } },
    CodeSent: { on: { 'code.valid': 'Choosing' } },
    Choosing: { on: { 'submit.blank': 'Choosing', 'submit.short': 'Choosing', 'submit.differ': 'Choosing', submit: 'Resetting', 'email.changed': 'Proving' } },
    /** The reset under way, the address proven. */
    Resetting: { on: { 'reset.done': 'Done', 'reset.refused': 'Choosing', resend: 'ResettingUnproven' } },
    /** The reset under way while a new code is asked for (the proof is undone). */
    ResettingUnproven: { on: { reprove: 'Resetting' } },
    Done: { type: 'final' },
  },
});

const harnessWhen = (loggedIn: boolean) => () => {
  const sendOtp = answeredByHand<unknown, { email: string }>();
  const validateOtp = answeredByHand<unknown, { email: string; otp: string }>();
  const resetPassword = answeredByHand<unknown, { email: string; password: string }>();
  const machine = forgotPasswordMachine.provide({
    actors: { resetPassword: resetPassword.logic, otp: otpMachine.provide({ actors: { sendOtp: sendOtp.logic, validateOtp: validateOtp.logic } }) },
  });
  const actor = createActor(machine, { input: { loggedIn }, inspect: recordWalk });
  const emitted = recordEmitted<ForgotPasswordEmitted>(actor);
  actor.start();
  const step = stepper(emitted.take, emitsWhen(loggedIn));
  const otp = () => {
    const ref = selectOtpRef(actor.getSnapshot());
    if (!ref) throw new Error('no otp child');
    return ref;
  };
  let email = 'asha@example.in';
  let resets = 0;
  const sendCode = async () => {
    otp().send({ type: 'otp.send', email });
    expect(sendOtp.latest().input).toEqual({ email });
    sendOtp.latest().resolve({ message: 'OTP sent.' });
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const validate = () => {
    otp().send({ type: 'otp.validate', code: ' 123456 ' });
    expect(validateOtp.latest().input).toEqual({ email, otp: '123456' });
    validateOtp.latest().resolve({ message: 'Email OTP validated.' });
  };
  const submit = (password: string, confirmPassword: string) => actor.send({ type: 'forgotPassword.submit', password, confirmPassword });
  const at = (choosing: boolean, resetting: boolean, proven: boolean) => () => {
    const s = actor.getSnapshot();
    expect(selectIsChoosingPassword(s)).toBe(choosing);
    expect(selectIsResetting(s)).toBe(resetting);
    expect(selectIsReset(s)).toBe(false);
    expect(selectIsEmailProven(otp().getSnapshot())).toBe(proven);
    expect(resetPassword.calls).toHaveLength(resets);
  };
  return {
    stop: () => actor.stop(),
    events: {
      'send.blank': step('send.blank', () => otp().send({ type: 'otp.send', email: ' ' })),
      'code.sent': step('code.sent', sendCode),
      'code.valid': step('code.valid', validate),
      'submit.blank': step('submit.blank', () => submit('', '')),
      'submit.short': step('submit.short', () => submit('short', 'short')),
      'submit.differ': step('submit.differ', () => submit('a brand new passphrase', 'a brand new passphras')),
      submit: step('submit', () => {
        submit('a brand new passphrase', 'a brand new passphrase');
        resets += 1;
        expect(resetPassword.latest().input).toEqual({ email, password: 'a brand new passphrase' });
      }),
      'email.changed': step('email.changed', () => {
        email = email === 'asha@example.in' ? 'asha.verma@example.in' : 'asha@example.in';
        otp().send({ type: 'otp.emailChanged', email });
      }),
      'reset.done': step('reset.done', () => resetPassword.latest().resolve({ message: 'Password reset successfully!' })),
      'reset.refused': step('reset.refused', () => resetPassword.latest().reject(refused(400, 'Please choose a longer password.'))),
      resend: step('resend', () => otp().send({ type: 'otp.resend' })),
      reprove: step('reprove', async () => {
        sendOtp.latest().resolve({ message: 'OTP sent.' });
        await new Promise((resolve) => setTimeout(resolve, 0));
        validate();
      }),
    },
    states: {
      Proving: () => {
        at(false, false, false)();
        expect(selectOtpStatus(otp().getSnapshot())).toBe('NotSent');
      },
      CodeSent: () => {
        at(false, false, false)();
        expect(selectOtpStatus(otp().getSnapshot())).toBe('Sent');
      },
      Choosing: at(true, false, true),
      Resetting: at(false, true, true),
      ResettingUnproven: () => {
        at(false, true, false)();
        expect(selectOtpStatus(otp().getSnapshot())).toBe('Sending');
      },
      Done: () => {
        const s = actor.getSnapshot();
        expect(selectIsReset(s)).toBe(true);
        expect(s.output).toEqual({ next: loggedIn ? 'home' : 'login' });
      },
    } satisfies Record<string, (state: SnapshotFrom<typeof model>) => void>,
  };
};

describe('forgotPasswordMachine paths', () => {
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const toDone = (['code.sent', 'code.valid', 'submit', 'resend', 'reprove', 'reset.done'] as const).map((type) => ({ type }));
  const journeys = testModel.getPathsFromEvents(
    (['send.blank', 'code.sent', 'code.valid', 'email.changed', 'code.sent', 'code.valid', 'submit', 'reset.refused', 'submit', 'reset.done'] as const).map(
      (type) => ({ type }),
    ),
  );

  it('takes every transition of the model', () => {
    const declared = declaredTransitions(model);
    expect(declared).toHaveLength(12);
    expect(takenTransitions(everyTransition)).toEqual(new Set(declared));
  });

  describe('logged out', () => testPaths({ 'every transition': everyTransition, journeys }, harnessWhen(false)));
  describe('logged in', () => testPaths({ 'to the home page': testModel.getPathsFromEvents(toDone) }, harnessWhen(true)));
  expectWalkedFully(forgotPasswordMachine);
});
