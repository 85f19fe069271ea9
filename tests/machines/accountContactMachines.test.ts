/**
 * /account's phone and email flows, rule by rule: what is checked before any request, what each
 * call is sent, where a refusal shows (the field it names, `taken` on the number or address, or a
 * notice), the resend countdowns, and the proof an account with a password must give.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { User } from '../../contract/auth.js';
import { emailChangeMachine, selectEmailProblems, selectEmailResend, selectEmailStep, type EmailChangeEvent } from '../../machines/accountContact/emailChangeMachine.js';
import type { PhoneChangeFields, PhoneChangeInput } from '../../machines/accountContact/phoneChangeParts.js';
import {
  phoneChangeMachine,
  selectPhoneProblems,
  selectPhoneProof,
  selectPhoneResend,
  selectPhoneStep,
} from '../../machines/accountContact/phoneChangeMachine.js';
import { resendAfterSeconds, type ContactEmitted } from '../../machines/accountContact/problems.js';
import { selectSecondsLeft } from '../../machines/accountContact/resendCountdownMachine.js';
import { answeredByHand, recordEmitted, refused, unanswered } from './accountFakes.js';

const user: User = {
  _id: 'u1',
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.in',
  age: 34,
  gender: 'female',
  phoneNumber: '+919876543210',
  signInMethod: 'manual',
  role: 'patient',
  hasPassword: true,
  phoneVerified: true,
};

const flush = () => vi.advanceTimersByTimeAsync(0);
const badRequest = (errors: Array<{ field: string; message: string }>) => ({ _tag: 'HttpFailure', status: 400, message: 'Please correct the marked fields.', errors }) as const;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function phoneFlow(input: Partial<PhoneChangeInput> = {}) {
  const sendPhoneCode = answeredByHand<unknown, { phoneNumber: string; token: string }>();
  const sendEmailCode = answeredByHand<unknown, { email: string }>();
  const sendCurrentPhoneCode = answeredByHand<unknown, { token: string }>();
  const changePhone = answeredByHand<User, { request: PhoneChangeFields; token: string }>();
  const actor = createActor(
    phoneChangeMachine.provide({
      actors: { sendPhoneCode: sendPhoneCode.logic, sendEmailCode: sendEmailCode.logic, sendCurrentPhoneCode: sendCurrentPhoneCode.logic, changePhone: changePhone.logic },
    }),
    { input: { token: 'tok', hasPassword: true, accountEmail: 'asha@example.in', currentPhone: '+919822012345', ...input } },
  );
  const emitted = recordEmitted<ContactEmitted>(actor);
  actor.start();
  const toCode = async (phoneNumber = ' 98220 12345 ') => {
    actor.send({ type: 'phone.start' });
    actor.send({ type: 'phone.send', phoneNumber });
    sendPhoneCode.latest().resolve({ message: 'sent' });
    await flush();
  };
  return { actor, emitted, sendPhoneCode, sendEmailCode, sendCurrentPhoneCode, changePhone, toCode };
}

describe('phone change', () => {
  it('checks the number before any request: blank is required, a landline or a short number is invalid', () => {
    const { actor, sendPhoneCode } = phoneFlow();
    actor.send({ type: 'phone.start' });
    actor.send({ type: 'phone.send', phoneNumber: '  ' });
    expect(selectPhoneProblems(actor.getSnapshot())).toEqual({ phoneNumber: { kind: 'required' } });
    actor.send({ type: 'phone.send', phoneNumber: '020 2553 1234' });
    expect(selectPhoneProblems(actor.getSnapshot())).toEqual({ phoneNumber: { kind: 'invalid' } });
    actor.send({ type: 'phone.edited', field: 'phoneNumber' });
    expect(selectPhoneProblems(actor.getSnapshot())).toEqual({});
    expect(sendPhoneCode.calls).toHaveLength(0);
  });

  it('a number that is another account’s (409) is marked taken on the number; a 429 is a notice with the server’s words', async () => {
    const { actor, emitted, sendPhoneCode } = phoneFlow();
    actor.send({ type: 'phone.start' });
    actor.send({ type: 'phone.send', phoneNumber: '9822012345' });
    expect(sendPhoneCode.latest().input).toEqual({ phoneNumber: '9822012345', token: 'tok' });
    sendPhoneCode.latest().reject(refused(409, 'This number is on another account.'));
    await flush();
    expect(selectPhoneStep(actor.getSnapshot())).toBe('number');
    expect(selectPhoneProblems(actor.getSnapshot())).toEqual({ phoneNumber: { kind: 'taken' } });
    actor.send({ type: 'phone.send', phoneNumber: '9822012345' });
    emitted.take();
    sendPhoneCode.latest().reject(refused(429, 'Too many codes. Try again in 10 minutes.'));
    await flush();
    expect(emitted.take()).toEqual([{ type: 'notice', tone: 'error', notice: { kind: 'failed', text: 'Too many codes. Try again in 10 minutes.' } }]);
  });

  it('sends the code and the password; saved, it tells the session and goes back to showing the number', async () => {
    const { actor, emitted, changePhone, toCode } = phoneFlow();
    await toCode();
    expect(emitted.take()).toEqual([{ type: 'notice', tone: 'success', notice: { kind: 'phoneCodeSent', to: '98220 12345' } }]);
    expect(selectPhoneProof(actor.getSnapshot())).toBe('password');
    actor.send({ type: 'phone.confirm', code: '12', password: '' });
    expect(selectPhoneProblems(actor.getSnapshot())).toEqual({ code: { kind: 'invalid' }, password: { kind: 'required' } });
    actor.send({ type: 'phone.confirm', code: '123 456', password: 'my old passphrase' });
    expect(changePhone.latest().input).toEqual({ token: 'tok', request: { phoneNumber: '98220 12345', code: '123456', password: 'my old passphrase' } });
    changePhone.latest().resolve({ ...user, phoneNumber: '+919822012345' });
    await flush();
    expect(selectPhoneStep(actor.getSnapshot())).toBe('idle');
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(emitted.take().map((e) => (e.type === 'notice' ? e.notice.kind : e.type))).toEqual(['phoneSaved', 'saved']);
  });

  it('an account with no password, no email and no verified number sends only the code', async () => {
    const { actor, changePhone, toCode } = phoneFlow({ hasPassword: false, accountEmail: null, currentPhone: null });
    await toCode('9822012345');
    expect(selectPhoneProof(actor.getSnapshot())).toBe('none');
    actor.send({ type: 'phone.useEmail' });
    actor.send({ type: 'phone.useCurrentPhone' });
    expect(selectPhoneProof(actor.getSnapshot())).toBe('none');
    actor.send({ type: 'phone.confirm', code: '123456' });
    expect(changePhone.latest().input.request).toEqual({ phoneNumber: '9822012345', code: '123456' });
  });

  it('an account without a password gets a code to its current number at once, and sends both codes; or its email’s instead', async () => {
    const { actor, emitted, sendCurrentPhoneCode, sendEmailCode, changePhone, toCode } = phoneFlow({ hasPassword: false });
    await toCode('9822077665');
    expect(sendCurrentPhoneCode.latest().input).toEqual({ token: 'tok' });
    expect(selectPhoneProof(actor.getSnapshot())).toBe('unsent');
    emitted.take();
    sendCurrentPhoneCode.latest().resolve({ message: 'sent' });
    await flush();
    expect(emitted.take()).toEqual([{ type: 'notice', tone: 'success', notice: { kind: 'currentCodeSent', to: '+919822012345' } }]);
    expect(selectPhoneProof(actor.getSnapshot())).toBe('phone');
    // No password to fall back on.
    actor.send({ type: 'phone.usePassword' });
    expect(selectPhoneProof(actor.getSnapshot())).toBe('phone');
    actor.send({ type: 'phone.confirm', code: '123456', currentCode: '' });
    expect(selectPhoneProblems(actor.getSnapshot())).toEqual({ currentCode: { kind: 'required' } });
    actor.send({ type: 'phone.confirm', code: '123456', currentCode: '654 321' });
    expect(changePhone.latest().input.request).toEqual({ phoneNumber: '9822077665', code: '123456', currentCode: '654321' });
    changePhone.latest().reject(badRequest([{ field: 'currentCode', message: 'Invalid code. Please try again.' }]));
    await flush();
    expect(selectPhoneProblems(actor.getSnapshot())).toEqual({ currentCode: { kind: 'server', words: 'Invalid code. Please try again.' } });
    actor.send({ type: 'phone.useEmail' });
    expect(sendEmailCode.latest().input).toEqual({ email: 'asha@example.in' });
    sendEmailCode.latest().resolve({ message: 'sent' });
    await flush();
    expect(selectPhoneProof(actor.getSnapshot())).toBe('email');
    actor.send({ type: 'phone.confirm', code: '123456', emailCode: '111222' });
    expect(changePhone.latest().input.request).toEqual({ phoneNumber: '9822077665', code: '123456', emailCode: '111222' });
  });

  it('a proof code that could not be sent is asked for again; Save waits for it', async () => {
    const { actor, emitted, sendCurrentPhoneCode, changePhone, toCode } = phoneFlow({ hasPassword: false, accountEmail: null });
    await toCode('9822077665');
    emitted.take();
    sendCurrentPhoneCode.latest().reject(refused(429, 'Too many codes were sent to this number.'));
    await flush();
    expect(emitted.take()).toEqual([{ type: 'notice', tone: 'error', notice: { kind: 'failed', text: 'Too many codes were sent to this number.' } }]);
    expect(selectPhoneProof(actor.getSnapshot())).toBe('unsent');
    actor.send({ type: 'phone.confirm', code: '123456' });
    expect(changePhone.calls).toHaveLength(0);
    actor.send({ type: 'phone.resendProofCode' });
    expect(sendCurrentPhoneCode.calls).toHaveLength(2);
    sendCurrentPhoneCode.latest().resolve({ message: 'sent' });
    await flush();
    expect(selectPhoneProof(actor.getSnapshot())).toBe('phone');
  });

  it('instead of the password, a code to the account’s email; a wrong one (400 naming it) shows on that field', async () => {
    const { actor, emitted, sendEmailCode, changePhone, toCode } = phoneFlow();
    await toCode('9822012345');
    actor.send({ type: 'phone.useEmail' });
    expect(sendEmailCode.latest().input).toEqual({ email: 'asha@example.in' });
    emitted.take();
    sendEmailCode.latest().resolve({ message: 'sent' });
    await flush();
    expect(emitted.take()).toEqual([{ type: 'notice', tone: 'success', notice: { kind: 'proofCodeSent', to: 'asha@example.in' } }]);
    expect(selectPhoneProof(actor.getSnapshot())).toBe('email');
    actor.send({ type: 'phone.confirm', code: '123456', emailCode: '' });
    expect(selectPhoneProblems(actor.getSnapshot())).toEqual({ emailCode: { kind: 'required' } });
    actor.send({ type: 'phone.confirm', code: '123456', emailCode: '654321' });
    expect(changePhone.latest().input.request).toEqual({ phoneNumber: '9822012345', code: '123456', emailCode: '654321' });
    changePhone.latest().reject(badRequest([{ field: 'emailCode', message: 'is wrong or expired' }]));
    await flush();
    expect(selectPhoneProof(actor.getSnapshot())).toBe('email');
    expect(selectPhoneProblems(actor.getSnapshot())).toEqual({ emailCode: { kind: 'server', words: 'is wrong or expired' } });
    actor.send({ type: 'phone.usePassword' });
    expect(selectPhoneProof(actor.getSnapshot())).toBe('password');
    expect(selectPhoneProblems(actor.getSnapshot())).toEqual({});
  });

  it('the code may be sent again only after the countdown, which keeps running while the person types', async () => {
    const { actor, sendPhoneCode, toCode } = phoneFlow();
    await toCode('9822012345');
    const countdown = () => selectSecondsLeft(selectPhoneResend(actor.getSnapshot())?.getSnapshot());
    expect(countdown()).toBe(resendAfterSeconds);
    actor.send({ type: 'phone.resend' });
    expect(sendPhoneCode.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    actor.send({ type: 'phone.confirm', code: '1', password: 'x' });
    expect(countdown()).toBe(resendAfterSeconds - 10);
    await vi.advanceTimersByTimeAsync((resendAfterSeconds - 10) * 1000);
    expect(countdown()).toBe(0);
    actor.send({ type: 'phone.resend' });
    expect(sendPhoneCode.calls).toHaveLength(2);
    sendPhoneCode.latest().resolve({ message: 'sent' });
    await flush();
    expect(countdown()).toBe(resendAfterSeconds);
  });

  it('no cancel while saving; an unanswered save is a notice and keeps the code step', async () => {
    const { actor, emitted, changePhone, toCode } = phoneFlow();
    await toCode('9822012345');
    actor.send({ type: 'phone.confirm', code: '123456', password: 'pw' });
    actor.send({ type: 'phone.cancel' });
    expect(selectPhoneStep(actor.getSnapshot())).toBe('code');
    emitted.take();
    changePhone.latest().reject(unanswered);
    await flush();
    expect(selectPhoneStep(actor.getSnapshot())).toBe('code');
    expect(emitted.take()).toEqual([{ type: 'notice', tone: 'error', notice: { kind: 'failed', text: null } }]);
  });
});

function emailFlow() {
  const sendEmailCode = answeredByHand<unknown, { email: string }>();
  const validateEmailCode = answeredByHand<unknown, { email: string; otp: string }>();
  const changeEmail = answeredByHand<User, { email: string; token: string }>();
  const actor = createActor(
    emailChangeMachine.provide({ actors: { sendEmailCode: sendEmailCode.logic, validateEmailCode: validateEmailCode.logic, changeEmail: changeEmail.logic } }),
    { input: { token: 'tok' } },
  );
  const emitted = recordEmitted<ContactEmitted>(actor);
  actor.start();
  const send = (event: EmailChangeEvent) => actor.send(event);
  const toCode = async (email = ' ravi@example.in ') => {
    send({ type: 'email.start' });
    send({ type: 'email.send', email });
    sendEmailCode.latest().resolve({ message: 'sent' });
    await flush();
  };
  return { actor, emitted, send, sendEmailCode, validateEmailCode, changeEmail, toCode };
}

describe('email change', () => {
  it('checks the address before any request', () => {
    const { actor, send, sendEmailCode } = emailFlow();
    send({ type: 'email.start' });
    send({ type: 'email.send', email: 'ravi@' });
    expect(selectEmailProblems(actor.getSnapshot())).toEqual({ email: { kind: 'invalid' } });
    expect(sendEmailCode.calls).toHaveLength(0);
  });

  it('sends a code, checks it, then saves the proven address; the session is told', async () => {
    const { actor, emitted, send, sendEmailCode, validateEmailCode, changeEmail, toCode } = emailFlow();
    await toCode();
    expect(sendEmailCode.latest().input).toEqual({ email: 'ravi@example.in' });
    expect(selectEmailStep(actor.getSnapshot())).toBe('code');
    send({ type: 'email.validate', code: '12345' });
    expect(selectEmailProblems(actor.getSnapshot())).toEqual({ code: { kind: 'invalid' } });
    send({ type: 'email.validate', code: ' 123456 ' });
    expect(validateEmailCode.latest().input).toEqual({ email: 'ravi@example.in', otp: '123456' });
    validateEmailCode.latest().resolve({ message: 'ok' });
    await flush();
    expect(changeEmail.latest().input).toEqual({ email: 'ravi@example.in', token: 'tok' });
    emitted.take();
    changeEmail.latest().resolve({ ...user, email: 'ravi@example.in' });
    await flush();
    expect(selectEmailStep(actor.getSnapshot())).toBe('idle');
    expect(emitted.take().map((e) => (e.type === 'notice' ? e.notice.kind : e.type))).toEqual(['emailSaved', 'saved']);
  });

  it('a refused code shows on the code field in the server’s words; an address another account has (409) goes back to the address, marked taken', async () => {
    const { actor, send, validateEmailCode, changeEmail, toCode } = emailFlow();
    await toCode();
    send({ type: 'email.validate', code: '111111' });
    validateEmailCode.latest().reject(refused(400, 'Invalid email OTP. Please try again.'));
    await flush();
    expect(selectEmailProblems(actor.getSnapshot())).toEqual({ code: { kind: 'server', words: 'Invalid email OTP. Please try again.' } });
    send({ type: 'email.validate', code: '123456' });
    validateEmailCode.latest().resolve({ message: 'ok' });
    await flush();
    changeEmail.latest().reject(refused(409, 'This email is on another account.'));
    await flush();
    expect(selectEmailStep(actor.getSnapshot())).toBe('address');
    expect(selectEmailProblems(actor.getSnapshot())).toEqual({ email: { kind: 'taken' } });
  });

  it('an unanswered save keeps the proof: Save again tries once more', async () => {
    const { actor, send, validateEmailCode, changeEmail, toCode } = emailFlow();
    await toCode();
    send({ type: 'email.validate', code: '123456' });
    validateEmailCode.latest().resolve({ message: 'ok' });
    await flush();
    changeEmail.latest().reject(unanswered);
    await flush();
    expect(selectEmailStep(actor.getSnapshot())).toBe('proven');
    send({ type: 'email.save' });
    expect(changeEmail.calls).toHaveLength(2);
  });

  it('resend waits for the countdown', async () => {
    const { actor, send, sendEmailCode, toCode } = emailFlow();
    await toCode();
    send({ type: 'email.resend' });
    expect(sendEmailCode.calls).toHaveLength(1);
    expect(selectSecondsLeft(selectEmailResend(actor.getSnapshot())?.getSnapshot())).toBe(resendAfterSeconds);
    await vi.advanceTimersByTimeAsync(resendAfterSeconds * 1000);
    send({ type: 'email.resend' });
    expect(sendEmailCode.calls).toHaveLength(2);
  });
});
