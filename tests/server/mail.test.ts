/**
 * Mail: codes go out over SMTP to a real SMTP server started here (smtp-server) when
 * SMTP_URL is set, and to DATA_DIR/outbox plus the console when it is not.
 */
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { cheapCost, codeIn, sendCode, validateCode } from './accountsSupport.js';
import { backends, noClientDir, useTestDatabases } from './helpers.js';

interface Received {
  from: string | undefined;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** An SMTP server on a free port that keeps what it receives; with `credentials`, AUTH is required. */
async function startSmtpServer(credentials?: { user: string; pass: string }) {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !credentials,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Decodes the quoted-printable soft line breaks a mail body may have. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '');

describe.each(backends)('mail on %s', (backend) => {
  const databases = useTestDatabases(backend);
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function appWith(env: Record<string, string>): Promise<{ app: FastifyInstance; dataDir: string }> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-portal-mail-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const app = await buildApp({
      db: await databases.seeded(),
      clientDir: noClientDir,
      config: loadConfig({ ...env, DATA_DIR: dataDir }),
      services: { passwordCost: cheapCost },
    });
    cleanups.push(() => app.close());
    return { app, dataDir };
  }

  it('sends the code over SMTP (SMTP_URL) from MAIL_FROM, in text and HTML', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const { app, dataDir } = await appWith({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });

    const res = await sendCode(app, 'Meera@Example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'OTP sent to your email.' });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['meera@example.com']);
    expect(mail.from).toBe('no-reply@sahaj-clinic.example');
    expect(mail.raw).toMatch(/^From: Sahaj Homeopathy Clinic <no-reply@sahaj-clinic\.example>$/m);
    expect(mail.raw).toMatch(/^Subject: Your Sahaj Homeopathy Clinic verification code$/m);
    expect(mail.raw).toContain('Content-Type: multipart/alternative');
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    const code = codeIn(unfold(mail.raw));
    // No outbox with SMTP: DATA_DIR holds only the prescriptions' self-signed key, made at start.
    expect(readdirSync(dataDir)).toEqual(['prescription-signing.pem']);

    expect((await validateCode(app, 'meera@example.com', code)).statusCode).toBe(200);
  });

  it('logs in to the SMTP server with the URL’s credentials and uses MAIL_FROM', async () => {
    const smtp = await startSmtpServer({ user: 'clinic', pass: 's3cret pass' });
    cleanups.push(smtp.close);
    const { app } = await appWith({
      SMTP_URL: `smtp://clinic:${encodeURIComponent('s3cret pass')}@127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Sahaj Clinic Kothrud <codes@kothrud.example>',
    });
    expect((await sendCode(app, 'meera@example.com')).statusCode).toBe(200);
    expect(smtp.received[0]).toMatchObject({ user: 'clinic', from: 'codes@kothrud.example' });
    expect(smtp.received[0]!.raw).toMatch(/^From: Sahaj Clinic Kothrud <codes@kothrud\.example>$/m);
  });

  it('answers 502 and keeps no code when the SMTP server cannot be reached or refuses', async () => {
    const gone = await startSmtpServer();
    await gone.close();
    const { app } = await appWith({ SMTP_URL: `smtp://127.0.0.1:${gone.port}` });
    const res = await sendCode(app, 'meera@example.com');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'otp.sendFailed', message: 'Failed to send OTP. Please try again.' });

    const locked = await startSmtpServer({ user: 'clinic', pass: 'right' });
    cleanups.push(locked.close);
    const wrongLogin = await appWith({ SMTP_URL: `smtp://clinic:wrong@127.0.0.1:${locked.port}` });
    expect((await sendCode(wrongLogin.app, 'meera@example.com')).statusCode).toBe(502);
    expect(locked.received).toHaveLength(0);
  });

  it('without SMTP_URL, writes an .eml file to DATA_DIR/outbox and prints the subject and code', async () => {
    const printed: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void printed.push(String(line)));
    cleanups.push(() => spy.mockRestore());
    const { app, dataDir } = await appWith({});

    expect((await sendCode(app, 'meera@example.com')).statusCode).toBe(200);
    const outbox = path.join(dataDir, 'outbox');
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(outbox, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: meera@example\.com$/m);
    expect(eml).toMatch(/^From: Sahaj Homeopathy Clinic <no-reply@sahaj-clinic\.example>$/m);
    expect(eml).toMatch(/^Subject: Your Sahaj Homeopathy Clinic verification code$/m);
    const code = codeIn(unfold(eml));

    const line = printed.find((l) => l.startsWith('[outbox]'));
    expect(line).toBe(
      `[outbox] mail to meera@example.com: "Your Sahaj Homeopathy Clinic verification code" (code ${code}), saved as ${path.join(outbox, files[0]!)}`,
    );
    expect((await validateCode(app, 'meera@example.com', code)).statusCode).toBe(200);
  });
});
