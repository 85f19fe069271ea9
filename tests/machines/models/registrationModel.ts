/**
 * Signing up, as a test model: the email proven with a code (the otp child), then the form sent;
 * signed in by the answer's token (or, from an older server without one, sent to the login
 * popup); or the mobile path instead (its own steps: ./mobileSignInModel.ts).
 * Shared by the machine's path test (tests/machines/registrationMachine.paths.test.ts, the real
 * machine) and the rendered app's (tests/component/renderedPaths.test.tsx, the sign-up popup).
 */
import { createMachine } from 'xstate';

export type RegistrationModelEvent = { type: keyof typeof registrationSteps };

/** What the person does, with the server's answer, and what they should then read. */
export const registrationSteps = {
  'send.withoutEmail': ['enterEmail'],
  // The contract's rules checked before any call: said under the field, no toast.
  'send.badEmail': ['fields'],
  'send.unanswered': ['otpSendError'],
  'send.failed': ['otpSendFailed'],
  'send.ok': ['otpSent'],
  // A refused code is its own kind (the view marks the code field), in the server's words.
  'validate.wrongCode': ['otpRefused: Invalid email OTP. Please try again.'],
  'validate.expiredCode': ['otpRefused: This OTP has expired. Please request a new one.'],
  'validate.tooManyTries': ['otpRefused: Too many wrong attempts. Please request a new OTP.'],
  'validate.unanswered': ['otpValidateError'],
  'validate.ok': ['otpValidated'],
  'validate.badCode': ['fields'],
  'resend.ok': ['otpSent'],
  'resend.tooMany': ['server: Too many codes sent. Try again in 10 minutes.'],
  'email.changed': [],
  'submit.incomplete': ['missingFields'],
  'submit.invalid': ['fields'],
  'submit.passwordsDiffer': ['passwordsMismatch'],
  'submit.noTerms': ['termsRequired'],
  'submit.unproven': ['otpNotValidated'],
  'submit.refused': ['server: An account with this email already exists.'],
  // An older server's answer, without a token: the login popup follows.
  'submit.ok': ['registered'],
  // The answer carries the session's token: signed in, no second login.
  'submit.signedIn': ['registered'],
  'mobile.start': [],
  'mobile.cancel': [],
  // The number sent and its code right: a new account with the number only.
  'mobile.signedIn': ['mobileCodeSent', 'mobileSignedIn'],
} as const satisfies Record<string, readonly string[]>;

export const registrationModel = createMachine({
  id: 'registrationModel',
  types: {} as { events: RegistrationModelEvent },
  initial: 'NotSent',
  states: {
    NotSent: {
      on: {
        'send.withoutEmail': 'NotSent',
        'send.badEmail': 'NotSent',
        'send.unanswered': 'NotSent',
        'send.failed': 'NotSent',
        'send.ok': 'Sent',
        'submit.incomplete': 'NotSent',
        'submit.invalid': 'NotSent',
        'submit.unproven': 'NotSent',
        'mobile.start': 'Mobile',
      },
    },
    Mobile: {
      on: {
        'mobile.cancel': 'NotSent',
        'mobile.signedIn': 'SignedIn',
      },
    },
    Sent: {
      on: {
        'validate.wrongCode': 'Sent',
        'validate.expiredCode': 'Sent',
        'validate.tooManyTries': 'Sent',
        'validate.unanswered': 'Sent',
        'validate.ok': 'Validated',
        'validate.badCode': 'Sent',
        'resend.ok': 'Sent',
        'resend.tooMany': 'Sent',
        'email.changed': 'NotSent',
        'submit.passwordsDiffer': 'Sent',
        'submit.unproven': 'Sent',
      },
    },
    Validated: {
      on: {
        'email.changed': 'NotSent',
        'resend.ok': 'Sent',
        'submit.passwordsDiffer': 'Validated',
        'submit.noTerms': 'Validated',
        'submit.refused': 'Validated',
        'submit.ok': 'Registered',
        'submit.signedIn': 'SignedIn',
      },
    },
    Registered: { type: 'final' },
    SignedIn: { type: 'final' },
  },
});

