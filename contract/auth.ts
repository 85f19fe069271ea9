/** Accounts and one-time codes (spec §3, §7: /auth/*, /otp/*). Served from the accounts issue on. */
import * as t from 'io-ts';
import { Email, Gender, Id, intBetween, NonEmptyString, OtpCode, PhoneNumber } from './primitives.js';

/** OWASP ASVS 5: at least 8 characters, long passphrases allowed, no composition rules. */
export const Password = new t.Type<string, string, unknown>(
  'Password',
  (u): u is string => typeof u === 'string' && u.length >= 8 && u.length <= 128,
  (u, c) =>
    typeof u === 'string' && u.length >= 8 && u.length <= 128
      ? t.success(u)
      : t.failure(u, c, 'must be 8 to 128 characters long'),
  (a) => a,
);

export const RegisterRequest = t.type(
  {
    firstName: NonEmptyString,
    lastName: NonEmptyString,
    email: Email,
    age: intBetween(1, 120),
    gender: Gender,
    phoneNumber: PhoneNumber,
    password: Password,
  },
  'RegisterRequest',
);
export type RegisterRequest = t.TypeOf<typeof RegisterRequest>;

/**
 * The user as the login answer carries it (spec §3). `email` is null for an account made by a
 * mobile sign-in that has not added one; `firstName` is '' until such an account gives its name
 * (before its first booking).
 */
export const LoginUser = t.type(
  { _id: t.string, firstName: t.string, lastName: t.string, email: t.union([t.string, t.null]) },
  'LoginUser',
);
export type LoginUser = t.TypeOf<typeof LoginUser>;

/**
 * What the account may do: every sign-up is a patient; staff roles are given by an admin (the
 * staff console) or the command line. The staff endpoints check it on every request; the client
 * uses it only to show staff the way to the console.
 */
export const UserRole = t.keyof({ patient: null, admin: null, doctor: null, reception: null }, 'UserRole');
export type UserRole = t.TypeOf<typeof UserRole>;

/** The current user: the login fields plus the rest of the profile, some of which a Google sign-up may not have yet. */
export const User = t.intersection(
  [
    LoginUser,
    t.type({
      age: t.union([t.number, t.null]),
      gender: t.union([Gender, t.null]),
      phoneNumber: t.union([t.string, t.null]),
      /** How the account was made: the email registration, Google, or a mobile number's code. */
      signInMethod: t.keyof({ manual: null, google: null, phone: null }),
      role: UserRole,
    }),
    /** false: no password yet (a Google sign-up); /account offers "Set a password". Optional for older servers. */
    t.partial({
      hasPassword: t.boolean,
      /** true: `phoneNumber` was proven with a code, and signs in to this account. */
      phoneVerified: t.boolean,
    }),
  ],
  'User',
);
export type User = t.TypeOf<typeof User>;

export const LoginRequest = t.type({ email: Email, password: t.string }, 'LoginRequest');
export type LoginRequest = t.TypeOf<typeof LoginRequest>;
export const LoginAnswer = t.type({ token: t.string, user: LoginUser }, 'LoginAnswer');
export type LoginAnswer = t.TypeOf<typeof LoginAnswer>;

export const ForgotPasswordRequest = t.type(
  { email: Email, password: Password },
  'ForgotPasswordRequest',
);
export type ForgotPasswordRequest = t.TypeOf<typeof ForgotPasswordRequest>;

export const SendOtpRequest = t.type({ email: Email }, 'SendOtpRequest');
export type SendOtpRequest = t.TypeOf<typeof SendOtpRequest>;
export const ValidateOtpRequest = t.type({ email: Email, otp: OtpCode }, 'ValidateOtpRequest');
export type ValidateOtpRequest = t.TypeOf<typeof ValidateOtpRequest>;

/** Plain acknowledgement used by calls whose answer the spec does not show. */
export const MessageAnswer = t.type({ message: t.string }, 'MessageAnswer');
export type MessageAnswer = t.TypeOf<typeof MessageAnswer>;

export const UserEmailParams = t.type({ email: Email }, 'UserEmailParams');

/**
 * GET /auth/getUser/{email}'s path value: the account's email (spec §7), or, for an account made
 * by a mobile sign-in that has none, the account's id (`_id` of the login answer).
 */
export const AccountListParams = t.type({ email: t.union([Email, Id]) }, 'AccountListParams');

/**
 * POST /auth/register answers the new user (spec §7: "user") and a session's token beside it, so
 * the new patient is signed in without logging in again.
 */
export const RegisterAnswer = t.intersection([User, t.partial({ token: t.string })], 'RegisterAnswer');
export type RegisterAnswer = t.TypeOf<typeof RegisterAnswer>;

/**
 * Google sign-in ends with the browser at `/#/auth/google?code=...`: a one-time code (60 s,
 * single use) that POST /auth/google/exchange turns into the same answer as a login. Our token
 * never travels in a URL, and the provider's tokens never reach the browser.
 */
export const GoogleExchangeRequest = t.type({ code: NonEmptyString }, 'GoogleExchangeRequest');
export type GoogleExchangeRequest = t.TypeOf<typeof GoogleExchangeRequest>;

/**
 * The languages of the patient side: English, हिन्दी, मराठी. The account keeps one
 * (GET/PUT /auth/language), which its mails follow; the staff console stays English.
 */
export const Language = t.keyof({ en: null, hi: null, mr: null }, 'Language');
export type Language = t.TypeOf<typeof Language>;
/** PUT /auth/language's body and both calls' answer. */
export const LanguageSetting = t.type({ language: Language }, 'LanguageSetting');
export type LanguageSetting = t.TypeOf<typeof LanguageSetting>;
