/**
 * Signing in with a mobile number and a one-time code, and the account's own phone and email
 * (docs/mobile-sign-in.md). Served beside the email registration and the password and Google
 * logins (contract/auth.ts), whose messages stay as the spec has them.
 */
import * as t from 'io-ts';
import { LoginAnswer, User } from './auth.js';
import { Email, OtpCode } from './primitives.js';

export interface MobileNumberBrand {
  readonly MobileNumber: unique symbol;
}
const mobilePattern = /^(?:\+?91|0)?[6-9]\d{9}$/;
const isMobileNumber = (u: unknown): u is t.Branded<string, MobileNumberBrand> =>
  typeof u === 'string' && u.length <= 20 && mobilePattern.test(u.replace(/[\s-]/g, ''));
/**
 * An Indian mobile number as a patient types it: 10 digits starting 6 to 9 (India's mobile
 * series; landlines and premium-rate numbers do not start so), maybe after +91, 91 or 0, with
 * spaces or hyphens. The server keeps it as +91 and the 10 digits.
 */
export const MobileNumber = new t.Type<t.Branded<string, MobileNumberBrand>, string, unknown>(
  'MobileNumber',
  isMobileNumber,
  (u, c) => (isMobileNumber(u) ? t.success(u) : t.failure(u, c, 'must be a 10-digit Indian mobile number')),
  (a) => a,
);
export type MobileNumber = t.TypeOf<typeof MobileNumber>;

/** How a code reaches the phone: an SMS (MSG91) or a WhatsApp authentication template. */
export const TextChannel = t.keyof({ sms: null, whatsapp: null }, 'TextChannel');
export type TextChannel = t.TypeOf<typeof TextChannel>;

/**
 * GET /auth/sign-in-options: what the login and sign-up popups offer. `mobile` is null when the
 * server cannot deliver a code to a phone (no provider, and not a loopback install whose codes go
 * to the outbox): the mobile path is then hidden.
 */
export const SignInOptions = t.type(
  { mobile: t.union([t.null, t.type({ channels: t.array(TextChannel) })]) },
  'SignInOptions',
);
export type SignInOptions = t.TypeOf<typeof SignInOptions>;

/**
 * POST /auth/mobile/send-code: a sign-in code to the number, on the channel asked (the first the
 * clinic offers when absent). The answer is the same whether or not an account has the number.
 */
export const MobileCodeRequest = t.intersection(
  [t.type({ phoneNumber: MobileNumber }), t.partial({ channel: TextChannel })],
  'MobileCodeRequest',
);
export type MobileCodeRequest = t.TypeOf<typeof MobileCodeRequest>;

/** POST /auth/mobile/sign-in: the number and its code. */
export const MobileSignInRequest = t.type({ phoneNumber: MobileNumber, code: OtpCode }, 'MobileSignInRequest');
export type MobileSignInRequest = t.TypeOf<typeof MobileSignInRequest>;

/**
 * A mobile sign-in's answer: the login answer, and whether it made a new account (`created`) and
 * whether the account still lacks the name, age and gender the first booking asks for
 * (`profileComplete` false).
 */
export const MobileSignInAnswer = t.intersection(
  [LoginAnswer, t.type({ created: t.boolean, profileComplete: t.boolean })],
  'MobileSignInAnswer',
);
export type MobileSignInAnswer = t.TypeOf<typeof MobileSignInAnswer>;

/**
 * POST /auth/phone/send-code (signed in): a code to the number the account is to have. The
 * number must not be another account's verified number.
 */
export const PhoneChangeCodeRequest = t.intersection(
  [t.type({ phoneNumber: MobileNumber }), t.partial({ channel: TextChannel })],
  'PhoneChangeCodeRequest',
);
export type PhoneChangeCodeRequest = t.TypeOf<typeof PhoneChangeCodeRequest>;

/**
 * POST /auth/phone/send-current-code (signed in): a code to the account's own verified number,
 * `for` a change of it (`currentCode` below; the default) or for closing an account that has no
 * email (POST /records/account/delete's `otp`). 400 naming `currentCode` when the account has no
 * verified number.
 */
export const CurrentPhoneCodeRequest = t.partial(
  { channel: TextChannel, for: t.keyof({ phoneChange: null, accountClose: null }) },
  'CurrentPhoneCodeRequest',
);
export type CurrentPhoneCodeRequest = t.TypeOf<typeof CurrentPhoneCodeRequest>;

/**
 * PUT /auth/phone (signed in): the new number with its code. The account proves itself too, with
 * one of what it has: its password, a code sent to its email (POST /otp/send-otp to the account's
 * own address: `emailCode`), or a code sent to its current verified number (POST
 * /auth/phone/send-current-code: `currentCode`). Only an account with none of these (no password,
 * no email, no verified number) changes with the new number's code alone. The owner of the old
 * verified number, if any, is told of the change.
 */
export const PhoneChangeRequest = t.intersection(
  [t.type({ phoneNumber: MobileNumber, code: OtpCode }), t.partial({ password: t.string, emailCode: OtpCode, currentCode: OtpCode })],
  'PhoneChangeRequest',
);
export type PhoneChangeRequest = t.TypeOf<typeof PhoneChangeRequest>;

/**
 * PUT /auth/email (signed in): add or change the account's email, proven first with the email
 * code (POST /otp/send-otp, /otp/validate-otp), whose proof this uses up. An email that is
 * another account's is refused.
 */
export const EmailChangeRequest = t.type({ email: Email }, 'EmailChangeRequest');
export type EmailChangeRequest = t.TypeOf<typeof EmailChangeRequest>;

/** PUT /auth/phone and PUT /auth/email answer the account as GET /auth/getuser does. */
export const AccountAnswer = User;
