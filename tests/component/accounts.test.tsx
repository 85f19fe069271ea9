/**
 * The accounts views wired to the real machines, with fake calls answered by hand (as the
 * machines' own tests do): login and sign-up popups, the session in the header, /account,
 * /forgotpassword and the Google return. Every message is checked word for word (spec §8).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, afterEach, describe, expect, it } from 'vitest';
import { refused, refusedPlainly, unanswered } from '../machines/accountFakes';
import { answer, currentPath, demoUser, expectOnField, expectToast, fakeAccount, findOpenDialog, loginUser, renderApp, warmAccountChunks } from './support';

beforeAll(warmAccountChunks, 30_000);

afterEach(() => sessionStorage.clear());

/** The app with a stored token that the server accepts: logged in as Asha. */
async function loggedInApp(route = '/') {
  const account = fakeAccount({ storedToken: 'tok-stored' });
  renderApp({ route, account });
  expect(account.fetchCurrentUser.latest().input).toEqual({ token: 'tok-stored' });
  await answer(() => account.fetchCurrentUser.latest().resolve(demoUser));
  await screen.findByRole('button', { name: 'My Profile' });
  return account;
}

async function openLogin(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return findOpenDialog('Login');
}

/** The element that describes a field (aria-describedby), as text. */
function description(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('login popup', () => {
  it('logs in: welcomes by first name, stores the token, closes and shows My Profile', async () => {
    const user = userEvent.setup();
    const { account } = renderApp();
    const dialog = await openLogin(user);
    await user.type(within(dialog).getByLabelText('Email'), 'asha@example.in');
    await user.type(within(dialog).getByLabelText('Password'), 'monsoon evenings');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(account.login.latest().input).toEqual({ email: 'asha@example.in', password: 'monsoon evenings' });
    expect(within(dialog).getByRole('button', { name: 'Logging in…' })).toBeTruthy();

    await answer(() => account.login.latest().resolve({ token: 'tok-1', user: loginUser }));
    await expectToast('Welcome Asha!', 'status');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(account.storage.token).toBe('tok-1');
    expect(account.fetchCurrentUser.latest().input).toEqual({ token: 'tok-1' });
    const profile = screen.getByRole('button', { name: 'My Profile' });
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    // Focus goes to My Profile, which took the place of Login.
    expect(document.activeElement).toBe(profile);
  });

  it("shows the server's message on a refusal, else 'Please forgot password and try again.'; 'Something went wrong.' when no answer", async () => {
    const user = userEvent.setup();
    const { account } = renderApp();
    const dialog = await openLogin(user);
    await user.type(within(dialog).getByLabelText('Email'), 'asha@example.in');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong password');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await answer(() => account.login.latest().reject(refused(401, 'The email or password is not right.')));
    await expectToast('The email or password is not right.', 'alert');

    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await answer(() => account.login.latest().reject(refusedPlainly(401)));
    await expectToast('Please forgot password and try again.', 'alert');
    expect(screen.queryByText('The email or password is not right.')).toBeNull();

    // No answer, or a server failure, says nothing about the password.
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await answer(() => account.login.latest().reject(refusedPlainly(502)));
    await expectToast('Something went wrong.', 'alert');
    expect(screen.queryByText('Please forgot password and try again.')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await answer(() => account.login.latest().reject(unanswered));
    // Each new message takes the place of the form's previous one.
    await expectToast('Something went wrong.', 'alert');
    expect(document.querySelectorAll('.toast')).toHaveLength(1);
    expect(screen.queryByText('Please forgot password and try again.')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Login' })).toBe(dialog);
    expect(account.storage.token).toBeNull();
    // The form's error leaves with the form.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.querySelectorAll('.toast')).toHaveLength(0);
  });

  it('marks blank fields, tied to their inputs, without calling the server', async () => {
    const user = userEvent.setup();
    const { account } = renderApp();
    const dialog = await openLogin(user);
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await expectToast('Please fill in: Email, Password.', 'alert');
    const email = within(dialog).getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(description(email)).toBe('This field is required.');
    expect(document.activeElement).toBe(email);
    expect(account.login.calls).toHaveLength(0);
    await user.type(email, 'a');
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('Continue with Google leaves for the Google start, remembering the page; Forgot password? goes to the reset page', async () => {
    const user = userEvent.setup();
    const { account } = renderApp({ route: '/teams' });
    let dialog = await openLogin(user);
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Google' }));
    expect(account.googleRedirects).toEqual(['/teams']);

    expect(within(dialog).getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgotpassword');
    await user.click(within(dialog).getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset password' })).toBeTruthy();
    expect(currentPath()).toBe('/forgotpassword');
    dialog = await openLogin(user);
    expect(dialog).toBeTruthy();
  });
});

describe('sign-up popup', () => {
  async function openSignUp(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    return findOpenDialog('Sign up');
  }

  async function fillForm(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, confirm: string) {
    const field = (label: string) => within(dialog).getByLabelText(label);
    await user.type(field('First name'), 'Asha');
    await user.type(field('Last name'), 'Verma');
    await user.type(field('Age'), '34');
    await user.click(within(dialog).getByRole('radio', { name: 'Female' }));
    await user.type(field('Phone number'), '9876543210');
    await user.type(field('Password'), 'monsoon evenings in pune');
    await user.type(field('Confirm password'), confirm);
    await user.click(within(dialog).getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }));
  }

  it('has every field of spec §3 with a visible label, gender as radio buttons and the terms linked', async () => {
    const user = userEvent.setup();
    renderApp();
    const dialog = await openSignUp(user);
    for (const label of ['First name', 'Last name', 'Email', 'Age', 'Phone number', 'Password', 'Confirm password']) {
      const input = within(dialog).getByLabelText(label);
      expect(input.tagName).toBe('INPUT');
      const visible = Array.from(dialog.querySelectorAll('label')).find((element) => element.htmlFor === input.id);
      expect(visible?.textContent).toBe(label);
    }
    expect(within(dialog).getByRole('group', { name: 'Gender' })).toBeTruthy();
    expect(within(dialog).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['male', 'female']);
    expect(within(dialog).getByRole('link', { name: /Terms and Conditions/ }).getAttribute('href')).toBe('/termandcondition');
    expect(within(dialog).getByRole('button', { name: 'Send OTP' })).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('First name'));
  });

  it('proves the email with a code (every OTP message), refuses mismatched passwords, registers and shows the login panel', async () => {
    const user = userEvent.setup();
    const { account } = renderApp();
    const dialog = await openSignUp(user);
    const email = within(dialog).getByLabelText('Email');

    await user.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    await expectToast('Please enter email!', 'alert');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(description(email)).toBe('Please enter email!');
    expect(account.sendOtp.calls).toHaveLength(0);

    await user.type(email, 'asha@example.in');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    expect(account.sendOtp.latest().input).toEqual({ email: 'asha@example.in' });
    await answer(() => account.sendOtp.latest().reject(refusedPlainly(503)));
    await expectToast('Failed to send OTP. Please try again.', 'alert');
    await user.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    await answer(() => account.sendOtp.latest().reject(unanswered));
    await expectToast('An error occurred while sending the OTP.', 'alert');
    await user.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    await answer(() => account.sendOtp.latest().resolve({ message: 'OTP sent.' }));
    await expectToast('OTP sent to your email.', 'status');

    const code = within(dialog).getByLabelText('Email OTP');
    await user.type(code, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(account.validateOtp.latest().input).toEqual({ email: 'asha@example.in', otp: '111111' });
    await answer(() => account.validateOtp.latest().reject(refusedPlainly(400)));
    await expectToast('Invalid email OTP. Please try again.', 'alert');
    expect(description(code)).toContain('Invalid email OTP. Please try again.');

    await user.click(within(dialog).getByRole('button', { name: 'Resend OTP' }));
    expect(account.sendOtp.calls).toHaveLength(4);
    await answer(() => account.sendOtp.latest().resolve({ message: 'OTP sent.' }));
    await user.clear(within(dialog).getByLabelText('Email OTP'));
    await user.type(within(dialog).getByLabelText('Email OTP'), '222222');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await answer(() => account.validateOtp.latest().reject(unanswered));
    await expectToast('An error occurred while validating the OTP.', 'alert');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await answer(() => account.validateOtp.latest().resolve({ message: 'Email OTP validated.' }));
    await expectToast('Email OTP validated successfully.', 'status');
    expect(within(dialog).getByText('Email verified.')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Email OTP')).toBeNull();

    await fillForm(user, dialog, 'monsoon evenings in mumbai');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    await expectToast('Passwords do not match!', 'alert');
    const confirm = within(dialog).getByLabelText('Confirm password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(description(confirm)).toBe('Passwords do not match!');
    expect(document.activeElement).toBe(confirm);
    expect(account.register.calls).toHaveLength(0);

    await user.clear(confirm);
    await user.type(confirm, 'monsoon evenings in pune');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(account.register.latest().input).toEqual({
      firstName: 'Asha',
      lastName: 'Verma',
      email: 'asha@example.in',
      age: 34,
      gender: 'female',
      phoneNumber: '9876543210',
      password: 'monsoon evenings in pune',
    });
    await answer(() => account.register.latest().resolve(demoUser));
    await expectToast('Registration successful! Welcome, Asha', 'status');
    const login = await findOpenDialog('Login');
    expect(screen.queryByRole('dialog', { name: 'Sign up' })).toBeNull();
    expect((within(login).getByLabelText('Email') as HTMLInputElement).value).toBe('asha@example.in');
    expect(document.activeElement).toBe(within(login).getByLabelText('Password'));
    // Registering does not log in.
    expect(account.storage.token).toBeNull();
  });

  it('marks the code field when the server refuses the code, until a new code is typed or asked for', async () => {
    const user = userEvent.setup();
    const { account } = renderApp();
    const dialog = await openSignUp(user);
    await user.type(within(dialog).getByLabelText('Email'), 'asha@example.in');
    await user.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    await answer(() => account.sendOtp.latest().resolve({ message: 'OTP sent.' }));
    const code = within(dialog).getByLabelText('Email OTP');
    expect(code.getAttribute('aria-invalid')).toBeNull();

    // A wrong code, in the server's words: the toast, and the field marked, described and focused.
    await user.type(code, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await answer(() => account.validateOtp.latest().reject(refused(400, 'Invalid email OTP. Please try again.')));
    await expectToast('Invalid email OTP. Please try again.', 'alert');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(description(code)).toBe('The 6-digit code from the email we sent you. Invalid email OTP. Please try again.');
    expect(document.activeElement).toBe(code);

    // Typing a new code takes the mark away.
    await user.clear(code);
    expect(code.getAttribute('aria-invalid')).toBeNull();
    expect(description(code)).toBe('The 6-digit code from the email we sent you.');

    // Too many tries: the server's own words under the field.
    await user.type(code, '222222');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await answer(() =>
      account.validateOtp.latest().reject(refused(400, 'Too many wrong attempts. Please request a new OTP.')),
    );
    await expectToast('Too many wrong attempts. Please request a new OTP.', 'alert');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(description(code)).toContain('Too many wrong attempts. Please request a new OTP.');
    expect(document.activeElement).toBe(code);

    // Asking for a new code takes it away too: the field comes back with the new code unmarked.
    await user.click(within(dialog).getByRole('button', { name: 'Resend OTP' }));
    await answer(() => account.sendOtp.latest().resolve({ message: 'OTP sent.' }));
    expect(within(dialog).getByLabelText('Email OTP').getAttribute('aria-invalid')).toBeNull();
    expect(within(dialog).queryByText('Too many wrong attempts. Please request a new OTP.', { selector: '.auth-field__error' })).toBeNull();

    // No answer says nothing about the code: the field is not marked.
    await user.type(within(dialog).getByLabelText('Email OTP'), '333333');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await answer(() => account.validateOtp.latest().reject(unanswered));
    await expectToast('An error occurred while validating the OTP.', 'alert');
    expect(within(dialog).getByLabelText('Email OTP').getAttribute('aria-invalid')).toBeNull();
  });

  it("asks to validate the email code before registering, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const { account } = renderApp();
    const dialog = await openSignUp(user);
    await user.type(within(dialog).getByLabelText('Email'), 'asha@example.in');
    await fillForm(user, dialog, 'monsoon evenings in pune');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    await expectToast('Please validate your email OTP before registering.', 'alert');
    expect(description(within(dialog).getByLabelText('Email'))).toBe('Please validate your email OTP before registering.');
    expect(account.register.calls).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    await answer(() => account.sendOtp.latest().resolve({ message: 'OTP sent.' }));
    await user.type(within(dialog).getByLabelText('Email OTP'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await answer(() => account.validateOtp.latest().resolve({ message: 'Email OTP validated.' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    await answer(() => account.register.latest().reject(refused(409, 'An account with this email already exists.')));
    await expectToast('An account with this email already exists.', 'alert');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    await answer(() => account.register.latest().reject(unanswered));
    await expectToast('Registration failed. Please try again.', 'alert');
    expect(screen.getByRole('dialog', { name: 'Sign up' })).toBe(dialog);
  });

  it('shows a refused password under the password field (aria-invalid, described, focused), not in a toast', async () => {
    const user = userEvent.setup();
    const { account } = renderApp();
    const dialog = await openSignUp(user);
    await user.type(within(dialog).getByLabelText('Email'), 'asha@example.in');
    await fillForm(user, dialog, 'monsoon evenings in pune');
    await user.click(within(dialog).getByRole('button', { name: 'Send OTP' }));
    await answer(() => account.sendOtp.latest().resolve({ message: 'OTP sent.' }));
    await user.type(within(dialog).getByLabelText('Email OTP'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await answer(() => account.validateOtp.latest().resolve({ message: 'Email OTP validated.' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    const words = 'This password is too easy to guess: it repeats characters. Choose another: a few words you will remember work well.';
    await answer(() =>
      account.register.latest().reject({
        ...refused(400, words),
        errors: [{ field: 'password', message: 'is too easy to guess: it repeats characters. Choose another.' }],
      }),
    );
    const password = within(dialog).getByLabelText('Password');
    await expectOnField(password, words);
    // Only the field the server named is marked.
    expect(within(dialog).getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
    await user.type(password, 'x');
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(description(password)).not.toContain(words);
  });

  it('names every blank field and the terms box, moving focus to the first', async () => {
    const user = userEvent.setup();
    renderApp();
    const dialog = await openSignUp(user);
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    await expectToast('Please fill in the 8 fields marked below.', 'alert');
    const first = within(dialog).getByLabelText('First name');
    expect(document.activeElement).toBe(first);
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(description(within(dialog).getByRole('radio', { name: 'Male' }))).toBe('This field is required.');
    for (const label of ['Last name', 'Email', 'Age', 'Phone number', 'Confirm password']) {
      expect(within(dialog).getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(description(within(dialog).getByLabelText('Password'))).toBe(
      'At least 8 characters. A few words you will remember work well. This field is required.',
    );

    await user.type(first, 'Asha');
    await user.type(within(dialog).getByLabelText('Last name'), 'Verma');
    await user.type(within(dialog).getByLabelText('Email'), 'asha@example.in');
    await user.type(within(dialog).getByLabelText('Age'), '34');
    await user.click(within(dialog).getByRole('radio', { name: 'Male' }));
    await user.type(within(dialog).getByLabelText('Phone number'), '9876543210');
    await user.type(within(dialog).getByLabelText('Password'), 'monsoon evenings');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'monsoon evenings');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    await expectToast('Please accept the Terms and Conditions to sign up.', 'alert');
    const terms = within(dialog).getByRole('checkbox', { name: 'I agree to the Terms and Conditions' });
    expect(document.activeElement).toBe(terms);
    expect(description(terms)).toBe('Please accept the Terms and Conditions to sign up.');
  });
});

describe('session in the header', () => {
  it('the My Profile menu: links, Escape, arrow keys; Logout says so and forgets the token', async () => {
    const user = userEvent.setup();
    const account = await loggedInApp();
    const profile = screen.getByRole('button', { name: 'My Profile' });
    expect(profile.getAttribute('aria-expanded')).toBe('false');
    const menu = document.getElementById(profile.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeNull();
    expect(menu?.hidden).toBe(true);

    await user.click(profile);
    expect(profile.getAttribute('aria-expanded')).toBe('true');
    const list = menu as HTMLElement;
    expect(within(list).getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe('/account');
    expect(within(list).getByRole('link', { name: 'My Appointment' }).getAttribute('href')).toBe('/myappointment');
    expect(within(list).getByRole('link', { name: 'My Remedies' }).getAttribute('href')).toBe('/myremedies');
    await user.keyboard('{Escape}');
    expect(profile.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(profile);

    await user.keyboard('{ArrowDown}');
    expect(profile.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(list).getByRole('link', { name: 'My Profile' }));
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Logout' }));
    await user.keyboard('{Enter}');

    await expectToast('Logout successfull.', 'status');
    expect(account.storage.token).toBeNull();
    expect(account.logout.latest().input).toEqual({ token: 'tok-stored' });
    const login = screen.getByRole('button', { name: 'Login' });
    expect(screen.queryByRole('button', { name: 'My Profile' })).toBeNull();
    expect(document.activeElement).toBe(login);
  });

  it('My Profile in the menu goes to /account and closes the menu', async () => {
    const user = userEvent.setup();
    await loggedInApp();
    const profile = screen.getByRole('button', { name: 'My Profile' });
    await user.click(profile);
    await user.click(screen.getByRole('link', { name: 'My Profile' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeTruthy();
    // The menu closes as the route changes; on a busy machine that can land after the heading.
    await waitFor(() => expect(screen.getByRole('button', { name: 'My Profile' }).getAttribute('aria-expanded')).toBe('false'));
  });

  it('drops a stored token the server refuses, quietly', async () => {
    const account = fakeAccount({ storedToken: 'tok-old' });
    renderApp({ account });
    // Neither Login nor My Profile while the token is checked.
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'My Profile' })).toBeNull();
    await answer(() => account.fetchCurrentUser.latest().reject(refused(401, 'Please log in again.')));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(account.storage.token).toBeNull();
    expect(document.querySelectorAll('.toast')).toHaveLength(0);
  });

  it("logs out again and goes to '/' when the user cannot be fetched right after a login", async () => {
    const user = userEvent.setup();
    const { account } = renderApp({ route: '/teams' });
    const dialog = await openLogin(user);
    await user.type(within(dialog).getByLabelText('Email'), 'asha@example.in');
    await user.type(within(dialog).getByLabelText('Password'), 'monsoon evenings');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await answer(() => account.login.latest().resolve({ token: 'tok-1', user: loginUser }));
    await answer(() => account.fetchCurrentUser.latest().reject(unanswered));
    await expectToast('Something went wrong.', 'alert');
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(account.storage.token).toBeNull();
  });
});

describe('/account and the pages that need login', () => {
  it('shows the name, the email and a masked password, with Edit going to /forgotpassword', async () => {
    await loggedInApp('/account');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'My profile' })).toBeTruthy();
    expect(within(main).getByText('Asha Verma')).toBeTruthy();
    expect(within(main).getByText('asha@example.in')).toBeTruthy();
    const masked = within(main).getByText('••••••••');
    expect(masked.getAttribute('aria-hidden')).toBe('true');
    expect(within(main).getByRole('link', { name: 'Edit password' }).getAttribute('href')).toBe('/forgotpassword');
  });

  it('asks for login on /account when logged out, and shows the profile after logging in there', async () => {
    const user = userEvent.setup();
    const { account } = renderApp({ route: '/account' });
    const dialog = await findOpenDialog('Login');
    expect(within(screen.getByRole('main')).getByText('Log in to see this page. You will come back here afterwards.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Email'), 'asha@example.in');
    await user.type(within(dialog).getByLabelText('Password'), 'monsoon evenings');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await answer(() => account.login.latest().resolve({ token: 'tok-1', user: loginUser }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Asha Verma')).toBeTruthy();
    expect(currentPath()).toBe('/account');
  });

  it.each([
    ['/myappointment', 'My appointments'],
    ['/myremedies', 'My remedies'],
  ])('%s asks for login when logged out', async (route, heading) => {
    renderApp({ route });
    expect(await findOpenDialog('Login')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it('when the stored login could not be checked (offline), offers to try again instead of asking for login', async () => {
    const user = userEvent.setup();
    const account = fakeAccount({ storedToken: 'tok-stored' });
    renderApp({ route: '/account', account });
    expect(await screen.findByText('Checking your login…', { selector: '.route-loading' })).toBeTruthy();
    await answer(() => account.fetchCurrentUser.latest().reject(unanswered));
    expect(await screen.findByText('We could not check your login just now.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(account.storage.token).toBe('tok-stored');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(account.fetchCurrentUser.calls).toHaveLength(2);
    await answer(() => account.fetchCurrentUser.latest().resolve(demoUser));
    expect(await screen.findByText('Asha Verma')).toBeTruthy();
  });

  it('/myappointment shows the appointments page once logged in, without asking again', async () => {
    // The page's own behaviour is tested with fake calls in appointments*.test.tsx.
    await loggedInApp('/myappointment');
    expect(await within(screen.getByRole('main')).findByRole('heading', { level: 1, name: 'My appointments' })).toBeTruthy();
    expect(screen.queryByText('This part of the site opens soon.')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not ask again after a logout on the page', async () => {
    const user = userEvent.setup();
    await loggedInApp('/account');
    await user.click(screen.getByRole('button', { name: 'My Profile' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await expectToast('Logout successfull.', 'status');
    expect(await screen.findByText('Log in to see this page. You will come back here afterwards.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('/forgotpassword', () => {
  async function proveAndChoose(
    user: ReturnType<typeof userEvent.setup>,
    account: ReturnType<typeof fakeAccount>,
    email: string | null,
  ) {
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Reset password' })).toBeTruthy();
    if (email !== null) await user.type(within(main).getByLabelText('Email'), email);
    await user.click(within(main).getByRole('button', { name: 'Send OTP' }));
    await answer(() => account.sendOtp.latest().resolve({ message: 'OTP sent.' }));
    await expectToast('OTP sent to your email.', 'status');
    await user.type(within(main).getByLabelText('Email OTP'), '123456');
    await user.click(within(main).getByRole('button', { name: 'Validate' }));
    await answer(() => account.validateOtp.latest().resolve({ message: 'Email OTP validated.' }));
    await expectToast('Email OTP validated successfully.', 'status');
    const password = within(main).getByLabelText('New password');
    expect(document.activeElement).toBe(password);
    return { main, password, confirm: within(main).getByLabelText('Confirm new password') };
  }

  it("resets a logged-out user's password: mismatch refused, 'Password reset successfully!', then the login popup", async () => {
    const user = userEvent.setup();
    const { account } = renderApp({ route: '/forgotpassword' });
    expect(within(screen.getByRole('main')).queryByLabelText('New password')).toBeNull();
    const { main, password, confirm } = await proveAndChoose(user, account, 'asha@example.in');
    await user.type(password, 'a brand new passphrase');
    await user.type(confirm, 'another passphrase');
    await user.click(within(main).getByRole('button', { name: 'Reset password' }));
    await expectToast('Passwords do not match!', 'alert');
    expect(description(confirm)).toBe('Passwords do not match!');
    expect(account.resetPassword.calls).toHaveLength(0);

    await user.clear(confirm);
    await user.type(confirm, 'a brand new passphrase');
    await user.click(within(main).getByRole('button', { name: 'Reset password' }));
    expect(account.resetPassword.latest().input).toEqual({ email: 'asha@example.in', password: 'a brand new passphrase' });
    await answer(() => account.resetPassword.latest().resolve({ message: 'Password reset.' }));
    await expectToast('Password reset successfully!', 'status');
    const login = await findOpenDialog('Login');
    expect((within(login).getByLabelText('Email') as HTMLInputElement).value).toBe('asha@example.in');
    expect(currentPath()).toBe('/forgotpassword');
  });

  it("logs the user out after resetting their own password (the server ended the session), goes to '/' and opens login", async () => {
    const user = userEvent.setup();
    const account = await loggedInApp('/forgotpassword');
    // Their own address is filled in.
    const { main, password, confirm } = await proveAndChoose(user, account, null);
    expect(account.sendOtp.latest().input).toEqual({ email: 'asha@example.in' });
    await user.type(password, 'a brand new passphrase');
    await user.type(confirm, 'a brand new passphrase');
    await user.click(within(main).getByRole('button', { name: 'Reset password' }));
    await answer(() => account.resetPassword.latest().resolve({ message: 'Password reset.' }));
    await expectToast('Password reset successfully!', 'status');
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(await findOpenDialog('Login')).toBeTruthy();
    expect(account.storage.token).toBeNull();
    expect(screen.queryByRole('button', { name: 'My Profile' })).toBeNull();
  });

  it('marks the code field when the server refuses the code, until a new one is typed', async () => {
    const user = userEvent.setup();
    const { account } = renderApp({ route: '/forgotpassword' });
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Reset password' })).toBeTruthy();
    await user.type(within(main).getByLabelText('Email'), 'asha@example.in');
    await user.click(within(main).getByRole('button', { name: 'Send OTP' }));
    await answer(() => account.sendOtp.latest().resolve({ message: 'OTP sent.' }));
    const code = within(main).getByLabelText('Email OTP');
    await user.type(code, '111111');
    await user.click(within(main).getByRole('button', { name: 'Validate' }));
    // No words from the server: the catalog's.
    await answer(() => account.validateOtp.latest().reject(refusedPlainly(400)));
    await expectToast('Invalid email OTP. Please try again.', 'alert');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(description(code)).toContain('Invalid email OTP. Please try again.');
    expect(document.activeElement).toBe(code);
    expect(within(main).queryByLabelText('New password')).toBeNull();

    await user.type(code, '{Backspace}2');
    expect(code.getAttribute('aria-invalid')).toBeNull();
    await user.click(within(main).getByRole('button', { name: 'Validate' }));
    expect(account.validateOtp.latest().input).toEqual({ email: 'asha@example.in', otp: '111112' });
    await answer(() => account.validateOtp.latest().resolve({ message: 'Email OTP validated.' }));
    await expectToast('Email OTP validated successfully.', 'status');
    expect(document.activeElement).toBe(within(main).getByLabelText('New password'));
  });

  it("shows the server's refusal of a new password under the field, not in a toast", async () => {
    const user = userEvent.setup();
    const { account } = renderApp({ route: '/forgotpassword' });
    const { main, password, confirm } = await proveAndChoose(user, account, 'asha@example.in');
    await user.type(password, 'password');
    await user.type(confirm, 'password');
    await user.click(within(main).getByRole('button', { name: 'Reset password' }));
    const words = 'This password is too easy to guess: it is one of the most common passwords. Choose another.';
    await answer(() =>
      account.resetPassword
        .latest()
        .reject({ ...refused(400, words), errors: [{ field: 'password', message: 'is too easy to guess: it is one of the most common passwords' }] }),
    );
    await expectOnField(password, words);
    expect(confirm.getAttribute('aria-invalid')).toBeNull();

    // The contract's own 400 ("Invalid request") shows the field's words as a sentence.
    await user.click(within(main).getByRole('button', { name: 'Reset password' }));
    await answer(() =>
      account.resetPassword
        .latest()
        .reject({ ...refused(400, 'Invalid request'), errors: [{ field: 'password', message: 'must be 8 to 128 characters long' }] }),
    );
    expect(description(password)).toContain('Must be 8 to 128 characters long.');
    expect(screen.queryByText('Invalid request', { selector: '.toast__text' })).toBeNull();

    // A refusal that names no field marks none.
    await user.clear(password);
    await user.type(password, 'password');
    await user.click(within(main).getByRole('button', { name: 'Reset password' }));
    await answer(() => account.resetPassword.latest().reject(refused(400, 'This password is too common.')));
    await expectToast('This password is too common.', 'alert');
    expect(password.getAttribute('aria-invalid')).toBeNull();
    await user.click(within(main).getByRole('button', { name: 'Reset password' }));
    await answer(() => account.resetPassword.latest().reject(unanswered));
    await expectToast('Something went wrong.', 'alert');
  });
});

describe('/auth/google, back from Google', () => {
  it("says 'Google login failed. Please try again.' for an error and goes to '/'", async () => {
    const { account } = renderApp({ route: '/auth/google?error=access_denied' });
    await expectToast('Google login failed. Please try again.', 'alert');
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(account.exchangeGoogleCode.calls).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('exchanges the code, welcomes the user and goes back where they started', async () => {
    sessionStorage.setItem('googleReturnTo', '/account');
    const { account } = renderApp({ route: '/auth/google?code=one-time-code' });
    await waitFor(() => expect(account.exchangeGoogleCode.calls).toHaveLength(1));
    expect(account.exchangeGoogleCode.latest().input).toEqual({ code: 'one-time-code' });
    await answer(() => account.exchangeGoogleCode.latest().resolve({ token: 'tok-g', user: loginUser }));
    await expectToast('Welcome Asha!', 'status');
    await waitFor(() => expect(currentPath()).toBe('/account'));
    expect(account.storage.token).toBe('tok-g');
    expect(await screen.findByText('Asha Verma')).toBeTruthy();
    expect(sessionStorage.getItem('googleReturnTo')).toBeNull();
  });

  it("a refused code (another browser's: login CSRF) keeps the session that was there", async () => {
    const account = await loggedInApp('/auth/google?code=attackers-code');
    await waitFor(() => expect(account.exchangeGoogleCode.calls).toHaveLength(1));
    await answer(() =>
      account.exchangeGoogleCode
        .latest()
        .reject(refused(400, 'This Google sign-in has expired or was already used. Please continue with Google again.')),
    );
    await expectToast('Google login failed. Please try again.', 'alert');
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(account.storage.token).toBe('tok-stored');
    expect(account.logout.calls).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'My Profile' })).toBeTruthy();
  });

  it('a code the server refuses is a Google failure too', async () => {
    const { account } = renderApp({ route: '/auth/google?code=used-code' });
    await waitFor(() => expect(account.exchangeGoogleCode.calls).toHaveLength(1));
    await answer(() => account.exchangeGoogleCode.latest().reject(refused(400, 'This code was already used.')));
    await expectToast('Google login failed. Please try again.', 'alert');
    await waitFor(() => expect(currentPath()).toBe('/'));
  });
});
