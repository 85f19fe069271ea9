/**
 * "You are next but one" on the reminders' providers (server/messaging/senders.ts): the same
 * accounts and numbers, but the queue's own approved templates (MSG91_QUEUE_TEMPLATE_ID*,
 * WHATSAPP_QUEUE_TEMPLATE: server/config/queue.ts), whose variables are the patient's first name,
 * the token, the doctor and My Appointment's address. A channel without its template sends none.
 */
import type { Language } from '../../contract/auth.js';
import type { TextsConfig } from '../messaging/config.js';
import { providerNumber, sendMsg91Flow, sendWhatsAppTemplate, type TextChannel } from '../messaging/senders.js';
import type { QueueTextTemplates } from './config.js';

export interface QueueText {
  phoneNumber: string;
  language: Language;
  name: string;
  /** "T7". */
  token: string;
  doctor: string;
  link: string;
}

export interface QueueTextSender {
  channel: TextChannel;
  send(text: QueueText): Promise<{ providerId: string }>;
}

function msg91QueueSender(config: NonNullable<TextsConfig['sms']>, templateIds: NonNullable<QueueTextTemplates['sms']>): QueueTextSender {
  return {
    channel: 'sms',
    send: async (text) =>
      sendMsg91Flow(config, templateIds[text.language] ?? templateIds.en, {
        mobiles: providerNumber(text.phoneNumber),
        name: text.name,
        token: text.token,
        doctor: text.doctor,
        link: text.link,
      }),
  };
}

function whatsAppQueueSender(config: NonNullable<TextsConfig['whatsapp']>, template: string): QueueTextSender {
  return {
    channel: 'whatsapp',
    send: async (text) =>
      sendWhatsAppTemplate(config, {
        to: providerNumber(text.phoneNumber),
        template,
        language: config.languages.includes(text.language) ? text.language : 'en',
        parameters: [text.name, text.token, text.doctor, text.link],
      }),
  };
}

/** The queue's senders: a channel the reminders have and the queue has a template for. */
export function createQueueTextSenders(texts: TextsConfig, templates: QueueTextTemplates): Partial<Record<TextChannel, QueueTextSender>> {
  return {
    ...(texts.sms && templates.sms ? { sms: msg91QueueSender(texts.sms, templates.sms) } : {}),
    ...(texts.whatsapp && templates.whatsapp ? { whatsapp: whatsAppQueueSender(texts.whatsapp, templates.whatsapp) } : {}),
  };
}
