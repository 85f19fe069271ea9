/**
 * Signing in with a mobile number and a one-time code (docs/mobile-sign-in.md), the part the
 * login and sign-up popups share: "Continue with mobile number" starts it as the child `mobile`
 * of the login or registration machine, which passes its notices on and takes its output (the
 * sign-in answer) to the session. The view of the number and code talks to the child directly
 * (`selectMobileRef` in the parent) and reads it with the selectors below.
 *
 * Number -> Sending -> Code (a countdown, then "Resend code") -> SigningIn -> SignedIn. A new
 * number makes an account with only the number (the server's `created`); its name, age and
 * gender are asked before its first booking (`profileComplete` false).
 *
 * The app provides the calls (each rejecting with an ApiFailure when it fails):
 *   mobileSignInMachine.provide({ actors: { sendSignInCode, signInWithCode } })
 * - `sendSignInCode` { phoneNumber, channel? } (POST /auth/mobile/send-code)
 * - `signInWithCode` { phoneNumber, code } -> MobileSignInAnswer (POST /auth/mobile/sign-in)
 *
 * It tells its parent (`sendParent`) each notice as `mobile.notice` (./events.ts lists the kinds),
 * so it only runs invoked by a machine that handles that event. The countdown is an `after`
 * delay of one second, taken again until it reaches 0.
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type SnapshotFrom } from 'xstate';
import type { MobileSignInAnswer, TextChannel } from '../../contract/mobile.js';
import { codeProblems, numberProblems, resendAfterSeconds, sendFailureNotice, signInFailureNotice } from './checks.js';
import type { MobileContext, MobileEvent, MobileNotice, MobileReport, MobileSignInInput, SendCodeInput } from './events.js';
import type { Tone } from '../shared/notices.js';

export { mobileNotice, type MobileEvent, type MobileNotice, type MobileReport } from './events.js';
export { resendAfterSeconds } from './checks.js';

const report = (tone: Tone, notice: MobileNotice): MobileReport => ({ type: 'mobile.notice', tone, notice });

const sendInput = (context: MobileContext): SendCodeInput => ({
  phoneNumber: context.phoneNumber ?? '',
  ...(context.channel !== null ? { channel: context.channel } : {}),
});

export const mobileSignInMachine = setup({
  types: {} as { context: MobileContext; events: MobileEvent; output: MobileSignInAnswer },
  actors: {
    // Declared here with their types; the real ones come from the app, so these must never run.
    sendSignInCode: fromPromise<unknown, SendCodeInput>(() => Promise.reject(new Error('not provided'))),
    signInWithCode: fromPromise<MobileSignInAnswer, MobileSignInInput>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    numberFailsCheck: ({ event }) => event.type === 'mobile.send' && numberProblems(event.phoneNumber).length > 0,
    codeFailsCheck: ({ event }) => event.type === 'mobile.verify' && codeProblems(event.code).length > 0,
    hadSentCode: ({ context }) => context.codeSent,
    countdownRunning: ({ context }) => context.resendIn > 0,
    lastSecond: ({ context }) => context.resendIn <= 1,
  },
  actions: {
    rememberNumber: assign(({ event }) => {
      assertEvent(event, 'mobile.send');
      return { phoneNumber: event.phoneNumber.trim(), channel: event.channel ?? null };
    }),
    rememberChannel: assign(({ context, event }) => ({
      channel: event.type === 'mobile.resend' && event.channel !== undefined ? event.channel : context.channel,
    })),
    forgetNumber: assign({ phoneNumber: null, codeSent: false, resendIn: 0 }),
    markSent: assign({ codeSent: true, resendIn: resendAfterSeconds }),
    tick: assign({ resendIn: ({ context }) => Math.max(0, context.resendIn - 1) }),
    storeAnswer: assign({ answer: (_, params: { answer: MobileSignInAnswer }) => params.answer }),
    tellBadNumber: sendParent(({ event }) =>
      report('error', { kind: 'fields', fieldErrors: event.type === 'mobile.send' ? numberProblems(event.phoneNumber) : [] }),
    ),
    tellBadCode: sendParent(({ event }) =>
      report('error', { kind: 'fields', fieldErrors: event.type === 'mobile.verify' ? codeProblems(event.code) : [] }),
    ),
    tellSent: sendParent(({ context }) => report('success', { kind: 'mobileCodeSent', channel: context.channel ?? 'sms' })),
    tellSendFailure: sendParent((_, params: { error: unknown }) => report('error', sendFailureNotice(params.error))),
    tellSignInFailure: sendParent((_, params: { error: unknown }) => report('error', signInFailureNotice(params.error))),
  },
}).createMachine({
  id: 'mobileSignIn',
  description: 'Signs in with a mobile number: the number, a code sent to it by SMS or WhatsApp, the code typed.',
  context: { phoneNumber: null, channel: null, codeSent: false, resendIn: 0, answer: null },
  initial: 'NumberEntry',
  states: {
    NumberEntry: {
      description: 'The number field (and the channel, where the clinic offers two). Send checks the number first.',
      on: {
        'mobile.send': [
          { guard: 'numberFailsCheck', actions: 'tellBadNumber' },
          { target: 'Sending', actions: 'rememberNumber' },
        ],
      },
    },
    Sending: {
      description: 'Asking the server to text a code. Back to the code if one was sent before, else to the number.',
      tags: ['busy'],
      invoke: {
        id: 'sendSignInCode',
        src: 'sendSignInCode',
        input: ({ context }) => sendInput(context),
        onDone: { target: 'CodeEntry', actions: ['markSent', 'tellSent'] },
        onError: [
          { guard: 'hadSentCode', target: 'CodeEntry', actions: { type: 'tellSendFailure', params: ({ event }) => ({ error: event.error }) } },
          { target: 'NumberEntry', actions: ['forgetNumber', { type: 'tellSendFailure', params: ({ event }) => ({ error: event.error }) }] },
        ],
      },
    },
    CodeEntry: {
      description: 'A code is on its way. The person types it (or the browser fills it), changes the number, or asks again once the countdown ends.',
      on: {
        'mobile.verify': [{ guard: 'codeFailsCheck', actions: 'tellBadCode' }, { target: 'SigningIn' }],
        'mobile.changeNumber': { target: 'NumberEntry', actions: 'forgetNumber' },
      },
      initial: 'Resuming',
      states: {
        Resuming: {
          description: 'Back at the code (sent, or a sign-in refused): the countdown goes on where it was.',
          always: [{ guard: 'countdownRunning', target: 'Counting' }, { target: 'ResendReady' }],
        },
        Counting: {
          description: 'Seconds until "Resend code" (resendIn), one a second.',
          after: {
            1000: [
              { guard: 'lastSecond', target: 'ResendReady', actions: 'tick' },
              { target: 'Counting', reenter: true, actions: 'tick' },
            ],
          },
        },
        ResendReady: {
          description: '"Resend code" is offered, on the same channel or the other one.',
          on: { 'mobile.resend': { target: '#mobileSignIn.Sending', actions: 'rememberChannel' } },
        },
      },
    },
    SigningIn: {
      description: 'Checking the code. A refused code goes back to the code, in the server words.',
      tags: ['busy'],
      invoke: {
        id: 'signInWithCode',
        src: 'signInWithCode',
        input: ({ context, event }) => {
          assertEvent(event, 'mobile.verify');
          return { phoneNumber: context.phoneNumber ?? '', code: event.code.replace(/\s+/g, '') };
        },
        onDone: { target: 'SignedIn', actions: { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'CodeEntry', actions: { type: 'tellSignInFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    SignedIn: {
      description: 'Signed in: the parent hands the token and user to the session.',
      type: 'final',
    },
  },
  output: ({ context }) => context.answer as MobileSignInAnswer,
});

type Snapshot = SnapshotFrom<typeof mobileSignInMachine>;

export type MobileStep = 'number' | 'sending' | 'code' | 'signingIn' | 'signedIn';

export function selectMobileStep(snapshot: Snapshot): MobileStep {
  if (snapshot.matches('Sending')) return 'sending';
  if (snapshot.matches('CodeEntry')) return 'code';
  if (snapshot.matches('SigningIn')) return 'signingIn';
  if (snapshot.matches('SignedIn')) return 'signedIn';
  return 'number';
}
/** A code was sent: a resend in flight shows the code field still. */
export const selectCodeSent = (snapshot: Snapshot): boolean => snapshot.context.codeSent;
export const selectMobileNumber = (snapshot: Snapshot): string | null => snapshot.context.phoneNumber;
export const selectMobileChannel = (snapshot: Snapshot): TextChannel | null => snapshot.context.channel;
/** Seconds until "Resend code"; 0 once it is offered. */
export const selectResendIn = (snapshot: Snapshot): number => snapshot.context.resendIn;
export const selectCanResend = (snapshot: Snapshot): boolean => snapshot.matches({ CodeEntry: 'ResendReady' });
export const selectIsMobileBusy = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
