/**
 * The session's test model (tests/machines/models/sessionModel.ts, the same one the machine's path
 * test walks) driven through the RENDERED app: the header, the login and sign-up popups, the My
 * Profile menu, with the account calls answered by hand. So the seams are walked, not only the
 * machine: a click must reach the machine and the machine's state must reach the screen.
 *
 * What these tests assume of the app, so that they hold while its wiring changes: `renderApp` and
 * `fakeAccount` (./support.tsx) render the whole app with fake account calls; everything else is
 * what a person sees and does: the header (the banner landmark), buttons and dialogs by their
 * accessible names ('Login', 'Sign up', 'My Profile', 'Logout', 'Close'), the fields 'Email' and 'Password', the toasts' words, the
 * stored token. The model's events that no view on '/' can cause (a 401 from another call, the
 * appointments list, Try again on /account, logging in again while logged in) are left to the
 * machine's own path test.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { refused, refusedPlainly, unanswered } from '../machines/accountFakes';
import { modelTransitions, pathEndings, pathsTakingEveryTransition, testPaths } from '../machines/modelPaths';
import { registrationModel, type RegistrationModelEvent } from '../machines/models/registrationModel';
import { sessionModel, type SessionModelEvent } from '../machines/models/sessionModel';
import { answer, demoUser, expectOnField, expectToast, fakeAccount, loginUser, renderApp, warmAccountChunks, type FakeAccount } from './support';

beforeAll(async () => {
  await warmAccountChunks();
}, 30_000);

/** What the person (or the server) can do on '/', in each state of the model. */
const rendered: Partial<Record<string, ReadonlyArray<SessionModelEvent['type']>>> = {
  NotStarted: ['app.start', 'app.startWithToken'],
  Restoring: ['user.found', 'user.tokenRefused', 'user.unanswered'],
  LoggedOut: ['session.showLogin', 'session.showRegister'],
  LoginOpen: ['session.showRegister', 'session.closePanels', 'login'],
  RegisterOpen: ['session.showLogin', 'session.closePanels'],
  Verifying: ['user.found', 'user.failed'],
  LoggedIn: ['session.logout'],
  LoggingOut: ['revoke.done', 'revoke.unanswered'],
};

const testModel = createTestModel(sessionModel, {
  filterEvents: (state, event: EventObject) =>
    state.can(event as SessionModelEvent) && (rendered[String(state.value)] ?? []).includes(event.type as SessionModelEvent['type']),
});

function harness() {
  let account: FakeAccount | undefined;
  const user = userEvent.setup();
  const real = () => {
    if (!account) throw new Error('the app is not rendered');
    return account;
  };
  const dialog = (name: string) => screen.findByRole('dialog', { name });
  // The page's header (its banner landmark): a popup has buttons of the same names.
  const banner = () => within(screen.getByRole('banner'));
  const header = {
    login: () => banner().queryByRole('button', { name: 'Login' }),
    signUp: () => banner().getByRole('button', { name: 'Sign up' }),
    profile: () => banner().queryByRole('button', { name: 'My Profile' }),
  };
  const noDialog = () => expect(screen.queryByRole('dialog')).toBeNull();

  const events: Record<SessionModelEvent['type'], () => Promise<void>> = {
    'app.start': async () => {
      account = renderApp().account;
    },
    'app.startWithToken': async () => {
      account = renderApp({ account: fakeAccount({ storedToken: 'tok-stored' }) }).account;
      expect(real().fetchCurrentUser.latest().input).toEqual({ token: 'tok-stored' });
    },
    'user.found': () => answer(() => real().fetchCurrentUser.latest().resolve(demoUser)),
    'user.tokenRefused': () => answer(() => real().fetchCurrentUser.latest().reject(refused(401, 'Please log in again.'))),
    'user.unanswered': () => answer(() => real().fetchCurrentUser.latest().reject(unanswered)),
    'user.failed': async () => {
      await answer(() => real().fetchCurrentUser.latest().reject(unanswered));
      await expectToast('Something went wrong.', 'alert');
    },
    'session.showLogin': async () => {
      const open = screen.queryByRole('dialog', { name: 'Sign up' });
      await user.click(open ? within(open).getByRole('button', { name: 'Login' }) : (header.login() as HTMLElement));
      await dialog('Login');
    },
    'session.showRegister': async () => {
      const open = screen.queryByRole('dialog', { name: 'Login' });
      await user.click(open ? within(open).getByRole('button', { name: 'Sign up' }) : header.signUp());
      await dialog('Sign up');
    },
    'session.closePanels': async () => {
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
      await waitFor(noDialog);
    },
    login: async () => {
      const popup = await dialog('Login');
      // A path may log in twice: the first welcome can still be showing, so look for a new one.
      const earlier = new Set(screen.queryAllByText('Welcome Asha!', { selector: '.toast__text' }));
      await user.type(within(popup).getByLabelText('Email'), 'asha@example.in');
      await user.type(within(popup).getByLabelText('Password'), 'monsoon evenings');
      await user.click(within(popup).getByRole('button', { name: 'Login' }));
      expect(real().login.latest().input).toEqual({ email: 'asha@example.in', password: 'monsoon evenings' });
      await answer(() => real().login.latest().resolve({ token: 'tok-1', user: loginUser }));
      const welcome = await waitFor(() => {
        const fresh = screen.queryAllByText('Welcome Asha!', { selector: '.toast__text' }).find((el) => !earlier.has(el));
        if (!fresh) throw new Error('no new "Welcome Asha!" toast');
        return fresh;
      });
      expect(welcome.closest('[role="status"], [role="alert"]')?.getAttribute('role')).toBe('status');
      expect(real().fetchCurrentUser.latest().input).toEqual({ token: 'tok-1' });
    },
    'session.logout': async () => {
      await user.click(header.profile() as HTMLElement);
      await user.click(screen.getByRole('button', { name: 'Logout' }));
      await expectToast('Logout successfull.', 'status');
      expect(real().logout.latest().input.token).toMatch(/^tok-/);
    },
    'revoke.done': () => answer(() => real().logout.latest().resolve({ message: 'Logged out.' })),
    'revoke.unanswered': () => answer(() => real().logout.latest().reject(unanswered)),
    'session.retry': async () => Promise.reject(new Error('not on this page')),
    'session.expired': async () => Promise.reject(new Error('not on this page')),
    'session.expiredAgain': async () => Promise.reject(new Error('not on this page')),
    'list.loaded': async () => Promise.reject(new Error('not on this page')),
    'list.expired': async () => Promise.reject(new Error('not on this page')),
    'appointments.refresh': async () => Promise.reject(new Error('not on this page')),
    'profile.saved': async () => Promise.reject(new Error('not on this page')),
  };

  const loggedOut = () => {
    expect(header.login()).not.toBeNull();
    expect(header.profile()).toBeNull();
    expect(real().storage.token).toBeNull();
  };
  const states: Record<string, () => Promise<void> | void> = {
    NotStarted: () => expect(account).toBeUndefined(),
    // Neither Login nor My Profile while a stored token is checked.
    Restoring: () => {
      expect(header.login()).toBeNull();
      expect(header.profile()).toBeNull();
    },
    // The stored token could not be checked (no answer): kept, to be tried again; not logged in here.
    Unverified: () => {
      expect(header.profile()).toBeNull();
      expect(real().storage.token).toBe('tok-stored');
      noDialog();
    },
    LoggedOut: async () => {
      await waitFor(noDialog);
      loggedOut();
    },
    LoginOpen: async () => {
      expect(await dialog('Login')).toBeTruthy();
      loggedOut();
    },
    RegisterOpen: async () => {
      expect(await dialog('Sign up')).toBeTruthy();
      loggedOut();
    },
    // Logged in, the user being fetched: the popup is closed and the token kept.
    Verifying: async () => {
      await waitFor(noDialog);
      expect(header.login()).toBeNull();
      expect(real().storage.token).toBe('tok-1');
    },
    LoggedIn: async () => {
      expect(await banner().findByRole('button', { name: 'My Profile' })).toBeTruthy();
      expect(header.login()).toBeNull();
      expect(real().storage.token).toMatch(/^tok-/);
    },
    // The token is forgotten at once; the server is told in the background.
    LoggingOut: loggedOut,
  };
  return { stop: () => undefined, events, states };
}

describe('the session model through the rendered app', () => {
  const everyTransition = pathsTakingEveryTransition(testModel);
  const journeys = testModel.getPathsFromEvents(
    (['app.start', 'session.showRegister', 'session.showLogin', 'login', 'user.found', 'session.logout', 'revoke.unanswered', 'session.showLogin', 'login', 'user.failed'] as const).map(
      (type) => ({ type }),
    ),
  );

  it('takes every transition the views can cause', () => {
    expect(pathEndings(everyTransition)).toEqual(modelTransitions(testModel));
    expect(modelTransitions(testModel).size).toBe(17);
    expect(journeys).toHaveLength(1);
  });

  testPaths({ 'every transition': everyTransition, journeys }, harness);
});

/**
 * The sign-up model (tests/machines/models/registrationModel.ts) through the rendered sign-up
 * popup: the code sent, refused, resent, validated, the address changed, the form sent with what
 * is missing or wrong, refused or registered. Resend after validation is left out: the popup no
 * longer offers it once the address is proven.
 */
function registrationHarness() {
  const account = fakeAccount({ signInOptions: { mobile: { channels: ['sms'] } } });
  const user = userEvent.setup();
  const opened = (async () => {
    renderApp({ account });
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign up' }));
    // The popup is a lazy chunk: the first one of a run takes a while on a busy machine.
    return screen.findByRole('dialog', { name: 'Sign up' }, { timeout: 15_000 });
  })();
  const addresses = ['asha@example.in', 'asha.verma@example.in'] as const;
  let address: string = addresses[0];
  let filled = false;
  const field = async (label: string) => within(await opened).getByLabelText(label);
  const click = async (name: string) => user.click(within(await opened).getByRole('button', { name }));
  const typeEmail = async () => {
    const email = await field('Email');
    if ((email as HTMLInputElement).value !== address) {
      await user.clear(email);
      await user.type(email, address);
    }
  };
  /** Everything but the email and its code, once. */
  const fillForm = async () => {
    if (filled) return;
    filled = true;
    await user.type(await field('First name'), 'Asha');
    await user.type(await field('Last name'), 'Verma');
    await user.type(await field('Age'), '34');
    await user.click(within(await opened).getByRole('radio', { name: 'Female' }));
    await user.type(await field('Phone number'), '9876543210');
    await user.type(await field('Password'), 'monsoon evenings in pune');
    await user.type(await field('Confirm password'), 'monsoon evenings in pune');
    await user.click(within(await opened).getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }));
  };
  const send = (settle: (call: ReturnType<FakeAccount['sendOtp']['latest']>) => void, button = 'Send OTP') => async () => {
    await typeEmail();
    await click(button);
    expect(account.sendOtp.latest().input).toEqual({ email: address });
    await answer(() => settle(account.sendOtp.latest()));
  };
  const validate = (settle: (call: ReturnType<FakeAccount['validateOtp']['latest']>) => void) => async () => {
    const code = await field('Email OTP');
    await user.clear(code);
    await user.type(code, '123456');
    await click('Validate');
    expect(account.validateOtp.latest().input).toEqual({ email: address, otp: '123456' });
    await answer(() => settle(account.validateOtp.latest()));
  };
  const submit = async () => {
    await typeEmail();
    await fillForm();
    await click('Sign up');
  };
  /** The form sent with one thing wrong, then put right again. */
  const submitWith = async (spoil: () => Promise<void>, mend: () => Promise<void>, words: string) => {
    await typeEmail();
    await fillForm();
    await spoil();
    await click('Sign up');
    await expectToast(words, 'alert');
    await mend();
  };
  const events: Record<RegistrationModelEvent['type'], () => Promise<void>> = {
    'send.withoutEmail': async () => {
      const email = await field('Email');
      await user.clear(email);
      await click('Send OTP');
      await expectToast('Please enter email!', 'alert');
    },
    // The contract's rules before any call: the words under the field, focus on it, no toast.
    'send.badEmail': async () => {
      const email = await field('Email');
      const calls = account.sendOtp.calls.length;
      await user.clear(email);
      await user.type(email, 'asha at example');
      await click('Send OTP');
      await expectOnField(email, 'Must be an email address like name@example.com.');
      expect(account.sendOtp.calls).toHaveLength(calls);
      await typeEmail();
    },
    'validate.badCode': async () => {
      const code = await field('Email OTP');
      const calls = account.validateOtp.calls.length;
      await user.clear(code);
      await user.type(code, '12ab');
      await click('Validate');
      await expectOnField(code, 'Must be the 6-digit code from the email.');
      expect(account.validateOtp.calls).toHaveLength(calls);
    },
    'send.unanswered': async () => {
      await send((call) => call.reject(unanswered))();
      await expectToast('An error occurred while sending the OTP.', 'alert');
    },
    'send.failed': async () => {
      await send((call) => call.reject(refusedPlainly(503)))();
      await expectToast('Failed to send OTP. Please try again.', 'alert');
    },
    'send.ok': async () => {
      await send((call) => call.resolve({ message: 'OTP sent.' }))();
      await expectToast('OTP sent to your email.', 'status');
    },
    'validate.wrongCode': async () => {
      await validate((call) => call.reject(refused(401, 'Invalid email OTP. Please try again.')))();
      await expectToast('Invalid email OTP. Please try again.', 'alert');
    },
    'validate.expiredCode': async () => {
      await validate((call) => call.reject(refused(400, 'This OTP has expired. Please request a new one.')))();
      await expectToast('This OTP has expired. Please request a new one.', 'alert');
    },
    'validate.tooManyTries': async () => {
      await validate((call) => call.reject(refused(400, 'Too many wrong attempts. Please request a new OTP.')))();
      await expectToast('Too many wrong attempts. Please request a new OTP.', 'alert');
    },
    'validate.unanswered': async () => {
      await validate((call) => call.reject(unanswered))();
      await expectToast('An error occurred while validating the OTP.', 'alert');
    },
    'validate.ok': async () => {
      await validate((call) => call.resolve({ message: 'Email OTP validated.' }))();
      await expectToast('Email OTP validated successfully.', 'status');
    },
    'resend.ok': async () => {
      await send((call) => call.resolve({ message: 'OTP sent.' }), 'Resend OTP')();
      await expectToast('OTP sent to your email.', 'status');
    },
    'resend.tooMany': async () => {
      await send((call) => call.reject(refused(429, 'Too many codes sent. Try again in 10 minutes.')), 'Resend OTP')();
      await expectToast('Too many codes sent. Try again in 10 minutes.', 'alert');
    },
    'email.changed': async () => {
      address = address === addresses[0] ? addresses[1] : addresses[0];
      await typeEmail();
    },
    'submit.incomplete': async () => {
      const phone = await field('Phone number');
      await submitWith(
        () => user.clear(phone),
        () => user.type(phone, '9876543210'),
        'Please fill in: Phone number.',
      );
    },
    'submit.invalid': async () => {
      const phone = await field('Phone number');
      const calls = account.register.calls.length;
      await typeEmail();
      await fillForm();
      await user.clear(phone);
      await user.type(phone, '12');
      await click('Sign up');
      await expectOnField(phone, 'Must be a 10-digit phone number.');
      expect(account.register.calls).toHaveLength(calls);
      await user.clear(phone);
      await user.type(phone, '9876543210');
      expect(phone.getAttribute('aria-invalid')).toBeNull();
    },
    'submit.passwordsDiffer': async () => {
      const confirm = await field('Confirm password');
      await submitWith(
        async () => {
          await user.clear(confirm);
          await user.type(confirm, 'monsoon evenings in mumbai');
        },
        async () => {
          await user.clear(confirm);
          await user.type(confirm, 'monsoon evenings in pune');
        },
        'Passwords do not match!',
      );
    },
    'submit.noTerms': async () => {
      const terms = within(await opened).getByRole('checkbox', { name: 'I agree to the Terms and Conditions' });
      await submitWith(
        () => user.click(terms),
        () => user.click(terms),
        'Please accept the Terms and Conditions to sign up.',
      );
    },
    'submit.unproven': async () => {
      await submit();
      await expectToast('Please validate your email OTP before registering.', 'alert');
      expect(account.register.calls).toHaveLength(0);
    },
    'submit.refused': async () => {
      await submit();
      await answer(() => account.register.latest().reject(refused(409, 'An account with this email already exists.')));
      await expectToast('An account with this email already exists.', 'alert');
    },
    'submit.ok': async () => {
      await submit();
      expect(account.register.latest().input).toMatchObject({ firstName: 'Asha', email: address, age: 34, gender: 'female' });
      await answer(() => account.register.latest().resolve({ ...demoUser, email: address }));
      await expectToast('Registration successful! Welcome, Asha', 'status');
    },
    'submit.signedIn': async () => {
      await submit();
      await answer(() => account.register.latest().resolve({ ...demoUser, email: address, token: 'tok-r1' }));
      await expectToast('Registration successful! Welcome, Asha', 'status');
    },
    'mobile.start': async () => {
      await click('Continue with mobile number');
      expect(await field('Mobile number')).toBe(document.activeElement);
    },
    'mobile.cancel': async () => {
      await click('Use email instead');
      expect(await field('Email')).toBeTruthy();
    },
    'mobile.signedIn': async () => {
      await user.type(await field('Mobile number'), '98220 12345');
      await click('Send code');
      expect(account.sendSignInCode.latest().input).toEqual({ phoneNumber: '98220 12345' });
      await answer(() => account.sendSignInCode.latest().resolve({ message: 'Code sent.' }));
      await expectToast('We sent a 6-digit code by SMS.', 'status');
      const code = await field('Code');
      expect(code.getAttribute('autocomplete')).toBe('one-time-code');
      await user.type(code, '123456');
      // The sixth digit signs in by itself, with no click.
      expect(account.mobileSignIn.calls).toHaveLength(1);
      expect(account.mobileSignIn.latest().input).toEqual({ phoneNumber: '98220 12345', code: '123456' });
      await answer(() =>
        account.mobileSignIn.latest().resolve({ token: 'tok-m1', user: { _id: 'u9', firstName: '', lastName: '', email: null }, created: true, profileComplete: false }),
      );
      await expectToast('You are signed in.', 'status');
    },
  };
  const popup = async () => {
    const dialog = await opened;
    // Titled for the mobile path once that is chosen.
    expect(screen.getByRole('dialog', { name: /^(Sign up|Sign in with your mobile number)$/ })).toBe(dialog);
    return within(dialog);
  };
  const states: Record<string, () => Promise<void>> = {
    NotSent: async () => {
      const shown = await popup();
      expect(shown.queryByLabelText('Email OTP')).toBeNull();
      expect(shown.queryByText('Email verified.')).toBeNull();
    },
    Sent: async () => {
      const shown = await popup();
      expect(shown.getByLabelText('Email OTP')).toBeTruthy();
      expect(shown.queryByText('Email verified.')).toBeNull();
    },
    Validated: async () => {
      const shown = await popup();
      expect(shown.getByText('Email verified.')).toBeTruthy();
      expect(shown.queryByLabelText('Email OTP')).toBeNull();
    },
    Mobile: async () => {
      const shown = await popup();
      expect(screen.getByRole('dialog', { name: 'Sign in with your mobile number' })).toBe(await opened);
      expect(shown.getByLabelText('Mobile number')).toBeTruthy();
      expect(shown.queryByLabelText('Email')).toBeNull();
    },
    // Signed in by the answer's token (or the mobile code): the popup closes, no second login.
    SignedIn: async () => {
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(account.storage.token).toMatch(/^tok-[rm]1$/);
      expect(account.fetchCurrentUser.latest().input).toEqual({ token: account.storage.token });
    },
    // An older server's answer without a token: the login popup, with the address in it.
    Registered: async () => {
      const login = await screen.findByRole('dialog', { name: 'Login' });
      expect(screen.queryByRole('dialog', { name: 'Sign up' })).toBeNull();
      expect((within(login).getByLabelText('Email') as HTMLInputElement).value).toBe(address);
      expect(account.storage.token).toBeNull();
    },
  };
  return { stop: () => undefined, events, states };
}

describe('the sign-up model through the rendered popup', () => {
  const signUpModel = createTestModel(registrationModel, {
    filterEvents: (state, event: EventObject) =>
      state.can(event as RegistrationModelEvent) && !(state.matches('Validated') && event.type.startsWith('resend.')),
  });
  const everyTransition = pathsTakingEveryTransition(signUpModel);

  it('takes every transition the popup offers', () => {
    expect(pathEndings(everyTransition)).toEqual(modelTransitions(signUpModel));
    expect(modelTransitions(signUpModel).size).toBe(28);
  });

  testPaths({ 'every transition': everyTransition }, registrationHarness);
});
