/**
 * Model-based paths for signing up. `createTestModel` refuses machines that invoke actors, so the
 * model below is the sign-up popup as a person goes through it (the code not sent, sent, validated,
 * the account made), each event a thing they do together with what the server answers: a wrong
 * code, an expired code, too many wrong tries, no answer, a resend, a mismatched password, a
 * refusal. Along every path, the REAL registration machine and its real otp child run with fake
 * calls (provided as the app provides the real ones): each step must say what the person should
 * read, and each state must show what the model says, with no call left unanswered and none made
 * twice.
 */
import { createActor, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import type { RegisterAnswer, User } from '../../contract/auth.js';
import type { MobileSignInAnswer } from '../../contract/mobile.js';
import type { MobileSignInInput, SendCodeInput } from '../../machines/mobileSignIn/events.js';
import { mobileSignInMachine } from '../../machines/mobileSignIn/mobileSignInMachine.js';
import { otpMachine, selectOtpEmail, selectOtpStatus } from '../../machines/otp/otpMachine.js';
import {
  registrationMachine,
  selectIsRegistering,
  selectMobileRef,
  selectOtpRef,
  selectProvenEmail,
  type RegisterInput,
  type RegistrationEmitted,
  type RegistrationForm,
} from '../../machines/registration/registrationMachine.js';
import { answeredByHand, noticeWords, recordEmitted, refused, settle, unanswered } from './accountFakes.js';
import { pathsTakingEveryTransition, testPaths } from './modelPaths.js';
import { expectWalkedFully, recordWalk } from './pathCoverage.js';
import { registrationModel as model, registrationSteps as steps, type RegistrationModelEvent as ModelEvent } from './models/registrationModel.js';

const addresses = ['asha@example.in', 'asha.verma@example.in'] as const;

function harness() {
  const sendOtp = answeredByHand<unknown, { email: string }>();
  const validateOtp = answeredByHand<unknown, { email: string; otp: string }>();
  const register = answeredByHand<RegisterAnswer, RegisterInput>();
  const sendCode = answeredByHand<unknown, SendCodeInput>();
  const signIn = answeredByHand<MobileSignInAnswer, MobileSignInInput>();
  const machine = registrationMachine.provide({
    actors: {
      register: register.logic,
      otp: otpMachine.provide({ actors: { sendOtp: sendOtp.logic, validateOtp: validateOtp.logic } }),
      mobileSignIn: mobileSignInMachine.provide({ actors: { sendSignInCode: sendCode.logic, signInWithCode: signIn.logic } }),
    },
  });
  const mobileAccount: MobileSignInAnswer = {
    token: 'tok-m1',
    user: { _id: 'u9', firstName: '', lastName: '', email: null },
    created: true,
    profileComplete: false,
  };
  const actor: Actor<typeof machine> = createActor(machine, { inspect: recordWalk }).start();
  const emitted = recordEmitted<RegistrationEmitted>(actor);

  let address: string = addresses[0];
  const expectedCalls = { sendOtp: 0, validateOtp: 0, register: 0 };
  const otp = () => {
    const ref = selectOtpRef(actor.getSnapshot());
    if (!ref) throw new Error('the otp child is gone');
    return ref;
  };
  const form = (overrides: Partial<RegistrationForm> = {}): RegistrationForm => ({
    firstName: 'Asha',
    lastName: 'Verma',
    email: address,
    age: '34',
    gender: 'female',
    phoneNumber: '9876543210',
    password: 'monsoon evenings in pune',
    confirmPassword: 'monsoon evenings in pune',
    termsAccepted: true,
    ...overrides,
  });
  const user = (): User => ({
    _id: 'u1',
    firstName: 'Asha',
    lastName: 'Verma',
    email: address,
    age: 34,
    gender: 'female',
    phoneNumber: '9876543210',
    signInMethod: 'manual',
    role: 'patient',
  });

  /** The calls this step makes, answered; then what the person read. */
  const step = (type: ModelEvent['type'], act: () => void | Promise<void>) => async () => {
    emitted.take();
    await act();
    await settle();
    expect(noticeWords(emitted.take()), type).toEqual(steps[type]);
  };
  const send = (answer: (call: ReturnType<typeof sendOtp.latest>) => void) => () => {
    otp().send({ type: 'otp.send', email: address });
    expectedCalls.sendOtp += 1;
    answer(sendOtp.latest());
  };
  const resend = (answer: (call: ReturnType<typeof sendOtp.latest>) => void) => () => {
    otp().send({ type: 'otp.resend' });
    expectedCalls.sendOtp += 1;
    answer(sendOtp.latest());
  };
  const validate = (answer: (call: ReturnType<typeof validateOtp.latest>) => void) => () => {
    otp().send({ type: 'otp.validate', code: '123456' });
    expectedCalls.validateOtp += 1;
    expect(validateOtp.latest().input).toEqual({ email: address, otp: '123456' });
    answer(validateOtp.latest());
  };
  const submit = (overrides: Partial<RegistrationForm>) => () => {
    actor.send({ type: 'registration.submit', form: form(overrides) });
  };
  const registerAnd = (answer: (call: ReturnType<typeof register.latest>) => void) => () => {
    actor.send({ type: 'registration.submit', form: form() });
    expectedCalls.register += 1;
    expect(register.latest().input.email).toBe(address);
    answer(register.latest());
  };

  const editing = (status: string) => {
    const s = actor.getSnapshot();
    expect(s.value).toBe('Editing');
    expect(selectIsRegistering(s)).toBe(false);
    expect(selectOtpStatus(otp().getSnapshot())).toBe(status);
    expect({ sendOtp: sendOtp.calls.length, validateOtp: validateOtp.calls.length, register: register.calls.length }).toEqual(
      expectedCalls,
    );
  };

  return {
    stop: () => actor.stop(),
    events: {
      'send.withoutEmail': step('send.withoutEmail', () => {
        otp().send({ type: 'otp.send', email: ' ' });
      }),
      'send.badEmail': step('send.badEmail', () => {
        otp().send({ type: 'otp.send', email: 'asha at example' });
      }),
      'validate.badCode': step('validate.badCode', () => {
        otp().send({ type: 'otp.validate', code: '12ab' });
      }),
      'send.unanswered': step('send.unanswered', send((call) => call.reject(unanswered))),
      'send.failed': step('send.failed', send((call) => call.reject(refused(500, 'Internal Server Error')))),
      'send.ok': step('send.ok', send((call) => call.resolve({ message: 'OTP sent.' }))),
      'validate.wrongCode': step(
        'validate.wrongCode',
        validate((call) => call.reject(refused(401, 'Invalid email OTP. Please try again.'))),
      ),
      'validate.expiredCode': step(
        'validate.expiredCode',
        validate((call) => call.reject(refused(400, 'This OTP has expired. Please request a new one.'))),
      ),
      'validate.tooManyTries': step(
        'validate.tooManyTries',
        validate((call) => call.reject(refused(400, 'Too many wrong attempts. Please request a new OTP.'))),
      ),
      'validate.unanswered': step('validate.unanswered', validate((call) => call.reject(unanswered))),
      'validate.ok': step('validate.ok', validate((call) => call.resolve({ message: 'Validated.' }))),
      'resend.ok': step('resend.ok', resend((call) => call.resolve({ message: 'OTP sent.' }))),
      'resend.tooMany': step(
        'resend.tooMany',
        resend((call) => call.reject(refused(429, 'Too many codes sent. Try again in 10 minutes.'))),
      ),
      'email.changed': step('email.changed', () => {
        address = address === addresses[0] ? addresses[1] : addresses[0];
        otp().send({ type: 'otp.emailChanged', email: address });
      }),
      'submit.incomplete': step('submit.incomplete', submit({ phoneNumber: '' })),
      'submit.invalid': step('submit.invalid', submit({ phoneNumber: '12', firstName: 'Asha' })),
      'submit.passwordsDiffer': step('submit.passwordsDiffer', submit({ confirmPassword: 'monsoon evening in pune' })),
      'submit.noTerms': step('submit.noTerms', submit({ termsAccepted: false })),
      'submit.unproven': step('submit.unproven', submit({})),
      'submit.refused': step(
        'submit.refused',
        registerAnd((call) => call.reject(refused(409, 'An account with this email already exists.'))),
      ),
      'submit.ok': step('submit.ok', registerAnd((call) => call.resolve(user()))),
      'submit.signedIn': step('submit.signedIn', registerAnd((call) => call.resolve({ ...user(), token: 'tok-r1' }))),
      'mobile.start': step('mobile.start', () => {
        actor.send({ type: 'mobile.start' });
      }),
      'mobile.cancel': step('mobile.cancel', () => {
        actor.send({ type: 'mobile.cancel' });
      }),
      'mobile.signedIn': step('mobile.signedIn', async () => {
        const mobile = selectMobileRef(actor.getSnapshot());
        mobile?.send({ type: 'mobile.send', phoneNumber: '9822012345' });
        sendCode.latest().resolve({ message: 'Code sent.' });
        await settle();
        mobile?.send({ type: 'mobile.verify', code: '123456' });
        signIn.latest().resolve(mobileAccount);
      }),
    },
    states: {
      NotSent: () => {
        editing('NotSent');
        expect(selectOtpEmail(otp().getSnapshot())).toBeNull();
        expect(selectProvenEmail(actor.getSnapshot())).toBeNull();
      },
      Sent: () => {
        editing('Sent');
        expect(selectOtpEmail(otp().getSnapshot())).toBe(address);
        expect(selectProvenEmail(actor.getSnapshot())).toBeNull();
      },
      Validated: () => {
        editing('Validated');
        expect(selectProvenEmail(actor.getSnapshot())).toBe(address);
      },
      Mobile: () => {
        const s = actor.getSnapshot();
        expect(s.value).toBe('Mobile');
        expect(selectMobileRef(s)).toBeDefined();
        expect(register.calls).toHaveLength(expectedCalls.register);
      },
      // Signed in: by the register answer's token, or by the mobile code; the session takes the token.
      SignedIn: () => {
        const s = actor.getSnapshot();
        expect(s.value).toBe('SignedIn');
        expect(s.status).toBe('done');
        expect(emitted.all.filter((e) => e.type === 'registered')).toEqual([]);
        const loggedIn = emitted.all.filter((e) => e.type === 'loggedIn');
        expect(loggedIn).toHaveLength(1);
        if (signIn.calls.length > 0) {
          expect(s.output).toEqual({ user: mobileAccount.user, token: 'tok-m1' });
          expect(loggedIn[0]).toEqual({ type: 'loggedIn', ...mobileAccount });
        } else {
          expect(s.output).toEqual({ user: user(), token: 'tok-r1' });
          expect(loggedIn[0]).toEqual({ type: 'loggedIn', token: 'tok-r1', user: user() });
        }
      },
      Registered: () => {
        const s = actor.getSnapshot();
        expect(s.value).toBe('Registered');
        expect(s.status).toBe('done');
        expect(s.output).toEqual({ user: user() });
        expect(emitted.all.filter((e) => e.type === 'registered')).toEqual([{ type: 'registered', user: user() }]);
        expect(register.calls).toHaveLength(expectedCalls.register);
      },
    },
  };
}

describe('registrationMachine paths', () => {
  expectWalkedFully(registrationMachine);
  const testModel = createTestModel(model);
  const everyTransition = pathsTakingEveryTransition(testModel);
  const simplePaths = testModel.getSimplePaths();
  // The cases, end to end (transitions may repeat, which simple paths never do).
  const journeys = (
    [
      ['send.ok', 'validate.wrongCode', 'validate.ok', 'submit.ok'],
      ['send.ok', 'validate.expiredCode', 'resend.ok', 'validate.ok', 'submit.ok'],
      ['send.ok', 'validate.wrongCode', 'validate.tooManyTries', 'resend.ok', 'validate.unanswered', 'validate.ok', 'submit.ok'],
      ['send.unanswered', 'send.failed', 'send.ok', 'resend.tooMany', 'validate.ok', 'submit.ok'],
      ['send.ok', 'validate.ok', 'submit.passwordsDiffer', 'submit.refused', 'email.changed', 'send.ok', 'validate.ok', 'submit.ok'],
      ['send.ok', 'email.changed', 'submit.unproven', 'send.ok', 'validate.ok', 'resend.ok', 'validate.ok', 'submit.ok'],
    ] as const
  ).flatMap((types) => testModel.getPathsFromEvents(types.map((type) => ({ type }))));

  it('takes every transition of the model, and every state', () => {
    expect(journeys).toHaveLength(6);
    for (const journey of journeys) expect(journey.state.value).toBe('Registered');
    const taken = new Set(everyTransition.map((p) => `${JSON.stringify(p.steps.at(-2)?.state.value)} ${p.steps.at(-1)?.event.type}`));
    const declared = Object.entries(model.config.states ?? {}).flatMap(([state, node]) =>
      Object.keys(node?.on ?? {}).map((event) => `"${state}" ${event}`),
    );
    expect(declared).toHaveLength(29);
    expect(taken).toEqual(new Set(declared));
    const visited = new Set(simplePaths.flatMap((p) => p.steps.map((s) => s.state.value)));
    expect(visited).toEqual(new Set(['NotSent', 'Sent', 'Validated', 'Registered', 'Mobile', 'SignedIn']));
    expect(simplePaths.some((p) => p.steps.map((s) => s.event.type).join(' ') ===
      'xstate.init send.ok validate.expiredCode validate.ok submit.ok')).toBe(true);
  });

  testPaths({ 'every transition': everyTransition, 'simple paths': simplePaths, journeys }, harness);
});
