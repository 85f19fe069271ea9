/**
 * /account's "Email": add an email to the account (an account made with a mobile number has
 * none) or change it, proven first with the email code the registration uses (POST
 * /otp/send-otp, /otp/validate-otp), then saved (PUT /auth/email, which uses that proof up).
 *
 * Input: { token }.
 * Calls (provided, each rejecting with an ApiFailure, machines/failures.ts):
 * - `sendEmailCode` { email }                 POST /otp/send-otp
 * - `validateEmailCode` { email, otp }        POST /otp/validate-otp
 * - `changeEmail` { email, token } -> User    PUT /auth/email
 *
 * Problems stay on their fields (`selectEmailProblems`; kinds in ./problems.ts): the address
 * and the code checked before any request, a 400 naming the address, a refused code on the
 * code, a 409 (another account's address) on the address. A save that fails otherwise keeps
 * the proof (Proven: "Save again"). The code may be sent again once its countdown is over.
 *
 * Effects (provided actions; emitted until provided): `notify` (ContactNoticeEvent) and
 * `saved` { user }, which the app gives the session.
 */
import { and, assign, emit, enqueueActions, fromPromise, not, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { User } from '../../contract/auth.js';
import { refusedWith } from '../failures.js';
import {
  codeProblem,
  codeRefusal,
  emailProblem,
  failedNotice,
  hasProblems,
  normalizeCode,
  noticeOf,
  notifyOf,
  problemsOf,
  problemsOfFailure,
  resendAfterSeconds,
  withoutProblem,
  type ContactEmitted,
  type ContactField,
  type ContactNoticeEvent,
  type ContactProblems,
} from './problems.js';
import { resendCountdownMachine, type ResendCountdownRef } from './resendCountdownMachine.js';

export type EmailChangeContext = {
  token: string;
  /** The address the code went to (trimmed). */
  email: string;
  problems: ContactProblems;
  /** Grows each time problems are shown anew, so the view focuses the first. */
  problemsShown: number;
  canResend: boolean;
};

export type EmailChangeEvent =
  | { type: 'email.start' }
  | { type: 'email.cancel' }
  | { type: 'email.edited'; field: ContactField }
  | { type: 'email.send'; email: string }
  | { type: 'email.resend' }
  | { type: 'email.changeAddress' }
  | { type: 'email.validate'; code: string }
  /** "Save again" after a save that failed with the address still proven. */
  | { type: 'email.save' };

const notProvided = () => Promise.reject(new Error('not provided'));
const addressProblems = (email: string): ContactProblems => problemsOf({ email: emailProblem(email) });
const codeProblems = (code: string): ContactProblems => problemsOf({ code: codeProblem(code) });

export const emailChangeMachine = setup({
  types: {} as { context: EmailChangeContext; events: EmailChangeEvent; input: { token: string }; emitted: ContactEmitted },
  actors: {
    sendEmailCode: fromPromise<unknown, { email: string }>(notProvided),
    validateEmailCode: fromPromise<unknown, { email: string; otp: string }>(notProvided),
    changeEmail: fromPromise<User, { email: string; token: string }>(notProvided),
    resendCountdown: resendCountdownMachine,
  },
  guards: {
    addressInvalid: ({ event }) => event.type === 'email.send' && hasProblems(addressProblems(event.email)),
    codeInvalid: ({ event }) => event.type === 'email.validate' && hasProblems(codeProblems(event.code)),
    /** No code check in flight: the code step's buttons wait for it. */
    idle: not(stateIn('#emailChange.CodeSent.Validating')),
    mayResend: and(['idle', ({ context }) => context.canResend]),
    /** The save was refused for the address itself (taken, or a 400 naming it): it must be typed again. */
    isAboutAddress: (_, params: { error: unknown }) =>
      refusedWith(params.error, (status) => status === 409) || hasProblems(problemsOfFailure(params.error, ['email'], 'email')),
  },
  actions: {
    reset: assign({ problems: {}, canResend: false }),
    clearProblem: assign({
      problems: ({ context, event }) => (event.type === 'email.edited' ? withoutProblem(context.problems, event.field) : context.problems),
    }),
    clearProblems: assign({ problems: {} }),
    showProblems: assign(({ context }, params: { problems: ContactProblems }) => ({ problems: params.problems, problemsShown: context.problemsShown + 1 })),
    rememberAddress: assign({ email: ({ context, event }) => (event.type === 'email.send' ? event.email.trim() : context.email) }),
    forgetAddress: assign({ email: '' }),
    blockResend: assign({ canResend: false }),
    allowResend: assign({ canResend: true }),
    /** A refusal on the address when it names it (taken, malformed), else a notice. */
    tellFailure: enqueueActions(({ enqueue, context }, params: { error: unknown }) => {
      const problems = problemsOfFailure(params.error, ['email'], 'email');
      if (hasProblems(problems)) enqueue.assign({ problems, problemsShown: context.problemsShown + 1 });
      else enqueue(notifyOf(failedNotice(params.error)));
    }),
    /** A refused code on the code field; no answer or a 5xx, a notice. */
    tellCodeFailure: enqueueActions(({ enqueue, context }, params: { error: unknown }) => {
      const problem = codeRefusal(params.error);
      if (problem) enqueue.assign({ problems: { code: problem }, problemsShown: context.problemsShown + 1 });
      else enqueue(notifyOf(failedNotice(params.error)));
    }),
    notify: emit((_, params: ContactNoticeEvent) => params),
    saved: emit((_, params: { user: User }) => ({ type: 'saved' as const, user: params.user })),
  },
}).createMachine({
  id: 'emailChange',
  description: "/account's email: a code to the address, the code checked, the address saved.",
  context: ({ input }) => ({ token: input.token, email: '', problems: {}, problemsShown: 0, canResend: false }),
  initial: 'Idle',
  states: {
    Idle: {
      description: 'The email as the account has it (or none yet), with Add or Change.',
      on: { 'email.start': { target: 'Entering', actions: ['reset', 'forgetAddress'] } },
    },
    Entering: {
      description: 'The address; Send code checks it first.',
      on: {
        'email.cancel': { target: 'Idle', actions: 'reset' },
        'email.edited': { actions: 'clearProblem' },
        'email.send': [
          { guard: 'addressInvalid', actions: { type: 'showProblems', params: ({ event }) => ({ problems: addressProblems(event.email) }) } },
          { target: 'Sending', actions: ['rememberAddress', 'clearProblems'] },
        ],
      },
    },
    Sending: {
      description: 'POST /otp/send-otp. Refused (a bad address, too many codes): back to the address.',
      tags: ['busy'],
      invoke: {
        src: 'sendEmailCode',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'CodeSent', actions: { type: 'notify', params: ({ context }) => noticeOf({ kind: 'emailCodeSent', to: context.email }) } },
        onError: { target: 'Entering', actions: { type: 'tellFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    CodeSent: {
      description: 'A code is on its way to the address. It may be sent again once the countdown is over.',
      entry: 'blockResend',
      invoke: { id: 'resend', src: 'resendCountdown', input: { seconds: resendAfterSeconds }, onDone: { actions: 'allowResend' } },
      on: {
        'email.cancel': { guard: 'idle', target: 'Idle', actions: 'reset' },
        'email.changeAddress': { guard: 'idle', target: 'Entering', actions: 'reset' },
        'email.resend': { guard: 'mayResend', target: 'Sending', actions: 'clearProblems' },
        'email.edited': { actions: 'clearProblem' },
      },
      initial: 'Typing',
      states: {
        Typing: {
          description: 'The code from the email.',
          on: {
            'email.validate': [
              { guard: 'codeInvalid', actions: { type: 'showProblems', params: ({ event }) => ({ problems: codeProblems(event.code) }) } },
              { target: 'Validating' },
            ],
          },
        },
        Validating: {
          description: 'POST /otp/validate-otp. Right: saved at once; refused: on the code field.',
          tags: ['busy'],
          invoke: {
            src: 'validateEmailCode',
            input: ({ context, event }) => ({ email: context.email, otp: event.type === 'email.validate' ? normalizeCode(event.code) : '' }),
            onDone: { target: '#emailChange.Saving' },
            onError: { target: 'Typing', actions: { type: 'tellCodeFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    Saving: {
      description: 'PUT /auth/email with the proven address. Saved: the session gets the account.',
      tags: ['busy'],
      invoke: {
        src: 'changeEmail',
        input: ({ context }) => ({ email: context.email, token: context.token }),
        onDone: {
          target: 'Idle',
          actions: ['reset', { type: 'notify', params: noticeOf({ kind: 'emailSaved' }) }, { type: 'saved', params: ({ event }) => ({ user: event.output }) }],
        },
        onError: [
          {
            guard: { type: 'isAboutAddress', params: ({ event }) => ({ error: event.error }) },
            target: 'Entering',
            actions: { type: 'tellFailure', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'Proven', actions: { type: 'tellFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    Proven: {
      description: 'The address is proven but the save failed (no answer, a 5xx): Save again, or Cancel.',
      on: {
        'email.save': 'Saving',
        'email.cancel': { target: 'Idle', actions: 'reset' },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof emailChangeMachine>;
export type EmailChangeActor = ActorRefFrom<typeof emailChangeMachine>;

export type EmailStep = 'idle' | 'address' | 'code' | 'proven';
export const selectEmailStep = (s: Snapshot): EmailStep =>
  s.matches('Idle') ? 'idle' : s.matches('CodeSent') ? 'code' : s.matches('Proven') || s.matches('Saving') ? 'proven' : 'address';
export const selectEmailBusy = (s: Snapshot): boolean => s.hasTag('busy');
export const selectEmailProblems = (s: Snapshot): ContactProblems => s.context.problems;
export const selectEmailProblemsShown = (s: Snapshot): number => s.context.problemsShown;
export const selectEmailSentTo = (s: Snapshot): string => s.context.email;
export const selectEmailResend = (s: Snapshot): ResendCountdownRef | undefined => s.children.resend as ResendCountdownRef | undefined;
