/**
 * The mobile sign-in's test model (tests/machines/models/mobileSignInModel.ts, the one the
 * machine's path test walks) driven through the RENDERED login popup of a clinic that texts codes
 * by SMS and WhatsApp: "Continue with mobile number", the number field, the channel choice, the
 * code field, the countdown to "Resend code", "Change number", with the two calls answered by
 * hand. A click must reach the machine, and the machine's state must reach the screen: fields
 * marked with their words, toasts, and at the end the popup closed and the token stored.
 *
 * Also here: what the popups show of the mobile path (the button only when the server offers
 * it; the inputs' types for a phone's keyboard and autofill), and the WebOTP API filling the code.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestModel } from 'xstate/graph';
import type { MobileSignInAnswer, TextChannel } from '../../contract/mobile';
import { refused, refusedPlainly, unanswered } from '../machines/accountFakes';
import { modelTransitions, pathEndings, pathsTakingEveryTransition, testPaths } from '../machines/modelPaths';
import { mobileModel, type MobileModelEvent } from '../machines/models/mobileSignInModel';
import { answer, expectOnField, expectToast, fakeAccount, renderApp, warmAccountChunks } from './support';

beforeAll(async () => {
  await warmAccountChunks();
}, 30_000);

// The countdown is 30 s of the machine's `after` delays: the clock moves on only when a step says.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const newAccount: MobileSignInAnswer = {
  token: 'tok-m1',
  user: { _id: 'u9', firstName: '', lastName: '', email: null },
  created: true,
  profileComplete: false,
};
const both = { mobile: { channels: ['sms', 'whatsapp'] as TextChannel[] } };
const sentWords: Record<TextChannel, string> = { sms: 'We sent a 6-digit code by SMS.', whatsapp: 'We sent a 6-digit code on WhatsApp.' };

async function openLogin(account = fakeAccount({ signInOptions: both })) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderApp({ account });
  await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Login' }));
  const dialog = await screen.findByRole('dialog', { name: 'Login' }, { timeout: 15_000 });
  return { user, account, dialog };
}

function harness() {
  const opened = (async () => {
    const o = await openLogin();
    await o.user.click(await within(o.dialog).findByRole('button', { name: 'Continue with mobile number' }));
    return o;
  })();
  let channel: TextChannel = 'sms';
  const popup = async () => within((await opened).dialog);
  const field = async (label: string) => (await popup()).getByLabelText(label);
  const click = async (name: string) => (await opened).user.click((await popup()).getByRole('button', { name }));
  const typeInto = async (label: string, text: string) => {
    const input = await field(label);
    const { user } = await opened;
    await user.clear(input);
    await user.type(input, text);
    return input;
  };
  const sendNumber = async (settle: (call: ReturnType<ReturnType<typeof fakeAccount>['sendSignInCode']['latest']>) => void) => {
    const { account } = await opened;
    await typeInto('Mobile number', '98220 12345');
    await click('Send code');
    channel = 'sms';
    expect(account.sendSignInCode.latest().input).toEqual({ phoneNumber: '98220 12345', channel: 'sms' });
    await answer(() => settle(account.sendSignInCode.latest()));
  };
  const verify = async (settle: (call: ReturnType<ReturnType<typeof fakeAccount>['mobileSignIn']['latest']>) => void) => {
    const { account } = await opened;
    // The sixth digit signs in by itself: no Sign in click.
    await typeInto('Code', '123456');
    expect(account.mobileSignIn.latest().input).toEqual({ phoneNumber: '98220 12345', code: '123456' });
    await answer(() => settle(account.mobileSignIn.latest()));
  };
  const resend = async (name: string, to: TextChannel, settle: (call: ReturnType<ReturnType<typeof fakeAccount>['sendSignInCode']['latest']>) => void) => {
    const { account } = await opened;
    await click(name);
    channel = to;
    expect(account.sendSignInCode.latest().input).toEqual({ phoneNumber: '98220 12345', channel: to });
    await answer(() => settle(account.sendSignInCode.latest()));
  };

  const events: Record<MobileModelEvent['type'], () => Promise<void>> = {
    'send.blank': async () => {
      const { account } = await opened;
      await click('Send code');
      await expectOnField(await field('Mobile number'), 'Is required.');
      expect(account.sendSignInCode.calls).toHaveLength(0);
    },
    'send.badNumber': async () => {
      const { account } = await opened;
      const calls = account.sendSignInCode.calls.length;
      const input = await typeInto('Mobile number', '2025551234');
      await click('Send code');
      await expectOnField(input, 'Must be a 10-digit Indian mobile number.');
      expect(account.sendSignInCode.calls).toHaveLength(calls);
    },
    'send.unanswered': async () => {
      await sendNumber((call) => call.reject(unanswered));
      await expectToast('We could not send the code. Please try again.', 'alert');
    },
    'send.tooMany': async () => {
      await sendNumber((call) => call.reject(refused(429, 'Too many codes sent. Try again in 10 minutes.')));
      await expectToast('Too many codes sent. Try again in 10 minutes.', 'alert');
    },
    'send.ok': async () => {
      await sendNumber((call) => call.resolve({ message: 'Code sent.' }));
      await expectToast(sentWords.sms, 'status');
      // Focus goes to the code.
      await waitFor(async () => expect(document.activeElement).toBe(await field('Code')));
    },
    'verify.badCode': async () => {
      const { account } = await opened;
      const calls = account.mobileSignIn.calls.length;
      const input = await typeInto('Code', '12a');
      await click('Sign in');
      await expectOnField(input, 'Must be the 6-digit code from the message.');
      expect(account.mobileSignIn.calls).toHaveLength(calls);
    },
    'verify.wrong': async () => {
      await verify((call) => call.reject(refused(401, 'That code is wrong.')));
      await expectToast('That code is wrong.', 'alert');
      await waitFor(async () => expect((await field('Code')).getAttribute('aria-invalid')).toBe('true'));
    },
    'verify.unanswered': async () => {
      await verify((call) => call.reject(unanswered));
      await expectToast('Something went wrong.', 'alert');
    },
    'countdown.end': async () => {
      expect((await popup()).getByText(/^You can ask for a new code in \d+ s\.$/)).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(31_000);
      });
    },
    'resend.ok': async () => {
      await resend('Resend code', channel, (call) => call.resolve({ message: 'Code sent.' }));
      await expectToast(sentWords[channel], 'status');
    },
    'resend.otherChannel': async () => {
      const to: TextChannel = channel === 'sms' ? 'whatsapp' : 'sms';
      await resend(to === 'whatsapp' ? 'Send on WhatsApp instead' : 'Send by SMS instead', to, (call) => call.resolve({ message: 'Code sent.' }));
      await expectToast(sentWords[to], 'status');
    },
    'resend.failed': async () => {
      await resend('Resend code', channel, (call) => call.reject(refusedPlainly(503)));
      await expectToast('We could not send the code. Please try again.', 'alert');
    },
    'change.number': async () => {
      await click('Change number');
      await waitFor(async () => expect(document.activeElement).toBe(await field('Mobile number')));
    },
    'verify.ok': async () => {
      await verify((call) => call.resolve(newAccount));
      await expectToast('You are signed in.', 'status');
    },
  };

  const atCode = (resendShown: boolean) => async () => {
    const shown = await popup();
    expect(shown.getByLabelText('Code')).toBeTruthy();
    expect(shown.queryByLabelText('Mobile number')).toBeNull();
    expect(shown.getByText(channel === 'sms' ? 'Code sent by SMS to +91 98220 12345.' : 'Code sent on WhatsApp to +91 98220 12345.')).toBeTruthy();
    expect(shown.queryByRole('button', { name: 'Resend code' }) !== null).toBe(resendShown);
    expect(shown.queryByText(/^You can ask for a new code in/) !== null).toBe(!resendShown);
  };
  const states: Record<string, () => Promise<void>> = {
    Number: async () => {
      const shown = await popup();
      expect(shown.getByLabelText('Mobile number')).toBeTruthy();
      expect(shown.getByRole('radio', { name: 'SMS' })).toBeTruthy();
      expect(shown.getByRole('radio', { name: 'WhatsApp' })).toBeTruthy();
      expect(shown.queryByLabelText('Code')).toBeNull();
    },
    Counting: atCode(false),
    ResendReady: atCode(true),
    SignedIn: async () => {
      const { account } = await opened;
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(account.storage.token).toBe('tok-m1');
      expect(account.fetchCurrentUser.latest().input).toEqual({ token: 'tok-m1' });
    },
  };
  return { stop: () => undefined, events, states };
}

describe('the mobile sign-in model through the rendered login popup', () => {
  const testModel = createTestModel(mobileModel);
  const everyTransition = pathsTakingEveryTransition(testModel);

  it('takes every transition of the model', () => {
    expect(pathEndings(everyTransition)).toEqual(modelTransitions(testModel));
    expect(modelTransitions(testModel).size).toBe(17);
  });

  testPaths({ 'every transition': everyTransition }, harness);
});

describe('the popups mobile path', () => {
  it('is offered only when the server can text a code', async () => {
    const { dialog, user } = await openLogin(fakeAccount({ signInOptions: { mobile: null } }));
    expect(within(dialog).getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Continue with mobile number' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    const signUp = await screen.findByRole('dialog', { name: 'Sign up' }, { timeout: 15_000 });
    expect(within(signUp).queryByRole('button', { name: 'Continue with mobile number' })).toBeNull();
  });

  it('asks the server once a page, whichever popup opens', async () => {
    const account = fakeAccount();
    const load = vi.fn(() => Promise.resolve({ mobile: { channels: ['sms'] as TextChannel[] } }));
    const services = { ...account.services, loadSignInOptions: load };
    const { dialog, user } = await openLogin({ ...account, services });
    expect(await within(dialog).findByRole('button', { name: 'Continue with mobile number' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    const signUp = await screen.findByRole('dialog', { name: 'Sign up' }, { timeout: 15_000 });
    expect(await within(signUp).findByRole('button', { name: 'Continue with mobile number' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('gives the phone the keyboards and autofill for a number and a one-time code; one channel, no choice', async () => {
    const { dialog, user, account } = await openLogin(fakeAccount({ signInOptions: { mobile: { channels: ['whatsapp'] } } }));
    await user.click(await within(dialog).findByRole('button', { name: 'Continue with mobile number' }));
    const number = within(dialog).getByLabelText('Mobile number');
    expect(number.getAttribute('type')).toBe('tel');
    expect(number.getAttribute('inputmode')).toBe('numeric');
    expect(number.getAttribute('autocomplete')).toBe('tel-national');
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await user.type(number, '+91 98220 12345');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    // The clinic's one channel: the server's own choice, none sent.
    expect(account.sendSignInCode.latest().input).toEqual({ phoneNumber: '+91 98220 12345' });
    await answer(() => account.sendSignInCode.latest().resolve({ message: 'Code sent.' }));
    const code = await within(dialog).findByLabelText('Code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('maxlength')).toBe('6');
    await user.click(within(dialog).getByRole('button', { name: 'Use email instead' }));
    expect(await within(dialog).findByLabelText('Email')).toBeTruthy();
  });

  it('fills and sends the code of an SMS where the browser has WebOTP, and stops asking once the popup closes', async () => {
    const pending: Array<{ resolve: (c: unknown) => void; signal: AbortSignal }> = [];
    const get = vi.fn((options: { signal: AbortSignal }) => new Promise((resolve) => pending.push({ resolve, signal: options.signal })));
    vi.stubGlobal('OTPCredential', class {});
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get } });
    try {
      const { dialog, user, account } = await openLogin(fakeAccount({ signInOptions: { mobile: { channels: ['sms'] } } }));
      await user.click(await within(dialog).findByRole('button', { name: 'Continue with mobile number' }));
      await user.type(within(dialog).getByLabelText('Mobile number'), '9822012345');
      await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
      await answer(() => account.sendSignInCode.latest().resolve({ message: 'Code sent.' }));
      await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
      expect(get.mock.calls[0]?.[0]).toMatchObject({ otp: { transport: ['sms'] } });
      await answer(() => pending[0]?.resolve({ code: '654321', type: 'otp' }));
      await waitFor(() => expect(account.mobileSignIn.calls).toHaveLength(1));
      expect(account.mobileSignIn.latest().input).toEqual({ phoneNumber: '9822012345', code: '654321' });
      expect((within(dialog).getByLabelText('Code') as HTMLInputElement).value).toBe('654321');
      await answer(() => account.mobileSignIn.latest().resolve(newAccount));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(pending.every((p) => p.signal.aborted)).toBe(true);
    } finally {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'credentials');
    }
  });
});
