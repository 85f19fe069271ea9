/**
 * /account's "Mobile number": add, verify or change the account's phone, proven by a code sent
 * to the new number, and by the account itself with one of what it has: its password, a code to
 * its own email, or a code to its current verified number ("send a code to my email instead"),
 * so that someone holding an open session cannot move the account's sign-in number to theirs.
 * An account without a password gets the code to its current number (else its email) at once.
 * The server tells the old verified number of the change.
 *
 * Input: PhoneChangeInput { token, hasPassword, accountEmail, currentPhone }.
 * Calls (provided, each rejecting with an ApiFailure, machines/failures.ts):
 * - `sendPhoneCode` { phoneNumber, token }   POST /auth/phone/send-code
 * - `sendEmailCode` { email }                POST /otp/send-otp to the account's own address
 * - `sendCurrentPhoneCode` { token }         POST /auth/phone/send-current-code
 * - `changePhone` { request, token } -> User PUT /auth/phone
 *
 * Problems stay on their fields (`selectPhoneProblems`; kinds in ./problems.ts): checked before
 * any request, a 400 naming fields, a 409 (the number is another account's) on the number.
 * Other failures are notices. Each code may be sent again once its countdown (a
 * resendCountdown child) is over.
 *
 * Effects (provided actions; emitted until provided): `notify` (ContactNoticeEvent) and
 * `saved` { user }, which the app gives the session so every view knows the new number.
 */
import { and, assign, emit, enqueueActions, fromPromise, not, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { User } from '../../contract/auth.js';
import { refusedWith } from '../failures.js';
import {
  changeRequest,
  confirmFields,
  firstProof,
  confirmProblems,
  numberProblems,
  type PhoneChangeCalls,
  type PhoneChangeContext,
  type PhoneChangeEvent,
  type PhoneChangeInput,
} from './phoneChangeParts.js';
import {
  failedNotice,
  hasProblems,
  noticeOf,
  notifyOf,
  problemsOfFailure,
  resendAfterSeconds,
  withoutProblem,
  type ContactEmitted,
  type ContactField,
  type ContactNoticeEvent,
  type ContactProblems,
} from './problems.js';
import { resendCountdownMachine, type ResendCountdownRef } from './resendCountdownMachine.js';

export type { PhoneChangeInput } from './phoneChangeParts.js';

type Calls = PhoneChangeCalls;
const notProvided = () => Promise.reject(new Error('not provided'));
const onError = (fields: readonly ContactField[], takenField: ContactField) => ({ event }: { event: { error: unknown } }) => ({
  error: event.error,
  fields,
  takenField,
});

export const phoneChangeMachine = setup({
  types: {} as { context: PhoneChangeContext; events: PhoneChangeEvent; input: PhoneChangeInput; emitted: ContactEmitted },
  actors: {
    sendPhoneCode: fromPromise<Calls['sendPhoneCode']['output'], Calls['sendPhoneCode']['input']>(notProvided),
    sendEmailCode: fromPromise<Calls['sendEmailCode']['output'], Calls['sendEmailCode']['input']>(notProvided),
    sendCurrentPhoneCode: fromPromise<Calls['sendCurrentPhoneCode']['output'], Calls['sendCurrentPhoneCode']['input']>(notProvided),
    changePhone: fromPromise<Calls['changePhone']['output'], Calls['changePhone']['input']>(notProvided),
    resendCountdown: resendCountdownMachine,
  },
  guards: {
    numberInvalid: ({ event }) => event.type === 'phone.send' && hasProblems(numberProblems(event.phoneNumber)),
    confirmInvalid: ({ context, event }) => event.type === 'phone.confirm' && hasProblems(confirmProblems(context, event)),
    /** No call in flight: the code step's own buttons wait for it. */
    idle: and([not(stateIn('#phoneChange.CodeSent.SendingProofCode')), not(stateIn('#phoneChange.CodeSent.Saving'))]),
    mayResend: and(['idle', ({ context }) => context.canResend]),
    mayUsePassword: ({ context }) => context.hasPassword,
    mayUseEmail: ({ context }) => context.accountEmail !== null && context.proof !== 'email',
    mayUseCurrentPhone: ({ context }) => context.currentPhone !== null && context.proof !== 'phone',
    mayResendProofCode: ({ context }) => context.canResendProofCode,
    /** A code to the email or the current number proves the change, and it was sent. */
    provingByCode: ({ context }) => (context.proof === 'email' || context.proof === 'phone') && context.proofCodeSent,
    /** That code is still to be sent (the account has no password: at once). */
    proofCodeDue: ({ context }) => context.proof === 'email' || context.proof === 'phone',
    byEmail: ({ context }) => context.proof === 'email',
    isTaken: (_, params: { error: unknown }) => refusedWith(params.error, (status) => status === 409),
  },
  actions: {
    reset: assign(({ context }) => ({ problems: {}, pending: null, proof: firstProof(context), proofCodeSent: false, canResend: false, canResendProofCode: false })),
    clearProblem: assign({
      problems: ({ context, event }) => (event.type === 'phone.edited' ? withoutProblem(context.problems, event.field) : context.problems),
    }),
    clearProblems: assign({ problems: {} }),
    showProblems: assign(({ context }, params: { problems: ContactProblems }) => ({
      problems: params.problems,
      problemsShown: context.problemsShown + 1,
    })),
    rememberNumber: assign({ phoneNumber: ({ context, event }) => (event.type === 'phone.send' ? event.phoneNumber.trim() : context.phoneNumber) }),
    rememberRequest: assign({ pending: ({ context, event }) => (event.type === 'phone.confirm' ? changeRequest(context, event) : null) }),
    forgetRequest: assign({ pending: null }),
    forgetNumber: assign({ phoneNumber: '' }),
    blockResend: assign({ canResend: false }),
    allowResend: assign({ canResend: true }),
    blockProofResend: assign({ canResendProofCode: false }),
    allowProofResend: assign({ canResendProofCode: true }),
    proveBy: assign((_, params: { proof: 'email' | 'phone' }) => ({ proof: params.proof, proofCodeSent: false, problems: {} })),
    proofCodeSent: assign({ proofCodeSent: true }),
    proveByPassword: assign({ proof: 'password' as const, proofCodeSent: false, problems: {} }),
    /** A refusal on the fields it names, else a notice. */
    tellFailure: enqueueActions(({ enqueue, context }, params: { error: unknown; fields: readonly ContactField[]; takenField: ContactField }) => {
      const problems = problemsOfFailure(params.error, params.fields, params.takenField);
      if (hasProblems(problems)) enqueue.assign({ problems, problemsShown: context.problemsShown + 1 });
      else enqueue(notifyOf(failedNotice(params.error)));
    }),
    notify: emit((_, params: ContactNoticeEvent) => params),
    saved: emit((_, params: { user: User }) => ({ type: 'saved' as const, user: params.user })),
  },
}).createMachine({
  id: 'phoneChange',
  description: "/account's mobile number: a code to the new number, then the code and the account's proof (its password, or a code to its email or its current number), saved.",
  context: ({ input }) => ({
    ...input,
    phoneNumber: '',
    proof: firstProof(input),
    proofCodeSent: false,
    problems: {},
    problemsShown: 0,
    canResend: false,
    canResendProofCode: false,
    pending: null,
  }),
  initial: 'Idle',
  states: {
    Idle: {
      description: 'The number as the account has it, with Add, Verify or Change.',
      on: { 'phone.start': { target: 'Entering', actions: ['reset', 'forgetNumber'] } },
    },
    Entering: {
      description: 'The new number; Send code checks it first (an Indian mobile number).',
      on: {
        'phone.cancel': { target: 'Idle', actions: 'reset' },
        'phone.edited': { actions: 'clearProblem' },
        'phone.send': [
          { guard: 'numberInvalid', actions: { type: 'showProblems', params: ({ event }) => ({ problems: numberProblems(event.phoneNumber) }) } },
          { target: 'Sending', actions: ['rememberNumber', 'clearProblems'] },
        ],
      },
    },
    Sending: {
      description: 'POST /auth/phone/send-code. Refused (taken, bad number, too many): back to the number.',
      tags: ['busy'],
      invoke: {
        src: 'sendPhoneCode',
        input: ({ context }) => ({ phoneNumber: context.phoneNumber, token: context.token }),
        onDone: {
          target: 'CodeSent',
          actions: { type: 'notify', params: ({ context }) => noticeOf({ kind: 'phoneCodeSent', to: context.phoneNumber }) },
        },
        onError: { target: 'Entering', actions: { type: 'tellFailure', params: onError(['phoneNumber'], 'phoneNumber') } },
      },
    },
    CodeSent: {
      description: 'A code is on its way to the number. It may be sent again once the countdown is over.',
      entry: 'blockResend',
      invoke: { id: 'resend', src: 'resendCountdown', input: { seconds: resendAfterSeconds }, onDone: { actions: 'allowResend' } },
      on: {
        'phone.cancel': { guard: 'idle', target: 'Idle', actions: 'reset' },
        'phone.changeNumber': { guard: 'idle', target: 'Entering', actions: 'reset' },
        'phone.resend': { guard: 'mayResend', target: 'Sending', actions: 'clearProblems' },
        'phone.edited': { actions: 'clearProblem' },
      },
      initial: 'Resuming',
      states: {
        Resuming: {
          description: 'Back to the proof chosen before (a new code to the number keeps it); its code sent first when it is still due.',
          always: [{ guard: 'provingByCode', target: 'ByCode' }, { guard: 'proofCodeDue', target: 'SendingProofCode' }, { target: 'Typing' }],
        },
        Typing: {
          description: "The code, and the password when that is the proof; with a proof code that could not be sent, the ways to send one.",
          on: {
            'phone.confirm': [
              { guard: 'proofCodeDue' },
              { guard: 'confirmInvalid', actions: { type: 'showProblems', params: ({ context, event }) => ({ problems: confirmProblems(context, event) }) } },
              { target: 'Saving', actions: 'rememberRequest' },
            ],
            'phone.useEmail': { guard: 'mayUseEmail', target: 'SendingProofCode', actions: { type: 'proveBy', params: { proof: 'email' } } },
            'phone.useCurrentPhone': { guard: 'mayUseCurrentPhone', target: 'SendingProofCode', actions: { type: 'proveBy', params: { proof: 'phone' } } },
            'phone.resendProofCode': { guard: 'proofCodeDue', target: 'SendingProofCode' },
          },
        },
        SendingProofCode: {
          description: "The proof's code: POST /otp/send-otp to the account's own email, or POST /auth/phone/send-current-code.",
          tags: ['busy'],
          initial: 'Choosing',
          states: {
            Choosing: { description: 'Which address the code goes to.', always: [{ guard: 'byEmail', target: 'ToEmail' }, { target: 'ToPhone' }] },
            ToEmail: {
              description: "POST /otp/send-otp to the account's own email.",
              invoke: {
                src: 'sendEmailCode',
                input: ({ context }) => ({ email: context.accountEmail ?? '' }),
                onDone: {
                  target: '#phoneChange.CodeSent.ByCode',
                  actions: ['proofCodeSent', { type: 'notify', params: ({ context }) => noticeOf({ kind: 'proofCodeSent', to: context.accountEmail ?? '' }) }],
                },
                onError: { target: '#phoneChange.CodeSent.Unsent', actions: { type: 'tellFailure', params: onError([], 'email') } },
              },
            },
            ToPhone: {
              description: "POST /auth/phone/send-current-code: to the account's current verified number.",
              invoke: {
                src: 'sendCurrentPhoneCode',
                input: ({ context }) => ({ token: context.token }),
                onDone: {
                  target: '#phoneChange.CodeSent.ByCode',
                  actions: ['proofCodeSent', { type: 'notify', params: ({ context }) => noticeOf({ kind: 'currentCodeSent', to: context.currentPhone ?? '' }) }],
                },
                onError: { target: '#phoneChange.CodeSent.Unsent', actions: { type: 'tellFailure', params: onError(['currentCode'], 'phoneNumber') } },
              },
            },
          },
        },
        Unsent: {
          description: "The proof's code could not be sent: back to the password (with one), or that code again.",
          always: [{ guard: 'mayUsePassword', target: 'Typing', actions: 'proveByPassword' }, { target: 'Typing' }],
        },
        ByCode: {
          description: "The code, and the code sent to the account's email or current number; another proof, or that code again after its countdown.",
          entry: 'blockProofResend',
          invoke: { id: 'proofResend', src: 'resendCountdown', input: { seconds: resendAfterSeconds }, onDone: { actions: 'allowProofResend' } },
          on: {
            'phone.confirm': [
              { guard: 'confirmInvalid', actions: { type: 'showProblems', params: ({ context, event }) => ({ problems: confirmProblems(context, event) }) } },
              { target: 'Saving', actions: 'rememberRequest' },
            ],
            'phone.usePassword': { guard: 'mayUsePassword', target: 'Typing', actions: 'proveByPassword' },
            'phone.useEmail': { guard: 'mayUseEmail', target: 'SendingProofCode', actions: { type: 'proveBy', params: { proof: 'email' } } },
            'phone.useCurrentPhone': { guard: 'mayUseCurrentPhone', target: 'SendingProofCode', actions: { type: 'proveBy', params: { proof: 'phone' } } },
            'phone.resendProofCode': { guard: 'mayResendProofCode', target: 'SendingProofCode' },
          },
        },
        Saving: {
          description: 'PUT /auth/phone. Saved: the session gets the account; taken meanwhile: back to the number.',
          tags: ['busy'],
          exit: 'forgetRequest',
          invoke: {
            src: 'changePhone',
            input: ({ context }) => ({ request: context.pending!, token: context.token }),
            onDone: {
              target: '#phoneChange.Idle',
              actions: ['reset', { type: 'notify', params: noticeOf({ kind: 'phoneSaved' }) }, { type: 'saved', params: ({ event }) => ({ user: event.output }) }],
            },
            onError: [
              {
                guard: { type: 'isTaken', params: ({ event }) => ({ error: event.error }) },
                target: '#phoneChange.Entering',
                actions: ['reset', { type: 'tellFailure', params: onError([], 'phoneNumber') }],
              },
              { guard: 'provingByCode', target: 'ByCode', actions: { type: 'tellFailure', params: onError(confirmFields, 'phoneNumber') } },
              { target: 'Typing', actions: { type: 'tellFailure', params: onError(confirmFields, 'phoneNumber') } },
            ],
          },
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof phoneChangeMachine>;
export type PhoneChangeActor = ActorRefFrom<typeof phoneChangeMachine>;

export type PhoneStep = 'idle' | 'number' | 'code';
export const selectPhoneStep = (s: Snapshot): PhoneStep => (s.matches('Idle') ? 'idle' : s.matches('CodeSent') ? 'code' : 'number');
/**
 * The proof the code step asks for: 'password', 'email' or 'phone' (its code sent), 'unsent' (a
 * code to the email or current number is the proof but could not be sent yet), or 'none'.
 */
export const selectPhoneProof = (s: Snapshot): 'none' | 'password' | 'email' | 'phone' | 'unsent' => {
  const { proof, proofCodeSent } = s.context;
  if (proof === 'email' || proof === 'phone') return proofCodeSent ? proof : 'unsent';
  return proof;
};
export const selectPhoneBusy = (s: Snapshot): boolean => s.hasTag('busy');
export const selectPhoneProblems = (s: Snapshot): ContactProblems => s.context.problems;
export const selectPhoneProblemsShown = (s: Snapshot): number => s.context.problemsShown;
export const selectPhoneNumberSent = (s: Snapshot): string => s.context.phoneNumber;
export const selectPhoneResend = (s: Snapshot): ResendCountdownRef | undefined => s.children.resend as ResendCountdownRef | undefined;
export const selectProofCodeResend = (s: Snapshot): ResendCountdownRef | undefined => s.children.proofResend as ResendCountdownRef | undefined;
/** The other proofs the account has, for "instead" buttons. */
export const selectOtherProofs = (s: Snapshot): { password: boolean; email: boolean; phone: boolean } => ({
  password: s.context.hasPassword && s.context.proof !== 'password',
  email: s.context.accountEmail !== null && s.context.proof !== 'email',
  phone: s.context.currentPhone !== null && s.context.proof !== 'phone',
});
