/**
 * Resetting a forgotten password at /forgotpassword (spec §4 "Forgot-password success", §5, §8),
 * with our fix to the spec's open call (design.md, "Where we deliberately differ"): the address is
 * first proven with an emailed code, by the same `otp` child as sign-up (machines/otp), then the
 * new password is chosen and sent. The page starts one per visit.
 *
 * Input: `{ loggedIn }`, whether a user is logged in (the session's selectIsLoggedIn), which decides
 * where success leads.
 *
 * Where the form lives: the email and code fields drive the otp child (`selectOtpRef`, events
 * `otp.emailChanged` / `otp.send` / `otp.resend` / `otp.validate`); the two password fields live in
 * the view, which sends them with `forgotPassword.submit` once the address is proven
 * (`snapshot.can` is false before: the view keeps Submit disabled, or shows the password fields
 * only in ChoosingPassword).
 *
 * The app provides `resetPassword` ({ email, password }, rejecting with an ApiFailure) and the
 * child's `sendOtp` and `validateOtp`:
 *   forgotPasswordMachine.provide({ actors: { resetPassword, otp: otpMachine.provide({ actors: { sendOtp, validateOtp } }) } })
 *
 * Effects, actions the app provides (src/components/Auth/provider.ts); until provided they are
 * emitted (`actor.on(...)`), as the machine's tests read them:
 * - `notify` { tone, notice } (emits `notice`): a toast; the kinds below plus the otp child's (see otpMachine.ts):
 *   - passwordsMismatch       'Passwords do not match!'
 *   - passwordReset           'Password reset successfully!'
 *   - missingFields {fields}  no spec text (§5: new password required); the view's required
 *                             fields normally stop the form first
 *   - server {text, fieldErrors?} the server's message, preferred (e.g. a password that is too
 *                             short or easy to guess, or an address no longer proven after 30
 *                             minutes), with the fields a 400 named, for the view to mark
 *   - somethingWentWrong      'Something went wrong.' (no answer, or no readable message)
 * - after success, where to go: `goHome` (emits `navigate` { to: '/' }) when logged in, else
 *   `openLogin` (emits `openLogin`; the app
 *   sends `session.showLogin`). The machine is done, with output `{ next: 'home' | 'login' }`.
 *   The server ends every session of the user on a reset, so a logged-in user's token stops
 *   working: the app should also send `session.expired` when the reset address is the user's own.
 */
import { assertEvent, assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ForgotPasswordRequest } from '../../contract/auth.js';
import { checkFields, type FieldsNotice } from '../fieldCheck.js';
import { otpMachine, otpNotice, type OtpNotice, type OtpReport } from '../otp/otpMachine.js';
import { isBlank, serverWordsWithFields, type NoticeEvent, type ServerNotice, type Tone } from '../shared/notices.js';

export type ForgotPasswordInput = { loggedIn: boolean };

export type NewPasswordField = 'password' | 'confirmPassword';

export type ForgotPasswordNotice =
  | OtpNotice
  | { kind: 'missingFields'; fields: NewPasswordField[] }
  | FieldsNotice
  | { kind: 'passwordsMismatch' }
  | { kind: 'passwordReset' }
  | { kind: 'somethingWentWrong' }
  | ServerNotice;

export type ForgotPasswordEmitted =
  | NoticeEvent<ForgotPasswordNotice>
  | { type: 'navigate'; to: '/' }
  | { type: 'openLogin' };

/** `forgotPassword.submit` from the view; the `otp.*` reports come from the otp child only. */
export type ForgotPasswordEvent = { type: 'forgotPassword.submit'; password: string; confirmPassword: string } | OtpReport;

export type ForgotPasswordContext = {
  loggedIn: boolean;
  /** The address the otp child proved, until it changes. */
  provenEmail: string | null;
};

const notice = (tone: Tone, n: ForgotPasswordNotice): NoticeEvent<ForgotPasswordNotice> => ({
  type: 'notice',
  tone,
  notice: n,
});

const passwordReset = notice('success', { kind: 'passwordReset' });

function blankFields(event: ForgotPasswordEvent): NewPasswordField[] {
  if (event.type !== 'forgotPassword.submit') return [];
  return (['password', 'confirmPassword'] as const).filter((field) => isBlank(event[field]));
}

/** The new password as the contract's ForgotPasswordRequest checks it (the proven email passed it already). */
const newPasswordErrors = (context: ForgotPasswordContext, event: ForgotPasswordEvent) =>
  event.type === 'forgotPassword.submit'
    ? checkFields(ForgotPasswordRequest, { email: context.provenEmail ?? '', password: event.password })
    : [];

export const forgotPasswordMachine = setup({
  types: {} as {
    context: ForgotPasswordContext;
    events: ForgotPasswordEvent;
    input: ForgotPasswordInput;
    emitted: ForgotPasswordEmitted;
    children: { otp: 'otp' };
    output: { next: 'home' | 'login' };
  },
  actors: {
    otp: otpMachine,
    // Declared here with its type; the real one comes from the app, so this must never run.
    resetPassword: fromPromise<unknown, { email: string; password: string }>(() =>
      Promise.reject(new Error('not provided')),
    ),
  },
  guards: {
    hasBlankField: ({ event }) => blankFields(event).length > 0,
    failsContract: ({ context, event }) => newPasswordErrors(context, event).length > 0,
    passwordsDiffer: ({ event }) => event.type === 'forgotPassword.submit' && event.password !== event.confirmPassword,
    wasLoggedIn: ({ context }) => context.loggedIn,
  },
  actions: {
    rememberProvenEmail: assign({
      provenEmail: ({ context, event }) => (event.type === 'otp.proven' ? event.email : context.provenEmail),
    }),
    forgetProvenEmail: assign({ provenEmail: null }),
    // The effects: the app provides them (src/components/Auth/provider.ts); until then they are
    // emitted, so the machine's tests and the inspector see them.
    notify: emit((_, params: NoticeEvent<ForgotPasswordNotice>) => params),
    goHome: emit({ type: 'navigate', to: '/' }),
    openLogin: emit({ type: 'openLogin' }),
  },
}).createMachine({
  id: 'forgotPassword',
  description: 'Reset a forgotten password: prove the address with a code (the otp child), then choose a new password.',
  context: ({ input }) => ({ loggedIn: input.loggedIn, provenEmail: null }),
  invoke: { id: 'otp', src: 'otp' },
  on: {
    'otp.notice': { actions: { type: 'notify', params: ({ event }) => otpNotice(event) } },
    'otp.proven': { actions: 'rememberProvenEmail' },
    'otp.unproven': { actions: 'forgetProvenEmail' },
  },
  initial: 'Proving',
  states: {
    Proving: {
      description: 'The person enters the email, has a code sent and validates it.',
      on: {
        'otp.proven': { target: 'ChoosingPassword', actions: 'rememberProvenEmail' },
      },
    },
    ChoosingPassword: {
      description: 'The address is proven; the person types the new password twice. Changing the address goes back.',
      on: {
        'otp.unproven': { target: 'Proving', actions: 'forgetProvenEmail' },
        'forgotPassword.submit': [
          { guard: 'hasBlankField', actions: { type: 'notify', params: ({ event }) => notice('error', { kind: 'missingFields', fields: blankFields(event) }) } },
          {
            guard: 'failsContract',
            actions: { type: 'notify', params: ({ context, event }) => notice('error', { kind: 'fields', fieldErrors: newPasswordErrors(context, event) }) },
          },
          { guard: 'passwordsDiffer', actions: { type: 'notify', params: notice('error', { kind: 'passwordsMismatch' }) } },
          { target: 'Resetting' },
        ],
      },
    },
    Resetting: {
      description: 'Setting the new password. Back to ChoosingPassword, with the server message or a plain one, if refused.',
      tags: ['busy'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context, event }) => {
          assertEvent(event, 'forgotPassword.submit');
          return { email: context.provenEmail ?? '', password: event.password };
        },
        onDone: [
          { guard: 'wasLoggedIn', target: 'Done', actions: [{ type: 'notify', params: passwordReset }, 'goHome'] },
          { target: 'Done', actions: [{ type: 'notify', params: passwordReset }, 'openLogin'] },
        ],
        onError: {
          target: 'ChoosingPassword',
          actions: { type: 'notify', params: ({ event }) => notice('error', serverWordsWithFields(event.error, { kind: 'somethingWentWrong' })) },
        },
      },
    },
    Done: {
      description: 'The password is reset. The app goes to / when logged in, else opens the login popup.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ next: context.loggedIn ? ('home' as const) : ('login' as const) }),
});

type Snapshot = SnapshotFrom<typeof forgotPasswordMachine>;

/** The otp child, for the email and code fields (read it with otpMachine's selectors). Gone once Done. */
export const selectOtpRef = (snapshot: Snapshot): ActorRefFrom<typeof otpMachine> | undefined => snapshot.children.otp;
/** The new-password fields apply (the address is proven). */
export const selectIsChoosingPassword = (snapshot: Snapshot): boolean => snapshot.matches('ChoosingPassword');
export const selectIsResetting = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
export const selectIsReset = (snapshot: Snapshot): boolean => snapshot.matches('Done');
