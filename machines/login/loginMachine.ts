/**
 * Logging in (spec §1 "manual or Google", §3 login payload, §8), manually or with Google. The login
 * popup starts one per opening; so does the `/#/auth/google` route the browser comes back to.
 *
 * Manual: the view holds the two fields and sends them with `login.submit`.
 * Google: `google.start` runs `redirectToGoogle`, with which the app sends the browser to
 * `googleStartUrl()` (src/api/auth.ts), a full page load: the server runs the OpenID Connect flow
 * and brings the browser back to `/#/auth/google?code=...` (or `?error=...`). That route starts a
 * login actor and sends `google.returned` with what the address carried.
 *
 * The app provides `login` ({ email, password } -> LoginAnswer) and `exchangeGoogleCode`
 * ({ code } -> LoginAnswer), each rejecting with an ApiFailure when the call fails.
 *
 * Effects, actions the app provides (src/components/Auth/provider.ts); until provided they are
 * emitted (`actor.on(...)`), as the machine's tests read them:
 * - `notify` { tone, notice } (emits `notice`): a toast. Kinds and the spec §8 message each stands for:
 *   - welcome {firstName}  'Welcome {first name}!'
 *   - loginFailed          'Please forgot password and try again.' (refused, a 4xx, with no
 *                          readable server message)
 *   - server {text}        the server's message on a 4xx, preferred (e.g. its one generic text for
 *                          a wrong email or password, or a slow-down after many tries)
 *   - somethingWentWrong   'Something went wrong.' (no answer: offline, timeout, an answer that is
 *                          not what the contract says; or a 5xx). Not 'Please forgot password...':
 *                          the password may well be right.
 *   - googleFailed         'Google login failed. Please try again.' (any Google failure)
 *   - missingFields {fields}  no spec text: submit with a blank email or password (the view's
 *                          required fields normally stop it first)
 *   - fields {fieldErrors}  no toast: the credentials fail the contract's LoginRequest (an email
 *                          that is not one), said under each field before any request
 * - `announceLoggedIn` { answer } (emits `loggedIn` { token, user }): the app passes it on as `session.loggedIn`. The machine is then
 *   done, with the same output `{ token, user }`.
 * - `redirectToGoogle` (emits `google.redirect`): the app sends the browser to `googleStartUrl()`.
 *
 * Mobile: `mobile.start` ("Continue with mobile number") runs the mobile sign-in child `mobile`
 * (machines/mobileSignIn; its view talks to it through `selectMobileRef`), whose notices pass
 * through `notify`; `mobile.cancel` goes back to the email form. Signed in, the welcome is
 * 'Welcome {first name}!' for an account that has a name, else `mobileSignedIn` (no spec text:
 * 'You are signed in.'), and `announceLoggedIn` hands the answer on as for a password login.
 * The app provides the child with its calls: `mobileSignIn: mobileSignInMachine.provide(...)`.
 *
 * Input `{ opening }`: the way the popup opens (`Opening`, left at once). `'mobile'` when a flow
 * asked for the sign-in (the booking's Book, logged out) and the clinic can text a code: a new
 * patient's shortest way in; the email form and Google are one tap away (`mobile.cancel`,
 * `google.start`). Otherwise (and with no input) the email form.
 */
import { assertEvent, assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { LoginRequest, type LoginAnswer } from '../../contract/auth.js';
import { checkFields, type FieldsNotice } from '../fieldCheck.js';
import { mobileNotice, mobileSignInMachine, type MobileNotice, type MobileReport } from '../mobileSignIn/mobileSignInMachine.js';
import { mobileWelcome, type MobileWelcomeNotice } from '../mobileSignIn/welcome.js';
import { describeFailure, isBlank, serverWordsWithFields, type NoticeEvent, type ServerNotice, type Tone } from '../shared/notices.js';

export type LoginCredentials = { email: string; password: string };

export type LoginNotice =
  | { kind: 'welcome'; firstName: string }
  | { kind: 'loginFailed' }
  | { kind: 'somethingWentWrong' }
  | { kind: 'googleFailed' }
  | { kind: 'missingFields'; fields: Array<keyof LoginCredentials> }
  | FieldsNotice
  | ServerNotice
  | MobileNotice
  | MobileWelcomeNotice;

export type LoginEmitted =
  | NoticeEvent<LoginNotice>
  | ({ type: 'loggedIn' } & LoginAnswer)
  | { type: 'google.redirect' };

export type LoginEvent =
  | { type: 'login.submit'; email: string; password: string }
  | { type: 'google.start' }
  /** Back from Google: the `code` or `error` query parameter of `/#/auth/google`. */
  | { type: 'google.returned'; code?: string | null; error?: string | null }
  /** "Continue with mobile number", and back to the email form. */
  | { type: 'mobile.start' }
  | { type: 'mobile.cancel' }
  | MobileReport;

/** Which way the popup opens: the email form (the default) or the mobile number. */
export type LoginOpening = 'email' | 'mobile';
export type LoginInput = { opening?: LoginOpening };

export type LoginContext = { answer: LoginAnswer | null; opening: LoginOpening };

const notice = (tone: Tone, n: LoginNotice): NoticeEvent<LoginNotice> => ({ type: 'notice', tone, notice: n });

/** Refused (4xx): the server's words, else 'Please forgot password...'; no answer or a 5xx: 'Something went wrong.'. */
function loginFailureNotice(error: unknown): LoginNotice {
  const failure = describeFailure(error);
  if (failure.kind === 'unanswered' || failure.status >= 500) return { kind: 'somethingWentWrong' };
  return failure.text !== null ? serverWordsWithFields(error, { kind: 'loginFailed' }) : { kind: 'loginFailed' };
}

const credentialsOf = (event: LoginEvent): LoginCredentials =>
  event.type === 'login.submit' ? { email: event.email.trim(), password: event.password } : { email: '', password: '' };

const googleFailed = notice('error', { kind: 'googleFailed' });
const welcome = (answer: LoginAnswer) => notice('success', { kind: 'welcome', firstName: answer.user.firstName });

function blankFields(event: LoginEvent): Array<keyof LoginCredentials> {
  if (event.type !== 'login.submit') return [];
  return (['email', 'password'] as const).filter((field) => isBlank(event[field]));
}

export const loginMachine = setup({
  types: {} as {
    context: LoginContext;
    events: LoginEvent;
    input: LoginInput;
    emitted: LoginEmitted;
    output: LoginAnswer;
    children: { mobile: 'mobileSignIn' };
  },
  actors: {
    mobileSignIn: mobileSignInMachine,
    // Declared here with their types; the real ones come from the app, so these must never run.
    login: fromPromise<LoginAnswer, LoginCredentials>(() => Promise.reject(new Error('not provided'))),
    exchangeGoogleCode: fromPromise<LoginAnswer, { code: string }>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    opensOnMobile: ({ context }) => context.opening === 'mobile',
    hasBlankField: ({ event }) => blankFields(event).length > 0,
    failsContract: ({ event }) => checkFields(LoginRequest, credentialsOf(event)).length > 0,
    isGoogleFailure: ({ event }) =>
      event.type === 'google.returned' && (!isBlank(event.error) || isBlank(event.code)),
  },
  actions: {
    storeAnswer: assign({ answer: (_, params: { answer: LoginAnswer }) => params.answer }),
    // The effects: the app provides them (src/components/Auth/provider.ts); until then they are
    // emitted, so the machine's tests and the inspector see them.
    notify: emit((_, params: NoticeEvent<LoginNotice>) => params),
    announceLoggedIn: emit((_, params: { answer: LoginAnswer }) => ({ type: 'loggedIn' as const, ...params.answer })),
    redirectToGoogle: emit({ type: 'google.redirect' }),
  },
}).createMachine({
  id: 'login',
  description: 'Logging in with an email and password, with Google, or with a mobile number and a texted code.',
  context: ({ input }) => ({ answer: null, opening: input.opening ?? 'email' }),
  on: { 'mobile.notice': { actions: { type: 'notify', params: ({ event }) => mobileNotice(event) } } },
  initial: 'Opening',
  states: {
    Opening: {
      description: 'Which way the popup opens: the mobile number when a flow asked for the sign-in and the clinic can text a code, else the email form.',
      always: [{ guard: 'opensOnMobile', target: 'Mobile' }, { target: 'Idle' }],
    },
    Idle: {
      description: 'The login form, or the Google return route before it sends what it got.',
      on: {
        'login.submit': [
          {
            guard: 'hasBlankField',
            actions: { type: 'notify', params: ({ event }) => notice('error', { kind: 'missingFields', fields: blankFields(event) }) },
          },
          {
            guard: 'failsContract',
            actions: { type: 'notify', params: ({ event }) => notice('error', { kind: 'fields', fieldErrors: checkFields(LoginRequest, credentialsOf(event)) }) },
          },
          { target: 'LoggingIn' },
        ],
        'google.start': { actions: 'redirectToGoogle' },
        'mobile.start': 'Mobile',
        'google.returned': [
          { guard: 'isGoogleFailure', actions: { type: 'notify', params: googleFailed } },
          { target: 'ExchangingGoogleCode' },
        ],
      },
    },
    LoggingIn: {
      description: 'Checking the email and password. Back to Idle if refused (the server message, or a plain one) or unanswered.',
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'login.submit');
          return credentialsOf(event);
        },
        onDone: {
          target: 'LoggedIn',
          actions: [
            { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) },
            { type: 'notify', params: ({ event }) => welcome(event.output) },
            { type: 'announceLoggedIn', params: ({ event }) => ({ answer: event.output }) },
          ],
        },
        onError: {
          target: 'Idle',
          actions: { type: 'notify', params: ({ event }) => notice('error', loginFailureNotice(event.error)) },
        },
      },
    },
    ExchangingGoogleCode: {
      description: 'Turning the one-time code from the Google return into a login. Any failure: Google login failed.',
      tags: ['busy'],
      invoke: {
        id: 'exchangeGoogleCode',
        src: 'exchangeGoogleCode',
        input: ({ event }) => {
          assertEvent(event, 'google.returned');
          return { code: (event.code ?? '').trim() };
        },
        onDone: {
          target: 'LoggedIn',
          actions: [
            { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) },
            { type: 'notify', params: ({ event }) => welcome(event.output) },
            { type: 'announceLoggedIn', params: ({ event }) => ({ answer: event.output }) },
          ],
        },
        onError: { target: 'Idle', actions: { type: 'notify', params: googleFailed } },
      },
    },
    Mobile: {
      description: 'The mobile number and its code (the child `mobile`). Cancel goes back to the email form; Google starts from here too.',
      invoke: {
        id: 'mobile',
        src: 'mobileSignIn',
        onDone: {
          target: 'LoggedIn',
          actions: [
            { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) },
            { type: 'notify', params: ({ event }) => mobileWelcome(event.output) },
            { type: 'announceLoggedIn', params: ({ event }) => ({ answer: event.output }) },
          ],
        },
      },
      on: { 'mobile.cancel': 'Idle', 'google.start': { actions: 'redirectToGoogle' } },
    },
    LoggedIn: {
      description: 'Logged in; the app has passed the token and user on to the session.',
      type: 'final',
    },
  },
  output: ({ context }) => context.answer as LoginAnswer,
});

type Snapshot = SnapshotFrom<typeof loginMachine>;

/** Logging in or exchanging the Google code: the buttons wait. */
export const selectIsLoggingIn = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
export const selectHasLoggedIn = (snapshot: Snapshot): boolean => snapshot.matches('LoggedIn');
/** The mobile sign-in child while the mobile path is open (read it with its own selectors). */
export const selectMobileRef = (snapshot: Snapshot): ActorRefFrom<typeof mobileSignInMachine> | undefined => snapshot.children.mobile;
