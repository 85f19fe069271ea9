/**
 * The mobile sign-in's field checks, made before any request with the contract's codecs the
 * server decodes with, and how its failures are told (./events.ts has the notice kinds).
 */
import type { FieldError } from '../../contract/errors.js';
import { MobileCodeRequest, MobileSignInRequest } from '../../contract/mobile.js';
import { blankOr, checkFields } from '../fieldCheck.js';
import { describeFailure, serverWordsWithFields } from '../shared/notices.js';
import type { MobileNotice } from './events.js';

/** Seconds before "Resend code" is offered: a text can take a while, and each send costs the clinic. */
export const resendAfterSeconds = 30;

/** The number as MobileNumber checks it: a blank one 'is required', else the codec's words. */
export function numberProblems(phoneNumber: string): FieldError[] {
  const value = phoneNumber.trim();
  return checkFields(MobileCodeRequest, { phoneNumber: value })
    .filter((e) => e.field === 'phoneNumber')
    .map((e) => ({ field: 'phoneNumber', message: blankOr(value, e.message) }));
}

/**
 * The code as OtpCode checks it (6 digits), said about the text message rather than OtpCode's
 * email; on the `otp` field, the code field's key in the account forms.
 */
export function codeProblems(code: string): FieldError[] {
  const value = code.replace(/\s+/g, '');
  const failed = checkFields(MobileSignInRequest, { phoneNumber: '9876543210', code: value }).some((e) => e.field === 'code');
  if (!failed) return [];
  return [{ field: 'otp', message: blankOr(value, 'must be the 6-digit code from the message') }];
}

/** A send refused with words (4xx): those; anything else: 'We could not send the code...'. */
export function sendFailureNotice(error: unknown): MobileNotice {
  const failure = describeFailure(error);
  if (failure.kind === 'refused' && failure.status < 500 && failure.text !== null) return serverWordsWithFields(error, { kind: 'mobileSendFailed' });
  return { kind: 'mobileSendFailed' };
}

/** A refused code (4xx), with the server's words if any; no answer or a 5xx: 'Something went wrong.'. */
export function signInFailureNotice(error: unknown): MobileNotice {
  const failure = describeFailure(error);
  if (failure.kind === 'unanswered' || failure.status >= 500) return { kind: 'somethingWentWrong' };
  return { kind: 'mobileCodeRefused', text: failure.text };
}
