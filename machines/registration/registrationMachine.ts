/**
 * Sign up (spec §3 register payload, §4, §5 "Register", §8). The sign-up popup starts one of these
 * per opening.
 *
 * Where the form lives: the field values live in the view (controlled inputs), which sends them
 * whole with `registration.submit`; the machine checks them there, in the spec's order. The email
 * field also drives the shared `otp` child (machines/otp): the view sends `otp.emailChanged` on
 * every change and `otp.send` / `otp.resend` / `otp.validate` to that child (`selectOtpRef`).
 * The child reports the proven address back, and only an account for that very address is sent.
 *
 * The app provides `register` (rejects with an ApiFailure) and the child's `sendOtp` and
 * `validateOtp`:
 *   registrationMachine.provide({ actors: { register, otp: otpMachine.provide({ actors: { sendOtp, validateOtp } }) } })
 *
 * Effects, actions the app provides (src/components/Auth/provider.ts); until provided they are
 * emitted (`actor.on(...)`), as the machine's tests read them:
 * - `notify` { tone, notice } (emits `notice`): a toast; the kinds below plus the otp child's (see otpMachine.ts).
 * - `announceLoggedIn` { answer } (emits `loggedIn` { token, user }): the register answer carried a
 *   session's token, so the new patient is signed in: the app passes it on as `session.loggedIn`
 *   (no second login). The machine is done, with output `{ user, token }`.
 * - `announceRegistered` { user } (emits `registered`): the answer had no token (an older
 *   server): the app opens the login panel, `session.send({ type: 'session.showLogin' })`. The
 *   machine is done, with output `{ user }`.
 *
 * Mobile: `mobile.start` ("Continue with mobile number") runs the mobile sign-in child `mobile`
 * (machines/mobileSignIn, `selectMobileRef`), which signs in or makes the account with the number
 * alone; its notices pass through `notify`, and once it is done the welcome
 * (machines/mobileSignIn/welcome.ts) and `announceLoggedIn`. `mobile.cancel` goes back to the form.
 *
 * Notice kinds of its own and the message each stands for:
 * - missingFields {fields}  no spec text (§5: "all fields required"); the view's required fields
 *                           normally stop the form first. `fields` names the blank ones.
 * - fields {fieldErrors}    no toast: a value the contract's RegisterRequest refuses (an email, age
 *                           or phone that is not one, a password under 8), under its field
 * - termsRequired           no spec text (§5: "terms checkbox required"), as above.
 * - passwordsMismatch       'Passwords do not match!'
 * - otpNotValidated         'Please validate your email OTP before registering.'
 * - registered {firstName}  'Registration successful! Welcome, {first name}'
 * - registrationFailed      'Registration failed. Please try again.' (no readable server message:
 *                           no answer, or an error without one)
 * - server {text, fieldErrors?} the server's message, preferred when it sent one (409 for an
 *                           email that has an account; 400 naming a bad field, such as a
 *                           password that is easy to guess, in `fieldErrors` for the view; or
 *                           'Please validate your email OTP before registering.' when the proof
 *                           lapsed after 30 minutes).
 */
import { assertEvent, assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { RegisterRequest, type LoginAnswer, type LoginUser, type RegisterAnswer, type User } from '../../contract/auth.js';
import { checkFields } from '../fieldCheck.js';
import { mobileNotice, mobileSignInMachine } from '../mobileSignIn/mobileSignInMachine.js';
import { mobileWelcome } from '../mobileSignIn/welcome.js';
import { otpMachine, otpNotice } from '../otp/otpMachine.js';
import { serverWordsWithFields, type NoticeEvent, type Tone } from '../shared/notices.js';
import type { RegistrationContext, RegistrationEmitted, RegistrationEvent, RegistrationNotice, RegistrationOutput } from './events.js';
import { missingFields, registerInput, type RegisterInput, type RegistrationForm } from './form.js';

export { missingFields, type RegisterInput, type RegistrationForm, type RequiredField } from './form.js';
export type { RegistrationContext, RegistrationEmitted, RegistrationEvent, RegistrationNotice, RegistrationOutput } from './events.js';

const notice = (tone: Tone, n: RegistrationNotice): NoticeEvent<RegistrationNotice> => ({ type: 'notice', tone, notice: n });

/** The register answer's user, without the token beside it. */
const userOf = ({ token: _token, ...user }: RegisterAnswer): User => user;

const formOf = (event: RegistrationEvent): RegistrationForm | null =>
  event.type === 'registration.submit' ? event.form : null;

export const registrationMachine = setup({
  types: {} as {
    context: RegistrationContext;
    events: RegistrationEvent;
    emitted: RegistrationEmitted;
    children: { otp: 'otp'; mobile: 'mobileSignIn' };
    output: RegistrationOutput;
  },
  actors: {
    otp: otpMachine,
    mobileSignIn: mobileSignInMachine,
    // Declared here with its type; the real one comes from the app, so this must never run.
    register: fromPromise<RegisterAnswer, RegisterInput>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    hasMissingFields: ({ event }) => {
      const form = formOf(event);
      return form !== null && missingFields(form).length > 0;
    },
    failsContract: ({ event }) => {
      const form = formOf(event);
      return form !== null && checkFields(RegisterRequest, registerInput(form)).length > 0;
    },
    termsNotAccepted: ({ event }) => formOf(event)?.termsAccepted !== true,
    passwordsDiffer: ({ event }) => {
      const form = formOf(event);
      return form !== null && form.password !== form.confirmPassword;
    },
    emailNotProven: ({ context, event }) => formOf(event)?.email.trim() !== context.provenEmail,
    carriesToken: (_, params: { answer: RegisterAnswer }) => typeof params.answer.token === 'string' && params.answer.token !== '',
  },
  actions: {
    rememberProvenEmail: assign({
      provenEmail: ({ context, event }) => (event.type === 'otp.proven' ? event.email : context.provenEmail),
    }),
    forgetProvenEmail: assign({ provenEmail: null }),
    storeUser: assign((_, params: { user: LoginUser; token?: string | undefined }) => ({ user: params.user, token: params.token ?? null })),
    // The effects: the app provides them (src/components/Auth/provider.ts); until then they are
    // emitted, so the machine's tests and the inspector see them.
    notify: emit((_, params: NoticeEvent<RegistrationNotice>) => params),
    announceRegistered: emit((_, params: { user: User }) => ({ type: 'registered' as const, user: params.user })),
    announceLoggedIn: emit((_, params: { answer: LoginAnswer }) => ({ type: 'loggedIn' as const, ...params.answer })),
  },
}).createMachine({
  id: 'registration',
  description: 'Sign up: the email proven by a code (the otp child), the form checked, the account created.',
  context: { provenEmail: null, user: null, token: null },
  invoke: { id: 'otp', src: 'otp' },
  on: {
    'mobile.notice': { actions: { type: 'notify', params: ({ event }) => mobileNotice(event) } },
    'otp.notice': { actions: { type: 'notify', params: ({ event }) => otpNotice(event) } },
    'otp.proven': { actions: 'rememberProvenEmail' },
    'otp.unproven': { actions: 'forgetProvenEmail' },
  },
  initial: 'Editing',
  states: {
    Editing: {
      description: 'The person fills the form and proves the email. Submit checks, in order: every field, the contract rules for each (RegisterRequest), the terms, the passwords, the proven email.',
      on: {
        'registration.submit': [
          {
            guard: 'hasMissingFields',
            actions: {
              type: 'notify',
              params: ({ event }) => notice('error', { kind: 'missingFields', fields: missingFields(formOf(event) as RegistrationForm) }),
            },
          },
          {
            guard: 'failsContract',
            actions: {
              type: 'notify',
              params: ({ event }) =>
                notice('error', { kind: 'fields', fieldErrors: checkFields(RegisterRequest, registerInput(formOf(event) as RegistrationForm)) }),
            },
          },
          { guard: 'termsNotAccepted', actions: { type: 'notify', params: notice('error', { kind: 'termsRequired' }) } },
          { guard: 'passwordsDiffer', actions: { type: 'notify', params: notice('error', { kind: 'passwordsMismatch' }) } },
          { guard: 'emailNotProven', actions: { type: 'notify', params: notice('error', { kind: 'otpNotValidated' }) } },
          { target: 'Registering' },
        ],
        'mobile.start': 'Mobile',
      },
    },
    Mobile: {
      description: 'The mobile number and its code (the child `mobile`): a new number makes an account with the number alone. Cancel goes back to the form.',
      invoke: {
        id: 'mobile',
        src: 'mobileSignIn',
        onDone: {
          target: 'SignedIn',
          actions: [
            { type: 'storeUser', params: ({ event }) => ({ user: event.output.user, token: event.output.token }) },
            { type: 'notify', params: ({ event }) => mobileWelcome(event.output) },
            { type: 'announceLoggedIn', params: ({ event }) => ({ answer: event.output }) },
          ],
        },
      },
      on: { 'mobile.cancel': 'Editing' },
    },
    Registering: {
      description: 'Creating the account. Back to Editing, with the server message or a plain one, if refused.',
      tags: ['busy'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ event }) => {
          assertEvent(event, 'registration.submit');
          return registerInput(event.form);
        },
        onDone: [
          {
            guard: { type: 'carriesToken', params: ({ event }) => ({ answer: event.output }) },
            target: 'SignedIn',
            actions: [
              { type: 'storeUser', params: ({ event }) => ({ user: userOf(event.output), token: event.output.token }) },
              { type: 'notify', params: ({ event }) => notice('success', { kind: 'registered', firstName: event.output.firstName }) },
              { type: 'announceLoggedIn', params: ({ event }) => ({ answer: { token: event.output.token as string, user: userOf(event.output) } }) },
            ],
          },
          {
            target: 'Registered',
            actions: [
              { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
              { type: 'notify', params: ({ event }) => notice('success', { kind: 'registered', firstName: event.output.firstName }) },
              { type: 'announceRegistered', params: ({ event }) => ({ user: event.output }) },
            ],
          },
        ],
        onError: {
          target: 'Editing',
          actions: { type: 'notify', params: ({ event }) => notice('error', serverWordsWithFields(event.error, { kind: 'registrationFailed' })) },
        },
      },
    },
    Registered: {
      description: 'The account exists, but the answer carried no token (an older server): the app opens the login panel.',
      type: 'final',
    },
    SignedIn: {
      description: 'The account exists and the person is signed in with it: the app has handed the token and user to the session.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ user: context.user as LoginUser, ...(context.token !== null ? { token: context.token } : {}) }),
});

type Snapshot = SnapshotFrom<typeof registrationMachine>;

/** The otp child, for the email and code fields (read it with otpMachine's selectors). Gone once Registered. */
export const selectOtpRef = (snapshot: Snapshot): ActorRefFrom<typeof otpMachine> | undefined => snapshot.children.otp;
export const selectIsRegistering = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
export const selectIsRegistered = (snapshot: Snapshot): boolean => snapshot.matches('Registered') || snapshot.matches('SignedIn');
/** The mobile sign-in child while the mobile path is open (read it with its own selectors). */
export const selectMobileRef = (snapshot: Snapshot): ActorRefFrom<typeof mobileSignInMachine> | undefined => snapshot.children.mobile;
export const selectProvenEmail = (snapshot: Snapshot): string | null => snapshot.context.provenEmail;
