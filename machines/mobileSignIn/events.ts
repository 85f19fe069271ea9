/**
 * What the mobile sign-in child (./mobileSignInMachine.ts) takes from the view, keeps, tells its
 * parent (the login or registration machine) and gives as its output.
 */
import type { MobileSignInAnswer, TextChannel } from '../../contract/mobile.js';
import type { FieldsNotice } from '../fieldCheck.js';
import type { NoticeEvent, ServerNotice, Tone } from '../shared/notices.js';

/**
 * Notice kinds and the message each stands for (none is a spec text: the spec has no mobile path):
 * - fields {fieldErrors}   no toast: the number fails the contract's MobileNumber ('must be a
 *                          10-digit Indian mobile number'), or the code is not 6 digits; under
 *                          the field (`phoneNumber`, or `otp` for the code)
 * - mobileCodeSent {channel}  'We sent a 6-digit code by SMS.' (or 'on WhatsApp.')
 * - mobileSendFailed       'We could not send the code. Please try again.' (no answer, a 5xx, or
 *                          a 4xx without readable words)
 * - server {text}          the server's words on a refused send (429 too many codes, a number it
 *                          will not text)
 * - mobileCodeRefused {text}  the server refused the code (a 4xx: wrong, expired, too many tries):
 *                          its words, else 'That code is not right. Check it, or ask for a new
 *                          one.'; the code field is marked until the code is typed again
 * - somethingWentWrong     'Something went wrong.' (the sign-in got no answer, or a 5xx)
 */
export type MobileNotice =
  | FieldsNotice
  | { kind: 'mobileCodeSent'; channel: TextChannel }
  | { kind: 'mobileSendFailed' }
  | { kind: 'mobileCodeRefused'; text: string | null }
  | { kind: 'somethingWentWrong' }
  | ServerNotice;

/** What the child sends its parent: the notices, for the parent's `notify`. */
export type MobileReport = { type: 'mobile.notice'; tone: Tone; notice: MobileNotice };

export const mobileNotice = (report: MobileReport): NoticeEvent<MobileNotice> => ({
  type: 'notice',
  tone: report.tone,
  notice: report.notice,
});

export type MobileEvent =
  /** "Send code": to the number typed, on the channel chosen (the clinic's first when absent). */
  | { type: 'mobile.send'; phoneNumber: string; channel?: TextChannel }
  /** "Resend code", once the countdown is over; maybe on the other channel. */
  | { type: 'mobile.resend'; channel?: TextChannel }
  /** "Sign in": the code from the message (typed, or filled by the browser). */
  | { type: 'mobile.verify'; code: string }
  /** "Change number": back to the number, the code sent forgotten. */
  | { type: 'mobile.changeNumber' };

export type MobileContext = {
  /** The number the code was, or is being, sent to (trimmed, as typed); null in NumberEntry. */
  phoneNumber: string | null;
  /** The channel asked for; null: the clinic's first. */
  channel: TextChannel | null;
  /** A code reached the number, so a failed resend goes back to the code rather than the number. */
  codeSent: boolean;
  /** Seconds until "Resend code" is offered. */
  resendIn: number;
  answer: MobileSignInAnswer | null;
};

/** The send call's input (POST /auth/mobile/send-code). */
export type SendCodeInput = { phoneNumber: string; channel?: TextChannel };
/** The sign-in call's input (POST /auth/mobile/sign-in). */
export type MobileSignInInput = { phoneNumber: string; code: string };
