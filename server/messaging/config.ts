/**
 * Reminder texts' settings (docs/operations.md "Reminders by SMS and WhatsApp"). Unset:
 * reminders go by email only. Each channel is on when its keys are all set:
 *
 *   SMS_PROVIDER                 msg91 | off (default off). msg91 needs:
 *   MSG91_AUTH_KEY               the account's auth key (MSG91 panel, "Authkey"); never logged.
 *   MSG91_REMINDER_TEMPLATE_ID   the Flow template id of the English reminder, whose DLT template
 *                                is approved with the variables ##name## ##doctor## ##when##
 *                                ##link## ##optout##.
 *   MSG91_REMINDER_TEMPLATE_ID_HI, MSG91_REMINDER_TEMPLATE_ID_MR
 *                                optional: the Hindi and Marathi templates (same variables);
 *                                without one, that language's patients get the English text.
 *   MSG91_BASE_URL               tests only: a local stand-in for https://control.msg91.com.
 *
 *   WHATSAPP_TOKEN               a WhatsApp Cloud API access token (a system user's); never logged.
 *   WHATSAPP_PHONE_NUMBER_ID     the sending number's id (WhatsApp Manager, API setup).
 *   WHATSAPP_REMINDER_TEMPLATE   the approved template's name; its body takes five parameters in
 *                                this order: name, doctor, when, link, opt-out link.
 *   WHATSAPP_REMINDER_LANGUAGES  the languages that template is approved in, of en, hi, mr
 *                                (default en); a patient's other language gets the English one.
 *   WHATSAPP_API_VERSION         the Graph API version in the address (default v21.0).
 *   WHATSAPP_BASE_URL            tests only: a local stand-in for https://graph.facebook.com.
 *
 * A public PUBLIC_URL does not require any of them: SMS and WhatsApp are optional for a clinic.
 */
import type { Language } from '../../contract/auth.js';
import type { Env } from '../config.js';

export interface Msg91Config {
  authKey: string;
  /** The Flow template id per language; English always. */
  templateIds: { en: string } & Partial<Record<Exclude<Language, 'en'>, string>>;
  baseUrl: string;
}

export interface WhatsAppConfig {
  token: string;
  phoneNumberId: string;
  template: string;
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

function raw(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function baseUrl(env: Env, name: string, fallback: string, problems: string[]): string {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '') {
    problems.push(`${name} must be an http:// or https:// address without query or fragment (got "${value}")`);
    return fallback;
  }
  return url.href.replace(/\/+$/, '');
}

/** An id or name as the providers give them: letters, digits, _ and -, up to 100. */
const plainId = /^[A-Za-z0-9_-]{1,100}$/;

export function readTextsConfig(env: Env): { value: TextsConfig; problems: string[] } {
  const problems: string[] = [];
  let sms: Msg91Config | null = null;
  const provider = raw(env, 'SMS_PROVIDER')?.toLowerCase() ?? 'off';
  if (provider === 'msg91') {
    const authKey = raw(env, 'MSG91_AUTH_KEY');
    if (authKey === undefined) problems.push('MSG91_AUTH_KEY is required when SMS_PROVIDER is msg91 (the auth key from the MSG91 panel)');
    const id = (name: string, required: boolean): string | undefined => {
      const value = raw(env, name);
      if (value === undefined) {
        if (required) problems.push(`${name} is required when SMS_PROVIDER is msg91 (the Flow template id of the reminder, with its DLT template)`);
        return undefined;
      }
      if (!plainId.test(value)) {
        problems.push(`${name} must be a Flow template id (letters and digits, as MSG91 shows it) (got "${value}")`);
        return undefined;
      }
      return value;
    };
    const en = id('MSG91_REMINDER_TEMPLATE_ID', true);
    const hi = id('MSG91_REMINDER_TEMPLATE_ID_HI', false);
    const mr = id('MSG91_REMINDER_TEMPLATE_ID_MR', false);
    const url = baseUrl(env, 'MSG91_BASE_URL', msg91Host, problems);
    if (authKey !== undefined && en !== undefined) {
      sms = { authKey, templateIds: { en, ...(hi ? { hi } : {}), ...(mr ? { mr } : {}) }, baseUrl: url };
    }
  } else if (provider !== 'off') {
    problems.push(`SMS_PROVIDER must be one of msg91, off (got "${env.SMS_PROVIDER}")`);
  }

  let whatsapp: WhatsAppConfig | null = null;
  const names = ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_REMINDER_TEMPLATE'] as const;
  const given = names.filter((n) => raw(env, n) !== undefined);
  if (given.length > 0 && given.length < names.length) {
    const missing = names.filter((n) => !given.includes(n));
    problems.push(`WhatsApp reminders need ${names.join(', ')} together: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`);
  } else if (given.length === names.length) {
    const phoneNumberId = raw(env, 'WHATSAPP_PHONE_NUMBER_ID')!;
    const template = raw(env, 'WHATSAPP_REMINDER_TEMPLATE')!;
    let ok = true;
    if (!/^\d{1,30}$/.test(phoneNumberId)) {
      problems.push(`WHATSAPP_PHONE_NUMBER_ID must be the number's id, digits only, from WhatsApp Manager (got "${phoneNumberId}")`);
      ok = false;
    }
    if (!/^[a-z0-9_]{1,512}$/.test(template)) {
      problems.push(`WHATSAPP_REMINDER_TEMPLATE must be a template name (lower-case letters, digits and _) (got "${template}")`);
      ok = false;
    }
    const languagesRaw = raw(env, 'WHATSAPP_REMINDER_LANGUAGES') ?? 'en';
    const languages = languagesRaw.split(',').map((l) => l.trim().toLowerCase());
    if (!languages.every((l): l is Language => l === 'en' || l === 'hi' || l === 'mr') || !languages.includes('en')) {
      problems.push(`WHATSAPP_REMINDER_LANGUAGES must list the template's languages among en, hi, mr, English included (got "${languagesRaw}")`);
      ok = false;
    }
    const apiVersion = raw(env, 'WHATSAPP_API_VERSION') ?? 'v21.0';
    if (!/^v\d{1,3}\.\d{1,3}$/.test(apiVersion)) {
      problems.push(`WHATSAPP_API_VERSION must be a Graph API version like v21.0 (got "${apiVersion}")`);
      ok = false;
    }
    const url = baseUrl(env, 'WHATSAPP_BASE_URL', whatsAppHost, problems);
    if (ok) {
      whatsapp = { token: raw(env, 'WHATSAPP_TOKEN')!, phoneNumberId, template, languages: [...new Set(languages as Language[])], apiVersion, baseUrl: url };
    }
  }
  return { value: { sms, whatsapp }, problems };
}
