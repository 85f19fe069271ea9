/** Accounts, the account's own settings, one-time codes and the Google sign-in's code exchange. */
import {
  ForgotPasswordRequest,
  GoogleExchangeRequest,
  LanguageSetting,
  LoginAnswer,
  LoginRequest,
  MessageAnswer,
  RegisterAnswer,
  RegisterRequest,
  SendOtpRequest,
  User,
  ValidateOtpRequest,
} from '../auth.js';
import { endpoint } from '../endpoint.js';
import { ReminderChannels, ReminderSettings } from '../reminders.js';

export const authEndpoints = {
  register: endpoint({ method: 'POST', path: '/auth/register', body: RegisterRequest, answer: RegisterAnswer }),
  login: endpoint({ method: 'POST', path: '/auth/login', body: LoginRequest, answer: LoginAnswer }),
  currentUser: endpoint({ method: 'GET', path: '/auth/getuser', answer: User }),
  language: endpoint({ method: 'GET', path: '/auth/language', answer: LanguageSetting }),
  saveLanguage: endpoint({ method: 'PUT', path: '/auth/language', body: LanguageSetting, answer: LanguageSetting }),
  reminders: endpoint({ method: 'GET', path: '/auth/reminders', answer: ReminderSettings }),
  saveReminders: endpoint({ method: 'PUT', path: '/auth/reminders', body: ReminderChannels, answer: ReminderSettings }),
  logout: endpoint({ method: 'POST', path: '/auth/logout', answer: MessageAnswer }),
  forgotPassword: endpoint({ method: 'POST', path: '/auth/forgotpassword', body: ForgotPasswordRequest, answer: MessageAnswer }),
  /** The one-time code of `/#/auth/google?code=...` for a login (server/routes/google.ts). */
  googleExchange: endpoint({ method: 'POST', path: '/auth/google/exchange', body: GoogleExchangeRequest, answer: LoginAnswer }),
};

export const otpEndpoints = {
  send: endpoint({ method: 'POST', path: '/otp/send-otp', body: SendOtpRequest, answer: MessageAnswer }),
  validate: endpoint({ method: 'POST', path: '/otp/validate-otp', body: ValidateOtpRequest, answer: MessageAnswer }),
};
