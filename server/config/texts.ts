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
 *   MSG91_WAITLIST_TEMPLATE_ID   optional: the Flow template id of a waitlist's offer of a freed
 *                                slot (same variables, ##when## the offered slot); _HI and _MR as
 *                                above. Without it, offers go by email only on SMS.
 *   MSG91_BASE_URL               tests only: a local stand-in for https://control.msg91.com.
 *   (MSG91_OTP_TEMPLATE_ID and WHATSAPP_OTP_TEMPLATE, the sign-in codes' templates: server/config/mobile.ts.
 *   With one of them set, the reminder's template may be left out: that channel then sends codes only.)
 *
 *   WHATSAPP_TOKEN               a WhatsApp Cloud API access token (a system user's); never logged.
 *   WHATSAPP_PHONE_NUMBER_ID     the sending number's id (WhatsApp Manager, API setup).
 *   WHATSAPP_REMINDER_TEMPLATE   the approved template's name; its body takes five parameters in
 *                                this order: name, doctor, when, link, opt-out link.
 *   WHATSAPP_WAITLIST_TEMPLATE   optional: the approved template of a waitlist's offer (the same five
 *                                parameters, in the reminder's languages); without it, no WhatsApp offers.
 *   WHATSAPP_REMINDER_LANGUAGES  the languages that template is approved in, of en, hi, mr
 *                                (default en); a patient's other language gets the English one.
 *   WHATSAPP_API_VERSION         the Graph API version in the address (default v21.0).
 *   WHATSAPP_BASE_URL            tests only: a local stand-in for https://graph.facebook.com.
 *
 * A public PUBLIC_URL does not require any of them: SMS and WhatsApp are optional for a clinic.
 */
import type { Language } from '../../contract/auth.js';
import { type Msg91Config, msg91Host, type TemplateIds, type TextsConfig, type WhatsAppConfig, whatsAppHost } from '../messaging/config.js';
import { type Env, problem, raw, type Reader, settings, variable } from './env.js';
import { baseUrl } from './variables.js';

/** An id or name as the providers give them: letters, digits, _ and -, up to 100. */
const plainId = /^[A-Za-z0-9_-]{1,100}$/;

const templateId = (name: string, required: boolean) =>
  variable(name, (value) => {
    if (value === undefined) {
      return required
        ? problem(`${name} is required when SMS_PROVIDER is msg91 (the Flow template id of the reminder, with its DLT template), unless the account sends sign-in codes only (MSG91_OTP_TEMPLATE_ID)`)
        : undefined;
    }
    return plainId.test(value) ? value : problem(`${name} must be a Flow template id (letters and digits, as MSG91 shows it) (got "${value}")`);
  });

/** `<prefix>` (English) and `<prefix>_HI`, `<prefix>_MR`; undefined when English is not set. */
function templateIdsOf({ take }: Reader, prefix: string, required: boolean): TemplateIds | undefined {
  const en = take(templateId(prefix, required), undefined);
  const hi = take(templateId(`${prefix}_HI`, false), undefined);
  const mr = take(templateId(`${prefix}_MR`, false), undefined);
  return en === undefined ? undefined : { en, ...(hi ? { hi } : {}), ...(mr ? { mr } : {}) };
}

function msg91(env: Env, reader: Reader): Msg91Config | null {
  const { take, fail } = reader;
  const authKey = raw(env, 'MSG91_AUTH_KEY');
  if (authKey === undefined) fail('MSG91_AUTH_KEY is required when SMS_PROVIDER is msg91 (the auth key from the MSG91 panel)');
  // An account for sign-in codes only (server/config/mobile.ts) sends no reminders.
  const codesOnly = raw(env, 'MSG91_OTP_TEMPLATE_ID') !== undefined;
  const templateIds = templateIdsOf(reader, 'MSG91_REMINDER_TEMPLATE_ID', !codesOnly);
  const offerTemplateIds = templateIdsOf(reader, 'MSG91_WAITLIST_TEMPLATE_ID', false);
  const url = take(baseUrl('MSG91_BASE_URL', msg91Host), msg91Host);
  if (authKey === undefined || templateIds === undefined) return null;
  return { authKey, templateIds, ...(offerTemplateIds ? { offerTemplateIds } : {}), baseUrl: url };
}

const smsProvider = variable('SMS_PROVIDER', (value, asSet) => {
  const provider = value?.toLowerCase() ?? 'off';
  return provider === 'msg91' || provider === 'off' ? provider : problem(`SMS_PROVIDER must be one of msg91, off (got "${asSet}")`);
});

const phoneNumberId = variable('WHATSAPP_PHONE_NUMBER_ID', (value) =>
  value !== undefined && /^\d{1,30}$/.test(value) ? value : problem(`WHATSAPP_PHONE_NUMBER_ID must be the number's id, digits only, from WhatsApp Manager (got "${value}")`),
);
const templateName = (name: string, value: string | undefined) =>
  value !== undefined && /^[a-z0-9_]{1,512}$/.test(value) ? value : problem(`${name} must be a template name (lower-case letters, digits and _) (got "${value}")`);
const template = variable('WHATSAPP_REMINDER_TEMPLATE', (value) => templateName('WHATSAPP_REMINDER_TEMPLATE', value));
const offerTemplate = variable('WHATSAPP_WAITLIST_TEMPLATE', (value) =>
  value === undefined ? undefined : templateName('WHATSAPP_WAITLIST_TEMPLATE', value),
);
const languages = variable('WHATSAPP_REMINDER_LANGUAGES', (value) => {
  const given = value ?? 'en';
  const listed = given.split(',').map((l) => l.trim().toLowerCase());
  return listed.every((l): l is Language => l === 'en' || l === 'hi' || l === 'mr') && listed.includes('en')
    ? [...new Set(listed)]
    : problem(`WHATSAPP_REMINDER_LANGUAGES must list the template's languages among en, hi, mr, English included (got "${given}")`);
});
const apiVersion = variable('WHATSAPP_API_VERSION', (value) => {
  const given = value ?? 'v21.0';
  return /^v\d{1,3}\.\d{1,3}$/.test(given) ? given : problem(`WHATSAPP_API_VERSION must be a Graph API version like v21.0 (got "${given}")`);
});

/**
 * WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_REMINDER_TEMPLATE together, or none; the
 * first two alone for an account that sends sign-in codes only (WHATSAPP_OTP_TEMPLATE), which
 * sends no reminders.
 */
function whatsApp(env: Env, { take, fail }: Reader): WhatsAppConfig | null {
  const codesOnly = raw(env, 'WHATSAPP_OTP_TEMPLATE') !== undefined && raw(env, 'WHATSAPP_REMINDER_TEMPLATE') === undefined;
  const names = codesOnly
    ? (['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID'] as const)
    : (['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_REMINDER_TEMPLATE'] as const);
  const given = names.filter((n) => raw(env, n) !== undefined);
  if (given.length > 0 && given.length < names.length) {
    const missing = names.filter((n) => !given.includes(n));
    fail(`WhatsApp reminders need ${names.join(', ')} together: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`);
    return null;
  }
  if (given.length < names.length) return null;
  if (codesOnly) {
    // The keys are still checked here, once, for the codes' sender (server/config/mobile.ts).
    take(phoneNumberId, null);
    take(apiVersion, null);
    take(baseUrl('WHATSAPP_BASE_URL', whatsAppHost), whatsAppHost);
    return null;
  }
  const channel = {
    token: raw(env, 'WHATSAPP_TOKEN')!,
    phoneNumberId: take(phoneNumberId, null),
    template: take(template, null),
    offerTemplate: take(offerTemplate, undefined),
    languages: take(languages, null),
    apiVersion: take(apiVersion, null),
    baseUrl: take(baseUrl('WHATSAPP_BASE_URL', whatsAppHost), whatsAppHost),
  };
  const { phoneNumberId: id, template: name, offerTemplate: offer, languages: listed, apiVersion: version } = channel;
  if (id === null || name === null || listed === null || version === null) return null;
  const { offerTemplate: _offer, ...rest } = channel;
  return { ...rest, phoneNumberId: id, template: name, ...(offer ? { offerTemplate: offer } : {}), languages: listed, apiVersion: version };
}

export const textsSettings = settings('texts', (env, reader): TextsConfig => {
  const provider = reader.take(smsProvider, 'off');
  const sms = provider === 'msg91' ? msg91(env, reader) : null;
  return { sms, whatsapp: whatsApp(env, reader) };
});

export const readTextsConfig = (env: Env) => textsSettings.read(env);
