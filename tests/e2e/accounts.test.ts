// Accounts in a real browser, at 1280 and 375 px, against the production server sending its mail
// through a real SMTP server started here (smtp-server): sign up with the code read from the mail,
// log in, stay logged in across a reload, see the profile, log out; reset the password with a
// code and log in with the new one (the old one refused); continue with Google through the
// built-in development provider, and its refusal of an unverified email. Every message is the
// spec's (§8) word for word, in a toast with role status (success) or alert (error). axe on the
// Login and Sign up dialogs, /account and /forgotpassword; screenshots of each step in
// test-results/screenshots/accounts-*.png.
//
// Each test stands alone, in any order: its own browser context (a new localStorage, so no
// session carries over) and its own accounts (the reset test registers its own through the API).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, describe, expect, test } from 'vitest';
import { expectNoA11yViolations, newContext, type PageWatch, screenshot, useSite, type Viewport } from './harness';
import { MailCatcher } from './support/mailCatcher';
import { expectDialogOpen, expectToast, STEP_MS } from './support/ui';
import { freePort } from './support/server.mjs';

const mailbox = new MailCatcher();
const run = promisify(execFile);
const walkScript = join(import.meta.dirname, '..', 'server', 'googleWalk.mjs');

const site = useSite(async () => {
  await mailbox.start();
  const port = await freePort();
  return { port, env: { SMTP_URL: mailbox.url, PUBLIC_URL: `http://127.0.0.1:${port}` } };
});

afterAll(async () => {
  await mailbox.stop();
});

const DESKTOP: Viewport = { width: 1280, height: 800 };
const PHONE: Viewport = { width: 375, height: 812 };

const MSG = {
  enterEmail: 'Please enter email!',
  otpSent: 'OTP sent to your email.',
  otpInvalid: 'Invalid email OTP. Please try again.',
  otpValidated: 'Email OTP validated successfully.',
  passwordsMismatch: 'Passwords do not match!',
  registered: (firstName: string) => `Registration successful! Welcome, ${firstName}`,
  welcome: (firstName: string) => `Welcome ${firstName}!`,
  loggedOut: 'Logout successfull.',
  passwordReset: 'Password reset successfully!',
  googleFailed: 'Google login failed. Please try again.',
  /** The server's one message for a wrong email or password (server/services/accounts.ts). */
  badCredentials: 'Invalid email or password.',
} as const;

// ---------------------------------------------------------------------------------------------
// Page helpers

/**
 * A handoff code made for the attacker's account in the attacker's own "browser" (a Node client on
 * this machine: tests/server/googleWalk.mjs), not yet swapped: what a login CSRF link would carry.
 */
async function attackerHandoffCode(): Promise<string> {
  const base = site.server.url;
  const { stdout } = await run(process.execPath, [walkScript, base, base], {
    env: { ...process.env, WALK_STOP: 'code', WALK_ACCOUNT: 'vikram' },
    timeout: STEP_MS,
  });
  const result = JSON.parse(stdout.trim().split('\n').pop()!) as { code?: string; stoppedAt?: string };
  if (!result.code) throw new Error(`the attacker's walk found no code: ${stdout}`);
  return result.code;
}

async function goto(page: Page, route: string): Promise<void> {
  await page.goto(site.url(route), { waitUntil: 'load' });
  await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), { message: `a level-1 heading on ${route}`, timeout: STEP_MS }).toBeGreaterThan(0);
}

/** The route part of the page's address: '#/account' -> '/account'. */
function routeOf(page: Page): string {
  const url = new URL(page.url());
  const hash = url.hash.replace(/^#/, '');
  if (!hash) return url.pathname;
  return hash.split('?')[0]!;
}

const header = (page: Page) => page.locator('header.site-header');
const loginButton = (page: Page) => header(page).getByRole('button', { name: 'Login', exact: true });
const signUpButton = (page: Page) => header(page).getByRole('button', { name: 'Sign up', exact: true });
const profileButton = (page: Page) => header(page).getByRole('button', { name: 'My Profile', exact: true });
const loginDialog = (page: Page) => page.getByRole('dialog', { name: 'Login', exact: true });
const signUpDialog = (page: Page) => page.getByRole('dialog', { name: 'Sign up', exact: true });

/** What the header shows: the My Profile menu, Login and Sign up, or neither yet (checking). */
async function headerSession(page: Page): Promise<'logged in' | 'logged out' | 'checking'> {
  if (await profileButton(page).isVisible()) return 'logged in';
  if (await loginButton(page).isVisible()) return 'logged out';
  return 'checking';
}

async function expectHeader(page: Page, state: 'logged in' | 'logged out', why: string): Promise<void> {
  await expect.poll(() => headerSession(page), { message: `the header shows the user ${state} (${why})`, timeout: STEP_MS }).toBe(state);
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

async function shot(page: Page, step: string, width: number, fullPage = false): Promise<void> {
  await screenshot(page, `accounts-${step}-${width}`, { fullPage });
}

/** Chromium logs a refused call as a console error; these are the ones a test asks for on purpose. */
function expectRefusal(watch: PageWatch, status: number, path: string): void {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  watch.allow(new RegExp(`Failed to load resource: the server responded with a status of ${status}\\b.*${escaped}`));
}

/** Registers `person` through the API, the code read from the mail: for a test that needs an account, not the sign-up. */
async function registerThroughApi(person: { firstName: string; lastName: string; email: string; age: string; phone: string; password: string }): Promise<void> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${site.server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`POST /api${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  };
  const since = mailbox.count();
  await post('/otp/send-otp', { email: person.email });
  await post('/otp/validate-otp', { email: person.email, otp: await mailbox.codeFor(person.email, since) });
  const { firstName, lastName, email, password } = person;
  await post('/auth/register', { firstName, lastName, email, age: Number(person.age), gender: 'female', phoneNumber: person.phone.replace(/\s/g, ''), password });
}

/** Sends a code to `email` with the form's Send OTP (in `scope`), and returns the code from the mail. */
async function sendCode(page: Page, scope: Locator, email: string): Promise<string> {
  const since = mailbox.count();
  await scope.getByRole('button', { name: 'Send OTP', exact: true }).click();
  await expectToast(page, 'status', MSG.otpSent);
  await expect.poll(() => scope.getByLabel('Email OTP', { exact: true }).isVisible(), { message: 'the code field shows once the code is sent', timeout: STEP_MS }).toBe(true);
  return mailbox.codeFor(email, since);
}

async function validateCode(page: Page, scope: Locator, code: string): Promise<void> {
  await scope.getByLabel('Email OTP', { exact: true }).fill(code);
  await scope.getByRole('button', { name: 'Validate', exact: true }).click();
  await expectToast(page, 'status', MSG.otpValidated);
  await expect.poll(() => scope.getByText('Email verified.', { exact: true }).isVisible(), { message: '"Email verified." under the email', timeout: STEP_MS }).toBe(true);
}

/** Another 6-digit code than `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Fills and sends the login dialog; the email may be there already (after sign-up or a reset). */
async function logIn(page: Page, email: string, password: string): Promise<void> {
  const dialog = loginDialog(page);
  await expectDialogOpen(dialog, 'the Login dialog is open');
  const emailInput = dialog.getByLabel('Email', { exact: true });
  if ((await emailInput.inputValue()) !== email) await emailInput.fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
}

async function openProfileMenu(page: Page): Promise<void> {
  const button = profileButton(page);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect.poll(() => button.getAttribute('aria-expanded'), { message: 'the My Profile menu opens', timeout: STEP_MS }).toBe('true');
}

async function logOut(page: Page): Promise<void> {
  await openProfileMenu(page);
  await page.locator('#profile-menu-list').getByRole('button', { name: 'Logout', exact: true }).click();
  await expectToast(page, 'status', MSG.loggedOut);
  await expectHeader(page, 'logged out', 'after Logout');
  expect(await storedToken(page), 'Logout removes the stored token').toBeNull();
}

/** The email the server knows for the stored token (GET /api/auth/getuser), or null. */
function currentUserEmail(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('token');
    if (!token) return null;
    const res = await fetch('/api/auth/getuser', { headers: { authorization: `Bearer ${token}` } });
    return res.ok ? ((await res.json()) as { email: string }).email : null;
  });
}

// ---------------------------------------------------------------------------------------------

describe.each([
  { label: 'desktop', viewport: DESKTOP },
  { label: 'phone', viewport: PHONE },
])('accounts at $viewport.width px', ({ viewport }) => {
  const width = viewport.width;
  const signedUp = {
    firstName: 'Priya',
    lastName: 'Sharma',
    email: `priya.sharma.${width}@clinic-e2e.example`,
    age: '34',
    phone: '98220 12345',
    password: `monsoon lotus garden ${width}`,
    newPassword: `quiet harbour lantern ${width}`,
  };
  const person = signedUp;
  let context: BrowserContext;

  beforeEach(async () => {
    context = await newContext(site.browser, viewport);
  });
  afterEach(async () => {
    await context?.close();
  });

  test('sign up with the emailed code, log in, stay logged in across a reload, see the profile, log out', async () => {
    const { page, watch } = await site.open(context);
    expectRefusal(watch, 400, '/api/otp/validate-otp');
    expectRefusal(watch, 400, '/api/auth/register'); // the guessable password
    await goto(page, '/');
    await expectHeader(page, 'logged out', 'a new visitor');

    // Sign up opens the real form.
    await signUpButton(page).click();
    const dialog = signUpDialog(page);
    await expectDialogOpen(dialog, 'a dialog named "Sign up"');
    expect(await dialog.getAttribute('aria-modal'), 'the Sign up dialog is modal').toBe('true');
    await expectNoA11yViolations(page, `the Sign up dialog at ${width} px`);
    await shot(page, 'signup-open', width);

    // Send OTP without an email.
    await dialog.getByRole('button', { name: 'Send OTP', exact: true }).click();
    await expectToast(page, 'alert', MSG.enterEmail);
    expect(await dialog.getByLabel('Email', { exact: true }).getAttribute('aria-invalid'), 'the email field is marked invalid').toBe('true');
    await shot(page, 'signup-enter-email', width);

    // Send the code, then a wrong one, then the right one.
    await dialog.getByLabel('Email', { exact: true }).fill(person.email);
    const code = await sendCode(page, dialog, person.email);
    await shot(page, 'signup-code-sent', width);

    await dialog.getByLabel('Email OTP', { exact: true }).fill(wrongCode(code));
    await dialog.getByRole('button', { name: 'Validate', exact: true }).click();
    await expectToast(page, 'alert', MSG.otpInvalid);
    await shot(page, 'signup-wrong-code', width);

    await validateCode(page, dialog, code);
    await shot(page, 'signup-code-validated', width);

    // Every field, but two different passwords.
    await dialog.getByLabel('First name', { exact: true }).fill(person.firstName);
    await dialog.getByLabel('Last name', { exact: true }).fill(person.lastName);
    await dialog.getByLabel('Age', { exact: true }).fill(person.age);
    await dialog.getByRole('radio', { name: 'Female', exact: true }).check();
    await dialog.getByLabel('Phone number', { exact: true }).fill(person.phone);
    await dialog.getByLabel('Password', { exact: true }).fill(person.password);
    await dialog.getByLabel('Confirm password', { exact: true }).fill(`${person.password}!`);
    await dialog.getByRole('checkbox', { name: /Terms and Conditions/ }).check();
    await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expectToast(page, 'alert', MSG.passwordsMismatch);
    expect(await dialog.getByLabel('Confirm password', { exact: true }).getAttribute('aria-invalid'), 'the confirmation is marked invalid').toBe('true');
    await expectNoA11yViolations(page, `the Sign up dialog showing errors at ${width} px`);
    await shot(page, 'signup-passwords-differ', width);

    // A value the contract refuses is said under its field before any request, with no
    // toast ("Invalid request" nowhere), and focus goes there.
    await dialog.getByLabel('Confirm password', { exact: true }).fill(person.password);
    const phoneField = dialog.getByLabel('Phone number', { exact: true });
    await phoneField.fill('12');
    await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect.poll(() => phoneField.getAttribute('aria-invalid'), { message: 'the phone is marked invalid', timeout: STEP_MS }).toBe('true');
    const phoneDescribedBy = (await phoneField.getAttribute('aria-describedby')) ?? '';
    const phoneWords = await Promise.all(phoneDescribedBy.split(/\s+/).filter(Boolean).map((id) => page.locator(`[id="${id}"]`).innerText()));
    expect(phoneWords.join(' '), 'the phone field says why').toContain('Must be a 10-digit phone number.');
    expect(await phoneField.evaluate((el) => el === document.activeElement), 'focus is on the phone').toBe(true);
    expect(await page.locator('.toast__text', { hasText: 'Invalid request' }).count(), 'no "Invalid request" toast').toBe(0);
    expect(await page.locator('.toast--error').count(), 'no error toast for a field that says it all').toBe(0);
    await expectNoA11yViolations(page, `the Sign up dialog with a phone the contract refuses at ${width} px`);
    await shot(page, 'signup-phone-on-field', width);
    await phoneField.fill(person.phone);
    expect(await phoneField.getAttribute('aria-invalid'), 'mended: no longer marked').toBeNull();

    // A password people guess: the server's words under the Password field, focus on it.
    await dialog.getByLabel('Password', { exact: true }).fill('sahaj123');
    await dialog.getByLabel('Confirm password', { exact: true }).fill('sahaj123');
    await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
    const passwordField = dialog.getByLabel('Password', { exact: true });
    await expect.poll(() => passwordField.getAttribute('aria-invalid'), { message: 'the password is marked invalid', timeout: STEP_MS }).toBe('true');
    const describedBy = (await passwordField.getAttribute('aria-describedby')) ?? '';
    const described = await Promise.all(describedBy.split(/\s+/).filter(Boolean).map((id) => page.locator(`[id="${id}"]`).innerText()));
    expect(described.join(' '), 'the field says why, under it').toMatch(/too easy to guess/);
    expect(await passwordField.evaluate((el) => el === document.activeElement), 'focus is on the password').toBe(true);
    await expectNoA11yViolations(page, `the Sign up dialog refusing a guessable password at ${width} px`);
    // The refusal is said on its field only, so no error toast covers the field in use
    // or the dialog's Sign up button (at 375 px it used to).
    expect(await page.locator('.toast--error').count(), 'no error toast for a refusal shown on its field').toBe(0);
    await shot(page, 'signup-guessable-password', width);

    // The same good passwords: registered, and signed in at once (no second login).
    await dialog.getByLabel('Password', { exact: true }).fill(person.password);
    await dialog.getByLabel('Confirm password', { exact: true }).fill(person.password);
    await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expectToast(page, 'status', MSG.registered(person.firstName));
    await expect.poll(() => signUpDialog(page).count(), { message: 'the Sign up dialog closes', timeout: STEP_MS }).toBe(0);
    expect(await loginDialog(page).count(), 'no Login dialog after signing up').toBe(0);
    await expectHeader(page, 'logged in', 'after signing up');
    expect(await storedToken(page), 'signing up signs in').toBeTruthy();
    await shot(page, 'signed-in-after-signup', width);

    // Log out, and log in with the new password.
    await logOut(page);
    await loginButton(page).click();
    await expectDialogOpen(loginDialog(page), 'the Login dialog opens from the header');
    await expectNoA11yViolations(page, `the Login dialog at ${width} px`);
    await logIn(page, person.email, person.password);
    await expectToast(page, 'status', MSG.welcome(person.firstName));
    await expect.poll(() => loginDialog(page).count(), { message: 'the Login dialog closes after logging in', timeout: STEP_MS }).toBe(0);
    await expectHeader(page, 'logged in', 'after Login');
    expect(await storedToken(page), 'the token is stored under "token"').toBeTruthy();
    await shot(page, 'logged-in', width);

    // A reload keeps the session.
    await page.reload({ waitUntil: 'load' });
    await expectHeader(page, 'logged in', 'after a reload');

    // My Profile -> My Profile: /account with the name, the email and a masked password.
    await openProfileMenu(page);
    await shot(page, 'profile-menu', width);
    await page.locator('#profile-menu-list').getByRole('link', { name: 'My Profile', exact: true }).click();
    await expect.poll(() => routeOf(page), { message: 'My Profile leads to /account', timeout: STEP_MS }).toBe('/account');
    const main = page.locator('main');
    await expect.poll(() => main.getByRole('heading', { level: 1 }).innerText(), { message: 'the /account heading', timeout: STEP_MS }).toBe('My profile');
    // The account's facts and the editable profile: read every list of facts.
    const profile = (await main.locator('dl').allInnerTexts()).join('\n');
    expect(profile, '/account shows the name').toContain(`${person.firstName} ${person.lastName}`);
    expect(profile, '/account shows the email').toContain(person.email);
    expect(profile, '/account shows a masked password').toMatch(/•{6,}/);
    const html = await page.content();
    expect(html.includes(person.password), 'the password appears nowhere in the page').toBe(false);
    expect(await main.getByRole('link', { name: 'Edit password' }).getAttribute('href'), 'Edit goes to /forgotpassword').toBe('#/forgotpassword');
    await expectNoA11yViolations(page, `/account at ${width} px`);
    await shot(page, 'account', width, true);

    // Log out, and a reload keeps the user logged out; /account then asks for login.
    await logOut(page);
    await shot(page, 'logged-out', width);
    await page.reload({ waitUntil: 'load' });
    await expectHeader(page, 'logged out', 'after a reload following Logout');
    await expectDialogOpen(loginDialog(page), '/account asks for login once logged out');
    expect(await storedToken(page)).toBeNull();

    // The mail went through SMTP: no outbox, and neither the code nor the password in the server's output.
    expect(existsSync(join(site.server.dataDir, 'outbox')), 'no outbox while SMTP_URL is set').toBe(false);
    const output = site.server.output();
    expect(new RegExp(`\\b${code}\\b`).test(output), "the code is not in the server's output").toBe(false);
    expect(output.includes(person.password), "the password is not in the server's output").toBe(false);
  });

  test('reset the password with an emailed code: the new password logs in, the old one is refused', async () => {
    // An account of its own, made through the API (signing up in the browser is the test above).
    const person = { ...signedUp, email: `priya.reset.${width}@clinic-e2e.example` };
    await registerThroughApi(person);
    const { page, watch } = await site.open(context);
    expectRefusal(watch, 401, '/api/auth/login');
    await goto(page, '/forgotpassword');
    await expectHeader(page, 'logged out', 'before the reset');
    const main = page.locator('main');
    expect(await main.getByRole('heading', { level: 1 }).innerText()).toBe('Reset password');
    await expectNoA11yViolations(page, `/forgotpassword at ${width} px`);
    await shot(page, 'reset-open', width, true);

    await main.getByLabel('Email', { exact: true }).fill(person.email);
    const code = await sendCode(page, main, person.email);
    await validateCode(page, main, code);
    const newPassword = main.getByLabel('New password', { exact: true });
    await expect.poll(() => newPassword.isVisible(), { message: 'the new password fields show once the email is proven', timeout: STEP_MS }).toBe(true);
    await newPassword.fill(person.newPassword);
    await main.getByLabel('Confirm new password', { exact: true }).fill(person.newPassword);
    await shot(page, 'reset-new-password', width, true);
    await main.getByRole('button', { name: 'Reset password', exact: true }).click();
    await expectToast(page, 'status', MSG.passwordReset);

    // Logged out: the Login dialog opens, with the email in it.
    await expectDialogOpen(loginDialog(page), 'the Login dialog opens after the reset');
    expect(await loginDialog(page).getByLabel('Email', { exact: true }).inputValue(), 'the Login dialog has the email in it').toBe(person.email);
    await shot(page, 'reset-done', width);

    // The old password is refused with the server's message; the new one logs in.
    await logIn(page, person.email, person.password);
    await expectToast(page, 'alert', MSG.badCredentials);
    expect(await loginDialog(page).isVisible(), 'the Login dialog stays open after a refusal').toBe(true);
    expect(await storedToken(page)).toBeNull();
    await shot(page, 'login-old-password', width);

    await logIn(page, person.email, person.newPassword);
    await expectToast(page, 'status', MSG.welcome(person.firstName));
    await expectHeader(page, 'logged in', 'after logging in with the new password');
    expect(await currentUserEmail(page), 'the server knows the session').toBe(person.email);

    await logOut(page);
  });

  test('continue with Google through the development provider; an unverified email is refused', async () => {
    const { page, watch } = await site.open(context);
    await goto(page, '/');
    await expectHeader(page, 'logged out', 'before Google sign-in');

    // The chooser of the development provider.
    async function toProvider(): Promise<void> {
      await loginButton(page).click();
      const dialog = loginDialog(page);
      await expectDialogOpen(dialog, 'the Login dialog');
      await dialog.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL(/\/dev-idp\/interaction\//, { timeout: STEP_MS, waitUntil: 'load' });
      expect(await page.getByRole('heading', { level: 1 }).innerText(), 'the provider asks to choose an account').toBe('Choose an account');
    }

    await toProvider();
    await shot(page, 'google-chooser', width, true);
    let google: { email: string; firstName: string };
    if (width === DESKTOP.width) {
      // A demo account.
      google = { email: 'asha.rao@gmail.example', firstName: 'Asha' };
      await page.getByRole('button', { name: /Asha Rao/ }).click();
    } else {
      // Another account, typed.
      google = { email: `neha.kulkarni.${width}@mail-e2e.example`, firstName: 'Neha' };
      await page.getByLabel('Email', { exact: true }).fill(google.email);
      await page.getByLabel(/^First name/).fill(google.firstName);
      await page.getByLabel(/^Last name/).fill('Kulkarni');
      await shot(page, 'google-typed', width, true);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
    }
    await expectToast(page, 'status', MSG.welcome(google.firstName));
    await expectHeader(page, 'logged in', 'after Google sign-in');
    await expect.poll(() => routeOf(page), { message: 'back on the page Google sign-in started from', timeout: STEP_MS }).toBe('/');
    expect(page.url(), 'no one-time code left in the address').not.toMatch(/code=/);
    expect(await currentUserEmail(page), 'logged in as the email the provider gave').toBe(google.email);
    await shot(page, 'google-logged-in', width);

    // Login CSRF: an attacker's own handoff code, opened in this logged-in browser, is refused
    // (it is bound to the attacker's browser) and the session stays this person's.
    const attackersCode = await attackerHandoffCode();
    const token = await storedToken(page);
    expectRefusal(watch, 400, '/api/auth/google/exchange');
    await page.goto(site.url(`/auth/google?code=${attackersCode}`), { waitUntil: 'load' });
    await expectToast(page, 'alert', MSG.googleFailed);
    await expectHeader(page, 'logged in', "after an attacker's Google code was opened");
    expect(await storedToken(page), 'the session token is unchanged').toBe(token);
    expect(await currentUserEmail(page), "still this person's session, not the attacker's").toBe(google.email);
    await logOut(page);

    // Refused: an email the provider does not call verified.
    await toProvider();
    if (width === DESKTOP.width) {
      await page.getByRole('button', { name: /Rohan Das/ }).click();
    } else {
      await page.getByLabel('Email', { exact: true }).fill(`unverified.${width}@mail-e2e.example`);
      await page.getByRole('checkbox', { name: /not verified/ }).check();
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
    }
    await expectToast(page, 'alert', MSG.googleFailed);
    await expectHeader(page, 'logged out', 'after a refused Google sign-in');
    expect(await storedToken(page)).toBeNull();
    await shot(page, 'google-refused', width);
  });
});
