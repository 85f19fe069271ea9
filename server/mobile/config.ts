/**
 * How sign-in codes reach a phone (docs/mobile-sign-in.md "Settings"; read in
 * server/config/mobile.ts): MSG91 (a Flow template with its DLT template, the code as ##otp##)
 * and/or a WhatsApp Cloud API authentication template, on the reminders' own accounts
 * (SMS_PROVIDER/MSG91_*, WHATSAPP_*). Neither and a loopback PUBLIC_URL: codes go to
 * DATA_DIR/outbox and the console, as email codes do. Neither on a public site: no mobile path.
 */
import type { WhatsAppConfig } from '../messaging/config.js';

export interface Msg91CodeConfig {
  authKey: string;
  baseUrl: string;
  /** MSG91_OTP_TEMPLATE_ID: the Flow template whose DLT template has ##otp## (and may have ##minutes##). */
  templateId: string;
}

export interface WhatsAppCodeConfig extends Pick<WhatsAppConfig, 'token' | 'phoneNumberId' | 'apiVersion' | 'baseUrl'> {
  /** WHATSAPP_OTP_TEMPLATE: an approved authentication template with a copy-code button. */
  template: string;
  /** WHATSAPP_OTP_LANGUAGE: the language code it is approved in (en, en_US, hi...). */
  language: string;
}

export interface MobileConfig {
  sms: Msg91CodeConfig | null;
  whatsapp: WhatsAppCodeConfig | null;
  /** No provider on a loopback PUBLIC_URL: codes to DATA_DIR/outbox and the console (offered as 'sms'). */
  outbox: boolean;
  /** MOBILE_CODES_PER_DAY: texted codes per clinic day, all numbers together (an SMS-pumping stop). */
  codesPerDay: number;
}

export const defaultCodesPerDay = 1000;

/** No mobile path: the default of services built without settings. */
export const noMobile: MobileConfig = { sms: null, whatsapp: null, outbox: false, codesPerDay: defaultCodesPerDay };

/** The channels the sign-in popups offer; empty: no mobile path (GET /auth/sign-in-options answers mobile: null). */
export function offeredChannels(config: MobileConfig): ('sms' | 'whatsapp')[] {
  return [...(config.sms || config.outbox ? (['sms'] as const) : []), ...(config.whatsapp ? (['whatsapp'] as const) : [])];
}
