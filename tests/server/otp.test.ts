/** Email one-time codes: send, validate, expiry, tries, reuse, resend, rate limits, at rest. */
import { createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError, MessageAnswer } from '../../contract/index.js';
import { loadConfig } from '../../server/config.js';
import {
  type Response,
  codeIn,
  minute,
  patient,
  prove,
  registered,
  sendCode,
  useAccountsApp,
  validateCode,
} from './accountsSupport.js';
import { backends } from './helpers.js';

const email = 'ravi.kulkarni@example.com';

const messageOf = (res: Response) => (res.json() as ApiError).message;

describe.each(backends)('one-time codes on %s', (backend) => {
  const t = useAccountsApp(backend);

  it('sends a 6-digit code by email and keeps only its keyed hash', async () => {
    const res = await sendCode(t.app(), email);
    expect(res.statusCode).toBe(200);
    expect(MessageAnswer.is(res.json())).toBe(true);
    expect(res.json()).toEqual({ message: 'OTP sent to your email.' });

    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0]!;
    expect(mail.to).toBe(email);
    const code = codeIn(mail.text);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(code);

    const { rows } = await t.db().query<Record<string, unknown>>('select * from email_codes');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(new Date(rows[0]!.expires_at as string).getTime() - t.clock.now().getTime()).toBe(10 * minute);

    // The key is derived from the secret kept in meta (no APP_SECRET here): HMAC(address, code).
    const stored = await t.db().query<{ secret: string }>("select value #>> '{}' as secret from meta where key = 'app_secret'");
    const secret = stored.rows[0]!.secret;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const key = Buffer.from(hkdfSync('sha256', Buffer.from(secret), Buffer.alloc(0), 'clinic-portal one-time-code v1', 32));
    expect(rows[0]!.code_hash).toBe(createHmac('sha256', key).update(`${email}\n${code}`).digest('hex'));
  });

  it('validates the right code once, and remembers the proven address for 30 minutes', async () => {
    await sendCode(t.app(), email);
    const code = t.mailer.lastCode(email);
    const res = await validateCode(t.app(), email, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email OTP validated successfully.' });

    const proofs = await t.db().query<{ email: string; expires_at: string }>('select email, expires_at from email_proofs');
    expect(proofs.rows.map((r) => r.email)).toEqual([email]);
    expect(new Date(proofs.rows[0]!.expires_at).getTime() - t.clock.now().getTime()).toBe(30 * minute);
    expect((await t.db().query('select 1 from email_codes')).rowCount).toBe(0);

    // Used: the same code again asks for a new one.
    const again = await validateCode(t.app(), email, code);
    expect(again.statusCode).toBe(400);
    expect(messageOf(again)).toBe('There is no valid code for this email. Please request a new OTP.');
  });

  it('ignores the case of the address', async () => {
    await sendCode(t.app(), 'Ravi.Kulkarni@Example.COM');
    expect(t.mailer.sent[0]!.to).toBe(email);
    const res = await validateCode(t.app(), 'RAVI.kulkarni@example.com', t.mailer.lastCode(email));
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong code with the spec message', async () => {
    await sendCode(t.app(), email);
    const code = t.mailer.lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await validateCode(t.app(), email, wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'otp.invalid',
      message: 'Invalid email OTP. Please try again.',
      errors: [{ field: 'otp', message: 'Invalid email OTP. Please try again.' }],
    });
    // A wrong try does not spoil the right code.
    expect((await validateCode(t.app(), email, code)).statusCode).toBe(200);
  });

  it('refuses a code that was never sent', async () => {
    const res = await validateCode(t.app(), email, '123456');
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('There is no valid code for this email. Please request a new OTP.');
  });

  it('keeps a code 10 minutes, then asks for a new one', async () => {
    await sendCode(t.app(), email);
    const code = t.mailer.lastCode(email);
    t.clock.advance(10 * minute);
    const res = await validateCode(t.app(), email, code);
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('This OTP has expired. Please request a new one.');

    await sendCode(t.app(), email);
    t.clock.advance(10 * minute - 1000);
    expect((await validateCode(t.app(), email, t.mailer.lastCode(email))).statusCode).toBe(200);
  });

  it('allows 5 wrong tries, after which even the right code is refused', async () => {
    await sendCode(t.app(), email);
    const code = t.mailer.lastCode(email);
    const wrong = code === '999999' ? '888888' : '999999';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push(messageOf(await validateCode(t.app(), email, wrong)));
    expect(answers).toEqual([
      ...Array(4).fill('Invalid email OTP. Please try again.'),
      'Too many wrong attempts. Please request a new OTP.',
    ]);
    const right = await validateCode(t.app(), email, code);
    expect(right.statusCode).toBe(400);
    expect(messageOf(right)).toBe('Too many wrong attempts. Please request a new OTP.');

    // A new code starts a new count.
    await sendCode(t.app(), email);
    expect((await validateCode(t.app(), email, t.mailer.lastCode(email))).statusCode).toBe(200);
  });

  it('counts wrong tries sent at the same moment', async () => {
    await sendCode(t.app(), email);
    const code = t.mailer.lastCode(email);
    const wrong = code === '999999' ? '888888' : '999999';
    const answers = await Promise.all(Array.from({ length: 8 }, () => validateCode(t.app(), email, wrong)));
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    const { rows } = await t.db().query<{ failed_attempts: number }>('select failed_attempts from email_codes');
    expect(rows[0]!.failed_attempts).toBe(5);
    expect((await validateCode(t.app(), email, code)).statusCode).toBe(400);
  });

  it('replaces the old code when another is sent', async () => {
    await sendCode(t.app(), email);
    const first = t.mailer.lastCode(email);
    await sendCode(t.app(), email);
    const second = t.mailer.lastCode(email);
    expect((await t.db().query('select 1 from email_codes')).rowCount).toBe(1);
    if (first !== second) {
      const old = await validateCode(t.app(), email, first);
      expect(old.statusCode).toBe(400);
      expect(messageOf(old)).toBe('Invalid email OTP. Please try again.');
    }
    expect((await validateCode(t.app(), email, second)).statusCode).toBe(200);
  });

  it('answers the same, and mails the same words, whether or not the address has an account', async () => {
    await registered(t);
    t.mailer.sent.length = 0;
    const known = await sendCode(t.app(), patient.email, '203.0.113.7');
    const unknown = await sendCode(t.app(), 'nobody.here@example.com', '203.0.113.8');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    const headers = (res: Response) => {
      // The date and the request id differ between any two answers.
      const { date: _date, 'x-request-id': _id, ...rest } = res.headers;
      return rest;
    };
    expect(headers(known)).toEqual(headers(unknown));
    const [toKnown, toUnknown] = t.mailer.sent;
    const blank = (text: string) => text.replace(/\d{6}/g, 'CODE');
    expect(toKnown!.subject).toBe(toUnknown!.subject);
    expect(blank(toKnown!.text)).toBe(blank(toUnknown!.text));
    expect(blank(toKnown!.html)).toBe(blank(toUnknown!.html));
  });

  it('limits sends to one address to 5 in 15 minutes (429 with Retry-After)', async () => {
    for (let i = 0; i < 5; i++) {
      // From different clients: the address's own limit is what stops the sixth.
      expect((await sendCode(t.app(), email, `198.51.100.${i + 1}`)).statusCode).toBe(200);
    }
    const refused = await sendCode(t.app(), email, '198.51.100.99');
    expect(refused.statusCode).toBe(429);
    expect(messageOf(refused)).toBe('Too many codes were sent to this email. Please try again in 15 minutes.');
    expect(refused.headers['retry-after']).toBe(String(15 * 60));
    expect(t.mailer.sent).toHaveLength(5);
    // The last code that went out still works.
    expect((await validateCode(t.app(), email, t.mailer.lastCode(email))).statusCode).toBe(200);

    t.clock.advance(15 * minute);
    expect((await sendCode(t.app(), email)).statusCode).toBe(200);
  });

  it('lets a busy clinic behind one shared address send codes to many patients with the defaults', async () => {
    // 25 patients at one reception Wi-Fi in an hour: more than the old limit of 20 per address.
    for (let i = 0; i < 25; i++) {
      expect((await sendCode(t.app(), `patient${i}@example.com`, '192.0.2.10')).statusCode).toBe(200);
    }
    // The strict limit per email address still holds for each of them.
    for (let i = 0; i < 4; i++) await sendCode(t.app(), 'patient0@example.com', '192.0.2.10');
    expect((await sendCode(t.app(), 'patient0@example.com', '192.0.2.10')).statusCode).toBe(429);
  });

  it('limits sends from one client as RATE_LIMIT_CODES_PER_CLIENT says, whatever the addresses', async () => {
    const app = await t.anotherInstance({ config: loadConfig({ RATE_LIMIT_CODES_PER_CLIENT: '20/1h', DATA_DIR: t.dataDir() }) });
    for (let i = 0; i < 20; i++) {
      expect((await sendCode(app, `person${i}@example.com`, '192.0.2.10')).statusCode).toBe(200);
    }
    const refused = await sendCode(app, 'person20@example.com', '192.0.2.10');
    expect(refused.statusCode).toBe(429);
    expect(messageOf(refused)).toBe('Too many codes were requested from your network. Please try again in 60 minutes.');
    // Another client is not affected, and the refused request did not use up the address's sends.
    expect((await sendCode(app, 'person20@example.com', '192.0.2.11')).statusCode).toBe(200);
  });

  it('limits sends to one address as RATE_LIMIT_CODES_PER_EMAIL says', async () => {
    const app = await t.anotherInstance({ config: loadConfig({ RATE_LIMIT_CODES_PER_EMAIL: '2/5m', DATA_DIR: t.dataDir() }) });
    for (let i = 0; i < 2; i++) expect((await sendCode(app, email, `198.51.100.${i + 1}`)).statusCode).toBe(200);
    const refused = await sendCode(app, email, '198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(5 * 60));
    t.clock.advance(5 * minute);
    expect((await sendCode(app, email)).statusCode).toBe(200);
  });

  it('leaves no usable code when the mail cannot be sent, and says so', async () => {
    await sendCode(t.app(), email);
    const earlier = t.mailer.lastCode(email);
    t.mailer.failing = true;
    const res = await sendCode(t.app(), email);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'otp.sendFailed', message: 'Failed to send OTP. Please try again.' });
    // The new code was never delivered, and it had replaced the earlier one: no code at all.
    expect((await t.db().query('select 1 from email_codes')).rowCount).toBe(0);
    expect((await validateCode(t.app(), email, earlier)).statusCode).toBe(400);
    t.mailer.failing = false;
    await prove(t, email);
  });

  it('answers 400 naming the field for a malformed address or code, and writes nothing', async () => {
    const bad = await sendCode(t.app(), 'not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'email', message: 'must be an email address like name@example.com' }]);
    const badCode = await validateCode(t.app(), email, '12345');
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().errors).toEqual([{ field: 'otp', message: 'must be the 6-digit code from the email' }]);
    expect((await t.db().query('select 1 from rate_limits')).rowCount).toBe(0);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('works across instances: a code sent by one is validated by another, and limits add up', async () => {
    const other = await t.anotherInstance();
    await sendCode(t.app(), email);
    expect((await validateCode(other, email, t.mailer.lastCode(email))).statusCode).toBe(200);

    for (let i = 0; i < 4; i++) await sendCode(i % 2 ? other : t.app(), email, `198.51.100.${i}`);
    expect((await sendCode(other, email, '198.51.100.50')).statusCode).toBe(429);
  });

  it('keys codes with APP_SECRET when it is set, and then keeps no secret in the database', async () => {
    const secret = 'x'.repeat(40);
    const config = loadConfig({ APP_SECRET: secret, DATA_DIR: t.dataDir() });
    const a = await t.anotherInstance({ config });
    const b = await t.anotherInstance({ config });
    await sendCode(a, email);
    expect((await validateCode(b, email, t.mailer.lastCode(email))).statusCode).toBe(200);
    expect((await t.db().query("select 1 from meta where key = 'app_secret'")).rowCount).toBe(0);

    // An instance with another secret cannot check the code.
    await sendCode(a, email);
    const c = await t.anotherInstance({ config: loadConfig({ APP_SECRET: 'y'.repeat(40), DATA_DIR: t.dataDir() }) });
    expect((await validateCode(c, email, t.mailer.lastCode(email))).statusCode).toBe(400);
  });

  it('clears expired codes, proofs, windows and sessions a day later', async () => {
    await prove(t, email);
    await sendCode(t.app(), 'another@example.com');
    t.clock.advance(26 * 60 * minute);
    const { createServices } = await import('../../server/services/index.js');
    await createServices(t.db(), { now: t.clock.now }).housekeeping.sweep();
    for (const table of ['email_codes', 'email_proofs', 'rate_limits']) {
      expect((await t.db().query(`select 1 from ${table}`)).rowCount, table).toBe(0);
    }
  });
});
