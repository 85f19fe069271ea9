/**
 * Signing in with a mobile number, as a test model: the number, the code with its countdown, a
 * resend, the code refused or right. Shared by the machine's path test
 * (tests/machines/mobileSignIn.paths.test.ts, the real child under the real login machine) and
 * the rendered login popup's (tests/component/renderedMobilePaths.test.tsx).
 */
import { createMachine } from 'xstate';

export type MobileModelEvent = { type: keyof typeof mobileSteps };

/** What the person does, with the server's answer, and what they should then read (notice kinds, or `server: <words>`). */
export const mobileSteps = {
  // The contract's MobileNumber before any call: said under the field, no toast.
  'send.blank': ['fields'],
  'send.badNumber': ['fields'],
  'send.unanswered': ['mobileSendFailed'],
  'send.tooMany': ['server: Too many codes sent. Try again in 10 minutes.'],
  'send.ok': ['mobileCodeSent'],
  'verify.badCode': ['fields'],
  'verify.wrong': ['mobileCodeRefused'],
  'verify.unanswered': ['somethingWentWrong'],
  // Thirty seconds pass: "Resend code" is offered.
  'countdown.end': [],
  'resend.ok': ['mobileCodeSent'],
  'resend.otherChannel': ['mobileCodeSent'],
  'resend.failed': ['mobileSendFailed'],
  'change.number': [],
  // A new number: an account with the number only, no name yet.
  'verify.ok': ['mobileSignedIn', 'loggedIn'],
} as const satisfies Record<string, readonly string[]>;

export const mobileModel = createMachine({
  id: 'mobileModel',
  types: {} as { events: MobileModelEvent },
  initial: 'Number',
  states: {
    Number: {
      on: {
        'send.blank': 'Number',
        'send.badNumber': 'Number',
        'send.unanswered': 'Number',
        'send.tooMany': 'Number',
        'send.ok': 'Counting',
      },
    },
    Counting: {
      on: {
        'verify.badCode': 'Counting',
        'verify.wrong': 'Counting',
        'verify.unanswered': 'Counting',
        'countdown.end': 'ResendReady',
        'change.number': 'Number',
        'verify.ok': 'SignedIn',
      },
    },
    ResendReady: {
      on: {
        'resend.ok': 'Counting',
        'resend.otherChannel': 'Counting',
        'resend.failed': 'ResendReady',
        'verify.wrong': 'ResendReady',
        'change.number': 'Number',
        'verify.ok': 'SignedIn',
      },
    },
    SignedIn: { type: 'final' },
  },
});
