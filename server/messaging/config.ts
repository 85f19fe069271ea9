/**
 * Reminder texts' settings: their types and the providers' hosts. SMS_PROVIDER, MSG91_* and
 * WHATSAPP_* are read, and listed, in server/config/texts.ts (docs/operations.md "Reminders by
 * SMS and WhatsApp"). Unset: reminders go by email only.
 */
import type { Language } from '../../contract/auth.js';

/** A Flow template id per language; English always. */
export type TemplateIds = { en: string } & Partial<Record<Exclude<Language, 'en'>, string>>;

export interface Msg91Config {
  authKey: string;
  /** The Flow template id per language; English always. */
  templateIds: TemplateIds;
  /** The waitlist offer's Flow template id per language (the same variables); absent: offers go by email only. */
  offerTemplateIds?: TemplateIds;
  baseUrl: string;
}

export interface WhatsAppConfig {
  token: string;
  phoneNumberId: string;
  template: string;
  /** The waitlist offer's approved template (same parameters, the same languages); absent: offers go by email only. */
  offerTemplate?: string;
  languages: readonly Language[];
  apiVersion: string;
  baseUrl: string;
}

export interface TextsConfig {
  sms: Msg91Config | null;
  whatsapp: WhatsAppConfig | null;
}

export const noTexts: TextsConfig = { sms: null, whatsapp: null };

export const msg91Host = 'https://control.msg91.com';
export const whatsAppHost = 'https://graph.facebook.com';
