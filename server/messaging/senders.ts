/**
 * Reminder texts: one adapter, `TextSender`, with two real providers behind it.
 *
 * - SMS through MSG91's Flow API (the "OneAPI"): POST {base}/api/v5/flow with the `authkey`
 *   header and `{ template_id, short_url, recipients: [{ mobiles, ...variables }] }`. India's DLT
 *   rules allow only registered templates, so we send a Flow template id and its variables, never
 *   free text. MSG91 answers `{ "type": "success", "message": "<request id>" }` or
 *   `{ "type": "error", "message": "..." }` (with 200 or an error status).
 * - WhatsApp through the Cloud API: POST {base}/{version}/{phone-number-id}/messages with
 *   `Authorization: Bearer <token>` and a template message (`type: "template"`, its name, a
 *   language code, the body's text parameters). It answers `{ messages: [{ id: "wamid..." }] }`,
 *   or a Graph API error `{ error: { message, type, code, fbtrace_id } }` with a 4xx/5xx status.
 *
 * Neither provider takes an idempotency key. So a send either succeeds, or fails with a
 * `TextSendError` saying whether the provider surely did not take it (`notSent`: it answered
 * with an error, or the connection was refused: the job engine may try again) or may have
 * (a timeout after the request went out: server/jobs/reminders.ts does not send it again).
 *
 * Phone numbers are personal data: they go to the provider and nowhere else: no error message
 * here contains one (a provider's own message has long digit runs masked).
 */
import type { Language } from '../../contract/auth.js';
import type { Msg91Config, TextsConfig, WhatsAppConfig } from './config.js';

export type TextChannel = 'sms' | 'whatsapp';
export const textChannels: readonly TextChannel[] = ['sms', 'whatsapp'];

/**
 * Which approved template a text goes out on: the appointment reminder, or a waitlist's offer of a
 * freed slot (server/waitlist/notify.ts), whose template the clinic registers with the same
 * variables (name, doctor, when: the offered slot, link, opt-out link).
 */
export type TextKind = 'reminder' | 'waitlistOffer';

/** One reminder's variables; the provider's approved template holds the words around them. */
export interface ReminderText {
  /** The phone number as given at booking (10 digits, maybe after +91 or 0). */
  phoneNumber: string;
  language: Language;
  name: string;
  doctor: string;
  /**
   * The clinic date and time in a language: the sender asks in the language of the template it
   * uses (the patient's when the provider has that template, else English), so an English
   * template never carries Hindi or Marathi words.
   */
  whenIn(language: Language): string;
  /** My Appointment's address: to see, move or cancel. */
  link: string;
  /** The no-login opt-out page for this channel. */
  optOut: string;
}

export interface TextSender {
  channel: TextChannel;
  /** The kinds this server has a template for on this channel (the reminder always). */
  kinds: readonly TextKind[];
  /** Answers the provider's id of the message. A kind without a template is refused as not sent. */
  send(text: ReminderText, kind?: TextKind): Promise<{ providerId: string }>;
}

export class TextSendError extends Error {
  constructor(
    message: string,
    /** True when the provider surely did not send it, so sending again cannot make a second text. */
    readonly notSent: boolean,
  ) {
    super(message);
    this.name = 'TextSendError';
  }
}

/** '+91 98765-43210', '09876543210', '9876543210' -> '919876543210' (country code, no plus). */
export function indianNumber(phoneNumber: string): string | null {
  const digits = phoneNumber.replace(/[\s-]/g, '');
  const match = /^(?:\+91|0)?([1-9]\d{9})$/.exec(digits);
  return match ? `91${match[1]}` : null;
}

/** A provider's message, without anything that looks like a phone number, short. */
const masked = (message: unknown) => String(message ?? '').replace(/\d{8,}/g, '[number]').slice(0, 200);

const timeoutMs = 15_000;

/** POSTs JSON; network trouble becomes a TextSendError (refused: not sent; timeout: unknown). */
async function postJson(provider: string, url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; json: any }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } })?.cause?.code;
    const refused = cause === 'ECONNREFUSED' || cause === 'ENOTFOUND' || cause === 'EAI_AGAIN';
    const timedOut = (error as Error)?.name === 'TimeoutError';
    throw new TextSendError(
      timedOut ? `${provider} did not answer within ${timeoutMs / 1000} s` : `${provider} could not be reached (${cause ?? (error as Error)?.name ?? 'error'})`,
      refused,
    );
  }
  const text = await response.text().catch(() => '');
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, json };
}

/** The number as the providers take it (91XXXXXXXXXX); not sendable otherwise. */
export function providerNumber(phoneNumber: string): string {
  const to = indianNumber(phoneNumber);
  if (to === null) throw new TextSendError('not an Indian mobile number', true);
  return to;
}

/** One MSG91 Flow template to one recipient (`mobiles`, 91XXXXXXXXXX) with its variables. */
export async function sendMsg91Flow(config: Pick<Msg91Config, 'authKey' | 'baseUrl'>, templateId: string, recipient: Record<string, string>): Promise<{ providerId: string }> {
  const { status, json } = await postJson(
    'MSG91',
    `${config.baseUrl}/api/v5/flow`,
    { authkey: config.authKey },
    // Our links are our own; MSG91's short links would hide the opt-out address.
    { template_id: templateId, short_url: '0', recipients: [recipient] },
  );
  if (status >= 200 && status < 300 && json?.type === 'success') return { providerId: String(json.message ?? '').slice(0, 200) };
  throw new TextSendError(`MSG91 answered ${status}: ${masked(json?.message ?? 'no message')}`, true);
}

/**
 * One WhatsApp template message to `to` (91XXXXXXXXXX), its body's parameters in order, and
 * `urlButton`: the text parameter of the template's first button (sub_type url, index 0), which
 * an authentication template's copy-code button takes (the code again, as the body does).
 */
export async function sendWhatsAppTemplate(
  config: Pick<WhatsAppConfig, 'token' | 'phoneNumberId' | 'apiVersion' | 'baseUrl'>,
  message: { to: string; template: string; language: Language | string; parameters: readonly string[]; urlButton?: string },
): Promise<{ providerId: string }> {
  const button = message.urlButton === undefined ? [] : [{ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: message.urlButton }] }];
  const { status, json } = await postJson(
    'WhatsApp',
    `${config.baseUrl}/${config.apiVersion}/${config.phoneNumberId}/messages`,
    { authorization: `Bearer ${config.token}` },
    {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: message.to,
      type: 'template',
      template: {
        name: message.template,
        language: { code: message.language },
        components: [{ type: 'body', parameters: message.parameters.map((value) => ({ type: 'text', text: value })) }, ...button],
      },
    },
  );
  const id = json?.messages?.[0]?.id;
  if (status >= 200 && status < 300 && typeof id === 'string') return { providerId: id.slice(0, 200) };
  const error = json?.error;
  throw new TextSendError(`WhatsApp answered ${status}: ${error ? `${masked(error.message)} (code ${masked(error.code)})` : 'no message id'}`, true);
}

const noTemplate = (kind: TextKind) => new TextSendError(`no ${kind} template is configured on this channel`, true);

export function msg91Sender(config: Msg91Config): TextSender {
  return {
    channel: 'sms',
    kinds: config.offerTemplateIds ? ['reminder', 'waitlistOffer'] : ['reminder'],
    async send(text, kind = 'reminder') {
      const ids = kind === 'reminder' ? config.templateIds : config.offerTemplateIds;
      if (!ids) throw noTemplate(kind);
      const mobiles = providerNumber(text.phoneNumber);
      const language = text.language !== 'en' && ids[text.language] ? text.language : 'en';
      return sendMsg91Flow(config, ids[language]!, {
        mobiles,
        name: text.name,
        doctor: text.doctor,
        when: text.whenIn(language),
        link: text.link,
        optout: text.optOut,
      });
    },
  };
}

export function whatsAppSender(config: WhatsAppConfig): TextSender {
  return {
    channel: 'whatsapp',
    kinds: config.offerTemplate ? ['reminder', 'waitlistOffer'] : ['reminder'],
    async send(text, kind = 'reminder') {
      const template = kind === 'reminder' ? config.template : config.offerTemplate;
      if (!template) throw noTemplate(kind);
      const to = providerNumber(text.phoneNumber);
      const language = config.languages.includes(text.language) ? text.language : 'en';
      const parameters = [text.name, text.doctor, text.whenIn(language), text.link, text.optOut];
      return sendWhatsAppTemplate(config, { to, template, language, parameters });
    },
  };
}

/** The configured senders by channel; none configured: reminders go by email only. */
export function createTextSenders(config: TextsConfig): Partial<Record<TextChannel, TextSender>> {
  return {
    ...(config.sms ? { sms: msg91Sender(config.sms) } : {}),
    ...(config.whatsapp ? { whatsapp: whatsAppSender(config.whatsapp) } : {}),
  };
}
