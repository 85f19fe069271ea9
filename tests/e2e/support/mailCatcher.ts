// A real SMTP server for the browser tests (smtp-server): it listens on 127.0.0.1 on a free port,
// without TLS and without AUTH, keeps every mail it is given, and reads the 6-digit code out of
// the plain-text part of a verification mail. The app's server sends to it through nodemailer
// with SMTP_URL=smtp://127.0.0.1:<port>.
//
// Nothing here prints a mail or a code: a failure names the address and the subject only.
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** The envelope's recipients, lower case. */
  readonly to: readonly string[];
  readonly subject: string;
  /** The text/plain part, decoded. */
  readonly text: string;
  /** The whole message as it arrived. */
  readonly raw: string;
}

export class MailCatcher {
  private readonly mails: CapturedMail[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly server: SMTPServer;
  private listeningPort = 0;

  constructor() {
    this.server = new SMTPServer({
      secure: false,
      // No STARTTLS (so nodemailer does not try to upgrade) and no AUTH (nobody logs in).
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      banner: 'clinic e2e mail catcher',
      size: 1024 * 1024,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', (error) => callback(error));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          this.mails.push({ to, raw, subject: headerOf(splitMessage(raw).head, 'subject') ?? '', text: plainText(raw) });
          for (const listener of [...this.listeners]) listener();
          callback();
        });
      },
    });
  }

  get port(): number {
    return this.listeningPort;
  }

  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  get url(): string {
    return `smtp://127.0.0.1:${this.listeningPort}`;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => {
        const address = this.server.server.address();
        this.listeningPort = typeof address === 'object' && address ? address.port : 0;
        this.server.off('error', reject);
        // A client that drops its connection must not end the test process.
        this.server.on('error', () => undefined);
        resolve();
      });
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** How many mails arrived so far: take it before the action that sends one. */
  count(): number {
    return this.mails.length;
  }

  /** Every mail so far, in order of arrival. */
  all(): readonly CapturedMail[] {
    return this.mails;
  }

  /**
   * The first mail to `to` (and, given `match`, that matches it) among those that arrived after
   * the first `since`; waits for it.
   */
  next(to: string, since: number, timeoutMs = 20_000, match: (mail: CapturedMail) => boolean = () => true): Promise<CapturedMail> {
    const address = to.toLowerCase();
    const find = () => this.mails.slice(since).find((m) => m.to.includes(address) && match(m));
    return new Promise((resolve, reject) => {
      const found = find();
      if (found) return resolve(found);
      const listener = () => {
        const mail = find();
        if (!mail) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(mail);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        const others = this.mails.slice(since).filter((m) => m.to.includes(address)).map((m) => `"${m.subject}"`);
        const what = others.length ? `; to that address only ${others.join(', ')}` : '';
        reject(new Error(`no such mail to ${address} reached the SMTP server within ${timeoutMs / 1000} s (${this.mails.length - since} mail(s) did${what})`));
      }, timeoutMs);
      this.listeners.add(listener);
    });
  }

  /**
   * Waits for the next mail to `to` whose text gives a 6-digit verification code, and returns the
   * code. Other mails to the address (a prescription or a confirmation, sent by a job whenever it
   * runs) may arrive in between and are passed over.
   */
  async codeFor(to: string, since: number): Promise<string> {
    const mail = await this.next(to, since, undefined, (m) => verificationCode.test(m.text));
    return verificationCode.exec(mail.text)![1]!;
  }
}

const verificationCode = /verification code is:\s*(\d{6})\b/i;

/** Header block and body of a message or MIME part (CRLF or LF line ends). */
function splitMessage(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: '' };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

/** One header's value, unfolded; undefined when absent. */
function headerOf(head: string, name: string): string | undefined {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === name) return line.slice(colon + 1).trim();
  }
  return undefined;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    default:
      return body;
  }
}

/** The decoded text/plain part of a message (the first one of a multipart), '' when there is none. */
export function plainText(raw: string): string {
  const { head, body } = splitMessage(raw);
  const type = headerOf(head, 'content-type') ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (!boundary) return '';
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break; // the closing delimiter
      const text = plainText(part.replace(/^\r?\n/, ''));
      if (text) return text;
    }
    return '';
  }
  if (!/^text\/plain\b/i.test(type)) return '';
  return decodeBody(body, headerOf(head, 'content-transfer-encoding'));
}
