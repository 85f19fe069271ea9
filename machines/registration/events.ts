/** What the registration machine (./registrationMachine.ts) takes, keeps, says and emits. */
import type { LoginAnswer, LoginUser, User } from '../../contract/auth.js';
import type { FieldsNotice } from '../fieldCheck.js';
import type { MobileNotice, MobileReport } from '../mobileSignIn/mobileSignInMachine.js';
import type { MobileWelcomeNotice } from '../mobileSignIn/welcome.js';
import type { OtpNotice, OtpReport } from '../otp/otpMachine.js';
import type { NoticeEvent, ServerNotice } from '../shared/notices.js';
import type { RegistrationForm, RequiredField } from './form.js';

export type RegistrationNotice =
  | OtpNotice
  | MobileNotice
  | MobileWelcomeNotice
  | { kind: 'missingFields'; fields: RequiredField[] }
  | FieldsNotice
  | { kind: 'termsRequired' }
  | { kind: 'passwordsMismatch' }
  | { kind: 'otpNotValidated' }
  | { kind: 'registered'; firstName: string }
  | { kind: 'registrationFailed' }
  | ServerNotice;

export type RegistrationEmitted =
  | NoticeEvent<RegistrationNotice>
  | { type: 'registered'; user: User }
  | ({ type: 'loggedIn' } & LoginAnswer);

/**
 * `registration.submit`, `mobile.start` and `mobile.cancel` from the view; the `otp.*` and
 * `mobile.notice` reports come from the children only.
 */
export type RegistrationEvent =
  | { type: 'registration.submit'; form: RegistrationForm }
  | { type: 'mobile.start' }
  | { type: 'mobile.cancel' }
  | OtpReport
  | MobileReport;

export type RegistrationContext = {
  /** The address the otp child proved (trimmed), until it changes. */
  provenEmail: string | null;
  user: LoginUser | null;
  /** The session's token the register answer (or the mobile sign-in) carried; null: none (an older server). */
  token: string | null;
};

/** Done: the new user, and the token when the person is signed in already. */
export type RegistrationOutput = { user: LoginUser; token?: string };
