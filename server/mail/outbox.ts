/**
 * The local outbox: each mail becomes an .eml file (open it with any mail program) under
 * `DATA_DIR/outbox`, and one line on the console says who it is for, its subject, its summary
 * (the code) and the file. For laptops and demos; production sets SMTP_URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mail, Mailer } from './mailer.js';

export interface OutboxOptions {
  dir: string;
  from: string;
  /** Where the console line goes; console.log when absent (tests capture it). */
  print?: (line: string) => void;
}

export function createOutboxMailer(options: OutboxOptions): Mailer {
  // nodemailer builds the RFC 5322 message (headers, MIME parts, encodings) without sending it.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from: options.from });
  const print = options.print ?? ((line: string) => console.log(line));
  return {
    kind: 'outbox',
    async send(mail: Mail) {
      const info = await composer.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.attachments ? { attachments: mail.attachments.map((a) => ({ ...a })) } : {}),
      });
      const message = info.message as Buffer;
      await mkdir(options.dir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`;
      const file = path.join(options.dir, name);
      await writeFile(file, message, { mode: 0o600 });
      const summary = mail.consoleSummary ? ` (${mail.consoleSummary})` : '';
      print(`[outbox] mail to ${mail.to}: "${mail.subject}"${summary}, saved as ${file}`);
    },
    close() {},
  };
}
