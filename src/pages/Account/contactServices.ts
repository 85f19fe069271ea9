/**
 * The calls of /account's "Mobile number" and "Email" (their machines' actors): fakes in tests
 * (`AccountContactServicesContext`), else the live ones, whose API modules are fetched when a
 * call first needs them. Only the /account chunk imports this file.
 */
import { createContext, useContext } from 'react';
import type { PromiseActorLogic } from 'xstate';
import type { User } from '../../../contract/auth';
import type { PhoneChangeFields } from '../../../machines/accountContact/phoneChangeParts';
import { fromApi, loadOnce } from '../../app/fromApi';

/** Each rejects with an ApiFailure when its call fails (fromApi). */
export interface AccountContactServices {
  readonly phone: {
    readonly sendPhoneCode: PromiseActorLogic<unknown, { phoneNumber: string; token: string }>;
    /** The code to the account's own email that proves the change. */
    readonly sendEmailCode: PromiseActorLogic<unknown, { email: string }>;
    /** The code to the account's current verified number that proves the change. */
    readonly sendCurrentPhoneCode: PromiseActorLogic<unknown, { token: string }>;
    readonly changePhone: PromiseActorLogic<User, { request: PhoneChangeFields; token: string }>;
  };
  readonly email: {
    readonly sendEmailCode: PromiseActorLogic<unknown, { email: string }>;
    readonly validateEmailCode: PromiseActorLogic<unknown, { email: string; otp: string }>;
    readonly changeEmail: PromiseActorLogic<User, { email: string; token: string }>;
  };
}

const contactApi = loadOnce(() => import('../../api/accountContact').then((m) => m.accountContactApi));
// The email code is the registration's (POST /otp/send-otp, /otp/validate-otp).
const authApi = loadOnce(() => import('../../api/auth'));

const sendEmailCode = fromApi<unknown, { email: string }>(async ({ email }: { email: string }, signal) => (await authApi()).sendOtp({ email }, signal));

export const liveAccountContactServices: AccountContactServices = {
  phone: {
    sendPhoneCode: fromApi<unknown, { phoneNumber: string; token: string }>(async ({ phoneNumber, token }: { phoneNumber: string; token: string }, signal) =>
      (await contactApi()).sendPhoneCode({ phoneNumber }, token, signal),
    ),
    sendEmailCode,
    sendCurrentPhoneCode: fromApi<unknown, { token: string }>(async ({ token }: { token: string }, signal) => (await contactApi()).sendCurrentPhoneCode({}, token, signal)),
    changePhone: fromApi(async ({ request, token }: { request: PhoneChangeFields; token: string }, signal) =>
      (await contactApi()).changePhone(request, token, signal),
    ),
  },
  email: {
    sendEmailCode,
    validateEmailCode: fromApi<unknown, { email: string; otp: string }>(async ({ email, otp }: { email: string; otp: string }, signal) => (await authApi()).validateOtp({ email, otp }, signal)),
    changeEmail: fromApi(async ({ email, token }: { email: string; token: string }, signal) => (await contactApi()).changeEmail({ email }, token, signal)),
  },
};

/** Null: the live services. */
export const AccountContactServicesContext = createContext<AccountContactServices | null>(null);

export function useAccountContactServices(): AccountContactServices {
  return useContext(AccountContactServicesContext) ?? liveAccountContactServices;
}
