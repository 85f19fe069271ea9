/** What mobile sign-in and the account's phone and email answer (codes `mobile.<key>`; Hindi and Marathi in src/i18n/{hi,mr}/server.ts). */
import { defineMessages, minutesOf, withParams } from '../services/messageCodes.js';

export const mobileMessages = defineMessages('mobile', {
  sent: 'We sent a 6-digit code to your phone.',
  sendFailed: 'Failed to send the code to your phone. Please try again.',
  notOffered: 'Signing in with a mobile number is not available at this clinic. Please use your email.',
  channelNotOffered: 'This clinic does not send codes that way. Please choose another.',
  invalid: 'Invalid code. Please try again.',
  noCode: 'There is no valid code for this number. Please request a new code.',
  expired: 'This code has expired. Please request a new one.',
  tooManyTries: 'Too many wrong attempts. Please request a new code.',
  tooManySendsForPhone: withParams(
    (wait: string) => `Too many codes were sent to this number. Please try again in ${wait}.`,
    (wait) => ({ minutes: minutesOf(wait) }),
  ),
  tooManySendsForClient: withParams(
    (wait: string) => `Too many codes were requested from your network. Please try again in ${wait}, or sign in with your email.`,
    (wait) => ({ minutes: minutesOf(wait) }),
  ),
  dailyCap: 'The clinic cannot send more codes today. Please sign in with your email, or try again tomorrow.',
  staffByPhone: 'Staff accounts sign in with their email and password.',
  phoneTaken: 'This number is already verified on another account. Please sign in with it instead.',
  proofNeeded: 'Please confirm the change with your password, or with a code sent to your email.',
  wrongPassword: 'The password is not right. Please try again, or use a code sent to your email.',
  tooManyPasswordTries: withParams(
    (wait: string) => `Too many wrong passwords. Please try again in ${wait}, or use a code sent to your email.`,
    (wait) => ({ minutes: minutesOf(wait) }),
  ),
  noEmailForCode: 'Your account has no email to send a code to. Please use your password.',
  currentCodeNeeded: 'Please confirm the change with the code we sent to your current number.',
  emailCodeNeeded: 'Please confirm the change with a code sent to your email.',
  noCurrentPhone: 'Your account has no verified number to send a code to. Please use a code sent to your email.',
  emailUnproven: 'Please validate the code sent to this email first.',
  emailTaken: 'This email is already on another account.',
  staffEmail: "A staff account's email is changed by a clinic admin.",
} as const);
