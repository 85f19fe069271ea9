/**
 * Helpers for the component tests: a fake site-options loader, fake account calls (each answered
 * by hand, as in the machines' tests) with an in-memory token store, and the app in a MemoryRouter.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import * as t from 'io-ts';
import { expect } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { LoginAnswer, LoginUser, RegisterAnswer, User } from '../../contract/auth';
import type { MobileSignInAnswer, SignInOptions } from '../../contract/mobile';
import type { MobileSignInInput, SendCodeInput } from '../../machines/mobileSignIn/events';
import type { SiteLanguage, SiteOptions } from '../../contract/site';
import type { LoginCredentials } from '../../machines/login/loginMachine';
import type { RegisterInput } from '../../machines/registration/registrationMachine';
import { createApiClient, type ApiFailure } from '../../src/api/client';
import type { AccountServices } from '../../src/app/account';
import type { BookingServices } from '../../src/app/booking';
import { AppShell } from '../../src/app/App';
import { siteOptionsLogicFor } from '../../src/app/liveSiteOptions';
import { answeredByHand, settle } from '../machines/accountFakes';

export const demoOptions: SiteOptions = {
  locations: ['Kothrud', 'Aundh', 'Viman Nagar', 'Hadapsar'],
  events: [
    {
      _id: 'e1',
      caption: 'Free skin-care camp, Kothrud, January 2024',
      image: '/media/events/free-skin-camp-kothrud.svg',
      video: '/media/events/free-skin-camp-kothrud.webm',
    },
    {
      _id: 'e2',
      caption: "Women's health talk, Aundh, March 2024",
      image: '/media/events/womens-health-talk-aundh.svg',
      video: '/media/events/womens-health-talk-aundh.webm',
    },
  ],
  teams: [
    {
      _id: 't1',
      name: 'Dr. Meera Kulkarni',
      role: 'Founder and chief homeopath',
      image: '/media/team/meera-kulkarni.svg',
      description: 'Twenty years of classical homeopathy practice in Pune.',
    },
  ],
  testimonials: [
    {
      _id: 's1',
      name: 'Priya S.',
      subject: 'Eczema on both hands',
      image: '/media/testimonials/priya-s.svg',
      description: 'After six months the itching stopped.',
    },
    {
      _id: 's2',
      name: 'Rahul M.',
      subject: 'Seasonal allergies',
      image: '/media/testimonials/rahul-m.svg',
      description: 'This year I barely noticed the monsoon.',
    },
  ],
};

export const emptyOptions: SiteOptions = { locations: [], events: [], teams: [], testimonials: [] };

/** The site-options machine with a fake loader, provided the same way main.tsx provides the real one. */
export function fakeSiteOptionsLogic(load: (signal: AbortSignal, language: SiteLanguage) => Promise<SiteOptions>) {
  return siteOptionsLogicFor(load);
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const loginUser: LoginUser = { _id: 'u1', firstName: 'Asha', lastName: 'Verma', email: 'asha@example.in' };
export const demoUser: User = { ...loginUser, age: 34, gender: 'female', phoneNumber: '9876543210', signInMethod: 'manual', role: 'patient' };

/**
 * Account calls the test answers by hand (`fake.login.latest().resolve(...)`), a token store in
 * memory, and the Google redirect recorded instead of leaving the page. `signInOptions`: what GET
 * /auth/sign-in-options answers (at once); absent, the popups offer no mobile path.
 */
export function fakeAccount({ storedToken = null, signInOptions }: { storedToken?: string | null; signInOptions?: SignInOptions } = {}) {
  const calls = {
    fetchCurrentUser: answeredByHand<User, { token: string }>(),
    logout: answeredByHand<unknown, { token: string }>(),
    login: answeredByHand<LoginAnswer, LoginCredentials>(),
    exchangeGoogleCode: answeredByHand<LoginAnswer, { code: string }>(),
    register: answeredByHand<RegisterAnswer, RegisterInput>(),
    sendSignInCode: answeredByHand<unknown, SendCodeInput>(),
    mobileSignIn: answeredByHand<MobileSignInAnswer, MobileSignInInput>(),
    sendOtp: answeredByHand<unknown, { email: string }>(),
    validateOtp: answeredByHand<unknown, { email: string; otp: string }>(),
    resetPassword: answeredByHand<unknown, { email: string; password: string }>(),
  };
  const storage = { token: storedToken };
  const googleRedirects: string[] = [];
  const services: AccountServices = {
    actors: {
      fetchCurrentUser: calls.fetchCurrentUser.logic,
      logout: calls.logout.logic,
      login: calls.login.logic,
      exchangeGoogleCode: calls.exchangeGoogleCode.logic,
      register: calls.register.logic,
      sendOtp: calls.sendOtp.logic,
      validateOtp: calls.validateOtp.logic,
      resetPassword: calls.resetPassword.logic,
      sendSignInCode: calls.sendSignInCode.logic,
      mobileSignIn: calls.mobileSignIn.logic,
    },
    ...(signInOptions ? { loadSignInOptions: () => Promise.resolve(signInOptions) } : {}),
    tokenStore: {
      read: () => storage.token,
      write: (token) => {
        storage.token = token;
      },
      remove: () => {
        storage.token = null;
      },
    },
    redirectToGoogle: (returnTo) => googleRedirects.push(returnTo),
  };
  return { ...calls, services, storage, googleRedirects };
}

export type FakeAccount = ReturnType<typeof fakeAccount>;

/**
 * Loads the account popups' and pages' lazy modules once, so that a test's first popup does not
 * wait for the test runner to transform them (a real browser fetches a small chunk instead).
 */
export async function warmAccountChunks(): Promise<void> {
  await Promise.all([
    import('../../src/components/Auth/loginViews'),
    import('../../src/components/Auth/SignUpDialog'),
    import('../../src/components/Header/ProfileMenu'),
    import('../../src/pages/Account/AccountPage'),
    import('../../src/pages/ForgotPassword/ForgotPasswordPage'),
    import('../../src/app/guarded/MyRemediesRoute'),
    import('../../src/app/guarded/MyAppointmentRoute'),
  ]);
}

/** Shows the router's current path, so a test can see where the app went. */
/** Shows the router's path for `currentPath` (hidden). */
export function PathProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="path" hidden>{pathname + search}</output>;
}

export function renderApp({
  route = '/',
  load = () => Promise.resolve(demoOptions),
  account = fakeAccount(),
  booking = null,
  language,
}: {
  route?: string;
  load?: (signal: AbortSignal, language: SiteLanguage) => Promise<SiteOptions>;
  account?: FakeAccount;
  booking?: BookingServices | null;
  /** The start language (main.tsx's startLanguage()); English when not given. */
  language?: SiteLanguage;
} = {}) {
  const result = render(
    <MemoryRouter initialEntries={[route]}>
      <AppShell siteOptionsLogic={fakeSiteOptionsLogic(load)} language={language} accountServices={account.services} bookingServices={booking} />
      <PathProbe />
    </MemoryRouter>,
  );
  return { ...result, account };
}

/** The router's current path (with its query). */
export function currentPath(): string {
  return document.querySelector('[data-testid="path"]')?.textContent ?? '';
}

/** Settles a fake call and lets the machines and React catch up. */
export async function answer(settleCall: () => void) {
  await act(async () => {
    settleCall();
    await settle();
  });
}

/**
 * A call's token refused (401) as the app meets it: a real request base over a fake fetch
 * answering 401 (with `words`, or a body without any), so the request base tells its listeners
 * (the session's provider) as it does in the app; then the fake call rejects with that failure.
 */
export async function refuseToken(rejectCall: (failure: ApiFailure) => void, words?: string) {
  await act(async () => {
    const body = words === undefined ? '' : JSON.stringify({ message: words });
    const client = createApiClient({ fetch: async () => new Response(body, { status: 401 }), base: '/api' });
    const answer = await client.request(t.unknown, '/refused', { token: 'tok-refused' });
    if (answer._tag === 'Right') throw new Error('the fake fetch answered 401');
    rejectCall(answer.left);
    await settle();
  });
}

/**
 * Answers a fake's latest call once the machine has made it. A lazily loaded popup's machine may
 * call a moment after the dialog shows; `latest()` right away then finds no call on a busy machine.
 */
export async function answerWhenCalled<TCall>(fake: { calls: readonly TCall[]; latest: () => TCall }, settleCall: (call: TCall) => void) {
  await waitFor(() => expect(fake.calls.length).toBeGreaterThan(0));
  await answer(() => settleCall(fake.latest()));
}

/**
 * A problem said on its field: the input is aria-invalid, described by the words, has
 * the focus (the first of the form's problems), and no toast repeats them.
 */
export async function expectOnField(input: HTMLElement, words: string, { focused = true } = {}) {
  await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
  const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
  expect(described).toContain(words);
  if (focused) expect(document.activeElement).toBe(input);
  expect(screen.queryByText(words, { selector: '.toast__text' })).toBeNull();
  expect(screen.queryByText('Invalid request', { selector: '.toast__text' })).toBeNull();
}

/**
 * The open dialog of that name, once it has taken the focus: the Dialog moves focus into itself in
 * an effect after it is first drawn, so a dialog found in the DOM may not hold it yet on a loaded
 * machine.
 */
export async function findOpenDialog(name: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return dialog;
}

/** A toast with these exact words, in the live region of that role. */
export async function expectToast(text: string, role: 'status' | 'alert') {
  const toast = await screen.findByText(text, { selector: '.toast__text' });
  const region = toast.closest('[role="status"], [role="alert"]');
  if (region?.getAttribute('role') !== role) throw new Error(`"${text}" is not in a ${role} region`);
}

/**
 * The dialog's own content (its body), without the toast region: while a dialog is open the
 * toasts are inside it (src/ui/toast.ts, `setHost`), with live regions of their own.
 */
export function dialogBody(dialog: HTMLElement) {
  const body = dialog.querySelector<HTMLElement>('.dialog__body');
  if (!body) throw new Error('no .dialog__body in the dialog');
  return within(body);
}
