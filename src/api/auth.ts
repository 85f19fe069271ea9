/**
 * Accounts and one-time codes (spec §7: /auth/*, /otp/*; Google sign-in's code exchange).
 *
 * Every call resolves to an Either (see client.ts) and passes the caller's signal on to fetch.
 * The account machines' actors reject with the ApiFailure instead: the app makes each call an
 * actor with `fromApi` (src/app/fromApi.ts).
 */
import type * as t from 'io-ts';
import type { Either } from 'fp-ts/lib/Either.js';
import type {
  ForgotPasswordRequest,
  Language,
  LanguageSetting,
  LoginAnswer,
  LoginRequest,
  MessageAnswer,
  RegisterAnswer,
  RegisterRequest,
  SendOtpRequest,
  User,
  ValidateOtpRequest,
} from '../../contract/auth.js';
import { authEndpoints, otpEndpoints } from '../../contract/endpoints/auth.js';
import { mobileEndpoints } from '../../contract/endpoints/mobile.js';
import type { MobileCodeRequest, MobileSignInAnswer, MobileSignInRequest, SignInOptions } from '../../contract/mobile.js';
import { apiBase, apiClient, type ApiClient, type ApiFailure } from './client.js';
import { withOfflineCopy } from '../pwa/offlineCopy.js';

/**
 * The payloads as a form produces them: plain strings and numbers. The server decodes each with
 * the same codec (whose branded types a form cannot make without decoding first) and answers 400
 * `{ message, errors }` naming a bad field.
 */
export type SendOtpFields = t.OutputOf<typeof SendOtpRequest>;
export type ValidateOtpFields = t.OutputOf<typeof ValidateOtpRequest>;
export type RegisterFields = t.OutputOf<typeof RegisterRequest>;
export type LoginFields = t.OutputOf<typeof LoginRequest>;
export type ForgotPasswordFields = t.OutputOf<typeof ForgotPasswordRequest>;
export type MobileCodeFields = t.OutputOf<typeof MobileCodeRequest>;
export type MobileSignInFields = t.OutputOf<typeof MobileSignInRequest>;

type Call<A> = Promise<Either<ApiFailure, A>>;

export type AuthApi = {
  /** POST /otp/send-otp: emails a 6-digit code. The same answer whether or not an account exists. */
  sendOtp(fields: SendOtpFields, signal?: AbortSignal): Call<MessageAnswer>;
  /** POST /otp/validate-otp: a right code proves the address (on the server) for 30 minutes. */
  validateOtp(fields: ValidateOtpFields, signal?: AbortSignal): Call<MessageAnswer>;
  /**
   * POST /auth/register: the new user, and a session's token beside it (signed in at once; an
   * older server sends none). 400 without a proven address, 409 for a known email.
   */
  register(fields: RegisterFields, signal?: AbortSignal): Call<RegisterAnswer>;
  /** POST /auth/login: a token and the user. */
  login(fields: LoginFields, signal?: AbortSignal): Call<LoginAnswer>;
  /** GET /auth/getuser with the bearer token: 401 when it is missing, expired or revoked. */
  fetchCurrentUser(token: string, signal?: AbortSignal): Call<User>;
  /** POST /auth/logout with the bearer token: revokes it. */
  logout(token: string, signal?: AbortSignal): Call<MessageAnswer>;
  /** POST /auth/forgotpassword: refused unless a code proved the address in the last 30 minutes. */
  forgotPassword(fields: ForgotPasswordFields, signal?: AbortSignal): Call<MessageAnswer>;
  /**
   * POST /auth/google/exchange: the one-time code from `/#/auth/google?code=...` for a login answer.
   * The code works only with the httpOnly cookie the sign-in's callback gave this browser, which a
   * same-origin fetch sends by itself (the API is on the app's origin): a code opened in another
   * browser is refused, and the app says 'Google login failed. Please try again.'.
   */
  exchangeGoogleCode(code: string, signal?: AbortSignal): Call<LoginAnswer>;
  /** GET /auth/sign-in-options: whether the popups offer the mobile path, and on which channels. */
  signInOptions(signal?: AbortSignal): Call<SignInOptions>;
  /** POST /auth/mobile/send-code: a sign-in code to the number; the same answer whether or not an account has it. */
  sendSignInCode(fields: MobileCodeFields, signal?: AbortSignal): Call<MessageAnswer>;
  /** POST /auth/mobile/sign-in: the number and its code for a login answer (a new number makes an account). */
  mobileSignIn(fields: MobileSignInFields, signal?: AbortSignal): Call<MobileSignInAnswer>;
  /** GET /auth/language with the bearer token: the account's language. */
  fetchLanguage(token: string, signal?: AbortSignal): Call<LanguageSetting>;
  /** PUT /auth/language with the bearer token: the account keeps the language; its mails follow it. */
  saveLanguage(language: Language, token: string, signal?: AbortSignal): Call<LanguageSetting>;
};

export function createAuthApi({ call }: ApiClient): AuthApi {
  return {
    sendOtp: (fields, signal) => call(otpEndpoints.send, { body: fields, signal }),
    validateOtp: (fields, signal) => call(otpEndpoints.validate, { body: fields, signal }),
    register: (fields, signal) => call(authEndpoints.register, { body: fields, signal }),
    login: (fields, signal) => call(authEndpoints.login, { body: fields, signal }),
    // Kept for offline use (src/pwa/offlineCopy.ts): a signed-in patient's app opens without a network.
    fetchCurrentUser: (token, signal) =>
      withOfflineCopy('account', 'user', authEndpoints.currentUser.answer, () => call(authEndpoints.currentUser, { token, signal })),
    logout: (token, signal) => call(authEndpoints.logout, { token, signal }),
    forgotPassword: (fields, signal) => call(authEndpoints.forgotPassword, { body: fields, signal }),
    exchangeGoogleCode: (code, signal) => call(authEndpoints.googleExchange, { body: { code }, signal }),
    signInOptions: (signal) => call(mobileEndpoints.signInOptions, { signal }),
    sendSignInCode: (fields, signal) => call(mobileEndpoints.sendSignInCode, { body: fields, signal }),
    mobileSignIn: (fields, signal) => call(mobileEndpoints.signIn, { body: fields, signal }),
    fetchLanguage: (token, signal) => call(authEndpoints.language, { token, signal }),
    saveLanguage: (language, token, signal) => call(authEndpoints.saveLanguage, { body: { language }, token, signal }),
  };
}

/**
 * Where "Continue with Google" sends the browser (a full page load: the server runs the
 * OpenID Connect flow and sends the browser back to `/#/auth/google?code=...` or `?error=...`).
 */
export function googleStartUrl(base: string = apiBase): string {
  return `${base.replace(/\/+$/, '')}/auth/google/start`;
}

const authApi = createAuthApi(apiClient);
export const {
  sendOtp,
  validateOtp,
  register,
  login,
  fetchCurrentUser,
  logout,
  forgotPassword,
  exchangeGoogleCode,
  signInOptions,
  sendSignInCode,
  mobileSignIn,
  fetchLanguage,
  saveLanguage,
} =
  authApi;
