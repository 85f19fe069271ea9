/**
 * Mobile sign-in's settings (docs/operations.md "Mobile sign-in"; docs/mobile-sign-in.md):
 *
 *   MOBILE_SIGN_IN          auto (default): offered on every channel that can deliver a code;
 *                           off: never offered; on: as auto, but the server refuses to start when
 *                           no channel can deliver one.
 *   MSG91_OTP_TEMPLATE_ID   the MSG91 Flow template id of the sign-in code's SMS, whose DLT template
 *                           is approved with the variable ##otp## (and optionally ##minutes##).
 *                           Needs SMS_PROVIDER=msg91 and MSG91_AUTH_KEY (MSG91_BASE_URL in tests).
 *   WHATSAPP_OTP_TEMPLATE   the name of an approved WhatsApp authentication template with a copy
 *                           code button. Needs WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID (and
 *                           WHATSAPP_API_VERSION, WHATSAPP_BASE_URL as the reminders use them).
 *   WHATSAPP_OTP_LANGUAGE   the language code that template is approved in (default en).
 *   MOBILE_CODES_PER_DAY    texted codes per clinic day, every number together (default 1000); once
 *                           reached, codes are refused until midnight (clinic time) and the admins
 *                           get one email that day.
 *
 * With no channel, a loopback PUBLIC_URL sends codes to DATA_DIR/outbox and the console; a public
 * one offers no mobile path: it never offers what it cannot deliver.
 */
import { isLoopbackUrl } from '../identity/config.js';
import { msg91Host, whatsAppHost } from '../messaging/config.js';
import { defaultCodesPerDay, type MobileConfig } from '../mobile/config.js';
import { type Env, problem, raw, settings, variable } from './env.js';
import { oneOf, wholeNumber } from './variables.js';

const otpTemplateId = variable('MSG91_OTP_TEMPLATE_ID', (value) => {
  if (value === undefined) return undefined;
  return /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : problem(`MSG91_OTP_TEMPLATE_ID must be a Flow template id (letters and digits, as MSG91 shows it) (got "${value}")`);
});
const otpTemplate = variable('WHATSAPP_OTP_TEMPLATE', (value) => {
  if (value === undefined) return undefined;
  return /^[a-z0-9_]{1,512}$/.test(value) ? value : problem(`WHATSAPP_OTP_TEMPLATE must be a template name (lower-case letters, digits and _) (got "${value}")`);
});
const otpLanguage = variable('WHATSAPP_OTP_LANGUAGE', (value) => {
  const given = value ?? 'en';
  return /^[a-z]{2,3}(_[A-Z]{2})?$/.test(given) ? given : problem(`WHATSAPP_OTP_LANGUAGE must be a template language code like en, en_US or hi (got "${given}")`);
});

/** `publicUrl`: the already-read PUBLIC_URL; '' when it was itself bad. The providers' own keys are checked by server/config/texts.ts. */
export const mobileSettings = (publicUrl: string) =>
  settings('mobile', (env: Env, { take, fail }): MobileConfig => {
    const mode = take(oneOf('MOBILE_SIGN_IN', ['auto', 'on', 'off'] as const, 'auto'), 'auto');
    const codesPerDay = take(wholeNumber('MOBILE_CODES_PER_DAY', 1, 1_000_000, defaultCodesPerDay), defaultCodesPerDay);
    const templateId = take(otpTemplateId, undefined);
    const template = take(otpTemplate, undefined);
    const language = take(otpLanguage, 'en');
    const authKey = raw(env, 'MSG91_AUTH_KEY');
    const msg91 = raw(env, 'SMS_PROVIDER')?.toLowerCase() === 'msg91';
    if (templateId !== undefined && (!msg91 || authKey === undefined)) fail('MSG91_OTP_TEMPLATE_ID needs SMS_PROVIDER=msg91 and MSG91_AUTH_KEY');
    const token = raw(env, 'WHATSAPP_TOKEN');
    const phoneNumberId = raw(env, 'WHATSAPP_PHONE_NUMBER_ID');
    if (template !== undefined && (token === undefined || phoneNumberId === undefined)) fail('WHATSAPP_OTP_TEMPLATE needs WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID');
    const off: MobileConfig = { sms: null, whatsapp: null, outbox: false, codesPerDay };
    if (mode === 'off') return off;
    const config: MobileConfig = {
      sms: templateId !== undefined && msg91 && authKey !== undefined
        ? { authKey, templateId, baseUrl: (raw(env, 'MSG91_BASE_URL') ?? msg91Host).replace(/\/+$/, '') }
        : null,
      whatsapp: template !== undefined && token !== undefined && phoneNumberId !== undefined
        ? {
            token,
            phoneNumberId,
            apiVersion: raw(env, 'WHATSAPP_API_VERSION') ?? 'v21.0',
            baseUrl: (raw(env, 'WHATSAPP_BASE_URL') ?? whatsAppHost).replace(/\/+$/, ''),
            template,
            language,
          }
        : null,
      outbox: false,
      codesPerDay,
    };
    // The outbox stands in for a provider on this machine only: a public site's patients would wait for a code nobody sends.
    config.outbox = config.sms === null && config.whatsapp === null && publicUrl !== '' && isLoopbackUrl(publicUrl);
    if (mode === 'on' && config.sms === null && config.whatsapp === null && !config.outbox) {
      fail(`MOBILE_SIGN_IN=on needs a channel that delivers codes: MSG91_OTP_TEMPLATE_ID (with SMS_PROVIDER=msg91) or WHATSAPP_OTP_TEMPLATE, as PUBLIC_URL (${publicUrl}) is not this machine`);
    }
    return config;
  });
