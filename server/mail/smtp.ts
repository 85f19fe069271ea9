/** Mail over SMTP with nodemailer: `SMTP_URL` such as smtps://user:password@smtp.example.com:465. */
import { createHash } from 'node:crypto';
import type nodemailer from 'nodemailer';
import type { Mail, Mailer } from './mailer.js';

/** A Message-ID made from an idempotency key: a retried background mail carries the same one. */
export const keyedMessageId = (key: string) => `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@clinic-portal.jobs>`;

/**
 * A transport made for the first mail: nodemailer is loaded then, not with the server (it is
 * some 70 ms of a restart, whose first answer sends no mail).
 */
export function transportOnFirstUse<T extends { close(): void }>(make: (mailer: typeof nodemailer) => T) {
  let transport: Promise<T> | undefined;
  return {
    get: (): Promise<T> => (transport ??= import('nodemailer').then((module) => make(module.default))),
    close: (): void => void transport?.then((made) => made.close(), () => undefined),
  };
}

export interface SmtpOptions {
  url: string;
  from: string;
}

export function createSmtpMailer(options: SmtpOptions): Mailer {
  const transport = transportOnFirstUse((mailer) =>
    mailer.createTransport(
      {
        url: options.url,
        // A person waits for the answer: give up in seconds, not nodemailer's minutes.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
        dnsTimeout: 10_000,
      },
      { from: options.from },
    ),
  );
  return {
    kind: 'smtp',
    async send(mail: Mail) {
      await (await transport.get()).sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.attachments ? { attachments: mail.attachments.map((a) => ({ ...a })) } : {}),
        ...(mail.idempotencyKey ? { messageId: keyedMessageId(mail.idempotencyKey) } : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}
