/** The mailer the configuration asks for: SMTP when SMTP_URL is set, else the local outbox. */
import path from 'node:path';
import type { Config } from '../config.js';
import type { Mailer } from './mailer.js';
import { createOutboxMailer } from './outbox.js';
import { createSmtpMailer } from './smtp.js';

export type { Mail, Mailer } from './mailer.js';
export { defaultMailFrom } from './mailer.js';

/** Where the outbox mailer writes: DATA_DIR/outbox. */
export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

export function createMailer(mail: Config['mail'], dataDir: string, print?: (line: string) => void): Mailer {
  return mail.smtpUrl
    ? createSmtpMailer({ url: mail.smtpUrl, from: mail.from })
    : createOutboxMailer({ dir: outboxDir(dataDir), from: mail.from, ...(print ? { print } : {}) });
}
