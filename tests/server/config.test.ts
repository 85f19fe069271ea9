import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { packageRoot } from '../../server/paths.js';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

/** The development stand-ins, each chosen by name, as a staging site would. */
const explicitStandIns = { OIDC_DEV_PROVIDER: 'on', PAYMENT_PROVIDER: 'sandbox', SMTP_URL: 'outbox', PRESCRIPTION_SIGNING_P12: 'self-signed', TURN_URLS: 'none' };

describe('loadConfig', () => {
  it('has defaults that work on a laptop, with paths from the package root', () => {
    const config = loadConfig({});
    expect(config.http).toEqual({ port: 3000, host: '0.0.0.0', publicUrl: 'http://localhost:3000' });
    expect(config.storage).toEqual({ dataDir: path.join(packageRoot, 'data'), databaseUrl: null });
    expect(config.seedFile).toBe(path.join(packageRoot, 'server', 'seed', 'demo-clinic.json'));
    expect(config.clientDir).toBe(path.join(packageRoot, 'dist', 'client'));
    expect(config.logLevel).toBe('info');
  });

  it('reads every variable, and the default public URL follows PORT', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/clinic',
      DATABASE_URL: 'postgres://clinic:secret@db.internal:5432/clinic',
      SEED_FILE: 'clinic.json',
      CLIENT_DIR: '/srv/client',
      LOG_LEVEL: 'warn',
    });
    expect(config.http).toEqual({ port: 8080, host: '127.0.0.1', publicUrl: 'http://localhost:8080' });
    expect(config.storage).toEqual({
      dataDir: '/var/lib/clinic',
      databaseUrl: 'postgres://clinic:secret@db.internal:5432/clinic',
    });
    expect(config.seedFile).toBe(path.join(packageRoot, 'clinic.json'));
    expect(config.clientDir).toBe('/srv/client');
    expect(config.logLevel).toBe('warn');
  });

  it('drops the trailing slash of PUBLIC_URL and treats blank values as unset', () => {
    // A public address needs real providers, or the stand-ins chosen explicitly.
    const config = loadConfig({ ...explicitStandIns, PUBLIC_URL: 'https://clinic.example/', PORT: ' ', DATABASE_URL: '' });
    expect(config.http.publicUrl).toBe('https://clinic.example');
    expect(config.http.port).toBe(3000);
    expect(config.storage.databaseUrl).toBeNull();
  });

  it('reads the operations settings: METRICS_PORT, METRICS_HOST, METRICS_TOKEN, SHUTDOWN_GRACE_SECONDS', () => {
    const defaults = loadConfig({});
    expect(defaults.metrics).toEqual({ port: 0, host: '127.0.0.1', token: null });
    expect(defaults.shutdownGraceSeconds).toBe(10);
    const token = 't'.repeat(32);
    const set = loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.7', METRICS_TOKEN: token, SHUTDOWN_GRACE_SECONDS: '30' });
    expect(set.metrics).toEqual({ port: 9464, host: '10.0.0.7', token });
    expect(set.shutdownGraceSeconds).toBe(30);
    expect(loadConfig({ METRICS_PORT: 'off' }).metrics.port).toBeNull();
    const problems = problemsOf({ METRICS_PORT: '70000', METRICS_HOST: 'everywhere', METRICS_TOKEN: 'short-secret', SHUTDOWN_GRACE_SECONDS: '0' });
    expect(problems).toEqual([
      'METRICS_PORT must be a port number from 1 to 65535, 0 (a free port) or off (got "70000")',
      'METRICS_HOST must be an IP address to listen on, like 127.0.0.1 (got "everywhere")',
      'METRICS_TOKEN must be at least 32 characters long (e.g. the output of: openssl rand -base64 32)',
      'SHUTDOWN_GRACE_SECONDS must be a whole number from 1 to 3600 (got "0")',
    ]);
    expect(problems.join(' ')).not.toContain('short-secret');
    // Metrics reachable from other machines need the token.
    expect(problemsOf({ METRICS_HOST: '0.0.0.0' })).toEqual([
      'METRICS_HOST 0.0.0.0 is reachable from other machines: set METRICS_TOKEN too (32+ characters), so only Prometheus reads the metrics',
    ]);
    expect(loadConfig({ METRICS_HOST: '0.0.0.0', METRICS_PORT: 'off' }).metrics.port).toBeNull();
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'abc', PUBLIC_URL: 'ftp://x', LOG_LEVEL: 'loud' });
    expect(problems).toEqual([
      'PORT must be a port number from 1 to 65535 (got "abc")',
      'PUBLIC_URL must be an http:// or https:// address (got "ftp://x")',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ]);
  });

  it.each(['0', '65536', '30.5', '-1'])('refuses PORT=%s', (port) => {
    expect(problemsOf({ PORT: port })).toEqual([expect.stringMatching(/^PORT must be a port number/)]);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL without printing it (it may hold a password)', () => {
    const [problem] = problemsOf({ DATABASE_URL: 'mysql://u:hunter2@db/x' });
    expect(problem).toBe('DATABASE_URL must start with postgres:// or postgresql://');
    expect(problemsOf({ DATABASE_URL: 'postgres://u:hunter2@db' })[0]).toMatch(/must name a host and a database/);
    expect(problemsOf({ DATABASE_URL: 'not a url hunter2' }).join()).not.toContain('hunter2');
  });

  it('refuses a PUBLIC_URL with a query or credentials', () => {
    expect(problemsOf({ PUBLIC_URL: 'https://clinic.example/?a=1' })[0]).toMatch(/^PUBLIC_URL must be a plain address/);
  });

  it("defaults the help contacts to the clinic's phone and email, and reads HELP_*", () => {
    expect(loadConfig({}).help).toEqual({
      chatNumber: '+91 20 4000 1234',
      callNumber: '+91 20 4000 1234',
      email: 'care@sahaj-clinic.example',
    });
    const help = loadConfig({ HELP_CHAT_NUMBER: '98220 12345', HELP_CALL_NUMBER: '+91 (20) 4000-5678', HELP_EMAIL: 'help@clinic.example' }).help;
    expect(help).toEqual({ chatNumber: '98220 12345', callNumber: '+91 (20) 4000-5678', email: 'help@clinic.example' });
  });

  it('refuses help contacts no link can be made of, naming each variable', () => {
    expect(problemsOf({ HELP_CHAT_NUMBER: 'ask at the desk', HELP_CALL_NUMBER: '12345', HELP_EMAIL: 'help@clinic.example?cc=x@y.z' })).toEqual([
      'HELP_CHAT_NUMBER must be a phone number like +91 20 4000 1234 (international, or 10 Indian digits) (got "ask at the desk")',
      'HELP_CALL_NUMBER must be a phone number like +91 20 4000 1234 (international, or 10 Indian digits) (got "12345")',
      'HELP_EMAIL must be one email address like care@clinic.example (got "help@clinic.example?cc=x@y.z")',
    ]);
  });
});

describe('the record settings (CLINIC_*, RETENTION_*)', () => {
  it('defaults to the Kothrud address, no tax details and the legal retention periods', () => {
    expect(loadConfig({}).records).toEqual({
      clinic: {
        name: 'Sahaj Homeopathy Clinic',
        address: ['2nd floor, Shantiniketan Arcade', 'Paud Road, near Karishma Society', 'Kothrud, Pune 411038'],
        taxDetails: null,
        // The help line's (HELP_CALL_NUMBER, HELP_EMAIL), printed on the prescription.
        phone: '+91 20 4000 1234',
        email: 'care@sahaj-clinic.example',
      },
      retention: { clinicalYears: 3, paymentYears: 8 },
    });
  });

  it('reads the address lines, the tax details (Devanagari too) and longer periods', () => {
    const records = loadConfig({
      CLINIC_ADDRESS: ' Plot 7, Karve Road |  | एरंडवणे, पुणे 411004 ',
      CLINIC_TAX_DETAILS: 'GSTIN 27AAAAA0000A1Z5 (exempt: healthcare services)',
      RETENTION_CLINICAL_YEARS: '5',
      RETENTION_PAYMENT_YEARS: '10',
    }).records;
    expect(records.clinic.address).toEqual(['Plot 7, Karve Road', 'एरंडवणे, पुणे 411004']);
    expect(records.clinic.taxDetails).toBe('GSTIN 27AAAAA0000A1Z5 (exempt: healthcare services)');
    expect(records.retention).toEqual({ clinicalYears: 5, paymentYears: 10 });
    // Blank means unset, as for every variable.
    expect(loadConfig({ CLINIC_TAX_DETAILS: '  ', CLINIC_ADDRESS: '' }).records.clinic.taxDetails).toBeNull();
  });

  it('refuses what the documents could not print, and periods below the legal minimum, naming each variable', () => {
    const named = (env: Record<string, string>) => problemsOf(env).map((p) => p.split(' ')[0]);
    expect(named({ CLINIC_ADDRESS: '|||' })).toEqual(['CLINIC_ADDRESS']);
    expect(named({ CLINIC_ADDRESS: 'a|b|c|d|e|f|g' })).toEqual(['CLINIC_ADDRESS']);
    expect(named({ CLINIC_ADDRESS: 'x'.repeat(81) })).toEqual(['CLINIC_ADDRESS']);
    expect(named({ CLINIC_ADDRESS: 'Kothrud 🏥' })).toEqual(['CLINIC_ADDRESS']);
    expect(named({ CLINIC_ADDRESS: '東京都' })).toEqual(['CLINIC_ADDRESS']);
    expect(named({ CLINIC_TAX_DETAILS: 'GSTIN \u0007 27' })).toEqual(['CLINIC_TAX_DETAILS']);
    expect(named({ CLINIC_TAX_DETAILS: 'GSTIN 27\nline two' })).toEqual(['CLINIC_TAX_DETAILS']);
    expect(named({ CLINIC_TAX_DETAILS: 'G'.repeat(121) })).toEqual(['CLINIC_TAX_DETAILS']);
    expect(problemsOf({ RETENTION_CLINICAL_YEARS: '2' })).toEqual([
      'RETENTION_CLINICAL_YEARS must be a whole number of years from 3 (the legal minimum, docs/records.md) to 99 (got "2")',
    ]);
    expect(named({ RETENTION_PAYMENT_YEARS: '7', RETENTION_CLINICAL_YEARS: '3.5' })).toEqual(['RETENTION_CLINICAL_YEARS', 'RETENTION_PAYMENT_YEARS']);
    expect(named({ RETENTION_PAYMENT_YEARS: '100' })).toEqual(['RETENTION_PAYMENT_YEARS']);
  });
});

describe('the pharmacy order settings', () => {
  it('read the tax rate, delivery fee and GSTIN; default to none', () => {
    expect(loadConfig({}).pharmacy).toEqual({ taxRateBp: 0, deliveryFeePaise: 0, gstin: null });
    expect(loadConfig({ PHARMACY_TAX_RATE: '12.5', DELIVERY_FEE: '49.50', CLINIC_GSTIN: '27aaaaa0000a1z5' }).pharmacy).toEqual({
      taxRateBp: 1250,
      deliveryFeePaise: 4950,
      gstin: '27AAAAA0000A1Z5',
    });
  });

  it('refuse a bad value, naming each variable', () => {
    const named = (env: Record<string, string>) => problemsOf(env).map((p) => p.split(' ')[0]);
    expect(named({ PHARMACY_TAX_RATE: '101' })).toEqual(['PHARMACY_TAX_RATE']);
    expect(named({ PHARMACY_TAX_RATE: '5.125' })).toEqual(['PHARMACY_TAX_RATE']);
    expect(named({ PHARMACY_TAX_RATE: '-1', DELIVERY_FEE: '10001' })).toEqual(['PHARMACY_TAX_RATE', 'DELIVERY_FEE']);
    expect(named({ DELIVERY_FEE: 'fifty' })).toEqual(['DELIVERY_FEE']);
    expect(named({ CLINIC_GSTIN: 'GSTIN 27AAAAA0000A1Z5' })).toEqual(['CLINIC_GSTIN']);
  });
});

describe('a public PUBLIC_URL needs real settings', () => {
  const phonePe = {
    PAYMENT_PROVIDER: 'phonepe',
    PHONEPE_CLIENT_ID: 'id',
    PHONEPE_CLIENT_SECRET: 'secret',
    PHONEPE_WEBHOOK_USERNAME: 'hook_user',
    PHONEPE_WEBHOOK_PASSWORD: 'hookpass1',
  };
  const google = { OIDC_ISSUER: 'https://accounts.google.com', OIDC_CLIENT_ID: 'client', OIDC_CLIENT_SECRET: 'secret' };
  const p12File = path.join(mkdtempSync(path.join(os.tmpdir(), 'config-p12-')), 'clinic.p12');
  writeFileSync(p12File, 'a .p12 file');
  const signing = { PRESCRIPTION_SIGNING_P12: p12File, PRESCRIPTION_SIGNING_PASSPHRASE: 'correct horse' };
  const turn = { TURN_URLS: 'turn:turn.clinic.example:3478', TURN_SECRET: 'a-coturn-static-auth-secret' };
  const production = { PUBLIC_URL: 'https://clinic.example', ...google, ...phonePe, SMTP_URL: 'smtps://u:p@smtp.example.com:465', ...signing, ...turn };

  it('starts with a payment provider, a mail server and Google set', () => {
    const config = loadConfig(production);
    expect(config.payments.provider.kind).toBe('phonepe');
    expect(config.mail.smtpUrl).toBe('smtps://u:p@smtp.example.com:465');
    expect(config.oidc.kind).toBe('external');
  });

  it('refuses to start without PAYMENT_PROVIDER or SMTP_URL, naming each', () => {
    const { PAYMENT_PROVIDER: _p, SMTP_URL: _s, ...halfConfigured } = production;
    const problems = problemsOf(halfConfigured);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^PAYMENT_PROVIDER is required when PUBLIC_URL \(https:\/\/clinic\.example\) is not this machine: set PAYMENT_PROVIDER=phonepe .*PAYMENT_PROVIDER=sandbox/);
    expect(problems[1]).toMatch(/^SMTP_URL is required when PUBLIC_URL \(https:\/\/clinic\.example\) is not this machine: .*SMTP_URL=outbox/);
    // Each alone is enough to stop it.
    expect(problemsOf({ ...production, PAYMENT_PROVIDER: ' ' })).toEqual([expect.stringMatching(/^PAYMENT_PROVIDER is required/)]);
    expect(problemsOf({ ...production, SMTP_URL: '' })).toEqual([expect.stringMatching(/^SMTP_URL is required/)]);
  });

  it.each(['http://192.168.1.20:3000', 'http://clinic.lan', 'https://clinic.example'])('counts %s as public', (publicUrl) => {
    expect(problemsOf({ PUBLIC_URL: publicUrl, OIDC_DEV_PROVIDER: 'on' }).map((p) => p.split(' ')[0])).toEqual(['PAYMENT_PROVIDER', 'TURN_URLS', 'SMTP_URL', 'PRESCRIPTION_SIGNING_P12']);
  });

  it('signs prescriptions with the clinic\'s .p12; refuses a public site without one, a .p12 without its passphrase, a file it cannot read', () => {
    expect(loadConfig(production).prescriptions.signing).toEqual({ kind: 'p12', file: p12File, passphrase: 'correct horse' });
    const { PRESCRIPTION_SIGNING_P12: _f, PRESCRIPTION_SIGNING_PASSPHRASE: _p, ...unsigned } = production;
    expect(problemsOf(unsigned)).toEqual([
      expect.stringMatching(/^PRESCRIPTION_SIGNING_P12 is required when PUBLIC_URL \(https:\/\/clinic\.example\) is not this machine: .*PRESCRIPTION_SIGNING_P12=self-signed/),
    ]);
    expect(problemsOf({ ...production, PRESCRIPTION_SIGNING_PASSPHRASE: '' })).toEqual([
      expect.stringMatching(/^PRESCRIPTION_SIGNING_PASSPHRASE is required with PRESCRIPTION_SIGNING_P12/),
    ]);
    const missing = path.join(os.tmpdir(), 'no-such-dir-rx', 'clinic.p12');
    expect(problemsOf({ ...production, PRESCRIPTION_SIGNING_P12: missing })).toEqual([`PRESCRIPTION_SIGNING_P12 (${missing}) cannot be read: it must be a readable .p12 file`]);
    expect(problemsOf({ PRESCRIPTION_SIGNING_PASSPHRASE: 'x' })).toEqual([expect.stringMatching(/^PRESCRIPTION_SIGNING_PASSPHRASE is set but PRESCRIPTION_SIGNING_P12 names no file/)]);
    // Never the passphrase in a problem.
    expect(problemsOf({ ...production, PRESCRIPTION_SIGNING_P12: missing }).join(' ')).not.toContain('correct horse');
  });

  it('VERIFY_RATE_LIMIT: look-ups of a verification code per client, 60/1m by default', () => {
    expect(loadConfig({}).prescriptions.verifyRateLimit).toEqual({ max: 60, windowMs: 60_000 });
    expect(loadConfig({ VERIFY_RATE_LIMIT: '10/5m' }).prescriptions.verifyRateLimit).toEqual({ max: 10, windowMs: 300_000 });
    expect(problemsOf({ VERIFY_RATE_LIMIT: 'lots' })).toEqual([expect.stringMatching(/^VERIFY_RATE_LIMIT must be a count from 1 to 100000 per window/)]);
  });

  it('makes a self-signed key in DATA_DIR on a laptop, and on a public site only when named', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/clinic' }).prescriptions.signing).toEqual({ kind: 'selfSigned', dataDir: '/var/lib/clinic' });
    expect(loadConfig({ ...explicitStandIns, PUBLIC_URL: 'https://staging.clinic.example', DATA_DIR: '/srv/d' }).prescriptions.signing).toEqual({
      kind: 'selfSigned',
      dataDir: '/srv/d',
    });
  });

  it('runs the sandbox and the outbox when a staging site names them', () => {
    const config = loadConfig({ ...explicitStandIns, PUBLIC_URL: 'https://staging.clinic.example' });
    expect(config.payments.provider).toEqual({ kind: 'sandbox' });
    expect(config.mail.smtpUrl).toBeNull();
  });

  it.each(['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000', 'http://clinic.localhost'])(
    'keeps the laptop defaults on a loopback PUBLIC_URL (%s)',
    (publicUrl) => {
      const config = loadConfig({ PUBLIC_URL: publicUrl });
      expect(config.payments.provider).toEqual({ kind: 'sandbox' });
      expect(config.mail.smtpUrl).toBeNull();
      expect(config.oidc.kind).toBe('development');
    },
  );

  it('takes SMTP_URL=outbox on a laptop too, and still refuses other words', () => {
    expect(loadConfig({ SMTP_URL: 'outbox' }).mail.smtpUrl).toBeNull();
    expect(problemsOf({ SMTP_URL: 'inbox' })).toEqual([expect.stringMatching(/^SMTP_URL must be a URL like smtps:/)]);
  });
});

describe('rate limits (RATE_LIMIT_*)', () => {
  const minute = 60_000;

  it('defaults to loose limits per client address and strict ones per email and per account', () => {
    expect(loadConfig({}).limits).toMatchObject({
      sendsPerAddress: { max: 5, windowMs: 15 * minute },
      sendsPerClient: { max: 200, windowMs: 60 * minute },
      loginFailuresPerAccountAndClient: { max: 5, windowMs: 15 * minute },
      loginFailuresPerClient: { max: 300, windowMs: 15 * minute },
    });
  });

  it('reads each limit as count/window', () => {
    const limits = loadConfig({
      RATE_LIMIT_CODES_PER_EMAIL: '3/10m',
      RATE_LIMIT_CODES_PER_CLIENT: '1000 / 1h',
      RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT: '10/30m',
      RATE_LIMIT_LOGIN_FAILURES_PER_CLIENT: '50/24h',
    }).limits;
    expect(limits.sendsPerAddress).toEqual({ max: 3, windowMs: 10 * minute });
    expect(limits.sendsPerClient).toEqual({ max: 1000, windowMs: 60 * minute });
    expect(limits.loginFailuresPerAccountAndClient).toEqual({ max: 10, windowMs: 30 * minute });
    expect(limits.loginFailuresPerClient).toEqual({ max: 50, windowMs: 24 * 60 * minute });
  });

  it('refuses malformed limits, and per-account or per-email limits loose enough to guess with', () => {
    expect(
      problemsOf({
        RATE_LIMIT_CODES_PER_EMAIL: '100/15m',
        RATE_LIMIT_CODES_PER_CLIENT: '200',
        RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT: '1000/1m',
        RATE_LIMIT_LOGIN_FAILURES_PER_CLIENT: '0/15m',
      }),
    ).toEqual([
      'RATE_LIMIT_CODES_PER_EMAIL must be a count from 1 to 20 per window of 1 minute to 24 hours, at most 20 per 15 minutes, like 5/15m (got "100/15m")',
      'RATE_LIMIT_CODES_PER_CLIENT must be a count from 1 to 100000 per window of 1 minute to 24 hours, like 200/1h (got "200")',
      'RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT must be a count from 1 to 20 per window of 1 minute to 24 hours, at most 20 per 15 minutes, like 5/15m (got "1000/1m")',
      'RATE_LIMIT_LOGIN_FAILURES_PER_CLIENT must be a count from 1 to 100000 per window of 1 minute to 24 hours, like 300/15m (got "0/15m")',
    ]);
    expect(problemsOf({ RATE_LIMIT_CODES_PER_CLIENT: '200/25h' })).toHaveLength(1);
    // A strict limit's cap holds per 15 minutes, however short the window; slower is fine.
    expect(problemsOf({ RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT: '20/1m' })).toHaveLength(1);
    expect(problemsOf({ RATE_LIMIT_CODES_PER_EMAIL: '5/1m' })).toHaveLength(1);
    expect(loadConfig({ RATE_LIMIT_CODES_PER_EMAIL: '3/5m' }).limits.sendsPerAddress).toEqual({ max: 3, windowMs: 5 * minute });
    expect(loadConfig({ RATE_LIMIT_CODES_PER_CLIENT: '100/1m' }).limits.sendsPerClient).toEqual({ max: 100, windowMs: minute });
    expect(problemsOf({ RATE_LIMIT_CODES_PER_CLIENT: '200/0m' })).toHaveLength(1);
  });
});

describe('Web Push settings (VAPID_*)', () => {
  const keys = {
    VAPID_PUBLIC_KEY: 'BPM76w3FIFVF_XB295bJy6ahBCa0hefbizYIB0e_I30Ku0AK3bA0p-nzKXxKUcxVhkB3XzIR0YeoqqydfSwbX7A',
    VAPID_PRIVATE_KEY: 'jmTFdIGrYwsg_aax8VVyLlmGUhF_BuKCGSB9XgCBuOQ',
  };

  it('is off without keys, on with both and a subject', () => {
    expect(loadConfig({}).push).toEqual({ vapid: null });
    expect(loadConfig({ ...keys, VAPID_SUBJECT: 'mailto:clinic@example.com' }).push.vapid).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: 'mailto:clinic@example.com',
      pushHosts: ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '.notify.windows.com', 'web.push.apple.com'],
    });
    // The push services a subscription may name: the browsers' by default, or the clinic's list.
    expect(loadConfig({ ...keys, VAPID_SUBJECT: 'mailto:clinic@example.com', PUSH_SERVICE_HOSTS: ' FCM.googleapis.com , .push.example ' }).push.vapid?.pushHosts).toEqual([
      'fcm.googleapis.com',
      '.push.example',
    ]);
    expect(problemsOf({ ...keys, VAPID_SUBJECT: 'mailto:clinic@example.com', PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,http://x/' })).toEqual([
      expect.stringContaining('PUSH_SERVICE_HOSTS must be host names separated by commas'),
    ]);
    // An https PUBLIC_URL is the subject when none is set.
    expect(loadConfig({ ...keys, ...explicitStandIns, PUBLIC_URL: 'https://clinic.example', TURN_URLS: 'none' }).push.vapid?.subject).toBe('https://clinic.example');
  });

  it('refuses half a key pair, naming the missing setting', () => {
    expect(problemsOf({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY, VAPID_SUBJECT: 'mailto:clinic@example.com' })).toEqual([
      expect.stringContaining('VAPID_PRIVATE_KEY is missing'),
    ]);
    expect(problemsOf({ VAPID_PRIVATE_KEY: keys.VAPID_PRIVATE_KEY })).toEqual([expect.stringContaining('VAPID_PUBLIC_KEY is missing')]);
  });

  it('refuses bad keys and subjects without echoing the private key', () => {
    const problems = problemsOf({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'not-a-key!', VAPID_SUBJECT: 'clinic@example.com' });
    expect(problems).toEqual([
      expect.stringContaining('VAPID_PUBLIC_KEY must be'),
      expect.stringContaining('VAPID_PRIVATE_KEY must be'),
      expect.stringContaining('VAPID_SUBJECT must be'),
    ]);
    expect(problems.join(' ')).not.toContain('not-a-key!');
    expect(problemsOf(keys)).toEqual([expect.stringContaining('VAPID_SUBJECT is required')]);
  });
});
