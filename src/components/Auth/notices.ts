/**
 * The account machines' notices as words a person reads (machines/shared/notices.ts): each kind
 * maps to the catalog, the spec §8 messages word for word; a `server` notice carries the server's
 * own words. Success notices are toasts with role="status", errors with role="alert".
 */
import type { NoticeEvent } from '../../../machines/shared/notices';
import type { SessionNotice } from '../../../machines/session/events';
import type { LoginNotice } from '../../../machines/login/loginMachine';
import type { RegistrationNotice } from '../../../machines/registration/registrationMachine';
import type { ForgotPasswordNotice } from '../../../machines/forgotPassword/forgotPasswordMachine';
import { messages } from '../../i18n/messages';
import { toast } from '../../ui/toast';

export type AccountNotice = SessionNotice | LoginNotice | RegistrationNotice | ForgotPasswordNotice;

/** A form field a `missingFields` notice can name. */
export type NamedField = keyof typeof messages.account.fields;

export function fieldLabel(field: NamedField): string {
  return messages.account.fields[field];
}

export function noticeText(notice: AccountNotice): string {
  const { spec, account } = messages;
  switch (notice.kind) {
    case 'server':
      return notice.text;
    case 'fields':
      return account.fixFields;
    case 'loggedOut':
      return spec.logoutSuccess;
    case 'somethingWentWrong':
      return spec.somethingWentWrong;
    case 'welcome':
      return spec.welcome(notice.firstName);
    case 'loginFailed':
      return spec.loginFailed;
    case 'googleFailed':
      return spec.googleLoginFailed;
    case 'missingFields':
      return account.missingFields(notice.fields.map((field) => fieldLabel(field)));
    case 'enterEmail':
      return spec.enterEmail;
    case 'otpSent':
      return spec.otpSent;
    case 'otpSendFailed':
      return spec.otpSendFailed;
    case 'otpSendError':
      return spec.otpSendError;
    case 'otpValidated':
      return spec.otpValidated;
    case 'otpRefused':
      return notice.text ?? spec.otpInvalid;
    case 'otpValidateError':
      return spec.otpValidateError;
    case 'termsRequired':
      return account.termsRequired;
    case 'passwordsMismatch':
      return spec.passwordsDoNotMatch;
    case 'otpNotValidated':
      return spec.validateOtpFirst;
    case 'registered':
      return spec.registrationSuccess(notice.firstName);
    case 'registrationFailed':
      return spec.registrationFailed;
    case 'passwordReset':
      return spec.passwordReset;
    case 'mobileCodeSent':
      return messages.mobile.codeSent[notice.channel];
    case 'mobileSendFailed':
      return messages.mobile.sendFailed;
    case 'mobileCodeRefused':
      return notice.text ?? messages.mobile.codeRefused;
    case 'mobileSignedIn':
      return messages.mobile.signedIn;
  }
}

/** Shows a machine's notice as a toast; returns the toast's id. */
export function showNotice({ tone, notice }: Pick<NoticeEvent<AccountNotice>, 'tone' | 'notice'>): number {
  const text = noticeText(notice);
  return tone === 'success' ? toast.info(text) : toast.error(text);
}
