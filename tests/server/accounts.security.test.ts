/**
 * The accounts' building blocks and settings: scrypt at OWASP's parameters, the common-password
 * list, tokens and codes, the new configuration variables, and logs free of secrets.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { ConfigError, loadConfig } from '../../server/config.js';
import { scrubUrl } from '../../server/http/logger.js';
import { commonPasswordCount, isCommonPassword, passwordProblem } from '../../server/security/passwordPolicy.js';
import {
  createPasswordHasher,
  hashPassword,
  needsRehash,
  owaspScryptCost,
  parseHash,
  verifyPassword,
} from '../../server/security/passwords.js';
import { isWellFormedToken, newOneTimeCode, newSessionToken } from '../../server/security/tokens.js';
import {
  MemoryMailer,
  getUser,
  login,
  logout,
  patient,
  post,
  prove,
  register,
  sendCode,
  useAccountsApp,
} from './accountsSupport.js';
import { backends, noClientDir, useTestDatabases } from './helpers.js';

describe('passwords', () => {
  it('hash with scrypt at OWASP’s parameters by default: N=2^17, r=8, p=1, a 16-byte salt', async () => {
    expect(owaspScryptCost).toEqual({ logN: 17, r: 8, p: 1 });
    expect(createPasswordHasher().cost).toEqual(owaspScryptCost);
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    const parsed = parseHash(hash)!;
    expect(parsed.salt).toHaveLength(16);
    expect(parsed.key).toHaveLength(32);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false);
    expect(needsRehash(hash, owaspScryptCost)).toBe(false);
    expect(needsRehash(hash, { logN: 18, r: 8, p: 1 })).toBe(true);
  });

  it('salt every hash, normalise Unicode, and refuse hashes they cannot trust', async () => {
    const cost = { logN: 10, r: 8, p: 1 };
    const [a, b] = [await hashPassword('same password', cost), await hashPassword('same password', cost)];
    expect(a).not.toBe(b);
    // "é" typed as one code point or as e + combining accent is the same password.
    expect(await verifyPassword('caf\u0065\u0301 au lait', await hashPassword('caf\u00e9 au lait', cost))).toBe(true);
    for (const stored of ['', 'plain text', '$scrypt$ln=40,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '$argon2id$v=19$m=1,t=1,p=1$x$y']) {
      expect(await verifyPassword('anything', stored), stored).toBe(false);
    }
    expect(await createPasswordHasher(cost).verifyNobody('anything')).toBe(false);
  });

  it('refuse blank, repetitive and guessable passwords, and accept passphrases and random characters', async () => {
    const owner = { email: 'asha.deshpande@example.com', firstName: 'Asha', lastName: 'Deshpande', phoneNumber: '+91 98765-43210' };
    for (const p of ['        ', '\t\t\t\t\t\t\t\t', 'aaaaaaaa', '12341234', 'abcdefgh', 'qwertyui', 'sahaj123', 'clinic2026', 'Sahaj@2026', 'sahaj clinic homeopathy', 'asha1990']) {
      expect((await passwordProblem(p, owner))?.error.field, JSON.stringify(p)).toBe('password');
    }
    // The site's own host name counts as its words.
    expect(await passwordProblem('kothrudcare2026', { email: 'x@example.com', siteWords: ['kothrudcare.in'] })).not.toBeNull();
    expect(await passwordProblem('kothrudcare2026', { email: 'x@example.com' })).toBeNull();
    for (const p of ['monsoon garden lantern', 'x7#pQ9vL', 'correct horse battery staple', 'asha loves monsoon rain', 'a'.repeat(3) + ' quiet river under the old mango tree'.repeat(3)]) {
      expect(await passwordProblem(p, owner), p).toBeNull();
    }
  });

  it('refuse the most common passwords: thousands of them, whatever the case', async () => {
    expect(await commonPasswordCount()).toBeGreaterThan(3000);
    for (const p of ['password', 'PASSWORD1', 'qwerty123', 'iloveyou', '12345678']) expect(await isCommonPassword(p), p).toBe(true);
    for (const p of ['monsoon garden lantern', 'Asha-Kothrud-2025!']) expect(await isCommonPassword(p), p).toBe(false);
  });
});

describe('tokens and codes', () => {
  it('a session token is 32 random bytes in base64url; a code is 6 digits', () => {
    const tokens = new Set(Array.from({ length: 100 }, newSessionToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(isWellFormedToken(token)).toBe(true);
    }
    const codes = Array.from({ length: 2000 }, newOneTimeCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    // Leading zeros are kept, so every code has six digits.
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
  });
});

describe('configuration of accounts and mail', () => {
  const problemsOf = (env: Record<string, string>): readonly string[] => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('has defaults that work on a laptop', () => {
    const config = loadConfig({});
    expect(config.mail).toEqual({ smtpUrl: null, from: 'Sahaj Homeopathy Clinic <no-reply@sahaj-clinic.example>' });
    expect(config.accounts).toEqual({ appSecret: null, sessionDays: 30 });
    expect(config.trustProxy).toBe(false);
  });

  it('reads SMTP_URL, MAIL_FROM, APP_SECRET, SESSION_DAYS and TRUST_PROXY', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://clinic:pw@smtp.example.com:465',
      MAIL_FROM: 'codes@clinic.example',
      APP_SECRET: 'k'.repeat(32),
      SESSION_DAYS: '7',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.1',
    });
    expect(config.mail).toEqual({ smtpUrl: 'smtps://clinic:pw@smtp.example.com:465', from: 'codes@clinic.example' });
    expect(config.accounts).toEqual({ appSecret: 'k'.repeat(32), sessionDays: 7 });
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '192.168.1.1']);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('names every bad value, without echoing secrets', () => {
    const problems = problemsOf({
      SMTP_URL: 'http://user:hunter2@mail.example',
      MAIL_FROM: 'nobody',
      APP_SECRET: 'hunter2-too-short',
      SESSION_DAYS: '0',
      TRUST_PROXY: 'the load balancer',
    });
    expect(problems).toEqual([
      'SMTP_URL must start with smtp:// (STARTTLS when offered) or smtps:// (TLS)',
      'MAIL_FROM must be an address, or a name and an address like Clinic <no-reply@clinic.example> (got "nobody")',
      'APP_SECRET must be at least 32 characters long (e.g. the output of: openssl rand -base64 32)',
      'SESSION_DAYS must be a whole number from 1 to 365 (got "0")',
      'TRUST_PROXY must be false, true, a number of proxies, or proxy addresses and CIDR ranges separated by commas (got "the load balancer")',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });
});

describe('log lines', () => {
  it('trim emails from URL paths and secrets from query strings', () => {
    expect(scrubUrl('/api/auth/getUser/asha%40example.com')).toBe('/api/auth/getUser/[email]');
    expect(scrubUrl('/api/auth/getUser/asha@example.com?x=1')).toBe('/api/auth/getUser/[email]?x=1');
    expect(scrubUrl('/api/auth/google/callback?code=abc&state=xyz&iss=https%3A%2F%2Fidp')).toBe(
      '/api/auth/google/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fidp',
    );
    expect(scrubUrl('/api/super/events')).toBe('/api/super/events');
    // A reminder's opt-out token turns a channel off: a credential, never logged.
    expect(scrubUrl('/optout/8be2fea4-48ba-4d11-9bbf-7bd4552fb8f9.sms.Xc6t3HzX-pxeGVi5xb_ryz7V')).toBe('/optout/[token]');
    expect(scrubUrl('/optout/x.email.y?utm=1')).toBe('/optout/[token]?utm=1');
  });
});

describe.each(backends)('production settings on %s', (backend) => {
  const databases = useTestDatabases(backend);

  it('an app built without a password cost hashes at OWASP’s parameters', async () => {
    const mailer = new MemoryMailer();
    const db = await databases.seeded();
    const app = await buildApp({ db, clientDir: noClientDir, services: { mailer } });
    try {
      await sendCode(app, patient.email);
      await post(app, '/api/otp/validate-otp', { email: patient.email, otp: mailer.lastCode(patient.email) });
      expect((await register(app)).statusCode).toBe(200);
      const { rows } = await db.query<{ password_hash: string }>('select password_hash from users');
      expect(rows[0]!.password_hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
      expect((await login(app, patient.email, patient.password)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe.each(backends)('logs on %s', (backend) => {
  const lines: string[] = [];
  const stream = { write: (line: string) => void lines.push(line) } as unknown as NodeJS.WritableStream;
  const t = useAccountsApp(backend, { logger: { level: 'debug', stream } });

  it('never contain codes, passwords or tokens, nor emails from URL paths', async () => {
    lines.length = 0;
    await prove(t, patient.email);
    const code = t.mailer.sent[0]!.text.match(/\d{6}/)![0];
    await register(t.app());
    const { token } = (await login(t.app(), patient.email, patient.password)).json();
    await getUser(t.app(), token);
    await t.app().inject({ url: `/api/auth/getUser/${encodeURIComponent(patient.email)}` });
    await logout(t.app(), token);
    await prove(t, patient.email);
    const code2 = t.mailer.sent[1]!.text.match(/\d{6}/)![0];
    await post(t.app(), '/api/auth/forgotpassword', { email: patient.email, password: 'another fine passphrase' });

    const logged = lines.join('');
    expect(logged).toContain('/api/auth/login');
    expect(logged).toContain('/api/auth/getUser/[email]');
    for (const secret of [code, code2, patient.password, 'another fine passphrase', token]) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).not.toContain(encodeURIComponent(patient.email));
  });
});
