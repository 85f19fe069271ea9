import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  forgotPasswordMachine,
  selectIsChoosingPassword,
  selectIsReset,
  selectIsResetting,
  selectOtpRef,
  type ForgotPasswordEmitted,
} from '../../machines/forgotPassword/forgotPasswordMachine.js';
import { otpMachine, selectOtpStatus } from '../../machines/otp/otpMachine.js';
import { answeredByHand, noticeWords, recordEmitted, refused, refusedPlainly, settle, unanswered } from './accountFakes.js';

const email = 'asha@example.in';
const newPassword = 'a brand new passphrase';

function start(loggedIn: boolean) {
  const sendOtp = answeredByHand<unknown, { email: string }>();
  const validateOtp = answeredByHand<unknown, { email: string; otp: string }>();
  const resetPassword = answeredByHand<unknown, { email: string; password: string }>();
  const machine = forgotPasswordMachine.provide({
    actors: {
      resetPassword: resetPassword.logic,
      otp: otpMachine.provide({ actors: { sendOtp: sendOtp.logic, validateOtp: validateOtp.logic } }),
    },
  });
  const actor = createActor(machine, { input: { loggedIn } }).start();
  const emitted = recordEmitted<ForgotPasswordEmitted>(actor);
  const otp = () => {
    const ref = selectOtpRef(actor.getSnapshot());
    if (!ref) throw new Error('no otp child');
    return ref;
  };
  const prove = async () => {
    otp().send({ type: 'otp.emailChanged', email });
    otp().send({ type: 'otp.send', email });
    sendOtp.latest().resolve({ message: 'OTP sent.' });
    await settle();
    otp().send({ type: 'otp.validate', code: '123456' });
    validateOtp.latest().resolve({ message: 'Email OTP validated.' });
    await settle();
  };
  return { actor, emitted, otp, sendOtp, validateOtp, resetPassword, prove };
}

const submit = (password: string, confirmPassword: string) =>
  ({ type: 'forgotPassword.submit', password, confirmPassword }) as const;

describe('forgotPasswordMachine', () => {
  it('proves the address with the shared code steps and their messages first', async () => {
    const { actor, otp, emitted, sendOtp, prove } = start(false);
    expect(actor.getSnapshot().value).toBe('Proving');
    expect(actor.getSnapshot().can(submit(newPassword, newPassword))).toBe(false);

    otp().send({ type: 'otp.send', email: '' });
    otp().send({ type: 'otp.send', email });
    sendOtp.latest().reject(unanswered);
    await settle();
    expect(noticeWords(emitted.take())).toEqual(['enterEmail', 'otpSendError']);

    await prove();
    expect(noticeWords(emitted.take())).toEqual(['otpSent', 'otpValidated']);
    expect(selectIsChoosingPassword(actor.getSnapshot())).toBe(true);
  });

  it('passes on a refused code as its own kind, in the server words, and stays proving', async () => {
    const { actor, otp, emitted, sendOtp, validateOtp } = start(false);
    otp().send({ type: 'otp.send', email });
    sendOtp.latest().resolve({ message: 'OTP sent.' });
    await settle();
    emitted.take();

    otp().send({ type: 'otp.validate', code: '000000' });
    validateOtp.latest().reject(refused(400, 'This OTP has expired. Please request a new one.'));
    await settle();
    otp().send({ type: 'otp.validate', code: '000000' });
    validateOtp.latest().reject(refusedPlainly(400));
    await settle();
    expect(emitted.take()).toEqual([
      { type: 'notice', tone: 'error', notice: { kind: 'otpRefused', text: 'This OTP has expired. Please request a new one.' } },
      { type: 'notice', tone: 'error', notice: { kind: 'otpRefused', text: null } },
    ]);
    expect(actor.getSnapshot().value).toBe('Proving');
    expect(selectOtpStatus(otp().getSnapshot())).toBe('Sent');
    expect(actor.getSnapshot().can(submit(newPassword, newPassword))).toBe(false);
  });

  it('says passwords do not match, and names blank fields, without calling', async () => {
    const { actor, emitted, resetPassword, prove } = start(false);
    await prove();
    emitted.take();
    actor.send(submit(newPassword, 'a brand new pass phrase'));
    actor.send(submit('', ' '));
    expect(emitted.take()).toEqual([
      { type: 'notice', tone: 'error', notice: { kind: 'passwordsMismatch' } },
      { type: 'notice', tone: 'error', notice: { kind: 'missingFields', fields: ['password', 'confirmPassword'] } },
    ]);
    expect(resetPassword.calls).toHaveLength(0);
    expect(selectIsChoosingPassword(actor.getSnapshot())).toBe(true);
  });

  it('resets for the proven address; logged in, it then goes to /', async () => {
    const { actor, emitted, resetPassword, prove } = start(true);
    await prove();
    emitted.take();
    actor.send(submit(newPassword, newPassword));
    expect(selectIsResetting(actor.getSnapshot())).toBe(true);
    expect(resetPassword.latest().input).toEqual({ email, password: newPassword });

    resetPassword.latest().resolve({ message: 'Password reset.' });
    await settle();
    expect(selectIsReset(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().output).toEqual({ next: 'home' });
    expect(emitted.take()).toEqual([
      { type: 'notice', tone: 'success', notice: { kind: 'passwordReset' } },
      { type: 'navigate', to: '/' },
    ]);
  });

  it('logged out, it opens the login popup instead', async () => {
    const { actor, emitted, resetPassword, prove } = start(false);
    await prove();
    emitted.take();
    actor.send(submit(newPassword, newPassword));
    resetPassword.latest().resolve({ message: 'Password reset.' });
    await settle();
    expect(actor.getSnapshot().output).toEqual({ next: 'login' });
    expect(emitted.take()).toEqual([
      { type: 'notice', tone: 'success', notice: { kind: 'passwordReset' } },
      { type: 'openLogin' },
    ]);
  });

  it('checks the new password with the contract before any call: too short is said on the field', async () => {
    const { actor, emitted, resetPassword, prove } = start(false);
    await prove();
    emitted.take();
    actor.send(submit('short', 'short'));
    await settle();
    expect(resetPassword.calls).toHaveLength(0);
    expect(emitted.take()).toEqual([
      {
        type: 'notice',
        tone: 'error',
        notice: { kind: 'fields', fieldErrors: [{ field: 'password', message: 'must be 8 to 128 characters long' }] },
      },
    ]);
    expect(selectIsChoosingPassword(actor.getSnapshot())).toBe(true);
  });

  it.each([
    ['in the server words', refused(400, 'password: must be 8 to 128 characters long'), 'server: password: must be 8 to 128 characters long'],
    ['plainly when there is no answer', unanswered, 'somethingWentWrong'],
  ])('goes back to the new password when refused, %s', async (_, failure, words) => {
    const { actor, emitted, resetPassword, prove } = start(false);
    await prove();
    emitted.take();
    actor.send(submit('long enough words', 'long enough words'));
    resetPassword.latest().reject(failure);
    await settle();
    expect(noticeWords(emitted.take())).toEqual([words]);
    expect(selectIsChoosingPassword(actor.getSnapshot())).toBe(true);
  });

  it('keeps the fields a 400 named on its notice, for the view to mark them', async () => {
    const { actor, emitted, resetPassword, prove } = start(false);
    await prove();
    emitted.take();
    actor.send(submit('aaaaaaaa', 'aaaaaaaa'));
    const errors = [{ field: 'password', message: 'is too easy to guess: it repeats characters' }];
    resetPassword.latest().reject({ ...refused(400, 'This password is too easy to guess.'), errors });
    await settle();
    expect(emitted.take()).toEqual([
      { type: 'notice', tone: 'error', notice: { kind: 'server', text: 'This password is too easy to guess.', fieldErrors: errors } },
    ]);
    expect(selectIsChoosingPassword(actor.getSnapshot())).toBe(true);
  });

  it('goes back to proving when the email changes after validation', async () => {
    const { actor, otp, prove, resetPassword } = start(false);
    await prove();
    otp().send({ type: 'otp.emailChanged', email: 'someone.else@example.in' });
    expect(actor.getSnapshot().value).toBe('Proving');
    expect(selectOtpStatus(otp().getSnapshot())).toBe('NotSent');
    expect(actor.getSnapshot().can(submit(newPassword, newPassword))).toBe(false);
    actor.send(submit(newPassword, newPassword));
    expect(resetPassword.calls).toHaveLength(0);
  });
});
