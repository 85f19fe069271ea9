/** Mobile sign-in and the account's phone and email (contract/mobile.ts). */
import { MessageAnswer } from '../auth.js';
import { endpoint } from '../endpoint.js';
import {
  AccountAnswer,
  CurrentPhoneCodeRequest,
  EmailChangeRequest,
  MobileCodeRequest,
  MobileSignInAnswer,
  MobileSignInRequest,
  PhoneChangeCodeRequest,
  PhoneChangeRequest,
  SignInOptions,
} from '../mobile.js';

export const mobileEndpoints = {
  signInOptions: endpoint({ method: 'GET', path: '/auth/sign-in-options', answer: SignInOptions }),
  sendSignInCode: endpoint({ method: 'POST', path: '/auth/mobile/send-code', body: MobileCodeRequest, answer: MessageAnswer }),
  signIn: endpoint({ method: 'POST', path: '/auth/mobile/sign-in', body: MobileSignInRequest, answer: MobileSignInAnswer }),
  sendPhoneChangeCode: endpoint({ method: 'POST', path: '/auth/phone/send-code', body: PhoneChangeCodeRequest, answer: MessageAnswer }),
  sendCurrentPhoneCode: endpoint({ method: 'POST', path: '/auth/phone/send-current-code', body: CurrentPhoneCodeRequest, answer: MessageAnswer }),
  changePhone: endpoint({ method: 'PUT', path: '/auth/phone', body: PhoneChangeRequest, answer: AccountAnswer }),
  changeEmail: endpoint({ method: 'PUT', path: '/auth/email', body: EmailChangeRequest, answer: AccountAnswer }),
};
