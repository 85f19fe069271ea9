/**
 * Proving an email address with a one-time code (spec §4 "Registration email OTP", §5, §8), the
 * part the registration and forgot-password flows share. Each of them invokes this machine as its
 * child `otp` for as long as its form is open; the view of the email and code fields talks to that
 * child directly (`selectOtpRef` in the parent) and reads it with the selectors below.
 *
 * The child tells its parent, with `sendParent`, everything the parent needs (`OtpReport`): the
 * notices to pass on to the person, and whether the address is proven. It therefore only runs
 * invoked by a machine that handles those three events.
 *
 * The calls are the `sendOtp` and `validateOtp` actors, provided by the app through the parent:
 *   registrationMachine.provide({ actors: { otp: otpMachine.provide({ actors: { sendOtp, validateOtp } }) } })
 * Each rejects with an ApiFailure (src/api/client.ts) when the call fails.
 *
 * Notice kinds (`OtpNotice`) and the spec §8 message each stands for:
 * - enterEmail        'Please enter email!' (send asked with no email)
 * - otpSent           'OTP sent to your email.'
 * - otpSendFailed     'Failed to send OTP. Please try again.' (the server answered no: a 5xx, or a
 *                     4xx without a readable message)
 * - otpSendError      'An error occurred while sending the OTP.' (no answer: offline, timeout, or an
 *                     answer that is not what the contract says)
 * - otpValidated      'Email OTP validated successfully.'
 * - otpRefused {text} the server refused the code (any 4xx on validate: a wrong or expired code,
 *                     no code, too many tries). `text` is the server's own words (it words a wrong
 *                     code 'Invalid email OTP. Please try again.'), or null when it sent none: then
 *                     'Invalid email OTP. Please try again.'. Its own kind, unlike other server
 *                     words, so that the view can mark the code field until a new code is typed
 *                     or asked for.
 * - otpValidateError  'An error occurred while validating the OTP.' (no answer, or a 5xx)
 * - server {text}     the server's own words on a send refused with a 4xx that has them: too many
 *                     codes sent (429), a malformed address.
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate';
import { SendOtpRequest, ValidateOtpRequest } from '../../contract/auth.js';
import { checkFields, type FieldsNotice } from '../fieldCheck.js';
import { describeFailure, isBlank, serverWordsWithFields, type NoticeEvent, type ServerNotice, type Tone } from '../shared/notices.js';

export type OtpNotice =
  | { kind: 'enterEmail' }
  | { kind: 'otpSent' }
  | { kind: 'otpSendFailed' }
  | { kind: 'otpSendError' }
  | { kind: 'otpValidated' }
  | { kind: 'otpRefused'; text: string | null }
  | { kind: 'otpValidateError' }
  | FieldsNotice
  | ServerNotice;

/** What this machine sends its parent. */
export type OtpReport =
  | { type: 'otp.notice'; tone: Tone; notice: OtpNotice }
  /** The address is proven: the server recorded it for 30 minutes. */
  | { type: 'otp.proven'; email: string }
  /** The proven address was changed, or a new code was asked for: it must be proven again. */
  | { type: 'otp.unproven' };

/** A notice the child reported, as the parent's own notice to the person (its `notify` action). */
export const otpNotice = (report: Extract<OtpReport, { type: 'otp.notice' }>): NoticeEvent<OtpNotice> => ({
  type: 'notice',
  tone: report.tone,
  notice: report.notice,
});

export type OtpEvent =
  /** Every change of the email field. Another address than the code's starts again from NotSent. */
  | { type: 'otp.emailChanged'; email: string }
  /** "Send OTP": to the address in the field. */
  | { type: 'otp.send'; email: string }
  /** "Resend OTP": a new code to the same address (it replaces the old one on the server). */
  | { type: 'otp.resend' }
  /** "Validate": the code from the email. Ignored (`can` is false) while the code field is blank. */
  | { type: 'otp.validate'; code: string };

export type OtpContext = {
  /** The address the code was, or is being, sent to (trimmed); null in NotSent. */
  email: string | null;
  /** A code reached that address, so a failed resend goes back to Sent rather than NotSent. */
  codeSent: boolean;
};

export type OtpStatus = 'NotSent' | 'Sending' | 'Sent' | 'Validating' | 'Validated';

const notice = (tone: Tone, n: OtpNotice): OtpReport => ({ type: 'otp.notice', tone, notice: n });

/** Server answered no: its words on a 4xx that has some, else 'Failed...'; no answer: 'An error occurred...'. */
function sendFailureNotice(error: unknown): OtpNotice {
  const failure = describeFailure(error);
  if (failure.kind === 'unanswered') return { kind: 'otpSendError' };
  if (failure.status < 500 && failure.text !== null) return serverWordsWithFields(error, { kind: 'otpSendFailed' });
  return { kind: 'otpSendFailed' };
}

/** A refused code (4xx), with the server's words if any; no answer or a 5xx: 'An error occurred...'. */
function validateFailureNotice(error: unknown): OtpNotice {
  const failure = describeFailure(error);
  if (failure.kind === 'unanswered' || failure.status >= 500) return { kind: 'otpValidateError' };
  return { kind: 'otpRefused', text: failure.text };
}

export const otpMachine = setup({
  types: {} as { context: OtpContext; events: OtpEvent },
  actors: {
    // Declared here with their types; the real ones come from the app, so these must never run.
    sendOtp: fromPromise<unknown, { email: string }>(() => Promise.reject(new Error('not provided'))),
    validateOtp: fromPromise<unknown, { email: string; otp: string }>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    hasNoEmail: ({ event }) => event.type === 'otp.send' && isBlank(event.email),
    isAnotherAddress: ({ context, event }) =>
      event.type === 'otp.emailChanged' && context.email !== null && event.email.trim() !== context.email,
    hadSentCode: ({ context }) => context.codeSent,
    hasCode: ({ event }) => event.type === 'otp.validate' && !isBlank(event.code),
    /** The address as the contract's SendOtpRequest checks it: not one, no request. */
    emailFailsContract: ({ event }) => event.type === 'otp.send' && checkFields(SendOtpRequest, { email: event.email.trim() }).length > 0,
    /** The code as ValidateOtpRequest checks it (6 digits): not one, no request. */
    codeFailsContract: ({ context, event }) =>
      event.type === 'otp.validate' && !isBlank(event.code) && checkFields(ValidateOtpRequest, { email: context.email ?? '', otp: event.code.trim() }).length > 0,
  },
  actions: {
    rememberAddress: assign({
      email: ({ context, event }) => (event.type === 'otp.send' ? event.email.trim() : context.email),
    }),
    forgetAddress: assign({ email: null, codeSent: false }),
    markCodeSent: assign({ codeSent: true }),
    askForEmail: sendParent(notice('error', { kind: 'enterEmail' })),
    tellBadEmail: sendParent(({ event }) =>
      notice('error', { kind: 'fields', fieldErrors: event.type === 'otp.send' ? checkFields(SendOtpRequest, { email: event.email.trim() }) : [] }),
    ),
    tellBadCode: sendParent(({ context, event }) =>
      notice('error', {
        kind: 'fields',
        fieldErrors: (event.type === 'otp.validate'
          ? checkFields(ValidateOtpRequest, { email: context.email ?? '', otp: event.code.trim() })
          : []
        ).filter((e) => e.field === 'otp'),
      }),
    ),
    tellCodeSent: sendParent(notice('success', { kind: 'otpSent' })),
    tellSendFailure: sendParent((_, params: { error: unknown }) => notice('error', sendFailureNotice(params.error))),
    tellValidated: sendParent(notice('success', { kind: 'otpValidated' })),
    tellValidateFailure: sendParent((_, params: { error: unknown }) =>
      notice('error', validateFailureNotice(params.error)),
    ),
    reportProven: sendParent(({ context }): OtpReport => ({ type: 'otp.proven', email: context.email ?? '' })),
    reportUnproven: sendParent({ type: 'otp.unproven' } satisfies OtpReport),
  },
}).createMachine({
  id: 'otp',
  description: 'Proves an email address with a one-time code: send, (resend,) validate.',
  context: { email: null, codeSent: false },
  on: {
    // Another address in the field: the code and any check in flight no longer apply.
    'otp.emailChanged': { guard: 'isAnotherAddress', target: '.NotSent', actions: 'forgetAddress' },
  },
  initial: 'NotSent',
  states: {
    NotSent: {
      description: 'No code for the address in the field yet. Send asks for an email when the field is blank.',
      on: {
        'otp.send': [
          { guard: 'hasNoEmail', actions: 'askForEmail' },
          { guard: 'emailFailsContract', actions: 'tellBadEmail' },
          { target: 'Sending', actions: 'rememberAddress' },
        ],
      },
    },
    Sending: {
      description: 'Asking the server to email a code. Back to Sent if an earlier code reached the address, else NotSent.',
      tags: ['busy'],
      invoke: {
        id: 'sendOtp',
        src: 'sendOtp',
        input: ({ context }) => ({ email: context.email ?? '' }),
        onDone: { target: 'Sent', actions: ['markCodeSent', 'tellCodeSent'] },
        onError: [
          {
            guard: 'hadSentCode',
            target: 'Sent',
            actions: { type: 'tellSendFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'NotSent',
            actions: ['forgetAddress', { type: 'tellSendFailure', params: ({ event }) => ({ error: event.error }) }],
          },
        ],
      },
    },
    Sent: {
      description: 'A code is on its way to the address. The person types it and validates, or asks for another.',
      on: {
        'otp.resend': 'Sending',
        'otp.validate': [
          { guard: 'codeFailsContract', actions: 'tellBadCode' },
          { guard: 'hasCode', target: 'Validating' },
        ],
      },
    },
    Validating: {
      description: 'Asking the server whether the code is right. Back to Sent (to retry or resend) if not.',
      tags: ['busy'],
      invoke: {
        id: 'validateOtp',
        src: 'validateOtp',
        input: ({ context, event }) => {
          assertEvent(event, 'otp.validate');
          return { email: context.email ?? '', otp: event.code.trim() };
        },
        onDone: { target: 'Validated', actions: ['tellValidated', 'reportProven'] },
        onError: {
          target: 'Sent',
          actions: { type: 'tellValidateFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    Validated: {
      description: 'The address is proven. Changing it, or asking for a new code (the proof lasts 30 minutes), undoes that.',
      on: {
        'otp.emailChanged': { guard: 'isAnotherAddress', target: 'NotSent', actions: ['forgetAddress', 'reportUnproven'] },
        'otp.resend': { target: 'Sending', actions: 'reportUnproven' },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof otpMachine>;

export const selectOtpStatus = (snapshot: Snapshot): OtpStatus => snapshot.value;
/** The address the code went to (to show "Code sent to ..."); null in NotSent. */
export const selectOtpEmail = (snapshot: Snapshot): string | null => snapshot.context.email;
/** Sending or Validating: the buttons wait. */
export const selectIsOtpBusy = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
export const selectIsEmailProven = (snapshot: Snapshot): boolean => snapshot.matches('Validated');
