/**
 * The local outbox: each mail becomes an .eml file (open it with any mail program) under
 * `DATA_DIR/outbox`, and one line on the console says who it is for, its subject, its summary
 * (the code) and the file. For laptops and demos; production sets SMTP_URL.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Mail, Mailer } from './mailer.js';
import { keyedMessageId, transportOnFirstUse } from './smtp.js';

export interface OutboxOptions {
  dir: string;
  from: string;
  /** Where the console line goes; console.log when absent (tests capture it). */
  print?: (line: string) => void;
}

export function createOutboxMailer(options: OutboxOptions): Mailer {
  // nodemailer builds the RFC 5322 message (headers, MIME parts, encodings) without sending it.
  const composer = transportOnFirstUse((mailer) =>
    mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from: options.from }),
  );
  const print = options.print ?? ((line: string) => console.log(line));
  return {
    kind: 'outbox',
    async send(mail: Mail) {
      const info = await (await composer.get()).sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.attachments ? { attachments: mail.attachments.map((a) => ({ ...a })) } : {}),
        ...(mail.idempotencyKey ? { messageId: keyedMessageId(mail.idempotencyKey) } : {}),
      });
      const message = info.message as Buffer;
      await mkdir(options.dir, { recursive: true, mode: 0o700 });
      // A keyed mail (server/jobs) is written once: its name ends with the key's hash, it is
      // written aside and renamed into place, so a send retried after a crash finds it whole
      // and writes nothing (one .eml however often the job runs).
      const tag = mail.idempotencyKey ? `k${createHash('sha256').update(mail.idempotencyKey).digest('hex').slice(0, 24)}` : randomBytes(3).toString('hex');
      if (mail.idempotencyKey && (await readdir(options.dir)).some((f) => f.endsWith(`-${tag}.eml`))) return;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${tag}.eml`;
      const file = path.join(options.dir, name);
      const draft = path.join(options.dir, `.${name}.partial-${randomBytes(3).toString('hex')}`);
      try {
        await writeFile(draft, message, { mode: 0o600 });
        await rename(draft, file);
      } finally {
        await rm(draft, { force: true });
      }
      const summary = mail.consoleSummary ? ` (${mail.consoleSummary})` : '';
      print(`[outbox] mail to ${mail.to}: "${mail.subject}"${summary}, saved as ${file}`);
    },
    close() {
      composer.close();
    },
  };
}
