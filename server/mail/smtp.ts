/** Mail over SMTP with nodemailer: `SMTP_URL` such as smtps://user:password@smtp.example.com:465. */
import nodemailer from 'nodemailer';
import type { Mail, Mailer } from './mailer.js';

export interface SmtpOptions {
  url: string;
  from: string;
}

export function createSmtpMailer(options: SmtpOptions): Mailer {
  const transport = nodemailer.createTransport(
    {
      url: options.url,
      // A person waits for the answer: give up in seconds, not nodemailer's minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      dnsTimeout: 10_000,
    },
    { from: options.from },
  );
  return {
    kind: 'smtp',
    async send(mail: Mail) {
      await transport.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.attachments ? { attachments: mail.attachments.map((a) => ({ ...a })) } : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}
