/**
 * Sending mail. Two mailers, picked by configuration (server/mail/index.ts):
 * - SMTP (nodemailer) when `SMTP_URL` is set;
 * - the outbox when it is not: every mail is written as an .eml file under `DATA_DIR/outbox` and
 *   a line with its subject and summary (the code) is printed on the console, so a local user
 *   can register without a mail server.
 */

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * One line for a person at the console of a local run (outbox only), e.g. "code 123456".
   * Never sent, never written to the JSON log.
   */
  consoleSummary?: string;
  /** Files sent with the mail (the booking confirmation's .ics). */
  attachments?: readonly MailAttachment[];
  /**
   * Background mails (server/jobs): the same key on a retried send means the same mail. The
   * outbox writes it once; SMTP sends it with a Message-ID made from the key, so a retry after a
   * crash between the server's "accepted" and our record of it carries the same id (mail
   * programs show it once). Never shown to the reader.
   */
  idempotencyKey?: string;
}

export interface MailAttachment {
  filename: string;
  /** Text (the .ics) or bytes (the prescription's PDF). */
  content: string | Buffer;
  /** e.g. 'text/calendar; charset=utf-8; method=PUBLISH'. */
  contentType: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox' | 'test';
  /** Resolves once the mail server accepted the mail (or the file is written); rejects otherwise. */
  send(mail: Mail): Promise<void>;
  /** Closes connections; the app calls it when it closes. */
  close(): Promise<void> | void;
}

export const defaultMailFrom = 'Sahaj Homeopathy Clinic <no-reply@sahaj-clinic.example>';
