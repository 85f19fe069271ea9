/**
 * How a sign-in code reaches a phone, one sender per channel (server/mobile/config.ts):
 *
 * - SMS through MSG91's Flow API (server/messaging/senders.ts sendMsg91Flow): the clinic's
 *   MSG91_OTP_TEMPLATE_ID, whose DLT template is approved with ##otp## (and ##minutes##). Our own
 *   code, never MSG91's SendOTP: the code is made, hashed and checked here like the email's.
 * - WhatsApp through the Cloud API (sendWhatsAppTemplate): an authentication template, the code
 *   as the body's one parameter and again as its copy-code button's (a url button, index 0), as
 *   Meta's "Sending authentication templates" asks.
 * - The outbox, on a loopback PUBLIC_URL with neither: a text file under DATA_DIR/outbox and a
 *   console line with the code, as the email outbox does (server/mail/outbox.ts), so a local user
 *   signs in without a provider. The console line masks the number.
 *
 * A failed send throws TextSendError, `notSent` saying whether the provider surely did not take it
 * (then the code is deleted again: nobody got it). Neither the number nor the code is in any
 * error message or log line (the console's outbox line is a person's, not the JSON log).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sendMsg91Flow, sendWhatsAppTemplate, type TextChannel } from '../messaging/senders.js';
import type { MobileConfig, Msg91CodeConfig, WhatsAppCodeConfig } from './config.js';

export interface CodeText {
  /** The mobile's 10 digits. */
  phone: string;
  code: string;
  /** How long it works, for the template's ##minutes##. */
  minutes: number;
}

export interface CodeSender {
  channel: TextChannel;
  send(text: CodeText): Promise<void>;
}

export function msg91CodeSender(config: Msg91CodeConfig): CodeSender {
  return {
    channel: 'sms',
    async send({ phone, code, minutes }) {
      await sendMsg91Flow(config, config.templateId, { mobiles: `91${phone}`, otp: code, minutes: String(minutes) });
    },
  };
}

export function whatsAppCodeSender(config: WhatsAppCodeConfig): CodeSender {
  return {
    channel: 'whatsapp',
    async send({ phone, code }) {
      await sendWhatsAppTemplate(config, { to: `91${phone}`, template: config.template, language: config.language, parameters: [code], urlButton: code });
    },
  };
}

/** "+91 ******3210": enough for a person at the console to tell two numbers apart. */
export const maskedNumber = (phone: string) => `+91 ******${phone.slice(-4)}`;

export function outboxCodeSender(dir: string, print: (line: string) => void = (line) => console.log(line)): CodeSender {
  return {
    channel: 'sms',
    async send({ phone, code, minutes }) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-text-${randomBytes(3).toString('hex')}.txt`;
      const file = path.join(dir, name);
      const draft = path.join(dir, `.${name}.partial`);
      await writeFile(draft, `To: +91${phone}\nChannel: sms (outbox)\n\n${code} is your sign-in code. It expires in ${minutes} minutes. Do not share it.\n`, { mode: 0o600 });
      await rename(draft, file);
      print(`[outbox] text to ${maskedNumber(phone)}: sign-in code ${code}, saved as ${file}`);
    },
  };
}

/** The configured senders by channel; the outbox stands in for SMS where the configuration says so. */
export function createCodeSenders(config: MobileConfig, outbox: { dir: string; print?: (line: string) => void }): Partial<Record<TextChannel, CodeSender>> {
  return {
    ...(config.sms ? { sms: msg91CodeSender(config.sms) } : config.outbox ? { sms: outboxCodeSender(outbox.dir, outbox.print) } : {}),
    ...(config.whatsapp ? { whatsapp: whatsAppCodeSender(config.whatsapp) } : {}),
  };
}
