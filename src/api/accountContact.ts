/**
 * The account's own phone and email (contract/mobile.ts): a code to the new number, the number
 * saved with its code and a proof of the account (its password, an email code or a code to its current number), the
 * email saved once its code proved it. Each with the bearer token; each resolves to an Either
 * (client.ts). The email code itself is the registration's (./auth.ts `sendOtp`, `validateOtp`).
 */
import type * as t from 'io-ts';
import type { Either } from 'fp-ts/lib/Either.js';
import type { MessageAnswer, User } from '../../contract/auth.js';
import { mobileEndpoints } from '../../contract/endpoints/mobile.js';
import type { CurrentPhoneCodeRequest, EmailChangeRequest, PhoneChangeCodeRequest, PhoneChangeRequest } from '../../contract/mobile.js';
import { apiClient, type ApiClient, type ApiFailure } from './client.js';

type Call<A> = Promise<Either<ApiFailure, A>>;

/** The payloads as a form makes them; the server decodes each with the contract's codec. */
export type PhoneCodeFields = t.OutputOf<typeof PhoneChangeCodeRequest>;
export type CurrentPhoneCodeFields = t.OutputOf<typeof CurrentPhoneCodeRequest>;
export type PhoneChangeFields = t.OutputOf<typeof PhoneChangeRequest>;
export type EmailChangeFields = t.OutputOf<typeof EmailChangeRequest>;

export type AccountContactApi = {
  /** POST /auth/phone/send-code: a code to the number the account is to have; 409 when it is another account's verified number. */
  sendPhoneCode(fields: PhoneCodeFields, token: string, signal?: AbortSignal): Call<MessageAnswer>;
  /** POST /auth/phone/send-current-code: a code to the account's own verified number, proving a change of it. */
  sendCurrentPhoneCode(fields: CurrentPhoneCodeFields, token: string, signal?: AbortSignal): Call<MessageAnswer>;
  /** PUT /auth/phone: the number with its code (and the password, an email code or the current number's code); the account as saved. */
  changePhone(fields: PhoneChangeFields, token: string, signal?: AbortSignal): Call<User>;
  /** PUT /auth/email: the address an email code proved; the account as saved; 409 when it is another account's. */
  changeEmail(fields: EmailChangeFields, token: string, signal?: AbortSignal): Call<User>;
};

export function createAccountContactApi({ call }: ApiClient): AccountContactApi {
  return {
    sendPhoneCode: (body, token, signal) => call(mobileEndpoints.sendPhoneChangeCode, { body, token, signal }),
    sendCurrentPhoneCode: (body, token, signal) => call(mobileEndpoints.sendCurrentPhoneCode, { body, token, signal }),
    changePhone: (body, token, signal) => call(mobileEndpoints.changePhone, { body, token, signal }),
    changeEmail: (body, token, signal) => call(mobileEndpoints.changeEmail, { body, token, signal }),
  };
}

export const accountContactApi = createAccountContactApi(apiClient);
