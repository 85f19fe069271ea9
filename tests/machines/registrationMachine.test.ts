import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { User } from '../../contract/auth.js';
import { otpMachine, selectIsEmailProven, selectIsOtpBusy, selectOtpEmail, selectOtpStatus } from '../../machines/otp/otpMachine.js';
import {
  missingFields,
  registrationMachine,
  selectIsRegistered,
  selectIsRegistering,
  selectOtpRef,
  selectProvenEmail,
  type RegisterInput,
  type RegistrationEmitted,
  type RegistrationForm,
} from '../../machines/registration/registrationMachine.js';
import {
  answeredByHand,
  noticeWords,
  recordEmitted,
  refused,
  refusedPlainly,
  settle,
  unanswered,
  undecodable,
} from './accountFakes.js';

const email = 'asha@example.in';

const form = (overrides: Partial<RegistrationForm> = {}): RegistrationForm => ({
  firstName: 'Asha',
  lastName: 'Verma',
  email,
  age: '34',
  gender: 'female',
  phoneNumber: '9876543210',
  password: 'monsoon evenings in pune',
  confirmPassword: 'monsoon evenings in pune',
  termsAccepted: true,
  ...overrides,
});

const user: User = {
  _id: 'u1',
  firstName: 'Asha',
  lastName: 'Verma',
  email,
  age: 34,
  gender: 'female',
  phoneNumber: '9876543210',
  signInMethod: 'manual',
  role: 'patient',
};

/** The real machine (and its real otp child) with fakes for the three calls, provided as the app provides the real ones. */
function start() {
  const sendOtp = answeredByHand<unknown, { email: string }>();
  const validateOtp = answeredByHand<unknown, { email: string; otp: string }>();
  const register = answeredByHand<User, RegisterInput>();
  const machine = registrationMachine.provide({
    actors: {
      register: register.logic,
      otp: otpMachine.provide({ actors: { sendOtp: sendOtp.logic, validateOtp: validateOtp.logic } }),
    },
  });
  const actor = createActor(machine).start();
  const emitted = recordEmitted<RegistrationEmitted>(actor);
  const otp = () => {
    const ref = selectOtpRef(actor.getSnapshot());
    if (!ref) throw new Error('no otp child');
    return ref;
  };
  /** Sends a code to `address` and validates it, the server agreeing. */
  const prove = async (address = email) => {
    otp().send({ type: 'otp.emailChanged', email: address });
    otp().send({ type: 'otp.send', email: address });
    sendOtp.latest().resolve({ message: 'OTP sent.' });
    await settle();
    otp().send({ type: 'otp.validate', code: '123456' });
    validateOtp.latest().resolve({ message: 'Email OTP validated.' });
    await settle();
    emitted.take();
  };
  return { actor, emitted, otp, sendOtp, validateOtp, register, prove };
}

describe('registrationMachine: the email code', () => {
  it("asks for an email when Send OTP is pressed with the field blank, and sends nothing", () => {
    const { otp, emitted, sendOtp } = start();
    otp().send({ type: 'otp.send', email: '   ' });
    expect(noticeWords(emitted.take())).toEqual(['enterEmail']);
    expect(emitted.all[0]).toMatchObject({ tone: 'error' });
    expect(selectOtpStatus(otp().getSnapshot())).toBe('NotSent');
    expect(sendOtp.calls).toHaveLength(0);
  });

  it('sends the code to the trimmed address, waits, then says it was sent', async () => {
    const { otp, emitted, sendOtp } = start();
    otp().send({ type: 'otp.send', email: `  ${email} ` });
    expect(selectOtpStatus(otp().getSnapshot())).toBe('Sending');
    expect(selectIsOtpBusy(otp().getSnapshot())).toBe(true);
    expect(sendOtp.latest().input).toEqual({ email });

    sendOtp.latest().resolve({ message: 'OTP sent.' });
    await settle();
    expect(selectOtpStatus(otp().getSnapshot())).toBe('Sent');
    expect(selectIsOtpBusy(otp().getSnapshot())).toBe(false);
    expect(selectOtpEmail(otp().getSnapshot())).toBe(email);
    expect(emitted.take()).toEqual([{ type: 'notice', tone: 'success', notice: { kind: 'otpSent' } }]);
  });

  it.each([
    ['no answer', unanswered, 'otpSendError'],
    ['an answer that is not the contract', undecodable, 'otpSendError'],
    ['a server failure (500)', refused(500, 'Internal Server Error'), 'otpSendFailed'],
    ['a refusal without a readable message', refusedPlainly(400), 'otpSendFailed'],
    ['too many codes (429), in the server words', refused(429, 'Too many codes sent. Try again in 10 minutes.'), 'server: Too many codes sent. Try again in 10 minutes.'],
  ])('tells a failed send apart: %s', async (_, failure, words) => {
    const { otp, emitted, sendOtp } = start();
    otp().send({ type: 'otp.send', email });
    sendOtp.latest().reject(failure);
    await settle();
    expect(noticeWords(emitted.take())).toEqual([words]);
    expect(selectOtpStatus(otp().getSnapshot())).toBe('NotSent');
    expect(selectOtpEmail(otp().getSnapshot())).toBeNull();
  });

  it('validates the code for the address it went to, then remembers the proven address', async () => {
    const { actor, otp, emitted, sendOtp, validateOtp } = start();
    otp().send({ type: 'otp.send', email });
    sendOtp.latest().resolve({ message: 'OTP sent.' });
    await settle();
    emitted.take();

    otp().send({ type: 'otp.validate', code: ' 123456 ' });
    expect(selectOtpStatus(otp().getSnapshot())).toBe('Validating');
    expect(validateOtp.latest().input).toEqual({ email, otp: '123456' });
    validateOtp.latest().resolve({ message: 'Email OTP validated.' });
    await settle();
    expect(selectOtpStatus(otp().getSnapshot())).toBe('Validated');
    expect(selectIsEmailProven(otp().getSnapshot())).toBe(true);
    expect(selectProvenEmail(actor.getSnapshot())).toBe(email);
    expect(emitted.take()).toEqual([{ type: 'notice', tone: 'success', notice: { kind: 'otpValidated' } }]);
  });

  it('does not validate a blank code', async () => {
    const { otp, sendOtp, validateOtp } = start();
    otp().send({ type: 'otp.send', email });
    sendOtp.latest().resolve({});
    await settle();
    expect(otp().getSnapshot().can({ type: 'otp.validate', code: ' ' })).toBe(false);
    otp().send({ type: 'otp.validate', code: '' });
    expect(selectOtpStatus(otp().getSnapshot())).toBe('Sent');
    expect(validateOtp.calls).toHaveLength(0);
  });

  // A refused code is its own kind (otpRefused), not a plain server notice, so that the view can
  // mark the code field; no answer or a 5xx says nothing about the code.
  it.each([
    ['a wrong code, in the server words', refused(400, 'Invalid email OTP. Please try again.'), 'otpRefused: Invalid email OTP. Please try again.'],
    ['an expired code, in the server words', refused(400, 'This OTP has expired. Please request a new one.'), 'otpRefused: This OTP has expired. Please request a new one.'],
    ['too many wrong tries, in the server words', refused(400, 'Too many wrong attempts. Please request a new OTP.'), 'otpRefused: Too many wrong attempts. Please request a new OTP.'],
    ['a slow-down (429), in the server words', refused(429, 'Too many requests. Try again in a minute.'), 'otpRefused: Too many requests. Try again in a minute.'],
    ['a refused code without a readable message', refusedPlainly(400), 'otpRefused'],
    ['no answer', unanswered, 'otpValidateError'],
    ['an answer that is not the contract', undecodable, 'otpValidateError'],
    ['a server failure (500)', refused(500, 'Internal Server Error'), 'otpValidateError'],
  ])('goes back to Sent after %s', async (_, failure, words) => {
    const { actor, otp, emitted, sendOtp, validateOtp } = start();
    otp().send({ type: 'otp.send', email });
    sendOtp.latest().resolve({});
    await settle();
    emitted.take();
    otp().send({ type: 'otp.validate', code: '000000' });
    validateOtp.latest().reject(failure);
    await settle();
    const told = emitted.take();
    expect(noticeWords(told)).toEqual([words]);
    expect(told).toMatchObject([{ type: 'notice', tone: 'error' }]);
    expect(selectOtpStatus(otp().getSnapshot())).toBe('Sent');
    expect(selectProvenEmail(actor.getSnapshot())).toBeNull();
    // A failed validation leaves both ways open: try another code, or ask for a new one.
    expect(otp().getSnapshot().can({ type: 'otp.validate', code: '123456' })).toBe(true);
    expect(otp().getSnapshot().can({ type: 'otp.resend' })).toBe(true);
  });

  it('resends after an expired code, and the new code validates', async () => {
    const { otp, emitted, sendOtp, validateOtp } = start();
    otp().send({ type: 'otp.send', email });
    sendOtp.latest().resolve({});
    await settle();
    otp().send({ type: 'otp.validate', code: '111111' });
    validateOtp.latest().reject(refused(400, 'This code has expired. Please ask for a new one.'));
    await settle();
    emitted.take();

    otp().send({ type: 'otp.resend' });
    expect(selectOtpStatus(otp().getSnapshot())).toBe('Sending');
    expect(sendOtp.calls.map((c) => c.input)).toEqual([{ email }, { email }]);
    sendOtp.latest().resolve({});
    await settle();
    expect(noticeWords(emitted.take())).toEqual(['otpSent']);

    otp().send({ type: 'otp.validate', code: '222222' });
    validateOtp.latest().resolve({});
    await settle();
    expect(selectOtpStatus(otp().getSnapshot())).toBe('Validated');
    expect(validateOtp.calls.map((c) => c.input.otp)).toEqual(['111111', '222222']);
  });

  it('stays in Sent when a resend fails, since the earlier code still reached the address', async () => {
    const { otp, emitted, sendOtp } = start();
    otp().send({ type: 'otp.send', email });
    sendOtp.latest().resolve({});
    await settle();
    otp().send({ type: 'otp.resend' });
    sendOtp.latest().reject(unanswered);
    await settle();
    expect(noticeWords(emitted.take())).toEqual(['otpSent', 'otpSendError']);
    expect(selectOtpStatus(otp().getSnapshot())).toBe('Sent');
    expect(selectOtpEmail(otp().getSnapshot())).toBe(email);
  });

  it('offers resend only once a code was sent', () => {
    const { otp } = start();
    expect(otp().getSnapshot().can({ type: 'otp.resend' })).toBe(false);
  });

  it('starts again from NotSent when the email changes after sending, and ignores a change that is only spaces', async () => {
    const { otp, sendOtp } = start();
    otp().send({ type: 'otp.send', email });
    sendOtp.latest().resolve({});
    await settle();
    otp().send({ type: 'otp.emailChanged', email: ` ${email}  ` });
    expect(selectOtpStatus(otp().getSnapshot())).toBe('Sent');

    otp().send({ type: 'otp.emailChanged', email: 'asha.v@example.in' });
    expect(selectOtpStatus(otp().getSnapshot())).toBe('NotSent');
    expect(selectOtpEmail(otp().getSnapshot())).toBeNull();
    expect(otp().getSnapshot().can({ type: 'otp.validate', code: '123456' })).toBe(false);
  });

  it('drops a send or a check in flight when the email changes, and says nothing about it', async () => {
    const { otp, emitted, sendOtp, validateOtp } = start();
    otp().send({ type: 'otp.send', email });
    otp().send({ type: 'otp.emailChanged', email: 'other@example.in' });
    expect(sendOtp.latest().signal.aborted).toBe(true);
    expect(selectOtpStatus(otp().getSnapshot())).toBe('NotSent');

    otp().send({ type: 'otp.send', email });
    sendOtp.latest().resolve({});
    await settle();
    otp().send({ type: 'otp.validate', code: '123456' });
    otp().send({ type: 'otp.emailChanged', email: 'other@example.in' });
    expect(validateOtp.latest().signal.aborted).toBe(true);
    validateOtp.latest().resolve({});
    await settle();
    expect(selectOtpStatus(otp().getSnapshot())).toBe('NotSent');
    expect(noticeWords(emitted.all)).toEqual(['otpSent']);
  });

  it('forgets the proven address when the email changes after validation', async () => {
    const { actor, otp, emitted, prove } = start();
    await prove();
    expect(selectProvenEmail(actor.getSnapshot())).toBe(email);
    otp().send({ type: 'otp.emailChanged', email: 'other@example.in' });
    expect(selectOtpStatus(otp().getSnapshot())).toBe('NotSent');
    expect(selectProvenEmail(actor.getSnapshot())).toBeNull();

    actor.send({ type: 'registration.submit', form: form({ email: 'other@example.in' }) });
    expect(noticeWords(emitted.take())).toEqual(['otpNotValidated']);
  });

  it('asks to prove the address again when a new code is asked for after validation', async () => {
    const { actor, otp, prove } = start();
    await prove();
    otp().send({ type: 'otp.resend' });
    expect(selectOtpStatus(otp().getSnapshot())).toBe('Sending');
    expect(selectProvenEmail(actor.getSnapshot())).toBeNull();
  });
});

describe('registrationMachine: submit', () => {
  it('names the blank fields first, gender included', () => {
    const { actor, emitted, register } = start();
    actor.send({
      type: 'registration.submit',
      form: form({ lastName: ' ', age: '', gender: '', confirmPassword: '', termsAccepted: false }),
    });
    expect(emitted.take()).toEqual([
      { type: 'notice', tone: 'error', notice: { kind: 'missingFields', fields: ['lastName', 'age', 'gender', 'confirmPassword'] } },
    ]);
    expect(register.calls).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('Editing');
  });

  it('then the terms, then the passwords, then the proven email, in the order of spec §5', () => {
    const { actor, emitted, register } = start();
    actor.send({ type: 'registration.submit', form: form({ termsAccepted: false, confirmPassword: 'different' }) });
    actor.send({ type: 'registration.submit', form: form({ confirmPassword: 'monsoon evenings in Pune' }) });
    actor.send({ type: 'registration.submit', form: form() });
    expect(noticeWords(emitted.take())).toEqual(['termsRequired', 'passwordsMismatch', 'otpNotValidated']);
    expect(register.calls).toHaveLength(0);
  });

  it('refuses an email other than the one proven', async () => {
    const { actor, emitted, register, prove } = start();
    await prove();
    actor.send({ type: 'registration.submit', form: form({ email: 'someone.else@example.in' }) });
    expect(noticeWords(emitted.take())).toEqual(['otpNotValidated']);
    expect(register.calls).toHaveLength(0);
  });

  it('says passwords do not match even when the email is proven', async () => {
    const { actor, emitted, register, prove } = start();
    await prove();
    actor.send({ type: 'registration.submit', form: form({ confirmPassword: 'monsoon evenings' }) });
    expect(emitted.take()).toEqual([{ type: 'notice', tone: 'error', notice: { kind: 'passwordsMismatch' } }]);
    expect(register.calls).toHaveLength(0);
  });

  it('registers the proven address with the fields trimmed and the age a number, then welcomes by first name', async () => {
    const { actor, emitted, register, prove } = start();
    await prove();
    actor.send({
      type: 'registration.submit',
      form: form({ firstName: ' Asha ', email: ` ${email}`, age: ' 34 ', phoneNumber: '9876543210 ' }),
    });
    expect(actor.getSnapshot().value).toBe('Registering');
    expect(selectIsRegistering(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().can({ type: 'registration.submit', form: form() })).toBe(false);
    expect(register.latest().input).toEqual({
      firstName: 'Asha',
      lastName: 'Verma',
      email,
      age: 34,
      gender: 'female',
      phoneNumber: '9876543210',
      password: 'monsoon evenings in pune',
    });

    register.latest().resolve(user);
    await settle();
    const done = actor.getSnapshot();
    expect(selectIsRegistered(done)).toBe(true);
    expect(selectIsRegistering(done)).toBe(false);
    expect(done.status).toBe('done');
    expect(done.output).toEqual({ user });
    expect(emitted.take()).toEqual([
      { type: 'notice', tone: 'success', notice: { kind: 'registered', firstName: 'Asha' } },
      { type: 'registered', user },
    ]);
  });

  it.each([
    ['an email that has an account (409)', refused(409, 'An account with this email already exists.'), 'server: An account with this email already exists.'],
    ['a lapsed proof (400)', refused(400, 'Please validate your email OTP before registering.'), 'server: Please validate your email OTP before registering.'],
    ['a refusal without a readable message', refusedPlainly(502), 'registrationFailed'],
    ['no answer', unanswered, 'registrationFailed'],
  ])('goes back to the form on %s', async (_, failure, words) => {
    const { actor, emitted, register, prove } = start();
    await prove();
    actor.send({ type: 'registration.submit', form: form() });
    register.latest().reject(failure);
    await settle();
    expect(noticeWords(emitted.take())).toEqual([words]);
    expect(actor.getSnapshot().value).toBe('Editing');
    expect(selectProvenEmail(actor.getSnapshot())).toBe(email);

    // The person can try again without proving the address anew.
    actor.send({ type: 'registration.submit', form: form() });
    expect(register.calls).toHaveLength(2);
  });

  it('stops its calls when the popup closes', async () => {
    const sending = start();
    sending.otp().send({ type: 'otp.send', email });
    sending.actor.stop();
    expect(sending.sendOtp.latest().signal.aborted).toBe(true);

    const registering = start();
    await registering.prove();
    registering.actor.send({ type: 'registration.submit', form: form() });
    registering.actor.stop();
    expect(registering.register.latest().signal.aborted).toBe(true);
  });
});

describe('missingFields', () => {
  it('is empty for a complete form', () => {
    expect(missingFields(form())).toEqual([]);
  });
});
