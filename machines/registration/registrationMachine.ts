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
 * - `announceRegistered` { user } (emits `registered`): the account exists (registering does not log in). The app then opens
 *   the login panel: `session.send({ type: 'session.showLogin' })`. The machine is done, with
 *   output `{ user }`.
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
import { RegisterRequest, type User } from '../../contract/auth.js';
import { checkFields, type FieldsNotice } from '../fieldCheck.js';
import type { Gender } from '../../contract/primitives.js';
import { otpMachine, otpNotice, type OtpNotice, type OtpReport } from '../otp/otpMachine.js';
import { isBlank, serverWordsWithFields, type NoticeEvent, type ServerNotice, type Tone } from '../shared/notices.js';

/** The sign-up form as its inputs hold it. `confirmPassword` and the terms box are not sent. */
export type RegistrationForm = {
  firstName: string;
  lastName: string;
  email: string;
  age: string;
  gender: Gender | '';
  phoneNumber: string;
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
};

export type RequiredField = Exclude<keyof RegistrationForm, 'termsAccepted'>;

/** The register call's payload (RegisterRequest's fields, before the server decodes them). */
export type RegisterInput = {
  firstName: string;
  lastName: string;
  email: string;
  age: number;
  gender: Gender;
  phoneNumber: string;
  password: string;
};

export type RegistrationNotice =
  | OtpNotice
  | { kind: 'missingFields'; fields: RequiredField[] }
  | FieldsNotice
  | { kind: 'termsRequired' }
  | { kind: 'passwordsMismatch' }
  | { kind: 'otpNotValidated' }
  | { kind: 'registered'; firstName: string }
  | { kind: 'registrationFailed' }
  | ServerNotice;

export type RegistrationEmitted = NoticeEvent<RegistrationNotice> | { type: 'registered'; user: User };

/** `registration.submit` from the view; the `otp.*` reports come from the otp child only. */
export type RegistrationEvent = { type: 'registration.submit'; form: RegistrationForm } | OtpReport;

export type RegistrationContext = {
  /** The address the otp child proved (trimmed), until it changes. */
  provenEmail: string | null;
  user: User | null;
};

const requiredFields: readonly RequiredField[] = [
  'firstName',
  'lastName',
  'email',
  'age',
  'gender',
  'phoneNumber',
  'password',
  'confirmPassword',
];

/** The blank fields, in the form's order; gender counts as blank unless male or female. */
export function missingFields(form: RegistrationForm): RequiredField[] {
  return requiredFields.filter((field) =>
    field === 'gender' ? form.gender !== 'male' && form.gender !== 'female' : isBlank(form[field]),
  );
}

function registerInput(form: RegistrationForm): RegisterInput {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim(),
    // Not a whole number: sent anyway, and the server's 400 names the field.
    age: Number(form.age.trim()),
    gender: form.gender as Gender,
    phoneNumber: form.phoneNumber.trim(),
    password: form.password,
  };
}

const notice = (tone: Tone, n: RegistrationNotice): NoticeEvent<RegistrationNotice> => ({ type: 'notice', tone, notice: n });

const formOf = (event: RegistrationEvent): RegistrationForm | null =>
  event.type === 'registration.submit' ? event.form : null;

export const registrationMachine = setup({
  types: {} as {
    context: RegistrationContext;
    events: RegistrationEvent;
    emitted: RegistrationEmitted;
    children: { otp: 'otp' };
    output: { user: User };
  },
  actors: {
    otp: otpMachine,
    // Declared here with its type; the real one comes from the app, so this must never run.
    register: fromPromise<User, RegisterInput>(() => Promise.reject(new Error('not provided'))),
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
  },
  actions: {
    rememberProvenEmail: assign({
      provenEmail: ({ context, event }) => (event.type === 'otp.proven' ? event.email : context.provenEmail),
    }),
    forgetProvenEmail: assign({ provenEmail: null }),
    storeUser: assign({ user: (_, params: { user: User }) => params.user }),
    // The effects: the app provides them (src/components/Auth/provider.ts); until then they are
    // emitted, so the machine's tests and the inspector see them.
    notify: emit((_, params: NoticeEvent<RegistrationNotice>) => params),
    announceRegistered: emit((_, params: { user: User }) => ({ type: 'registered' as const, user: params.user })),
  },
}).createMachine({
  id: 'registration',
  description: 'Sign up: the email proven by a code (the otp child), the form checked, the account created.',
  context: { provenEmail: null, user: null },
  invoke: { id: 'otp', src: 'otp' },
  on: {
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
      },
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
        onDone: {
          target: 'Registered',
          actions: [
            { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
            { type: 'notify', params: ({ event }) => notice('success', { kind: 'registered', firstName: event.output.firstName }) },
            { type: 'announceRegistered', params: ({ event }) => ({ user: event.output }) },
          ],
        },
        onError: {
          target: 'Editing',
          actions: { type: 'notify', params: ({ event }) => notice('error', serverWordsWithFields(event.error, { kind: 'registrationFailed' })) },
        },
      },
    },
    Registered: {
      description: 'The account exists. The app opens the login panel.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ user: context.user as User }),
});

type Snapshot = SnapshotFrom<typeof registrationMachine>;

/** The otp child, for the email and code fields (read it with otpMachine's selectors). Gone once Registered. */
export const selectOtpRef = (snapshot: Snapshot): ActorRefFrom<typeof otpMachine> | undefined => snapshot.children.otp;
export const selectIsRegistering = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
export const selectIsRegistered = (snapshot: Snapshot): boolean => snapshot.matches('Registered');
export const selectProvenEmail = (snapshot: Snapshot): string | null => snapshot.context.provenEmail;
