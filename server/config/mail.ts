/** Where mail goes and who sends it: SMTP_URL, MAIL_FROM. */
import { isLoopbackUrl } from '../identity/config.js';
import { defaultMailFrom } from '../mail/mailer.js';
import { problem, settings, variable } from './env.js';

export interface MailConfig {
  /**
   * SMTP_URL: null sends every mail to DATA_DIR/outbox and prints it (unset on a loopback
   * PUBLIC_URL, or `outbox` said explicitly). May hold a password: never logged.
   */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender, `Name <address>` or a bare address. */
  from: string;
}

/**
 * Never echoes the value: it may hold a password. `outbox` keeps mails in DATA_DIR/outbox; unset
 * means the same, but only while PUBLIC_URL is this machine: a public site without a mail server
 * could send nobody a code, so it must say `outbox` to mean it.
 */
const smtpUrl = (name: string, publicUrl: string) =>
  variable(name, (value) => {
    if (value === 'outbox') return null;
    if (value === undefined) {
      return publicUrl === '' || isLoopbackUrl(publicUrl)
        ? null
        : problem(
            `${name} is required when PUBLIC_URL (${publicUrl}) is not this machine: set it to the mail server, like ` +
              `smtps://user:password@smtp.example.com:465, or set ${name}=outbox to knowingly keep every mail in ` +
              'DATA_DIR/outbox (nobody receives a code)',
          );
    }
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return problem(`${name} must be a URL like smtps://user:password@smtp.example.com:465`);
    }
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
      return problem(`${name} must start with smtp:// (STARTTLS when offered) or smtps:// (TLS)`);
    }
    if (url.hostname === '') return problem(`${name} must name the mail server, like smtps://user:password@smtp.example.com:465`);
    return value;
  });

const mailFrom = (name: string, fallback: string) =>
  variable(name, (given) => {
    const value = given ?? fallback;
    const address = /^[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+$/;
    const named = /^[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>$/;
    return address.test(value) || named.test(value)
      ? value
      : problem(`${name} must be an address, or a name and an address like Clinic <no-reply@clinic.example> (got "${value}")`);
  });

/** `publicUrl`: the already-read PUBLIC_URL; '' when it was itself bad. */
export const mailSettings = (publicUrl: string) =>
  settings('mail', (_env, { take }): MailConfig => ({
    smtpUrl: take(smtpUrl('SMTP_URL', publicUrl), null),
    from: take(mailFrom('MAIL_FROM', defaultMailFrom), defaultMailFrom),
  }));
